import {Args, Flags} from '@oclif/core'

import {mailRead} from '../../../lib/mail/commands/read.ts'
import {PlainAdapter} from '../../../lib/cli/oclif/plain-adapter.ts'

export default class MailRead extends PlainAdapter<typeof MailRead> {
  static override summary = 'Read messages (GET /mail/v4/messages/ID), their end-to-end encrypted bodies decrypted with your keys.'

  static override description = `The keys are the ones "auth login" unlocked with your password: the session file keeps the key passphrase sealed with a key the service holds for this session (GET /auth/v4/sessions/local/key), so reading needs the session to be alive, and no password. The message, the session's local key, the user and the addresses are fetched in parallel; the body is decrypted with the keys of the message's address. When the service publishes keys for the sender (GET /core/v4/keys/all), the body's signature is checked: the Signature line says verified, unverified, none or FAILED.

Text output: a header block (From, To, Cc, Date, Subject, Signature, Attachments with their sizes), a blank line, then the body: text/plain as it is, text/html as readable text (--html prints the decrypted HTML instead).

A PGP/MIME body (MIMEType multipart/*) is taken apart: its text part shown (its HTML part with --html), the attachments embedded in it listed (save them with "mail download"), and a protected subject (a memory-hole header part's, or the top entity's Subject) shown on the Subject line, marked "(end-to-end encrypted)".

--output json|yaml: the message record as the service sent it, with the decrypted body in Body (and for PGP/MIME, the parts in MIME, the protected subject in MIME.Subject), and the signature's verdict in SignatureStatus: verified, unverified, unsigned or failed.

Several IDs: each message in turn, a blank line between them in text; --output json one array of the records (one ID: the record alone), which a --jq filter reads as one input. The first message that cannot be read ends the command, as one ID would.

A body that cannot be decrypted or fails its integrity check prints one line naming the message and the cause (exit 1), and nothing of the body.

Bounds (docs/bounds.md), each one line naming the message, exit 5, nothing on stdout: a decrypted body over 64 MiB (or --max-size when smaller); a PGP/MIME body over 32 MiB, 100,000 lines or 10,000 parts; an Argon2 key asking for more than 256 MiB or 8 passes; key unlocking past --timeout. HTML nested more than 256 levels deep, of more than 100,000 elements or 16 Mi characters is shown as text up to there, with a note.`

  static override examples = [
    '<%= config.bin %> <%= command.id %> <message_id>',
    '<%= config.bin %> <%= command.id %> <message_id> --html > message.html',
    "<%= config.bin %> <%= command.id %> <message_id> --output json | jq -r '.Body'",
    "<%= config.bin %> <%= command.id %> <message_id> <other_message_id> --jq '.[] | [.ID, .SignatureStatus] | @tsv'",
  ]

  static override args = {
    id: Args.string({
      description: 'The message ID (see "mail list"; as a table on a terminal shows it, cut with "…", it is made whole from that listing); "-" reads it from standard input; several may follow',
      required: true,
    }),
  }

  static override strict = false

  static override flags = {
    html: Flags.boolean({summary: 'Print an HTML body as the decrypted HTML, not as text.'}),
  }

  static override runs = mailRead
}
