/**
 * The sending address and its keys: --from, else the primary address
 * (account/keys.ts primaryAddress, as WebClients getPrimaryAddress); an
 * address that is disabled or may not send (Status, Send) is refused. Its
 * keys are unlocked by account/keys.ts, as every command's, the signing
 * packets too.
 */
import {isRecord, type JsonRecord} from '../core/records.ts'
import {escapeLine} from '../core/escape.ts'
import {accountKeys, accountRecords, primaryAddress} from '../account/keys.ts'
import {authError, CliFailure, usageError} from '../core/errors.ts'
import type {Invocation} from '../run/invocation.ts'
import type {PrivateKey} from 'openpgp'

import type {Recipient} from './recipients.ts'

export interface Account {
  user: JsonRecord
  address: JsonRecord
  /** The user's MaxUpload: the most bytes of attachments a message may carry. */
  maxUpload: number
  /** Every address of the account by its lower-case email: sent to, they are the user's own (no contact's pins apply, and their keys are the account's, never the service's word: ownRecipient). */
  own: Map<string, JsonRecord>
}

/** 25 MiB: the MaxUpload the service gives its users, when the user record names none. */
const DEFAULT_MAX_UPLOAD = 25 * 1024 * 1024

/** The user and the sending address (--from or the primary one), refused when it cannot send; the keys' requests (account/keys.ts) serve it. */
export async function loadAccount(invocation: Invocation, from: string | undefined): Promise<Account> {
  const {addresses: all, user} = await accountRecords(invocation)
  const address = from === undefined ? primaryAddress(all) : all.find((candidate) => typeof candidate.Email === 'string' && candidate.Email.toLowerCase() === from.trim().toLowerCase())
  if (!address) throw usageError(from === undefined ? 'the account has no active address to send from' : `--from ${escapeLine(from)}: not an address of this account`)
  if (address.Status !== 1 || address.Send !== 1) throw usageError(`--from ${escapeLine(String(address.Email))}: this address cannot send (disabled, or not allowed to send)`)
  const maxUpload = typeof user.MaxUpload === 'number' && user.MaxUpload > 0 ? user.MaxUpload : DEFAULT_MAX_UPLOAD
  const own = new Map(all.map((candidate) => [String(candidate.Email).toLowerCase(), candidate]))
  return {address, maxUpload, own, user}
}

/** The user keys (contacts' cards are signed by them), unlocked once per run. */
export async function userKeys(invocation: Invocation): Promise<PrivateKey[]> {
  return (await accountKeys(invocation)).userKeys
}

/** The sending address's primary key (the first that unlocks: account/keys.ts puts the primary one first), ready to sign. */
export async function signingKey(invocation: Invocation, account: Account): Promise<PrivateKey> {
  const keys = await accountKeys(invocation)
  const [key] = await keys.addressKeys(String(account.address.ID), {signing: true}).catch((error: unknown) => {
    if (error instanceof CliFailure) throw error
    throw authError(error instanceof Error ? error.message.replace(/^no key of address /, 'no key of the address ') : String(error))
  })
  return key
}

/** Key flags (WebClients constants.ts KEY_FLAG): this key is not for encrypting mail. */
const FLAG_EMAIL_NO_ENCRYPT = 4

/**
 * One of the account's own addresses as a recipient, whatever GET /core/v4/keys/all says of it (a server could answer
 * with a key of its own making, or with none, which would send the message's session key in clear): encrypted to the
 * address's own key that unlocks with the user keys (its Token's signature checked: unlockAddressKeys), the primary
 * first, as the web client encrypts to itself with its own address key (WebClients
 * packages/shared/lib/mail/encryptionPreferences.ts extractEncryptionPreferencesOwnAddress, over the selfSend key of
 * getSendPreferences). No such key, or a disabled address: refused, never sent in clear.
 */
export async function ownRecipient(invocation: Invocation, address: JsonRecord, email: string): Promise<Recipient> {
  if (address.Status !== 1 || address.Receive === 0) return {email, kind: 'refused', reason: 'an address of this account that is disabled or cannot receive'}
  const flags = (key: unknown) => (isRecord(key) && typeof key.Flags === 'number' ? key.Flags : 0)
  const noEncrypt = new Set((Array.isArray(address.Keys) ? address.Keys : []).filter((key) => (flags(key) & FLAG_EMAIL_NO_ENCRYPT) !== 0).map((key) => String((key as JsonRecord).ID)))
  // account/keys.ts unlocks them (the Token's signature checked), the primary first.
  const unlocked = await (await accountKeys(invocation)).ownAddressKeys(String(address.ID)).catch(() => [])
  const own = unlocked.find((candidate) => !noEncrypt.has(candidate.id))?.key
  if (own === undefined) return {email, kind: 'refused', reason: 'an address of this account none of whose keys unlocks: not sent in clear, nor to a key the service chose'}
  const publicKey = own.toPublic().armor()
  return {candidates: [publicKey], email, kind: 'internal', publicKey}
}
