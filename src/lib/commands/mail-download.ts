/**
 * proton mail download ID [--attachment AID] [--dir PATH]: each attachment
 * of the message (or the one asked for) fetched with GET
 * /mail/v4/attachments/AID (go-proton-api attachment.go GetAttachment: the
 * encrypted data packet as bytes), its session key decrypted from the
 * KeyPackets the message lists with the keys of the message's address, and
 * all of it streamed (keys/keyring.ts decryptAttachment): the data packet
 * flows from the socket through OpenPGP.js into a temporary file in --dir,
 * one chunk in flight, so memory stays flat whatever the size; --max-size
 * bounds the encrypted bytes as they arrive and the plaintext as it is
 * written. The file is published only once all of it decrypted and passed
 * its integrity check; a cut, tampered or oversized answer leaves nothing.
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
 * (files/safe-name.ts): one name inside --dir, never a path. An existing
 * file is never replaced: the next free "name (N).ext" is used and a note
 * says so. Files are created 0600 (decrypted mail is private). stdout: the
 * path of each file written, one a line.
 *
 * A PGP/MIME message (MIMEType multipart/*) also holds attachments in its
 * encrypted MIME tree (IDs "mime:N", keys/mime-body.ts): the tree is opened
 * as mail read opens it (keys/read-message.ts openTree) and they are
 * written after the service's, the same way; their signature is the
 * message's, which covers the whole tree, and their stderr line says so. A
 * part whose base64 body is damaged (keys/mime-body.ts Damage) is refused
 * before anything is written.
 */
import {stat} from 'node:fs/promises'
import {join, resolve} from 'node:path'

import {AtomicFile} from '../files/atomic-file.ts'
import {alternativeNames, safeFileName} from '../files/safe-name.ts'
import {buildRequestUrl} from '../http/api-url.ts'
import {type BodyWriter, collectBody} from '../http/client.ts'
import {maxBytesOf, sizeText} from '../http/max-size.ts'
import {decryptAttachment, type Verification} from '../keys/keyring.ts'
import {isMimeMessage, MIME_ID_PREFIX, type MimeAttachment} from '../keys/mime-body.ts'
import {decryptBody, messageWithKeys, type OpenedTree, openTree, senderKeys} from '../keys/read-message.ts'
import {readAnswer} from '../output/api-answer.ts'
import {isRecord, type JsonRecord} from '../output/records.ts'
import {CliFailure, unavailableError, usageError} from '../runtime/errors.ts'
import {plainCommand} from '../runtime/plain-command.ts'
import {printable} from './mail-read.ts'

export interface MailDownloadOptions {
  id: string
  attachment?: string
  dir?: string
}

/** How many "name (N).ext" are tried before giving up. */
export const ALTERNATIVE_NAMES = 99
const FALLBACK_NAME = 'attachment'

/** Whose signature an attachment's is: its own detached one, or (embedded in a PGP/MIME tree) the message's. */
type Signer = 'message' | 'own'

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 200)

async function directory(given: string | undefined): Promise<string> {
  const path = resolve(given ?? '.')
  const found = await stat(path).catch(() => undefined)
  if (!found?.isDirectory()) throw usageError(`--dir ${JSON.stringify(printable(given ?? '.'))} is not a directory`)
  return path
}

/** An attachment embedded in a PGP/MIME message's tree, with its content (decrypted with the body). */
interface Embedded {
  record: MimeAttachment
  content: Uint8Array
  /** Why its content is not the sender's as written (a damaged base64 body), if it is not. */
  damage?: string
}

export const mailDownload = plainCommand<MailDownloadOptions>({
  options: (line) => ({attachment: line.optionalString('attachment'), dir: line.optionalString('dir'), id: line.arg('id')}),
  async run(invocation, {attachment, dir, id}) {
    if (id.trim() === '') throw usageError('give the ID of a message (see "mail list")')
    const target = await directory(dir)
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

    // A damaged part is refused before anything is written, as a tampered attachment leaves nothing.
    const damaged = chosenEmbedded.find(({damage}) => damage !== undefined)
    if (damaged) {
      const others = chosen.length + chosenEmbedded.length > 1 ? ' (the others: one at a time with --attachment)' : ''
      throw fail(`attachment ${damaged.record.ID} (${printable(damaged.record.Name)}): ${printable(damaged.damage ?? '')}: it cannot be saved as the sender wrote it; nothing written${others}`)
    }

    const signed = chosen.some((record) => typeof record.Signature === 'string' && record.Signature !== '')
    // The sender's keys are asked for only when there is a signature to check with them (once: the tree's are kept).
    const published = signed && sender !== undefined ? (tree ? treeKeys : await senderKeys(invocation, session, sender)) : []
    const maxBytes = maxBytesOf(invocation.flags['max-size'])
    const failedSignatures: string[] = []
    for (const record of chosen) await downloadOne(record)
    for (const one of chosenEmbedded) await saveEmbedded(one, (tree as OpenedTree).verification)
    if (failedSignatures.length > 0) {
      const count = failedSignatures.length
      const which = count === 1 ? `the signature of ${failedSignatures[0]}` : `the signatures of ${count} attachments (${failedSignatures.join(', ')})`
      throw fail(`${which} FAILED verification (see the warning above); ${count === 1 ? 'the file was' : 'the files were'} written all the same`)
    }

    /** What the answer's body became: the decrypted file, not yet published, or an error answer's bytes. */
    type Body = {file: AtomicFile; verification: Verification} | {bytes: Buffer}

    /** The names to publish the sender's `given` name under in --dir: made safe, then "name (N).ext". */
    function namesFor(given: unknown): {name: string; names: string[]} {
      const name = safeFileName(given, FALLBACK_NAME)
      return {name, names: [name, ...alternativeNames(name, ALTERNATIVE_NAMES)].map((candidate) => join(target, candidate))}
    }

    /** The file, whole and checked, given its name (never over an existing one), reported on stderr and stdout. */
    async function publish(file: AtomicFile, given: unknown, aid: string, what: string, verification: Verification, signer: Signer): Promise<void> {
      const {name, names} = namesFor(given)
      const written = await file.commitNew(names)
      if (name !== given) invocation.note(`Note: attachment ${aid}: its name "${printable(typeof given === 'string' ? given : '')}" is not a safe file name; written as ${printable(name)}`)
      if (written !== names[0]) invocation.note(`Note: ${printable(names[0])} exists and was left as it is; written as ${printable(written)}`)
      report(what, verification, printable(written), signer)
      invocation.io.stdout.write(`${printable(written)}\n`)
    }

    /**
     * An attachment embedded in the MIME tree: its content came decrypted with the body (integrity checked with it),
     * and the body's signature covers the whole tree, so that is its signature. Written as a service attachment is:
     * a temporary file (0600), published under a safe name, never over a file.
     */
    async function saveEmbedded({content, record}: Embedded, verification: Verification): Promise<void> {
      const what = `attachment ${record.ID} (${printable(record.Name)})`
      if (content.byteLength > maxBytes) throw unavailableError(`message ${id}: ${what}: it is over --max-size (${sizeText(maxBytes)}); nothing written`)
      const file = await AtomicFile.create(namesFor(record.Name).names[0], {failure: (error) => fail(`${what}: cannot write into ${target}: ${reason(error)}`), mode: 0o600})
      await file.write(content)
      await publish(file, record.Name, record.ID, what, verification, 'message')
    }

    async function downloadOne(record: JsonRecord): Promise<void> {
      const aid = String(record.ID)
      const shown = printable(typeof record.Name === 'string' ? record.Name : '')
      const what = `attachment ${aid} (${shown})`
      if (typeof record.KeyPackets !== 'string' || record.KeyPackets === '') throw fail(`${what} lists no KeyPackets`)
      const keyPackets = Buffer.from(record.KeyPackets, 'base64')
      const signature = typeof record.Signature === 'string' && record.Signature !== '' ? record.Signature : undefined
      const {names} = namesFor(record.Name)
      const cannotDecrypt = (error: unknown) => (error instanceof CliFailure ? error : fail(`${what}: cannot decrypt it: ${reason(error)}; nothing written`))
      /** The body of a 200 answer, decrypted into a temporary file as it arrives (one per attempt: a retry starts afresh). */
      async function decrypting(): Promise<BodyWriter<Body>> {
        const file = await AtomicFile.create(names[0], {failure: (error) => fail(`${what}: cannot write into ${target}: ${reason(error)}`), mode: 0o600})
        const decryption = await decryptAttachment(
          keyPackets,
          keys,
          async (chunk) => {
            // The plaintext is bounded too: a compressed packet can inflate far beyond its ciphertext.
            if (file.length + chunk.length > maxBytes) throw unavailableError(`message ${id}: ${what}: its plaintext is over --max-size (${sizeText(maxBytes)}): stopped reading it; nothing written`)
            await file.write(chunk)
          },
          {senderKeys: published, signature},
        ).catch(async (error: unknown) => {
          await file.abandon()
          throw cannotDecrypt(error)
        })
        return {
          async discard() {
            await decryption.abort(new Error('the answer was not read to its end'))
            await file.abandon()
          },
          async end() {
            try {
              return {file, verification: await decryption.end()}
            } catch (error) {
              await file.abandon()
              throw cannotDecrypt(error)
            }
          },
          async write(chunk) {
            await decryption.write(chunk).catch((error: unknown) => {
              throw cannotDecrypt(error)
            })
          },
        }
      }

      const url = buildRequestUrl(session.apiUrl, `/mail/v4/attachments/${encodeURIComponent(aid)}`)
      const kept = (writer: BodyWriter<Buffer>): BodyWriter<Body> => ({discard: () => writer.discard(), end: async () => ({bytes: await writer.end()}), write: (chunk) => writer.write(chunk)})
      let response
      try {
        response = await invocation.stream<Body>(session, {method: 'GET', url}, (head) => (head.statusCode === 200 ? decrypting() : kept(collectBody())), async (body) => ('bytes' in body ? body.bytes : undefined))
      } catch (error) {
        // A failure of the transport (cut short, --max-size, --timeout) names the attachment too; the temporary file is gone already.
        if (error instanceof CliFailure && !error.message.startsWith(`message ${id}: `)) throw new CliFailure(`message ${id}: ${what}: ${error.message}${/nothing (printed|written)/.test(error.message) ? '' : '; nothing written'}`, error.exitStatus)
        throw error
      }

      const {body} = response
      if ('bytes' in body) {
        const outcome = readAnswer({...response, body: body.bytes})
        throw outcome.ok ? fail(`${what}: HTTP ${response.statusCode}`) : new CliFailure(`${what}: ${outcome.failure.message}`, outcome.failure.exitStatus)
      }

      await publish(body.file, record.Name, aid, what, body.verification, 'own')
    }

    /**
     * One line on stderr per file about its signature; a failure is never silenced (--quiet or not). `signer`: the
     * attachment's own detached signature, or (embedded in a PGP/MIME tree) the message's, which covers the tree.
     */
    function report(what: string, verification: Verification, path: string, signer: Signer): void {
      const from = sender === undefined ? 'the sender' : printable(sender)
      const its = signer === 'own' ? 'its signature' : 'the message’s signature (over its whole MIME tree)'
      switch (verification) {
        case 'verified': {
          invocation.note(`${what}: signature verified (signed by ${from}${signer === 'own' ? '' : ': the message’s signature, over its whole MIME tree'})`)
          break
        }

        case 'unsigned': {
          invocation.note(`${what}: unverified: ${signer === 'own' ? 'it carries' : 'the message it came in carries'} no signature`)
          break
        }

        case 'unverified': {
          invocation.note(`${what}: unverified: no public key of ${from} is known to check ${its} with`)
          break
        }

        case 'failed': {
          failedSignatures.push(what)
          invocation.io.stderr.write(`WARNING: ${what}: ${its} FAILED verification against the keys of ${from}: the file may have been tampered with; written all the same as ${path}\n`)
          break
        }
      }
    }
  },
})
