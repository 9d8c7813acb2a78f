/**
 * proton mail download ID [-] [--attachment AID] [--dir PATH]: each attachment
 * of the message (or the one asked for), streamed and decrypted into a
 * temporary file in --dir (mail/attachment-download.ts), published only
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
import {createReadStream} from 'node:fs'
import {rm} from 'node:fs/promises'
import {join} from 'node:path'
import {Writable} from 'node:stream'

import {wholeId} from '../../files/last-listing.ts'
import {ensurePrivateDirectory} from '../../files/private-directory.ts'
import {readOneId} from '../../run/given-ids.ts'
import type {AtomicFile} from '../../files/atomic-file.ts'
import {DownloadDirectory, type Published} from '../../files/download-directory.ts'
import {shownName, visibleName} from '../../files/safe-name.ts'
import {maxBytesOf, sizeText} from '../../http/max-size.ts'
import {type AttachmentSource, downloadAttachment} from '../attachment-download.ts'
import type {Verification} from '../../crypto/keyring.ts'
import {isMimeMessage, MIME_ID_PREFIX, type MimeAttachment} from '../mime-body.ts'
import {senderKeys} from '../../account/published-keys.ts'
import {decryptBody, messageWithKeys, type OpenedTree, openTree} from '../read-message.ts'
import {printable} from '../../core/escape.ts'
import {isRecord, type JsonRecord} from '../../core/records.ts'
import type {Invocation} from '../../run/invocation.ts'
import {CliFailure, oneLine, unavailableError, usageError} from '../../core/errors.ts'
import {EXIT, type ExitStatus, gravest} from '../../core/exit-status.ts'
import {interruptedError, interruptionText, interruptSignal, reportingInterruption} from '../../core/interrupt.ts'
import {plainCommand} from '../../run/plain-command.ts'
import {idProblem, pathId} from '../../http/path-segment.ts'

export interface MailDownloadOptions {
  id: string
  attachment?: string
  dir?: string
  /** The second argument: "-" writes the one attachment chosen to standard output. */
  to?: string
}

/** Whose signature an attachment's is: its own detached one, or (embedded in a PGP/MIME tree) the message's. */
type Signer = 'message' | 'own'

/** An attachment embedded in a PGP/MIME message's tree, with its content (decrypted with the body). */
interface Embedded {
  record: MimeAttachment
  content: Uint8Array
  /** Why its content is not the sender's as written (a damaged base64 body), if it is not. */
  damage?: string
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 200)

/**
 * The line on stderr about a file's signature. `signer`: the attachment's own detached signature, or (embedded in a
 * PGP/MIME tree) the message's, which covers the tree. A failure is a warning that is never silenced (--quiet or not).
 */
export function signatureLine(what: string, verification: Verification, signer: Signer, sender: string | undefined, path: string): {line: string; warning: boolean} {
  const from = sender === undefined ? 'the sender' : printable(sender)
  const its = signer === 'own' ? 'its signature' : 'the message’s signature (over its whole MIME tree)'
  switch (verification) {
    case 'verified': {
      return {line: `${what}: signature verified (signed by ${from}${signer === 'own' ? '' : ': the message’s signature, over its whole MIME tree'})`, warning: false}
    }

    case 'unsigned': {
      return {line: `${what}: unverified: ${signer === 'own' ? 'it carries' : 'the message it came in carries'} no signature`, warning: false}
    }

    case 'unverified': {
      return {line: `${what}: unverified: no public key of ${from} is known to check ${its} with`, warning: false}
    }

    case 'failed': {
      return {line: `WARNING: ${what}: ${its} FAILED verification against the keys of ${from}: the file may have been tampered with; written all the same as ${path}`, warning: true}
    }
  }
}

/** Where "-" makes its file before copying it out: the user's cache, owner-only. */
function privateStaging(cacheDir: string): string {
  const dir = join(cacheDir, 'spool', 'download')
  ensurePrivateDirectory(dir)
  return dir
}

/** A finished file copied to standard output, then removed (whatever happens to the copy). */
async function copyOut(invocation: Invocation, path: string): Promise<void> {
  try {
    const {stdout} = invocation.io
    for await (const chunk of createReadStream(path)) {
      if (stdout instanceof Writable && stdout.write === Writable.prototype.write) await new Promise<void>((resolve, reject) => stdout.write(chunk as Buffer, (error) => (error ? reject(error) : resolve())))
      else stdout.write(chunk as Buffer)
    }
  } finally {
    await rm(path, {force: true})
  }
}

/** The notes about a file's name: made safe, or taken by another file. */
function noteName(invocation: Invocation, aid: string, given: unknown, {path, renamedTo, taken}: Published): void {
  if (renamedTo !== undefined) invocation.note(`Note: attachment ${printable(aid)}: its name ${shownName(typeof given === 'string' ? given : '')} is not a safe file name; written as ${printable(renamedTo)}`)
  if (taken !== undefined) invocation.note(`Note: ${printable(taken)} exists and was left as it is; written as ${printable(path)}`)
}

/** "attachment AID (name)", safe to print. */
function describe(aid: unknown, name: unknown): string {
  return `attachment ${printable(String(aid))} (${visibleName(typeof name === 'string' ? name : '')})`
}

/** One attachment to save, and how a line names it. */
interface Job {
  what: string
  run(): Promise<void>
}

/**
 * Save each attachment in turn. One that fails (undecryptable, tampered, over --max-size, unwritable, cut short)
 * gets its error line and the others go on; with several, a closing line counts the failures. A failure that is
 * not about one attachment (no session) ends the command as it is; a signal (interrupt.ts) names the attachments
 * not saved, the one in progress included (its temporary file is gone), and ends it with EXIT.INTERRUPTED. The
 * exit statuses of the failures.
 */
async function saveEach(invocation: Invocation, id: string, jobs: readonly Job[]): Promise<ExitStatus[]> {
  const {stderr} = invocation.io
  const signal = interruptSignal()
  const statuses: ExitStatus[] = []
  for (const [index, job] of jobs.entries()) {
    try {
      if (signal.aborted) throw interruptedError()
      await job.run()
    } catch (error) {
      if (!(error instanceof CliFailure) || error.exitStatus === EXIT.AUTH) throw error
      if (error.exitStatus === EXIT.INTERRUPTED) {
        reportingInterruption()
        stderr.write(`Error: message ${id}: not saved (${interruptionText()}): ${jobs.slice(index).map(({what}) => what).join(', ')}\n`)
        stderr.write(`Error: ${interruptionText()}\n`)
        return invocation.exit(EXIT.INTERRUPTED)
      }

      statuses.push(error.exitStatus)
      stderr.write(`Error: ${oneLine(error.message)}\n`)
    }
  }

  if (statuses.length > 0 && jobs.length > 1) stderr.write(`Error: message ${id}: ${statuses.length} of ${jobs.length} attachments not saved (see above); ${statuses.length === jobs.length ? 'none was' : 'the others were'} written\n`)
  return statuses
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
    const embedded: Embedded[] = parts ? parts.attachments.map((record, index) => ({content: parts.contents[index], damage: parts.damage[index], record})) : []
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
    const source: AttachmentSource = {fail, invocation, keys, maxBytes: maxBytesOf(invocation.flags['max-size']), messageId: id, senderKeys: published, session}
    const failedSignatures: string[] = []
    const written = async (file: AtomicFile, given: unknown, aid: string, what: string, verification: Verification, signer: Signer) => {
      const result = await target.publish(file, given)
      if (toStdout) await copyOut(invocation, result.path)
      else noteName(invocation, aid, given, result)
      const {line, warning} = signatureLine(what, verification, signer, sender, toStdout ? 'standard output' : printable(result.path))
      if (warning) {
        failedSignatures.push(what)
        invocation.io.stderr.write(`${line}\n`)
      } else {
        invocation.note(line)
      }

      if (!toStdout) invocation.io.stdout.write(`${printable(result.path)}\n`)
    }

    const jobs: Job[] = [
      ...chosen.map((record) => ({run: () => downloadListed(record), what: describe(record.ID, record.Name)})),
      ...chosenEmbedded.map((one) => ({run: () => saveEmbedded(one, (tree as OpenedTree).verification), what: describe(one.record.ID, one.record.Name)})),
    ]
    const statuses = await saveEach(invocation, id, jobs)
    if (failedSignatures.length > 0) {
      const count = failedSignatures.length
      const which = count === 1 ? `the signature of ${failedSignatures[0]}` : `the signatures of ${count} attachments (${failedSignatures.join(', ')})`
      statuses.push(EXIT.USAGE)
      const failed = fail(`${which} FAILED verification (see the warning above); ${count === 1 ? 'the file was' : 'the files were'} written all the same`)
      invocation.io.stderr.write(`Error: ${oneLine(failed.message)}\n`)
    }

    const status = gravest(statuses)
    if (status !== EXIT.OK) invocation.exit(status)

    /** An attachment the service keeps: streamed, decrypted, published. */
    async function downloadListed(record: JsonRecord): Promise<void> {
      const aid = String(record.ID)
      const what = describe(record.ID, record.Name)
      // The ID is the service's, and goes into the path of the request.
      const problem = idProblem(aid)
      if (problem !== undefined) throw fail(`attachment ID ${problem}; nothing written`)
      if (typeof record.KeyPackets !== 'string' || record.KeyPackets === '') throw fail(`${what} lists no KeyPackets`)
      const signature = typeof record.Signature === 'string' && record.Signature !== '' ? record.Signature : undefined
      const create = () => target.create(record.Name, (error) => fail(`${what}: cannot write into ${target.path}: ${reason(error)}`))
      const {file, verification} = await downloadAttachment(source, {aid, create, keyPackets: Buffer.from(record.KeyPackets, 'base64'), signature, what})
      await written(file, record.Name, aid, what, verification, 'own')
    }

    /**
     * An attachment embedded in the MIME tree: its content came decrypted with the body (integrity checked with it),
     * and the body's signature covers the whole tree, so that is its signature. Written as a service attachment is.
     */
    async function saveEmbedded({content, damage, record}: Embedded, verification: Verification): Promise<void> {
      const what = describe(record.ID, record.Name)
      // A damaged part is refused before anything is written, as a tampered attachment leaves nothing.
      if (damage !== undefined) throw fail(`${what}: ${printable(damage)}: it cannot be saved as the sender wrote it; nothing written`)
      if (content.byteLength > source.maxBytes) throw unavailableError(`message ${id}: ${what}: it is over --max-size (${sizeText(source.maxBytes)}); nothing written`)
      const file = await target.create(record.Name, (error) => fail(`${what}: cannot write into ${target.path}: ${reason(error)}`))
      await file.write(content)
      await written(file, record.Name, record.ID, what, verification, 'message')
    }
  },
})
