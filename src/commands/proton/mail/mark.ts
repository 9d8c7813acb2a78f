import {Flags} from '@oclif/core'

import {mailMark} from '../../../lib/mail/commands/actions.ts'
import {ACTIONS_HELP, actionDryRunFlag, messageIdsArgs} from '../../../lib/cli/oclif/message-args.ts'
import {PlainAdapter} from '../../../lib/cli/oclif/plain-adapter.ts'
import {commandLineInHelp} from '../../../lib/core/command-names.ts'

export default class MailMark extends PlainAdapter<typeof MailMark> {
  static override summary = 'Mark messages read or unread (PUT /mail/v4/messages/read or /unread).'

  static override description = `Sends {"IDs": […]} to PUT /mail/v4/messages/read (--read) or /unread (--unread), as go-proton-api's MarkMessagesRead and MarkMessagesUnread and the web client's markMessageAsRead and markMessageAsUnread do. One of the two flags is needed.

${ACTIONS_HELP}`

  static override examples = [
    '<%= config.bin %> <%= command.id %> <message_id> --read',
    `${commandLineInHelp('mail:list')} --unread --output json | jq -r '.Messages[].ID' | <%= config.bin %> <%= command.id %> --read`,
  ]

  static override strict = false
  static override args = messageIdsArgs
  static override flags = {
    'dry-run': actionDryRunFlag,
    read: Flags.boolean({exclusive: ['unread'], summary: 'Mark them read.'}),
    unread: Flags.boolean({exclusive: ['read'], summary: 'Mark them unread.'}),
  }

  static override runs = mailMark
}
