import {Args} from '@oclif/core'

import {dryRunFlag} from '../../../../lib/runtime/dedicated-command.ts'
import {mailFiltersDisable} from '../../../../lib/commands/mail-filters-toggle.ts'
import {PlainAdapter} from '../../../../lib/runtime/plain-adapter.ts'

export default class MailFiltersDisable extends PlainAdapter<typeof MailFiltersDisable> {
  static override summary = 'Disable mail filters by ID (PUT /mail/v4/filters/<filter_id>/disable).'

  static override description = `Each ID in turn, as the web client's disableFilter sends it (no body). Text output: each ID on stdout, a confirmation on stderr. An error names its ID and the cause, and the others still go; the exit status is then the first failure's (3 for an ID that does not exist).`

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

  static override runs = mailFiltersDisable
}
