import {accountSettings} from '../../../lib/account/commands/settings.ts'
import {PlainAdapter} from '../../../lib/cli/oclif/plain-adapter.ts'

export default class AccountSettings extends PlainAdapter<typeof AccountSettings> {
  static override summary = 'Show the account’s settings (GET /core/v4/settings).'

  static override description = `Text output: one row per setting, nested ones by path (Email.Status, 2FA.Enabled); the enumerations the official clients publish by name (Password.Mode TWO_PASSWORD_MODE, WeekStart MONDAY, 2FA.Enabled OTP,FIDO2 …), times as local date-times. The table fits the terminal (80 columns when stdout is not one): values that do not fit end with "…"; --output json prints the service's answer whole.`

  static override examples = ['<%= config.bin %> <%= command.id %>', "<%= config.bin %> <%= command.id %> --output json | jq '.UserSettings.Locale'"]

  static override runs = accountSettings
}
