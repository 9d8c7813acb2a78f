import {accountAddresses} from '../../../lib/account/commands/addresses.ts'
import {LISTING_HELP} from '../../../lib/output/table-style.ts'
import {PlainAdapter} from '../../../lib/cli/oclif/plain-adapter.ts'

export default class AccountAddresses extends PlainAdapter<typeof AccountAddresses> {
  static override summary = 'List the account’s addresses (GET /core/v4/addresses).'

  static override description = `Text output: one row per address in the service's Order, with its ID, email, status (DISABLED, ENABLED, DELETING) and type (ORIGINAL, ALIAS, CUSTOM_DOMAIN, PREMIUM, EXTERNAL, GROUP), as the official clients name them. ${LISTING_HELP} --output json prints the service's answer whole.`

  static override examples = ['<%= config.bin %> <%= command.id %>', "<%= config.bin %> <%= command.id %> --output json | jq -r '.Addresses[] | select(.Status == 1) | .Email'"]

  static override runs = accountAddresses
}
