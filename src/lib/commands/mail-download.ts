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
 */
import {stat} from 'node:fs/promises'
import {join, resolve} from 'node:path'

import {AtomicFile} from '../files/atomic-file.ts'
import {alternativeNames, safeFileName} from '../files/safe-name.ts'
import {buildRequestUrl} from '../http/api-url.ts'
import {type BodyWriter, collectBody} from '../http/client.ts'
import {maxBytesOf, sizeText} from '../http/max-size.ts'
import {decryptAttachment, type Verification} from '../keys/keyring.ts'
import {messageWithKeys, senderKeys} from '../keys/read-message.ts'
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

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 200)

async function directory(given: string | undefined): Promise<string> {
  const path = resolve(given ?? '.')
  const found = await stat(path).catch(() => undefined)
  if (!found?.isDirectory()) throw usageError(`--dir ${JSON.stringify(printable(given ?? '.'))} is not a directory`)
  return path
}

export const mailDownload = plainCommand<MailDownloadOptions>({
  options: (line) => ({attachment: line.optionalString('attachment'), dir: line.optionalString('dir'), id: line.arg('id')}),
  async run(invocation, {attachment, dir, id}) {
    if (id.trim() === '') throw usageError('give the ID of a message (see "mail list")')
    const target = await directory(dir)
    const {fail, keys, message} = await messageWithKeys(invocation, id, {withSenderKeys: false})
    const listed = Array.isArray(message.Attachments) ? message.Attachments.filter(isRecord) : []
    const chosen = attachment === undefined ? listed : listed.filter((candidate) => candidate.ID === attachment)
    if (attachment !== undefined && chosen.length === 0) throw usageError(`message ${id} has no attachment ${attachment} (see "mail attachments ${id}")`)
    if (chosen.length === 0) {
      invocation.note(`message ${id} has no attachments`)
      return
    }

    const session = await invocation.session()
    const sender = isRecord(message.Sender) && typeof message.Sender.Address === 'string' ? message.Sender.Address : undefined
    const signed = chosen.some((record) => typeof record.Signature === 'string' && record.Signature !== '')
    // The sender's keys are asked for only when there is a signature to check with them.
    const published = signed && sender !== undefined ? await senderKeys(invocation, session, sender) : []
    const maxBytes = maxBytesOf(invocation.flags['max-size'])
    const failedSignatures: string[] = []
    for (const record of chosen) await downloadOne(record)
    if (failedSignatures.length > 0) {
      const count = failedSignatures.length
      const which = count === 1 ? `the signature of ${failedSignatures[0]}` : `the signatures of ${count} attachments (${failedSignatures.join(', ')})`
      throw fail(`${which} FAILED verification (see the warning above); ${count === 1 ? 'the file was' : 'the files were'} written all the same`)
    }

    /** What the answer's body became: the decrypted file, not yet published, or an error answer's bytes. */
    type Body = {file: AtomicFile; verification: Verification} | {bytes: Buffer}

    async function downloadOne(record: JsonRecord): Promise<void> {
      const aid = String(record.ID)
      const shown = printable(typeof record.Name === 'string' ? record.Name : '')
      const what = `attachment ${aid} (${shown})`
      if (typeof record.KeyPackets !== 'string' || record.KeyPackets === '') throw fail(`${what} lists no KeyPackets`)
      const keyPackets = Buffer.from(record.KeyPackets, 'base64')
      const signature = typeof record.Signature === 'string' && record.Signature !== '' ? record.Signature : undefined
      const name = safeFileName(record.Name, FALLBACK_NAME)
      const names = [name, ...alternativeNames(name, ALTERNATIVE_NAMES)].map((candidate) => join(target, candidate))
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

      const written = await body.file.commitNew(names)
      if (name !== record.Name) invocation.note(`Note: attachment ${aid}: its name "${shown}" is not a safe file name; written as ${printable(name)}`)
      if (written !== names[0]) invocation.note(`Note: ${printable(names[0])} exists and was left as it is; written as ${printable(written)}`)
      report(what, body.verification, printable(written))
      invocation.io.stdout.write(`${printable(written)}\n`)
    }

    /** One line on stderr per file about its signature; a failure is never silenced (--quiet or not). */
    function report(what: string, verification: Verification, path: string): void {
      const from = sender === undefined ? 'the sender' : printable(sender)
      switch (verification) {
        case 'verified': {
          invocation.note(`${what}: signature verified (signed by ${from})`)
          break
        }

        case 'unsigned': {
          invocation.note(`${what}: unverified: it carries no signature`)
          break
        }

        case 'unverified': {
          invocation.note(`${what}: unverified: no public key of ${from} is known to check its signature with`)
          break
        }

        case 'failed': {
          failedSignatures.push(what)
          invocation.io.stderr.write(`WARNING: ${what}: its signature FAILED verification against the keys of ${from}: the file may have been tampered with; written all the same as ${path}\n`)
          break
        }
      }
    }
  },
})
