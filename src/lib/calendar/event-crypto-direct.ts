/**
 * An event's parts opened without OpenPGP.js (crypto/direct, issue 45), with the calendar keys as the seal holds
 * them: the same results as calendar-event-crypto.ts's openSessionKey and openCard, or Unsupported (thrown) for
 * anything short of them (a signature that does not hold included), and the caller opens the event with OpenPGP.js.
 */
import {decryptMessage, openSessionKey, type SessionKey} from '../crypto/direct/decrypt.ts'
import type {DirectKeySet} from '../crypto/direct/keys.ts'
import {holdsDetached} from '../crypto/direct/open.ts'
import {need} from '../crypto/direct/packets.ts'
import type {EventKeys} from './event-keys.ts'
import {CARD, type CardData, MAX_PART_BYTES, needsLegacy, type OpenedCard, type PartVerification} from './calendar-event-crypto.ts'

/** The session key of a base64 key packet, for one of the calendar keys; as `kept` holds it when it does. */
export function sessionKeyDirectly(keyPacket: string, calendarKeys: readonly DirectKeySet[], kept?: EventKeys): SessionKey {
  const packet = Buffer.from(keyPacket, 'base64')
  const open = () => openSessionKey(packet, calendarKeys)
  return kept ? kept.get(packet, open) : open()
}

/**
 * verifyCard's verdict when it is certain: unverified (no keys), failed (no signature), verified (it holds, as binary
 * or legacy text; `kept` may know it held before).
 */
function verdict(text: string, signature: string | null | undefined, keys: readonly DirectKeySet[], kept?: EventKeys): PartVerification {
  if (keys.length === 0) return 'unverified'
  if (!signature) return 'failed'
  const holds = (data: string) => (kept ? kept.holds(Buffer.from(data, 'utf8'), signature, keys) : holdsDetached(Buffer.from(data, 'utf8'), signature, keys))
  if (holds(text)) return 'verified'
  need(needsLegacy(text) && holds(text.replace(/[ \t]+(?=\r?\n|$)/g, '')), 'a part whose signature does not hold')
  return 'verified'
}

/** One part opened as openCard opens it. */
export function openCardDirectly(card: CardData, sessionKey: SessionKey | undefined, authorKeys: readonly DirectKeySet[], kept?: EventKeys): OpenedCard {
  if (card.Type === CARD.CLEAR_TEXT) return {text: card.Data, verification: 'unverified'}
  if (card.Type === CARD.SIGNED) return {text: card.Data, verification: verdict(card.Data, card.Signature, authorKeys, kept)}
  need((card.Type === CARD.ENCRYPTED || card.Type === CARD.ENCRYPTED_AND_SIGNED) && sessionKey, 'a part openCard refuses')
  const text = decryptMessage(Buffer.from(card.Data, 'base64'), {maxBytes: MAX_PART_BYTES, sessionKey}).data.toString('utf8')
  if (card.Type === CARD.ENCRYPTED) return {text, verification: 'unverified'}
  return {text, verification: verdict(text, card.Signature, authorKeys, kept)}
}
