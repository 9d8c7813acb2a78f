/**
 * The Packages of POST /mail/v4/messages/{ID} (go-proton-api
 * message_send_types.go MessagePackage, MessageRecipient, newTextPackage;
 * WebClients packages/shared/lib/mail/send/sendTopPackages.ts,
 * sendSubPackages.ts, sendEncrypt.ts): one package per MIME type (a body is
 * text/plain or text/html, so one), its Body the shared data packet; an
 * internal recipient (Type 1, InternalScheme) gets the body's and each
 * attachment's session key encrypted to their key, the body signed
 * (Signature 1); an external recipient without keys (Type 4, ClearScheme)
 * gets nothing of their own, the package the session keys in clear
 * (BodyKey, AttachmentKeys) for the service to send plain mail, signed
 * PGP/Inline when its Signature is 1 (sendSubPackages.ts sendPGPInline: sign
 * only is SEND_CLEAR with Signature 1; the service signs with the signature
 * inside the data packet). A recipient signed as PGP/MIME gets the MIME
 * package instead (sendPGPMime: SEND_CLEAR_MIME, 32, Signature 1; go-proton-api
 * newMIMEPackage ClearMIMEScheme): the whole MIME tree (send/mime.ts)
 * encrypted and signed as one body, its BodyKey in clear, no attachment keys
 * (the attachments are inside). An external recipient with keys
 * (send/pinned-keys.ts externalKey) gets, PGP/Inline, an entry of Type 8 in the
 * text/plain package with its key packets as an internal one has them
 * (sendPGPInline, SEND_PGP_INLINE; go-proton-api newTextPackage
 * PGPInlineScheme), or, PGP/MIME, an entry of Type 16 in the MIME package,
 * the MIME tree's session key encrypted to its key (sendPGPMime,
 * SEND_PGP_MIME; newMIMEPackage PGPMIMEScheme); both signed. The package's
 * Type is the OR of its recipients'.
 */
import {encryptSessionKeyTo, readPublicKey, type SessionKey} from './send-crypto.ts'
import {inMime, signedMime, type Recipient} from './recipients.ts'

export const INTERNAL_SCHEME = 1
export const CLEAR_SCHEME = 4
export const PGP_INLINE_SCHEME = 8
export const PGP_MIME_SCHEME = 16
export const CLEAR_MIME_SCHEME = 32
/** go-proton-api SignatureType DetachedSignature: the body carries the sender's signature. */
const SIGNED = 1

export interface SentAttachment {
  id: string
  sessionKey: SessionKey
}

export interface PackageRecipient {
  Type: number
  Signature: number
  BodyKeyPacket?: string
  AttachmentKeyPackets?: Record<string, string>
}

export interface Package {
  Addresses: Record<string, PackageRecipient>
  MIMEType: string
  Type: number
  Body: string
  BodyKey?: {Key: string; Algorithm: string}
  AttachmentKeys?: Record<string, {Key: string; Algorithm: string}>
}

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')
const clearKey = ({algorithm, data}: SessionKey) => ({Algorithm: algorithm, Key: base64(data)})

/** The recipient's key (internal: the service's or the pinned one; external: the one externalKey chose). */
async function keyOf(recipient: Recipient) {
  const key = recipient.publicKey === undefined ? undefined : await readPublicKey(recipient.publicKey)
  if (!key) throw new Error(`${recipient.email}: the ${recipient.kind === 'internal' ? "service's " : ''}key cannot be read`)
  return key
}

/** The one package of a message; only internal and external-clear recipients may be in `recipients`. */
export async function buildPackage(mimeType: string, dataPacket: Uint8Array, bodyKey: SessionKey, attachments: SentAttachment[], recipients: Recipient[]): Promise<Package> {
  const pack: Package = {Addresses: {}, Body: base64(dataPacket), MIMEType: mimeType, Type: 0}
  for (const recipient of recipients) {
    const encrypted = recipient.kind === 'internal' || (recipient.kind === 'external-keys' && !inMime(recipient))
    if (encrypted) {
      const key = await keyOf(recipient)
      const Type = recipient.kind === 'internal' ? INTERNAL_SCHEME : PGP_INLINE_SCHEME
      const AttachmentKeyPackets: Record<string, string> = {}
      for (const attachment of attachments) AttachmentKeyPackets[attachment.id] = base64(await encryptSessionKeyTo(attachment.sessionKey, key))
      pack.Addresses[recipient.email] = {AttachmentKeyPackets, BodyKeyPacket: base64(await encryptSessionKeyTo(bodyKey, key)), Signature: SIGNED, Type}
      pack.Type |= Type
    } else if (recipient.kind === 'external-clear' && !signedMime(recipient)) {
      pack.Addresses[recipient.email] = {Signature: recipient.sign ? SIGNED : 0, Type: CLEAR_SCHEME}
      pack.Type |= CLEAR_SCHEME
    } else {
      // Never a silent downgrade: only the kinds above are sent in this package.
      throw new Error(`${recipient.email}: a ${recipient.kind} recipient has no package`)
    }
  }

  if (pack.Type & CLEAR_SCHEME) {
    pack.BodyKey = clearKey(bodyKey)
    pack.AttachmentKeys = Object.fromEntries(attachments.map((attachment) => [attachment.id, clearKey(attachment.sessionKey)]))
  }

  return pack
}

/** The MIME package (multipart/mixed) of the recipients signed or encrypted as PGP/MIME: `dataPacket` is the MIME tree's. */
export async function buildMimePackage(dataPacket: Uint8Array, bodyKey: SessionKey, recipients: Recipient[]): Promise<Package> {
  const pack: Package = {Addresses: {}, Body: base64(dataPacket), MIMEType: 'multipart/mixed', Type: 0}
  for (const recipient of recipients) {
    if (!inMime(recipient)) throw new Error(`${recipient.email}: a ${recipient.kind} recipient has no MIME package`)
    if (signedMime(recipient)) {
      pack.Addresses[recipient.email] = {Signature: SIGNED, Type: CLEAR_MIME_SCHEME}
      pack.BodyKey = clearKey(bodyKey)
      pack.Type |= CLEAR_MIME_SCHEME
    } else {
      pack.Addresses[recipient.email] = {BodyKeyPacket: base64(await encryptSessionKeyTo(bodyKey, await keyOf(recipient))), Signature: SIGNED, Type: PGP_MIME_SCHEME}
      pack.Type |= PGP_MIME_SCHEME
    }
  }

  return pack
}
