import {Args} from '@oclif/core'

import {LISTING_HELP} from '../../../lib/output/table-style.ts'
import {mailAttachments} from '../../../lib/mail/commands/attachments.ts'
import {PlainAdapter} from '../../../lib/cli/oclif/plain-adapter.ts'

export default class MailAttachments extends PlainAdapter<typeof MailAttachments> {
  static override summary = 'List the attachments of one message (GET /mail/v4/messages/ID): ID, name, MIME type and size.'

  static override description = `The names, types and sizes come in the clear with the message: listing needs no keys. "mail download" fetches and decrypts them. The size is the service's: for an attachment a client uploaded (sent with "mail send --attach" or from the web client) the length of its encrypted data packet, some 50 bytes plus the length of its name (a few hundred for large files) over the file's own size (docs/send.md).

A PGP/MIME message (mail from an external PGP sender, MIMEType multipart/*) also holds attachments inside its encrypted MIME tree, which the service does not list: its body is decrypted with your keys (as "mail read" does) and they follow, with IDs "mime:N" (the Nth attachment of the tree in the order its parts occur), which "mail download --attachment" takes.

Text output: one row per attachment (ID, NAME, TYPE, SIZE), control characters in names shown as "?".

--output json|yaml: {"Attachments": [...]}, each as the service sent it (KeyPackets included), then the embedded ones as {ID, Name, MIMEType, Size, Disposition, ContentID}.

A PGP/MIME body is held in memory to be taken apart: over 64 MiB decrypted (or --max-size when smaller), a MIME body over 32 MiB, 100,000 lines or 10,000 parts, it is refused in one line naming the message, exit 5 (docs/bounds.md).

${LISTING_HELP}`

  static override examples = ['<%= config.bin %> <%= command.id %> <message_id>', "<%= config.bin %> <%= command.id %> <message_id> --output json | jq -r '.Attachments[].ID'"]

  static override args = {
    id: Args.string({
      description: 'The message ID (see "mail list"; as a table on a terminal shows it, cut with "…", it is made whole from that listing); "-" reads it from standard input',
      required: true,
    }),
  }

  static override runs = mailAttachments
}
