/**
 * proton mail download ID [-] [--attachment AID] [--dir PATH]: each attachment
 * of the message (or the one asked for), streamed and decrypted into a
 * temporary file in --dir (downloadAttachment, saveAttachments), published only
 * once all of it decrypted and passed its integrity check; a cut, tampered
 * or oversized answer leaves nothing.
 *
 * The attachment's detached Signature is checked over the plaintext against
 * the sender's published keys (GET /core/v4/keys/all, asked only when an
 * attachment is signed), as WebClients does (attachmentLoader.ts): each file
 * gets a line on stderr, verified, unverified (no key, no signature) or
 * FAILED. A failed signature still publishes the file, as the web client
 * still offers the download after its warning ("You can still download this
 * attachment but it might have been tampered with"), but the warning is
 * never silenced (not by --quiet either) and the command exits 1.
 *
 * The file's name is the sender's choice, so it is made safe
 * (files/download-directory.ts): one name inside --dir, never a path. An
 * existing file is never replaced: the next free "name (N).ext" is used and
 * a note says so. Files are created 0600 (decrypted mail is private).
 * stdout: the path of each file written, one a line; with "-" (one
 * attachment only) the file itself, made and checked in a private
 * directory of the cache first, then copied out and removed. A --dir that
 * does not exist is created 0700.
 *
 * A PGP/MIME message (MIMEType multipart/*) also holds attachments in its
 * encrypted MIME tree (IDs "mime:N", mail/mime-body.ts): the tree is opened
 * as mail read opens it (mail/read-message.ts openTree) and they are
 * written after the service's, the same way; their signature is the
 * message's, which covers the whole tree, and their stderr line says so. A
 * part whose base64 body is damaged (mail/mime-body.ts Damage) is not
 * written.
 *
 * An attachment that cannot be saved does not stop the others: each
 * failure gets its line, the others are written, and the exit status is
 * the gravest (core/exit-status.ts gravest). A signal (SIGINT, SIGTERM,
 * SIGHUP) stops the download: the file in progress is removed, the
 * attachments not saved are named. Temporary files an earlier run could not
 * remove (SIGKILL) are swept from --dir first.
 */
import {wholeId} from '../../files/last-listing.ts'
import {readOneId} from '../../run/given-ids.ts'
import {DownloadDirectory} from '../../files/download-directory.ts'
import {maxBytesOf} from '../../http/max-size.ts'
import {isMimeMessage, MIME_ID_PREFIX} from '../mime-body.ts'
import {senderKeys} from '../../account/published-keys.ts'
import {decryptBody, messageWithKeys, type OpenedTree, openTree} from '../read-message.ts'
import {privateStaging} from '../attachment-files.ts'
import {saveAttachments} from '../save-attachments.ts'
import {printable} from '../../core/escape.ts'
import {isRecord} from '../../core/records.ts'
import {usageError} from '../../core/errors.ts'
import {plainCommand} from '../../run/plain-command.ts'
import {pathId} from '../../http/path-segment.ts'

export interface MailDownloadOptions {
  id: string
  attachment?: string
  dir?: string
  /** The second argument: "-" writes the one attachment chosen to standard output. */
  to?: string
}

export const mailDownload = plainCommand<MailDownloadOptions>({
  options: (line) => ({attachment: line.optionalString('attachment'), dir: line.optionalString('dir'), id: line.arg('id'), to: line.optionalArg('to')}),
  async run(invocation, {attachment: givenAttachment, dir, id: given, to}) {
    if (to !== undefined && to !== '-') throw usageError(`unexpected argument ${JSON.stringify(to)}: the only one after the message ID is "-" (standard output)`)
    const toStdout = to === '-'
    if (toStdout && dir !== undefined) throw usageError('"-" writes to standard output: leave out --dir')
    const id = await readOneId(invocation, given)
    pathId(id, 'the message ID')
    const attachment = givenAttachment === undefined ? undefined : wholeId(invocation.context.cacheDir, 'attachment', givenAttachment)
    if (attachment !== undefined) pathId(attachment, '--attachment')
    // To standard output, the file is made (decrypted and checked) in a private directory first, then copied and removed.
    const target = toStdout
      ? await DownloadDirectory.open(privateStaging(invocation.context.cacheDir))
      : await DownloadDirectory.open(dir, (path) => invocation.note(`Created directory ${printable(path)} (readable by you only).`))
    const withKeys = await messageWithKeys(invocation, id, {withSenderKeys: false})
    const {fail, keys, message} = withKeys
    const session = await invocation.session()
    const sender = isRecord(message.Sender) && typeof message.Sender.Address === 'string' ? message.Sender.Address : undefined
    const listed = Array.isArray(message.Attachments) ? message.Attachments.filter(isRecord) : []
    const chosen = attachment === undefined ? listed : listed.filter((candidate) => candidate.ID === attachment)

    // A PGP/MIME message's tree is opened (its body decrypted, its signature checked) when its attachments are wanted.
    let tree: OpenedTree | undefined
    let treeKeys: string[] = []
    if (isMimeMessage(message) && (attachment === undefined || attachment.startsWith(MIME_ID_PREFIX))) {
      const opened = await decryptBody({...withKeys, published: sender === undefined ? Promise.resolve([]) : senderKeys(invocation, session, sender)})
      treeKeys = opened.senderKeys
      tree = await openTree(opened, fail, {requireText: false})
    }

    const parts = tree?.parsed
    const embedded = parts ? parts.attachments.map((record, index) => ({content: parts.contents[index], damage: parts.damage[index], record})) : []
    const chosenEmbedded = attachment === undefined ? embedded : embedded.filter(({record}) => record.ID === attachment)
    if (attachment !== undefined && chosen.length === 0 && chosenEmbedded.length === 0) throw usageError(`message ${id} has no attachment ${attachment} (see "mail attachments ${id}")`)
    if (chosen.length === 0 && chosenEmbedded.length === 0) {
      invocation.note(`message ${id} has no attachments`)
      return
    }

    if (toStdout && chosen.length + chosenEmbedded.length > 1) {
      throw usageError(`message ${id} has ${chosen.length + chosenEmbedded.length} attachments: "-" writes one to standard output; choose it with --attachment (see "mail attachments ${id}")`)
    }

    if (target.swept.length > 0) invocation.note(`Note: removed ${target.swept.length} temporary file${target.swept.length === 1 ? '' : 's'} that an earlier run left in ${printable(target.path)}`)
    const signed = chosen.some((record) => typeof record.Signature === 'string' && record.Signature !== '')
    // The sender's keys are asked for only when there is a signature to check with them (once: the tree's are kept).
    const published = signed && sender !== undefined ? (tree ? treeKeys : await senderKeys(invocation, session, sender)) : []
    const source = {fail, invocation, keys, maxBytes: maxBytesOf(invocation.flags['max-size']), messageId: id, senderKeys: published, session}
    await saveAttachments(invocation, {listed: chosen, mime: tree && {attachments: chosenEmbedded, verification: tree.verification}, sender, source, target, toStdout})
  },
})
