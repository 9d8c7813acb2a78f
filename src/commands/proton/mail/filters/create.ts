import {Flags} from '@oclif/core'

import {dryRunFlag} from '../../../../lib/cli/oclif/dedicated-command.ts'
import {mailFiltersCreate} from '../../../../lib/mail/commands/filters-create.ts'
import {PlainAdapter} from '../../../../lib/cli/oclif/plain-adapter.ts'

export default class MailFiltersCreate extends PlainAdapter<typeof MailFiltersCreate> {
  static override summary = 'Create a Sieve filter (POST /mail/v4/filters) and print its ID.'

  static override description = `Sends {"Name", "Sieve", "Version": 2}, as the web client does for a Sieve filter. The script comes from --sieve TEXT or --sieve-file PATH; "-" (for either) reads it from standard input. The service checks the Sieve itself and answers what is wrong with it.

Text output: the new filter's ID alone on stdout, a confirmation on stderr. Checked before anything is sent (exit 1): the name is not empty, the script is one of the two flags, UTF-8 and not blank.`

  static override examples = [
    `<%= config.bin %> <%= command.id %> --name Receipts --sieve 'require "fileinto"; if header :contains "subject" "receipt" { fileinto "Receipts"; }'`,
    '<%= config.bin %> <%= command.id %> --name Newsletters --sieve-file newsletters.sieve',
    'cat rules.sieve | <%= config.bin %> <%= command.id %> --name Rules --sieve-file -',
    '<%= config.bin %> <%= command.id %> --name Test --sieve-file rules.sieve --dry-run',
  ]

  static override flags = {
    'dry-run': dryRunFlag,
    name: Flags.string({required: true, summary: 'Name of the filter.'}),
    sieve: Flags.string({helpValue: 'TEXT', summary: 'The Sieve script itself (- reads standard input).'}),
    'sieve-file': Flags.string({exclusive: ['sieve'], helpValue: 'PATH', summary: 'A file holding the Sieve script (- reads standard input).'}),
  }

  static override runs = mailFiltersCreate
}
