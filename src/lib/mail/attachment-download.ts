/**
 * One attachment the service keeps, fetched with GET /mail/v4/attachments/AID
 * (go-proton-api attachment.go GetAttachment: the encrypted data packet as
 * bytes) and streamed: the packet flows from the socket through OpenPGP.js
 * (keyring.ts decryptAttachment, the session key from the KeyPackets the
 * message lists) into a temporary file, one chunk in flight, so memory
 * stays flat whatever the size. --max-size bounds the encrypted bytes as
 * they arrive and the plaintext as it is written (a compressed packet can
 * inflate far beyond its ciphertext). The file comes back unpublished, with
 * the verdict on the attachment's detached signature; a cut, tampered or
 * oversized answer leaves no file.
 */
import type {PrivateKey} from 'openpgp'

import type {AtomicFile} from '../files/atomic-file.ts'
import {idSegment} from '../http/path-segment.ts'
import {buildRequestUrl} from '../http/api-url.ts'
import {type BodyWriter, collectBody, type ResponseHead} from '../http/client.ts'
import {sizeText} from '../http/max-size.ts'
import {readAnswer} from '../output/api-answer.ts'
import {transferText} from '../output/progress.ts'
import {CliFailure, unavailableError} from '../core/errors.ts'
import type {Invocation} from '../run/invocation.ts'
import type {ActiveSession} from '../session/session.ts'
import {decryptAttachment, type Verification} from '../crypto/keyring.ts'

/** What every attachment of one message is fetched with. */
export interface AttachmentSource {
  invocation: Invocation
  session: ActiveSession
  messageId: string
  /** The unlocked keys of the message's address. */
  keys: PrivateKey[]
  /** The sender's published keys, to check signatures with. */
  senderKeys: string[]
  maxBytes: number
  /** A failure that names the message. */
  fail(cause: string): CliFailure
}

export interface AttachmentRequest {
  aid: string
  keyPackets: Buffer
  /** The armored detached signature the service lists, if any. */
  signature?: string
  /** "attachment AID (name)": how a failure names it. */
  what: string
  /** A temporary file to decrypt into (one per attempt: a retry starts afresh). */
  create(): Promise<AtomicFile>
}

/** What the answer's body became: the decrypted file, not yet published, or an error answer's bytes. */
type Body = {file: AtomicFile; verification: Verification} | {bytes: Buffer}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 200)

export async function downloadAttachment(source: AttachmentSource, request: AttachmentRequest): Promise<{file: AtomicFile; verification: Verification}> {
  const {fail, invocation, messageId, session} = source
  const {aid, what} = request
  const url = buildRequestUrl(session.apiUrl, `/mail/v4/attachments/${idSegment(aid)}`)
  const kept = (writer: BodyWriter<Buffer>): BodyWriter<Body> => ({discard: () => writer.discard(), end: async () => ({bytes: await writer.end()}), write: (chunk) => writer.write(chunk)})
  // Bytes and rate on a terminal's stderr line while the answer arrives.
  const progress = invocation.progress()
  const counted = (writer: BodyWriter<Body>, length: string | string[] | undefined): BodyWriter<Body> => {
    const started = Date.now()
    const total = typeof length === 'string' && /^\d+$/.test(length) ? Number(length) : undefined
    let bytes = 0
    return {
      ...writer,
      async write(chunk) {
        bytes += chunk.length
        // The bytes first: a cut line (the attachment's ID is 88 characters) still shows them.
        progress.update(`${transferText(bytes, total, Date.now() - started)}: ${what}`)
        await writer.write(chunk)
      },
    }
  }

  let response
  try {
    const receive = async (head: ResponseHead) => (head.statusCode === 200 ? counted(await decrypting(source, request), head.headers['content-length']) : kept(collectBody()))
    response = await invocation.stream<Body>(session, {method: 'GET', url}, receive, async (body) => ('bytes' in body ? body.bytes : undefined)).finally(() => progress.clear())
  } catch (error) {
    // A failure of the transport (cut short, --max-size, --timeout) names the attachment too; the temporary file is gone already.
    if (error instanceof CliFailure && !error.message.startsWith(`message ${messageId}: `)) {
      throw new CliFailure(`message ${messageId}: ${what}: ${error.message}${/nothing (printed|written)/.test(error.message) ? '' : '; nothing written'}`, error.exitStatus)
    }

    throw error
  }

  const {body} = response
  if ('bytes' in body) {
    const outcome = readAnswer({...response, body: body.bytes})
    throw outcome.ok ? fail(`${what}: HTTP ${response.statusCode}`) : new CliFailure(`${what}: ${outcome.failure.message}`, outcome.failure.exitStatus)
  }

  return body
}

/** The body of a 200 answer, decrypted into a temporary file as it arrives. */
async function decrypting({fail, keys, maxBytes, messageId, senderKeys}: AttachmentSource, {create, keyPackets, signature, what}: AttachmentRequest): Promise<BodyWriter<Body>> {
  const cannotDecrypt = (error: unknown) => (error instanceof CliFailure ? error : fail(`${what}: cannot decrypt it: ${reason(error)}; nothing written`))
  const file = await create()
  const decryption = await decryptAttachment(
    keyPackets,
    keys,
    async (chunk) => {
      if (file.length + chunk.length > maxBytes) throw unavailableError(`message ${messageId}: ${what}: its plaintext is over --max-size (${sizeText(maxBytes)}): stopped reading it; nothing written`)
      await file.write(chunk)
    },
    {senderKeys, signature},
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
