import {Flags} from '@oclif/core'

import {mailSend} from '../../../lib/send/commands/send.ts'
import {PlainAdapter} from '../../../lib/cli/oclif/plain-adapter.ts'

export default class MailSend extends PlainAdapter<typeof MailSend> {
  static override summary = 'Send a message: to Proton addresses end-to-end encrypted, to other addresses in clear; prints the sent message’s ID.'

  static override description = `Each recipient is looked up first (GET /core/v4/keys/all) and its kind decided as the web client decides it: internal (a Proton address: the message is end-to-end encrypted to its key and signed by yours), external without keys (the service sends it as plain mail, signed when your contact says X-PM-SIGN or your mail settings say Sign), or external with keys (published, WKD, or pinned in your contacts: PGP/MIME or PGP/Inline, by the contact's X-PM-SCHEME or your mail settings' PGPScheme, encrypted to the key the web client would choose; a pinned key that is not the published one stops the send). Nothing is ever sent in clear to a recipient that has keys. Keys pinned in your contacts are read as the web client reads them: a Proton recipient's pinned key is used when it is one of its keys on the service, and the recipient refused when it is not; a contact whose signature does not hold is refused.

Then the draft is created (POST /mail/v4/messages, its body encrypted to and signed by the sending address's key), each --attach file signed, then encrypted as it is uploaded to it (POST /mail/v4/attachments; streamed, never whole in memory; read again from its start if the upload is retried), and the message sent (POST /mail/v4/messages/<id> with one package for all recipients). Bcc recipients are not shown to the others.

The body is --body, or the file --body-file ("-" reads standard input), or else standard input when it is not a terminal; text/plain unless --html. --from picks the sending address (default: the primary one); one that is disabled or cannot send is refused.

Never twice: the send itself is never retried, not even after a 429 or 503. If its answer is lost (timeout, reset connection) or is a failure, the service is asked whether the message went out, and the command says which (exit 0 if it was, 5 if not or if the service cannot say). A send the service refuses deletes the draft. Ctrl-C before the send leaves the draft in Drafts and sends nothing; during the send it says the message may have been sent.

Checked before anything is created (exit 1): every address well formed, at least one recipient, one body source, every attachment a readable file, each and all together within the account's MaxUpload (25 MiB). The key passphrase comes from "auth login" (as for "mail read").

--dry-run: the sender, each recipient with its kind, the subject, and the sizes of the body and attachments; only the look-ups are sent, nothing is created. Text output: the sent message's ID on stdout, a confirmation on stderr; --output json: the service's answer.`

  static override examples = [
    "<%= config.bin %> <%= command.id %> --to friend@proton.me --subject 'Hello' --body 'See you at noon.'",
    '<%= config.bin %> <%= command.id %> --to a@proton.me --cc b@example.com --bcc me@proton.me --subject Report --body-file report.txt --attach report.pdf',
    "echo 'Build finished' | <%= config.bin %> <%= command.id %> --to ops@example.com --subject 'CI'",
    '<%= config.bin %> <%= command.id %> --to a@example.com --subject Test --body hi --dry-run',
  ]

  static override flags = {
    attach: Flags.string({helpValue: 'FILE', multiple: true, multipleNonGreedy: true, summary: 'Attach this file (repeatable).'}),
    bcc: Flags.string({helpValue: 'ADDRESS', multiple: true, multipleNonGreedy: true, summary: 'Blind copy to this address (repeatable).'}),
    body: Flags.string({helpValue: 'TEXT', summary: 'The body.'}),
    'body-file': Flags.string({helpValue: 'PATH', summary: 'Read the body from this file ("-": standard input).'}),
    cc: Flags.string({helpValue: 'ADDRESS', multiple: true, multipleNonGreedy: true, summary: 'Copy to this address (repeatable).'}),
    delay: Flags.integer({helpValue: 'SECONDS', max: 30, min: 0, summary: "Seconds to hold the message so it can be undone (0 to 30; default: the account's undo-send setting)."}),
    'dry-run': Flags.boolean({summary: 'Print the sender, recipients with their kinds, subject and sizes; create nothing.'}),
    from: Flags.string({helpValue: 'ADDRESS', summary: 'Send from this address of yours (default: the primary one).'}),
    html: Flags.boolean({summary: 'The body is HTML (text/html).'}),
    subject: Flags.string({helpValue: 'TEXT', required: true, summary: 'The subject.'}),
    to: Flags.string({helpValue: 'ADDRESS', multiple: true, multipleNonGreedy: true, summary: 'Send to this address (repeatable, or several separated by commas).'}),
  }

  static override runs = mailSend
}
