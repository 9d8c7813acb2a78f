/**
 * Contact cards, read and made with the account's user keys (not its address keys). A contact is a list of cards,
 * each a vCard: Type 0 in clear, 1 encrypted, 2 signed (a detached signature over the clear Data), 3 encrypted and
 * signed (the Data encrypted, the detached signature over its plaintext): go-proton-api contact_card.go (CardType,
 * Card.decode, Card.encode), WebClients packages/shared/lib/constants.ts (CONTACT_CARD_TYPE),
 * packages/shared/lib/contacts/decrypt.ts (decryptContact: every user key decrypts, their public halves verify,
 * a signature checked with trailing spaces stripped) and encrypt.ts (prepareCards: encrypted to and signed by the
 * primary user key, armored, signatures detached).
 */
import type {PrivateKey, PublicKey} from 'openpgp'

import {openpgp, type Openpgp} from '../crypto/keyring.ts'
import {decryptMessage} from '../crypto/direct/decrypt.ts'
import type {DirectKeySet} from '../crypto/direct/keys.ts'
import {holdsDetached} from '../crypto/direct/open.ts'
import {need} from '../crypto/direct/packets.ts'

export const CARD_TYPE = {CLEAR_TEXT: 0, ENCRYPTED: 1, SIGNED: 2, ENCRYPTED_AND_SIGNED: 3} as const

export interface Card {
  Type: number
  Data: string
  Signature: string | null
}

/** verified: the signature holds for a user key; failed: it does not (or cannot be read); none: the card is not signed. */
export type CardSignature = 'failed' | 'none' | 'verified'

export interface OpenedCard {
  type: number
  /** The vCard text; undefined when the card could not be decrypted (or has an unknown Type). */
  data?: string
  signature: CardSignature
  /** Why the data is missing, or why the signature failed. */
  problem?: string
}

/** A card's plaintext is at most this (WebClients MAX_IMPORT_FILE_SIZE, 10 MB): a compressed packet is not inflated past it. */
export const MAX_CARD_BYTES = 10 * 1024 * 1024

const encrypted = (type: number) => (type & CARD_TYPE.ENCRYPTED) !== 0
const signed = (type: number) => (type & CARD_TYPE.SIGNED) !== 0

function reason(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 200)
}

/**
 * Each line (split at LF) without its trailing spaces, tabs and CRs, as pmcrypto's removeTrailingSpaces: the text
 * the web client signs a signed card over and verifies it against (stripTrailingSpaces: true).
 */
export const stripTrailingSpaces = (text: string) => text.replaceAll(/[ \t\r]+(?=\n|$)/g, '')

/** Whether the detached signature holds over the text, as given or with trailing spaces stripped. */
async function verifyText(pgp: Openpgp, text: string, armoredSignature: string, verificationKeys: PublicKey[]): Promise<boolean> {
  const signature = await pgp.readSignature({armoredSignature})
  for (const candidate of new Set([stripTrailingSpaces(text), text])) {
    const {signatures} = await pgp.verify({message: await pgp.createMessage({text: candidate}), signature, verificationKeys})
    const outcomes = await Promise.all(
      signatures.map(async ({verified}) =>
        verified.then(
          () => true,
          () => false,
        ),
      ),
    )
    if (outcomes.some(Boolean)) return true
  }

  return false
}

async function decryptText(pgp: Openpgp, armoredMessage: string, keys: PrivateKey[]): Promise<string> {
  const message = await pgp.readMessage({armoredMessage})
  const config = {maxDecompressedMessageSize: MAX_CARD_BYTES}
  const {data} = await pgp.decrypt({config, decryptionKeys: keys, format: 'binary', message})
  const bytes = data as Uint8Array
  if (bytes.byteLength > MAX_CARD_BYTES) throw new Error(`its plaintext is over ${MAX_CARD_BYTES} bytes`)
  return Buffer.from(bytes).toString('utf8')
}

/** A card of a Type no card has, as openCard and openCardDirectly say it; else undefined. */
function unknownType({Data, Type: type}: Card): OpenedCard | undefined {
  if (!Number.isInteger(type) || type < 0 || type > 3 || typeof Data !== 'string') return {problem: `a card of unknown Type ${JSON.stringify(type)}`, signature: 'none', type}
  return undefined
}

/**
 * One card opened without OpenPGP.js (crypto/direct, issue 45), with the user keys as the seal holds them: the same
 * result as openCard when the card is of the kinds crypto/direct reads and its signature holds; anything else is
 * Unsupported (thrown), and openCard says what it is.
 */
export function openCardDirectly(card: Card, keys: readonly DirectKeySet[]): OpenedCard {
  const unknown = unknownType(card)
  if (unknown) return unknown
  const {Signature: signature, Type: type} = card
  const data = encrypted(type) ? decryptMessage(card.Data, {keys, maxBytes: MAX_CARD_BYTES}).data.toString('utf8') : card.Data
  if (!signed(type)) return {data, signature: 'none', type}
  need(typeof signature === 'string' && signature !== '', 'a card without its signature')
  need(
    [stripTrailingSpaces(data), data].some((text) => holdsDetached(Buffer.from(text, 'utf8'), signature, keys)),
    'a signature that does not hold',
  )
  return {data, signature: 'verified', type}
}

/** One card, decrypted with the user keys and its signature checked against them; never throws. */
export async function openCard(card: Card, keys: PrivateKey[]): Promise<OpenedCard> {
  const pgp = await openpgp()
  const unknown = unknownType(card)
  if (unknown) return unknown
  const {Type: type} = card
  let data = card.Data
  if (encrypted(type)) {
    try {
      data = await decryptText(pgp, card.Data, keys)
    } catch (error) {
      return {problem: `cannot decrypt it: ${reason(error)}`, signature: 'none', type}
    }
  }

  if (!signed(type)) return {data, signature: 'none', type}
  if (typeof card.Signature !== 'string' || card.Signature === '') return {data, problem: 'its Signature is missing', signature: 'failed', type}
  try {
    const holds = await verifyText(
      pgp,
      data,
      card.Signature,
      keys.map((key) => key.toPublic()),
    )
    return holds ? {data, signature: 'verified', type} : {data, problem: 'the signature does not match the user keys', signature: 'failed', type}
  } catch (error) {
    return {data, problem: `the signature cannot be read: ${reason(error)}`, signature: 'failed', type}
  }
}

/** Every card of a contact, in order. */
export async function openCards(cards: readonly Card[], keys: PrivateKey[]): Promise<OpenedCard[]> {
  return Promise.all(cards.map((card) => openCard(card, keys)))
}

/**
 * A card as the web client makes it (WebClients packages/shared/lib/contacts/encrypt.ts prepareCardsFromVCard): Type 2
 * its Data as written, signed by the primary user key over that text with trailing spaces stripped (signMessage
 * stripTrailingSpaces: true, so a name ending in a space or a line folded after one verifies in its apps); Type 3
 * encrypted to the key and signed over the text as it is (encryptMessage, no stripping); Type 0 as it is.
 */
export async function makeCard(type: 0 | 2 | 3, data: string, primary: PrivateKey): Promise<Card> {
  if (type === CARD_TYPE.CLEAR_TEXT) return {Data: data, Signature: null, Type: type}
  const pgp = await openpgp()
  if (type === CARD_TYPE.SIGNED) {
    const stripped = await pgp.createMessage({text: stripTrailingSpaces(data)})
    return {Data: data, Signature: await pgp.sign({detached: true, format: 'armored', message: stripped, signingKeys: primary}), Type: type}
  }

  const message = await pgp.createMessage({text: data})
  const signature = await pgp.sign({detached: true, format: 'armored', message, signingKeys: primary})
  const ciphertext = await pgp.encrypt({encryptionKeys: primary.toPublic(), format: 'armored', message})
  return {Data: ciphertext, Signature: signature, Type: type}
}
