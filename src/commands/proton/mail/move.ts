import {Flags} from '@oclif/core'

import {mailMove} from '../../../lib/mail/commands/actions.ts'
import {ACTIONS_HELP, actionDryRunFlag, messageIdsArgs} from '../../../lib/cli/oclif/message-args.ts'
import {PlainAdapter} from '../../../lib/cli/oclif/plain-adapter.ts'
import {commandLineInHelp} from '../../../lib/core/command-names.ts'

export default class MailMove extends PlainAdapter<typeof MailMove> {
  static override summary = 'Move messages to a folder (PUT /mail/v4/messages/label with the folder’s LabelID).'

  static override description = `--to takes a system folder (inbox, archive, spam, trash: LabelID 0, 6, 4, 3), the name or path ("Invoices/2024") of one of your folders, looked up first with GET /core/v4/labels?Type=3 (a name two folders share is refused with their paths), or an ID. Starred is a label ("mail star"); all-mail, sent and drafts are no place a message is moved to.

Sends {"LabelID": <folder>, "IDs": […]}, as go-proton-api's LabelMessages and the web client's labelMessages do; the message leaves the folder it was in. With --dry-run nothing is sent, not even the lookup: its request is printed, the LabelID as a placeholder.

${ACTIONS_HELP}`

  static override examples = [
    '<%= config.bin %> <%= command.id %> <message_id> --to archive',
    "<%= config.bin %> <%= command.id %> <message_id> <other_message_id> --to 'Invoices/2024'",
    `${commandLineInHelp('mail:list')} --label spam --output json | jq -r '.Messages[].ID' | <%= config.bin %> <%= command.id %> --to inbox`,
  ]

  static override strict = false
  static override args = messageIdsArgs
  static override flags = {
    'dry-run': actionDryRunFlag,
    to: Flags.string({helpValue: 'FOLDER', required: true, summary: 'inbox, archive, spam, trash, a folder’s name or path, or an ID.'}),
  }

  static override runs = mailMove
}
