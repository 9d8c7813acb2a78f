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
 * plaintext.
 */
import type {enums, PrivateKey, PublicKey} from 'openpgp'

import {openpgp} from './keyring.ts'

export interface SessionKey {
  data: Uint8Array
  /** OpenPGP.js's name, "aes256": the service's Algorithm field (go-proton-api SessionKey.Algorithm). */
  algorithm: enums.symmetricNames
}

export interface Split {
  sessionKey: SessionKey
  /** The session key encrypted to the sender's key. */
  keyPacket: Uint8Array
  /** The encrypted (and, for a body, signed) data: one for all recipients. */
  dataPacket: Uint8Array
}

/** Encrypt `message` to the sender with a fresh session key and split it into key and data packets. */
async function encryptSplit(message: Parameters<Awaited<ReturnType<typeof openpgp>>['encrypt']>[0]['message'], sender: PrivateKey, sign: boolean): Promise<Split> {
  const pgp = await openpgp()
  const publicKey = sender.toPublic()
  const generated = await pgp.generateSessionKey({encryptionKeys: publicKey})
  const sessionKey = {algorithm: generated.algorithm, data: generated.data}
  const encrypted = await pgp.encrypt({encryptionKeys: publicKey, format: 'binary', message, sessionKey, ...(sign ? {signingKeys: sender} : {})})
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
  const split = await encryptSplit(await pgp.createMessage({text}), sender, true)
  const joined = new Uint8Array(split.keyPacket.length + split.dataPacket.length)
  joined.set(split.keyPacket)
  joined.set(split.dataPacket, split.keyPacket.length)
  return {...split, armored: pgp.armor(pgp.enums.armor.message, joined)}
}

export interface EncryptedAttachment extends Split {
  /** The detached signature of the plaintext (binary), as the service stores it. */
  signature: Uint8Array
}

/** An attachment's plaintext encrypted to the sender (its file name in the literal packet) and signed detached. */
export async function encryptAttachment(data: Uint8Array, filename: string, sender: PrivateKey): Promise<EncryptedAttachment> {
  const pgp = await openpgp()
  const split = await encryptSplit(await pgp.createMessage({binary: data, filename}), sender, false)
  const signature = (await pgp.sign({detached: true, format: 'binary', message: await pgp.createMessage({binary: data}), signingKeys: sender})) as Uint8Array
  return {...split, signature}
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
