import {Args, Flags} from '@oclif/core'

import {dryRunFlag} from '../../../../lib/runtime/dedicated-command.ts'
import {mailFiltersDelete} from '../../../../lib/commands/mail-filters-delete.ts'
import {PlainAdapter} from '../../../../lib/runtime/plain-adapter.ts'

export default class MailFiltersDelete extends PlainAdapter<typeof MailFiltersDelete> {
  static override summary = 'Delete mail filters by ID (DELETE /mail/v4/filters/<filter_id>).'

  static override description = `Asks first when standard input is a terminal; otherwise --yes is needed, and without it nothing is sent (exit 1). Each ID is then deleted in turn. Text output: each deleted ID on stdout, a confirmation on stderr. An error names its ID and the cause, and the others still go; the exit status is then the first failure's (3 for an ID that does not exist).`

  static override examples = [
    '<%= config.bin %> <%= command.id %> <filter_id>',
    '<%= config.bin %> <%= command.id %> <filter_id> <other_filter_id> --yes',
    '<%= config.bin %> <%= command.id %> <filter_id> --dry-run',
  ]

  static override strict = false

  static override args = {
    id: Args.string({description: 'Filter ID; several may follow', required: true}),
  }

  static override flags = {
    'dry-run': dryRunFlag,
    yes: Flags.boolean({char: 'y', summary: 'Delete without asking (needed when standard input is not a terminal).'}),
  }

  static override runs = mailFiltersDelete
}
