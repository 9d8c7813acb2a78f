import {Args} from '@oclif/core'

import {dryRunFlag} from '../../../../lib/runtime/dedicated-command.ts'
import {mailFiltersEnable} from '../../../../lib/commands/mail-filters-toggle.ts'
import {PlainAdapter} from '../../../../lib/runtime/plain-adapter.ts'

export default class MailFiltersEnable extends PlainAdapter<typeof MailFiltersEnable> {
  static override summary = 'Enable mail filters by ID (PUT /mail/v4/filters/<filter_id>/enable).'

  static override description = `Each ID in turn, as the web client's enableFilter sends it (no body). Text output: each ID on stdout, a confirmation on stderr. An error names its ID and the cause, and the others still go; the exit status is then the first failure's (3 for an ID that does not exist).`

  static override examples = [
    '<%= config.bin %> <%= command.id %> <filter_id>',
    '<%= config.bin %> <%= command.id %> <filter_id> <other_filter_id>',
    '<%= config.bin %> <%= command.id %> <filter_id> --dry-run',
  ]

  static override strict = false

  static override args = {
    id: Args.string({description: 'Filter ID; several may follow', required: true}),
  }

  static override flags = {
    'dry-run': dryRunFlag,
  }

  static override runs = mailFiltersEnable
}
