import {mailFiltersList} from '../../../../lib/mail/commands/filters-list.ts'
import {LISTING_HELP} from '../../../../lib/output/table-style.ts'
import {PlainAdapter} from '../../../../lib/cli/oclif/plain-adapter.ts'

export default class MailFiltersList extends PlainAdapter<typeof MailFiltersList> {
  static override summary = 'List the mail filters (GET /mail/v4/filters).'

  static override description = `Text output: ID, name and status (ENABLED, DISABLED) of each filter, in the service's order. ${LISTING_HELP} --output json prints the service's answer whole, Sieve scripts included.`

  static override examples = ['<%= config.bin %> <%= command.id %>', '<%= config.bin %> <%= command.id %> --output json | jq -r \'.Filters[] | select(.Name == "Receipts") | .ID\'']

  static override runs = mailFiltersList
}
