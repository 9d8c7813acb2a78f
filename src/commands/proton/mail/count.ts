import {mailCount} from '../../../lib/mail/commands/count.ts'
import {LISTING_HELP} from '../../../lib/output/table-style.ts'
import {PlainAdapter} from '../../../lib/cli/oclif/plain-adapter.ts'

export default class MailCount extends PlainAdapter<typeof MailCount> {
  static override summary = 'Count the messages of every mailbox, folder and label, total and unread (GET /mail/v4/messages/count).'

  static override description = `The request is go-proton-api's GetGroupedMessageCount: the whole account (the web client adds an AddressID to count one address).

Text output: one row per mailbox, folder and label the service counted, by name (mailboxes by their word, folders by their path, labels by their name, read with GET /core/v4/labels?Type=1 and ?Type=3), with TOTAL and UNREAD, fitted to the terminal (its width, else $COLUMNS, else 80 columns; a long name cut with "…"). --output json prints the service's answer exactly as received ({"Counts": [{"LabelID", "Total", "Unread"}]}), --output yaml the same data; neither asks for the names.

${LISTING_HELP}`

  static override examples = ['<%= config.bin %> <%= command.id %>', '<%= config.bin %> <%= command.id %> --output json | jq \'.Counts[] | select(.LabelID == "0") | .Unread\'']
  static override runs = mailCount
}
