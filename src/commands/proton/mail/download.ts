import {Args, Flags} from '@oclif/core'

import {NUMBERED_NAMES} from '../../../lib/files/safe-name.ts'
import {mailDownload} from '../../../lib/mail/commands/download.ts'
import {PlainAdapter} from '../../../lib/cli/oclif/plain-adapter.ts'

export default class MailDownload extends PlainAdapter<typeof MailDownload> {
  static override summary = 'Download and decrypt the attachments of one message (GET /mail/v4/attachments/ID) into a directory.'

  static override description = `Every attachment of the message, or the one --attachment names (IDs: see "mail attachments"). Each is fetched encrypted, its session key decrypted from the message's KeyPackets with your address keys (the ones "auth login" unlocked, as for "mail read"), and its data decrypted into a temporary file in --dir (default: the current directory), which gets its name only once all of it decrypted and passed its integrity check: a tampered or cut attachment leaves nothing behind (exit 1; exit 5 for the network or --max-size). It all streams: the encrypted bytes go from the socket through the decryption into that file, never whole in memory; --max-size bounds both the encrypted answer and the plaintext.

An attachment's signature is checked against the sender's published keys: one line on stderr per file, "signature verified", "unverified" (no signature, or no key to check it with), or a WARNING that it FAILED: the file is still written, as the web client still offers it, but that warning shows even with --quiet and the command exits 1.

A PGP/MIME message's attachments embedded in its encrypted MIME tree (IDs "mime:N", see "mail attachments") are written too, with the same guarantees; their signature is the message's (it covers the whole tree), and their line on stderr says so.

File names are the sender's, so they are made safe and what they show is what they are: one name inside --dir, never a path ("/" and "\\" become "_", and so do control characters, invisible ones such as zero-width characters and Hangul fillers, and the characters Windows refuses; leading dots are dropped; a leading "-" becomes "_", a Windows device name such as CON or NUL.txt gets "_" in front; a run of spaces becomes one, and a space before a dot "_", so "name.pdf      .exe" is written "name.pdf_.exe"; an empty name becomes "attachment"); a note says when a name was changed. An existing file is never replaced: the first free "name (N).ext" is used (up to ${NUMBERED_NAMES}, then "name (random hex).ext") and a note names both. Files are created readable by you only (0600).

An attachment that cannot be saved does not stop the others: each failure gets its line on stderr, a closing line counts them, and the exit status is the gravest (5 for the network or --max-size, else 1). Ctrl-C, SIGTERM or SIGHUP removes the file being written and names the attachments not saved; the command ends by that signal (a shell reports 130, 143, 129). Temporary files that a killed run left in --dir (SIGKILL, a crash) are removed first, only those of a process that is gone.

The attachments embedded in a PGP/MIME body come with the body, which is held in memory to be taken apart: over 64 MiB decrypted (or --max-size when smaller), a MIME body over 32 MiB, 100,000 lines or 10,000 parts, it is refused in one line naming the message, exit 5, nothing written (docs/bounds.md).

stdout: the path of each file written, one a line. With "-" after the message ID, the one attachment chosen (--attachment, or the only one) is written to standard output instead, once all of it decrypted and checked out; the notes stay on stderr.`

  static override examples = [
    '<%= config.bin %> <%= command.id %> <message_id>',
    '<%= config.bin %> <%= command.id %> <message_id> --attachment <attachment_id> --dir ~/Downloads',
    '<%= config.bin %> <%= command.id %> <message_id> --attachment <attachment_id> - | less',
  ]

  static override args = {
    id: Args.string({
      description: 'The message ID (see "mail list"; as a table on a terminal shows it, cut with "…", it is made whole from that listing); "-" reads it from standard input',
      required: true,
    }),
    to: Args.string({description: '"-": write the attachment to standard output instead of a file', ignoreStdin: true, required: false}),
  }

  static override flags = {
    attachment: Flags.string({helpValue: 'ID', summary: 'Only this attachment (see "mail attachments"); default: all of them.'}),
    dir: Flags.string({helpValue: 'PATH', summary: 'The directory to write into (default: the current directory); created, readable by you only, when it does not exist.'}),
  }

  static override runs = mailDownload
}
