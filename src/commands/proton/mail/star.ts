import {mailStar} from '../../../lib/mail/commands/actions.ts'
import {ACTIONS_HELP, actionDryRunFlag, messageIdsArgs} from '../../../lib/cli/oclif/message-args.ts'
import {PlainAdapter} from '../../../lib/cli/oclif/plain-adapter.ts'

export default class MailStar extends PlainAdapter<typeof MailStar> {
  static override summary = 'Star messages (PUT /mail/v4/messages/label, LabelID 10).'

  static override description = `Sends {"LabelID": "10", "IDs": […]}: starred is the system label 10, as go-proton-api and the web client label with it. "mail unstar" takes the star off.

${ACTIONS_HELP}`

  static override examples = ['<%= config.bin %> <%= command.id %> <message_id>', '<%= config.bin %> <%= command.id %> <message_id> <other_message_id> --output json']
  static override strict = false
  static override args = messageIdsArgs
  static override flags = {'dry-run': actionDryRunFlag}
  static override runs = mailStar
}
