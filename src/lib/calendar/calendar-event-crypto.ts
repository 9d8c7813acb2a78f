/**
 * The cryptography of a calendar event's parts, as the web client does it.
 *
 * Reading (WebClients packages/shared/lib/calendar/crypto/decrypt.ts
 * decryptAndVerifyCalendarEvent, verifySignedCard, decryptCard,
 * getNeedsLegacyVerification; go-proton-api calendar_event_types.go
 * CalendarEventPart.Decode): the session key comes from SharedKeyPacket or
 * CalendarKeyPacket (a PKESK to the calendar key); a part of Type 2 (SIGNED)
 * is clear text with a detached signature over its UTF-8 bytes; Type 3
 * (ENCRYPTED_AND_SIGNED) a data packet (SEIPD) for that session key, the
 * signature over the plaintext; Type 1 encrypted only; Type 0 clear. A
 * binary signature that fails over text with bare LF line ends, or with
 * spaces before CRLF, is checked again as a text signature with trailing
 * spaces stripped: older clients signed the cards that way.
 *
 * Writing (crypto/encrypt.ts signPart, encryptPart, createSessionKey,
 * getEncryptedSessionKey): each part signed, detached, over its UTF-8 bytes
 * by the address key; encrypted parts encrypted with the event's session key
 * alone (no key packet inside), the session key encrypted apart to the
 * calendar's primary key.
 */
import type {PrivateKey, PublicKey, SessionKey} from 'openpgp'

import {openpgp} from '../crypto/keyring.ts'

/**
 * The most bytes a part may inflate to: an event's part is a few KiB, and a compressed packet of a few KiB could
 * otherwise inflate to gigabytes in memory. Over it, the part cannot be opened (the event is named on stderr).
 */
export const MAX_PART_BYTES = 16 * 1024 * 1024

/** CALENDAR_CARD_TYPE (WebClients calendar/constants.ts). */
export const CARD = {CLEAR_TEXT: 0, ENCRYPTED: 1, SIGNED: 2, ENCRYPTED_AND_SIGNED: 3} as const

/** EVENT_VERIFICATION_STATUS, by name: verified by the author's keys, none to check it with, or failed. */
export type PartVerification = 'verified' | 'unverified' | 'failed'

export interface CardData {
  Type: number
  Data: string
  Signature?: string | null
  Author?: string
}

/** The session key in a base64 key packet, decrypted with the calendar keys. */
export async function openSessionKey(keyPacket: string, calendarKeys: PrivateKey[]): Promise<SessionKey> {
  const pgp = await openpgp()
  const message = await pgp.readMessage({binaryMessage: Buffer.from(keyPacket, 'base64')})
  const [decrypted] = await pgp.decryptSessionKeys({decryptionKeys: calendarKeys, message})
  if (!decrypted?.algorithm) throw new Error('the key packet does not open with the calendar keys')
  return {algorithm: decrypted.algorithm as SessionKey['algorithm'], data: decrypted.data}
}

/** decrypt.ts getNeedsLegacyVerification: only a failed binary check over text that a text signature would have normalised. */
export function needsLegacy(text: string): boolean {
  return / \r\n/.test(text) || /\n/.test(text.replaceAll('\r\n', ''))
}

async function verifyOnce(data: Uint8Array | string, armoredSignature: string, keys: PublicKey[]): Promise<boolean> {
  const pgp = await openpgp()
  try {
    const signature = await pgp.readSignature({armoredSignature})
    const message = typeof data === 'string' ? await pgp.createMessage({text: data.replace(/[ \t]+(?=\r?\n|$)/g, '')}) : await pgp.createMessage({binary: data})
    const {signatures} = await pgp.verify({message, signature, verificationKeys: keys})
    const outcomes = await Promise.all(
      signatures.map(({verified}) =>
        verified.then(
          () => true,
          () => false,
        ),
      ),
    )
    return outcomes.some(Boolean)
  } catch {
    return false
  }
}

/** The verdict on a detached signature over `text` by one of `keys` (none: unverified), with the legacy fallback. */
export async function verifyCard(text: string, armoredSignature: string | null | undefined, keys: PublicKey[]): Promise<PartVerification> {
  if (keys.length === 0) return 'unverified'
  if (!armoredSignature) return 'failed'
  if (await verifyOnce(Buffer.from(text, 'utf8'), armoredSignature, keys)) return 'verified'
  if (needsLegacy(text) && (await verifyOnce(text, armoredSignature, keys))) return 'verified'
  return 'failed'
}

export interface OpenedCard {
  text: string
  verification: PartVerification
}

/** One part (a card) opened: decrypted when it is encrypted, its signature checked when it is signed. */
export async function openCard(card: CardData, sessionKey: SessionKey | undefined, authorKeys: PublicKey[]): Promise<OpenedCard> {
  if (card.Type === CARD.CLEAR_TEXT) return {text: card.Data, verification: 'unverified'}
  if (card.Type === CARD.SIGNED) return {text: card.Data, verification: await verifyCard(card.Data, card.Signature, authorKeys)}
  if (card.Type !== CARD.ENCRYPTED && card.Type !== CARD.ENCRYPTED_AND_SIGNED) throw new Error(`unknown part Type ${String(card.Type)}`)
  if (!sessionKey) throw new Error('an encrypted part, but no key packet to open it')
  const pgp = await openpgp()
  const message = await pgp.readMessage({binaryMessage: Buffer.from(card.Data, 'base64')})
  // The integrity check (MDC) is OpenPGP.js's: nothing is returned unless the whole packet checks out.
  const config = {maxDecompressedMessageSize: MAX_PART_BYTES}
  const {data} = await pgp.decrypt({config, format: 'binary', message, sessionKeys: sessionKey}).catch((error: unknown) => {
    if (error instanceof Error && /Maximum decompressed message size exceeded/.test(error.message)) throw new Error(`it inflates past ${MAX_PART_BYTES} bytes`)
    throw error
  })
  const text = Buffer.from(data as Uint8Array).toString('utf8')
  if (card.Type === CARD.ENCRYPTED) return {text, verification: 'unverified'}
  return {text, verification: await verifyCard(text, card.Signature, authorKeys)}
}

/** A new session key for the calendar's primary key, and that key's packet for it (base64). */
export async function newSessionKey(calendarKey: PublicKey): Promise<{sessionKey: SessionKey; keyPacket: string}> {
  const pgp = await openpgp()
  const sessionKey = await pgp.generateSessionKey({encryptionKeys: calendarKey})
  const packet = await pgp.encryptSessionKey({...sessionKey, encryptionKeys: calendarKey, format: 'binary'})
  return {keyPacket: Buffer.from(packet).toString('base64'), sessionKey: {algorithm: sessionKey.algorithm, data: sessionKey.data}}
}

/** signPart: a detached signature over the text's UTF-8 bytes (armored). */
export async function signCard(text: string, signingKey: PrivateKey): Promise<string> {
  const pgp = await openpgp()
  return pgp.sign({detached: true, format: 'armored', message: await pgp.createMessage({binary: Buffer.from(text, 'utf8')}), signingKeys: signingKey})
}

/** encryptPart: the data packet for the session key (base64) and the signature over the plaintext. */
export async function encryptCard(text: string, signingKey: PrivateKey, sessionKey: SessionKey): Promise<{Data: string; Signature: string}> {
  const pgp = await openpgp()
  const [packet, Signature] = await Promise.all([pgp.encrypt({format: 'binary', message: await pgp.createMessage({binary: Buffer.from(text, 'utf8')}), sessionKey}), signCard(text, signingKey)])
  return {Data: Buffer.from(packet).toString('base64'), Signature}
}
