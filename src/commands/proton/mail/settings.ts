import {mailSettings} from '../../../lib/mail/commands/settings.ts'
import {PlainAdapter} from '../../../lib/cli/oclif/plain-adapter.ts'

export default class MailSettings extends PlainAdapter<typeof MailSettings> {
  static override summary = 'Show the mail settings (GET /mail/v4/settings).'

  static override description = `Text output: one row per setting, nested ones by path (AutoResponder.Repeat); the enumerations the official clients publish by name (ViewMode GROUP, ViewLayout ROW, PGPScheme SEND_PGP_MIME, SwipeLeft Archive …). The table fits the terminal (80 columns when stdout is not one): values that do not fit end with "…"; --output json prints the service's answer whole.`

  static override examples = ['<%= config.bin %> <%= command.id %>', "<%= config.bin %> <%= command.id %> --output json | jq -r '.MailSettings.Signature'"]

  static override runs = mailSettings
}
