import {Args} from '@oclif/core'

import {mailLabelsDelete} from '../../../../lib/commands/mail-labels-delete.ts'
import {PlainAdapter} from '../../../../lib/runtime/plain-adapter.ts'
import {dryRunFlag} from '../../../../lib/runtime/dedicated-command.ts'

export default class MailLabelsDelete extends PlainAdapter<typeof MailLabelsDelete> {
  static override summary = 'Delete labels or folders by ID (DELETE /core/v4/labels/<label_id>).'

  static override description = `Each ID is deleted in turn. Text output: each deleted ID on stdout, a confirmation on stderr. An ID that fails gets its error line and the others still go; the exit status is then the first failure's (3 for an ID that does not exist). Deleting a folder deletes the folders under it.`

  static override examples = [
    '<%= config.bin %> <%= command.id %> <label_id>',
    '<%= config.bin %> <%= command.id %> <label_id> <other_label_id>',
    '<%= config.bin %> <%= command.id %> <label_id> --dry-run',
  ]

  static override strict = false

  static override args = {
    id: Args.string({description: 'Label or folder ID; several may follow', required: true}),
  }

  static override flags = {
    'dry-run': dryRunFlag,
  }

  static override runs = mailLabelsDelete
}
