import {Flags} from '@oclif/core'

import {mailLabel} from '../../../lib/mail/commands/actions.ts'
import {ACTIONS_HELP, actionDryRunFlag, messageIdsArgs} from '../../../lib/cli/oclif/message-args.ts'
import {PlainAdapter} from '../../../lib/cli/oclif/plain-adapter.ts'
import {commandLineInHelp} from '../../../lib/core/command-names.ts'

export default class MailLabel extends PlainAdapter<typeof MailLabel> {
  static override summary = 'Add one of your labels to messages, or take it off (PUT /mail/v4/messages/label or /unlabel).'

  static override description = `--add NAME sends PUT /mail/v4/messages/label, --remove NAME PUT /mail/v4/messages/unlabel, each {"LabelID": <label>, "IDs": […]} (go-proton-api LabelMessages, UnlabelMessages; the web client's labelMessages, unlabelMessages). NAME is the name of one of your labels, looked up first with GET /core/v4/labels?Type=1 (exact, then in any case), or an ID. Mailboxes are no labels here: starred is "mail star", folders are "mail move". With --dry-run nothing is sent, not even the lookup: its request is printed, the LabelID as a placeholder.

${ACTIONS_HELP}`

  static override examples = [
    '<%= config.bin %> <%= command.id %> <message_id> --add Work',
    '<%= config.bin %> <%= command.id %> <message_id> <other_message_id> --remove Work',
    `${commandLineInHelp('mail:list')} --from boss@example.com --output json | jq -r '.Messages[].ID' | <%= config.bin %> <%= command.id %> --add Work`,
  ]

  static override strict = false
  static override args = messageIdsArgs
  static override flags = {
    add: Flags.string({exclusive: ['remove'], helpValue: 'NAME|ID', summary: 'Label to add.'}),
    'dry-run': actionDryRunFlag,
    remove: Flags.string({exclusive: ['add'], helpValue: 'NAME|ID', summary: 'Label to take off.'}),
  }

  static override runs = mailLabel
}
