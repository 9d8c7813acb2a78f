import {accountShow} from '../../../lib/account/commands/show.ts'
import {PlainAdapter} from '../../../lib/cli/oclif/plain-adapter.ts'

export default class AccountShow extends PlainAdapter<typeof AccountShow> {
  static override summary = 'Show the account’s user record (GET /core/v4/users).'

  static override description =
    'Text output: one row per field, nested ones by path (Keys[0].PrivateKey); times as local date-times, space also in binary units. Fields whose meaning the web client publishes are decoded: Role (FREE_ROLE, MEMBER_ROLE, ADMIN_ROLE), Type (PROTON, MANAGED, EXTERNAL) and MnemonicStatus by name, Delinquent and Private in words ("0 (paid up)"); the bit sets Subscribed and Services (MAIL, DRIVE, VPN, PASS, WALLET, DOCS, LUMO) and LockedFlags as the number and every set bit, "5 (MAIL,VPN)". Keys stay encrypted as the service sent them, shortened in the table; --output json prints them whole.'

  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    "<%= config.bin %> <%= command.id %> --output json | jq -r '.User.Email'",
    '<%= config.bin %> <%= command.id %> --profile work --output yaml',
  ]

  static override runs = accountShow
}
