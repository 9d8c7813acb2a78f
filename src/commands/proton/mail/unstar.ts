import {mailUnstar} from '../../../lib/mail/commands/actions.ts'
import {ACTIONS_HELP, actionDryRunFlag, messageIdsArgs} from '../../../lib/cli/oclif/message-args.ts'
import {PlainAdapter} from '../../../lib/cli/oclif/plain-adapter.ts'
import {commandLineInHelp} from '../../../lib/core/command-names.ts'

export default class MailUnstar extends PlainAdapter<typeof MailUnstar> {
  static override summary = 'Take the star off messages (PUT /mail/v4/messages/unlabel, LabelID 10).'

  static override description = `Sends {"LabelID": "10", "IDs": […]}, as go-proton-api's UnlabelMessages and the web client's unlabelMessages do.

${ACTIONS_HELP}`

  static override examples = [
    '<%= config.bin %> <%= command.id %> <message_id>',
    `${commandLineInHelp('mail:list')} --label starred --output json | jq -r '.Messages[].ID' | <%= config.bin %> <%= command.id %>`,
  ]
  static override strict = false
  static override args = messageIdsArgs
  static override flags = {'dry-run': actionDryRunFlag}
  static override runs = mailUnstar
}
