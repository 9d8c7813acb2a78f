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
 * (BodyKey, AttachmentKeys) for the service to send plain mail. The
 * package's Type is the OR of its recipients'.
 */
import {encryptSessionKeyTo, readPublicKey, type SessionKey} from '../keys/send-crypto.ts'
import type {Recipient} from './recipients.ts'

export const INTERNAL_SCHEME = 1
export const CLEAR_SCHEME = 4
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

/** The one package of a message; only internal and external-clear recipients may be in `recipients`. */
export async function buildPackage(mimeType: string, dataPacket: Uint8Array, bodyKey: SessionKey, attachments: SentAttachment[], recipients: Recipient[]): Promise<Package> {
  const pack: Package = {Addresses: {}, Body: base64(dataPacket), MIMEType: mimeType, Type: 0}
  for (const recipient of recipients) {
    if (recipient.kind === 'internal') {
      const key = recipient.publicKey === undefined ? undefined : await readPublicKey(recipient.publicKey)
      if (!key) throw new Error(`${recipient.email}: the service's key cannot be read`)
      const AttachmentKeyPackets: Record<string, string> = {}
      for (const attachment of attachments) AttachmentKeyPackets[attachment.id] = base64(await encryptSessionKeyTo(attachment.sessionKey, key))
      pack.Addresses[recipient.email] = {AttachmentKeyPackets, BodyKeyPacket: base64(await encryptSessionKeyTo(bodyKey, key)), Signature: SIGNED, Type: INTERNAL_SCHEME}
      pack.Type |= INTERNAL_SCHEME
    } else if (recipient.kind === 'external-clear') {
      pack.Addresses[recipient.email] = {Signature: 0, Type: CLEAR_SCHEME}
      pack.Type |= CLEAR_SCHEME
    } else {
      // Never a silent downgrade: only the two kinds above are sent.
      throw new Error(`${recipient.email}: a ${recipient.kind} recipient has no package`)
    }
  }

  if (pack.Type & CLEAR_SCHEME) {
    pack.BodyKey = clearKey(bodyKey)
    pack.AttachmentKeys = Object.fromEntries(attachments.map((attachment) => [attachment.id, clearKey(attachment.sessionKey)]))
  }

  return pack
}
