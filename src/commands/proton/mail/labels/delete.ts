import {Args} from '@oclif/core'

import {mailLabelsDelete} from '../../../../lib/mail/commands/labels-delete.ts'
import {dryRunFlag} from '../../../../lib/cli/oclif/dedicated-command.ts'
import {CONFIRM_HELP, PER_ID_HELP, yesFlag} from '../../../../lib/cli/oclif/per-id-args.ts'
import {PlainAdapter} from '../../../../lib/cli/oclif/plain-adapter.ts'

export default class MailLabelsDelete extends PlainAdapter<typeof MailLabelsDelete> {
  static override summary = 'Delete labels or folders by name, path or ID (DELETE /core/v4/labels/<label_id>).'
  static override description = `Each is named as "mail move --to" and "mail label" name them: a path (Invoices/2024), a name, or an ID; they are looked up with the requests of "mail labels list" (a dry run looks them up too). "-" reads them from standard input, one per line. Deleting a folder deletes the folders under it: the question says how many. ${CONFIRM_HELP} ${PER_ID_HELP}`

  static override examples = [
    '<%= config.bin %> <%= command.id %> Receipts',
    '<%= config.bin %> <%= command.id %> Invoices/2024 Travel --yes',
    '<%= config.bin %> <%= command.id %> Invoices --dry-run',
  ]

  static override strict = false
  static override args = {id: Args.string({description: 'Label or folder: a name, a path (Invoices/2024) or an ID; several may follow; "-" reads them from standard input', required: true})}
  static override flags = {'dry-run': dryRunFlag, yes: yesFlag}
  static override runs = mailLabelsDelete
}
