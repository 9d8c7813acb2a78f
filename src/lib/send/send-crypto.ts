/**
 * What sending a message encrypts and signs, as go-proton-api does it
 * (message_send_types.go encSplit, newTextPackage; attachment.go
 * UploadAttachment) and the web client (WebClients
 * packages/shared/lib/mail/send/sendEncrypt.ts encryptDraftBodyPackage,
 * encryptKeyPacket): the body encrypted once with a fresh session key and
 * signed inside by the sender's address key, then split into its key packet
 * (to the sender: the draft) and its data packet (shared by every package);
 * each recipient gets the session key alone, encrypted to their key; an
 * attachment is a key packet, a data packet and a detached signature of its
 * plaintext, the last two made as the file is read (streams), as the web
 * client encrypts and signs attachments (WebClients
 * applications/mail/src/app/helpers/attachment/attachmentUploader.ts).
 */
import type {enums, PrivateKey, PublicKey} from 'openpgp'

import {openpgp} from '../crypto/keyring.ts'

export interface SessionKey {
  data: Uint8Array
  /** OpenPGP.js's name, "aes256": the service's Algorithm field (go-proton-api SessionKey.Algorithm). */
  algorithm: enums.symmetricNames
}

export interface Split {
  sessionKey: SessionKey
  /** The session key encrypted to the sender's key. */
  keyPacket: Uint8Array
  /** The encrypted and signed body: one for all recipients. */
  dataPacket: Uint8Array
}

/** Sign `message`, encrypt it to the sender with a fresh session key, and split it into key and data packets. */
async function encryptSplit(message: Parameters<Awaited<ReturnType<typeof openpgp>>['encrypt']>[0]['message'], sender: PrivateKey): Promise<Split> {
  const pgp = await openpgp()
  const publicKey = sender.toPublic()
  const generated = await pgp.generateSessionKey({encryptionKeys: publicKey})
  const sessionKey = {algorithm: generated.algorithm, data: generated.data}
  const encrypted = await pgp.encrypt({encryptionKeys: publicKey, format: 'binary', message, sessionKey, signingKeys: sender})
  const packets = (await pgp.readMessage({binaryMessage: encrypted})).packets
  const keyPacket = packets.filterByTag(pgp.enums.packet.publicKeyEncryptedSessionKey).write() as Uint8Array
  // The key packet comes first, then the data packet: the rest of the message as OpenPGP.js wrote it (its own
  // write() of the data packet is a stream).
  if (!Buffer.from(encrypted.subarray(0, keyPacket.length)).equals(keyPacket)) throw new Error('unexpected packet order in the encrypted message')
  return {dataPacket: encrypted.subarray(keyPacket.length), keyPacket, sessionKey}
}

/** The body (UTF-8 text), signed by and encrypted to the sender. */
export async function encryptBody(text: string, sender: PrivateKey): Promise<Split & {armored: string}> {
  const pgp = await openpgp()
  const split = await encryptSplit(await pgp.createMessage({text}), sender)
  const joined = new Uint8Array(split.keyPacket.length + split.dataPacket.length)
  joined.set(split.keyPacket)
  joined.set(split.dataPacket, split.keyPacket.length)
  return {...split, armored: pgp.armor(pgp.enums.armor.message, joined)}
}

/** A fresh session key for the sender's key (its preferred cipher), and that key encrypted to the sender: the attachment's KeyPackets. */
export async function attachmentKey(sender: PrivateKey): Promise<{sessionKey: SessionKey; keyPacket: Uint8Array}> {
  const pgp = await openpgp()
  const publicKey = sender.toPublic()
  const generated = await pgp.generateSessionKey({encryptionKeys: publicKey})
  const sessionKey = {algorithm: generated.algorithm, data: generated.data}
  return {keyPacket: await encryptSessionKeyTo(sessionKey, publicKey), sessionKey}
}

/**
 * An attachment's data packet, encrypted with `sessionKey` as `plaintext` is read (OpenPGP.js streaming: a
 * stream in, a stream out, nothing of it held whole; its file name in the literal packet). OpenPGP.js writes the
 * session key's own key packet first: it is skipped, the KeyPackets being sent apart (attachmentKey).
 */
export async function encryptAttachmentStream(plaintext: ReadableStream<Uint8Array>, filename: string, sender: PrivateKey, sessionKey: SessionKey): Promise<ReadableStream<Uint8Array>> {
  const pgp = await openpgp()
  const message = await pgp.createMessage({binary: plaintext, filename, format: 'binary'})
  const encrypted = (await pgp.encrypt({encryptionKeys: sender.toPublic(), format: 'binary', message, sessionKey})) as unknown as ReadableStream<Uint8Array>
  return encrypted.pipeThrough(skipFirstPacket())
}

/**
 * The detached signature of `plaintext` (binary), computed as it is read: one pass, nothing held. OpenPGP.js's own
 * detached sign() of a stream keeps every byte of the message it drains (readToEnd); here the signature is asked
 * for as an object and the message's data read and dropped beside it, which is what feeds the hash.
 */
export async function signDetachedStream(plaintext: ReadableStream<Uint8Array>, sender: PrivateKey): Promise<Uint8Array> {
  const pgp = await openpgp()
  const message = await pgp.createMessage({binary: plaintext, format: 'binary'})
  const signature = await pgp.sign({detached: true, format: 'object', message, signingKeys: sender})
  // Read through getReader(): OpenPGP.js rebinds the stream's methods, not its async iterator.
  const reader = (message.getLiteralData() as unknown as ReadableStream<Uint8Array>).getReader()
  const drained = (async () => {
    while (!(await reader.read()).done);
  })()
  const written = signature.write() as unknown as ReadableStream<Uint8Array> | Uint8Array
  const chunks: Uint8Array[] = []
  const collected = (async () => {
    if (written instanceof Uint8Array) chunks.push(written)
    else for await (const chunk of written) chunks.push(chunk)
  })()
  await Promise.all([drained, collected])
  return Buffer.concat(chunks)
}

/**
 * The length of an OpenPGP packet's header and body from its first bytes (RFC 4880 4.2: new format, one-, two- or
 * five-octet lengths; old format, one, two or four); undefined until enough bytes are in. A partial length cannot
 * start a key packet: refused.
 */
export function packetLength(bytes: Uint8Array): number | undefined {
  if (bytes.length === 0) return undefined
  const tag = bytes[0]
  if ((tag & 0x80) === 0) throw new Error('not an OpenPGP packet')
  if ((tag & 0x40) === 0) {
    const size = [1, 2, 4][tag & 0x03]
    if (size === undefined) throw new Error('an old-format packet of indeterminate length')
    if (bytes.length < 1 + size) return undefined
    let length = 0
    for (let index = 1; index <= size; index++) length = length * 256 + bytes[index]
    return 1 + size + length
  }

  if (bytes.length < 2) return undefined
  const first = bytes[1]
  if (first < 192) return 2 + first
  if (first < 224) return bytes.length < 3 ? undefined : 3 + ((first - 192) << 8) + bytes[2] + 192
  if (first === 255) return bytes.length < 6 ? undefined : 6 + bytes[2] * 2 ** 24 + (bytes[3] << 16) + (bytes[4] << 8) + bytes[5]
  throw new Error('a key packet of partial length')
}

/** A stream of packets without its first one. */
function skipFirstPacket(): TransformStream<Uint8Array, Uint8Array> {
  let head = new Uint8Array(0)
  let skip: number | undefined
  return new TransformStream({
    transform(chunk, controller) {
      if (skip === 0) {
        controller.enqueue(chunk)
        return
      }

      if (skip === undefined) {
        head = Buffer.concat([head, chunk])
        skip = packetLength(head)
        if (skip === undefined) return
        chunk = head
        head = new Uint8Array(0)
      }

      const rest = chunk.subarray(Math.min(skip, chunk.length))
      skip -= chunk.length - rest.length
      if (rest.length > 0) controller.enqueue(rest)
    },
  })
}

/** A session key encrypted to a recipient's key: their key packet (WebClients sendEncrypt.ts encryptKeyPacket). */
export async function encryptSessionKeyTo(sessionKey: SessionKey, recipient: PublicKey): Promise<Uint8Array> {
  const pgp = await openpgp()
  return (await pgp.encryptSessionKey({algorithm: sessionKey.algorithm, data: sessionKey.data, encryptionKeys: recipient, format: 'binary'})) as Uint8Array
}

/** An armored public key read, or undefined when it cannot be. */
export async function readPublicKey(armored: string): Promise<PublicKey | undefined> {
  const pgp = await openpgp()
  return pgp.readKey({armoredKey: armored}).catch(() => undefined)
}
