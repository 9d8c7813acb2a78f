import {mailTrash} from '../../../lib/mail/commands/actions.ts'
import {ACTIONS_HELP, actionDryRunFlag, messageIdsArgs} from '../../../lib/cli/oclif/message-args.ts'
import {PlainAdapter} from '../../../lib/cli/oclif/plain-adapter.ts'
import {commandLineInHelp} from '../../../lib/core/command-names.ts'

export default class MailTrash extends PlainAdapter<typeof MailTrash> {
  static override summary = 'Move messages to the trash (PUT /mail/v4/messages/label, LabelID 3).'

  static override description = `Sends {"LabelID": "3", "IDs": […]}, as go-proton-api's LabelMessages and the web client's labelMessages do; "mail move --to inbox" brings them back, "mail delete" removes them for good.

${ACTIONS_HELP}`

  static override examples = [
    '<%= config.bin %> <%= command.id %> <message_id> <other_message_id>',
    `${commandLineInHelp('mail:list')} --from newsletter@example.com --output json | jq -r '.Messages[].ID' | <%= config.bin %> <%= command.id %> -`,
    '<%= config.bin %> <%= command.id %> <message_id> --dry-run',
  ]

  static override strict = false
  static override args = messageIdsArgs
  static override flags = {'dry-run': actionDryRunFlag}
  static override runs = mailTrash
}
