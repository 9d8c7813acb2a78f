/**
 * The sending address and its keys: --from, else the primary address
 * (lowest Order, as WebClients getPrimaryAddress); an address that is
 * disabled or may not send (Status, Send) is refused. Its keys are unlocked
 * as mail read unlocks them (read-message.ts), the signing packets too.
 */
import {isRecord, type JsonRecord} from '../output/records.ts'
import {escapeLine} from '../output/escape.ts'
import type {Answer} from '../output/api-answer.ts'
import {unlockAddressKeys, unlockUserKeys, type ApiKey} from '../keys/keyring.ts'
import {openPassphrase} from '../keys/local-key.ts'
import {sealedPassphrase} from '../keys/user-keys.ts'
import {commandLine} from '../runtime/command-names.ts'
import {tryCall, activeSession} from '../runtime/dedicated.ts'
import {authError, usageError} from '../runtime/errors.ts'
import type {Invocation} from '../runtime/invocation.ts'
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

const list = (value: unknown): JsonRecord[] => (Array.isArray(value) ? value.filter((item) => isRecord(item)) : [])
const recordOf = (answer: Answer, key: string): JsonRecord => (isRecord(answer.data) && isRecord(answer.data[key]) ? answer.data[key] : {})

/** 25 MiB: the MaxUpload the service gives its users, when the user record names none. */
const DEFAULT_MAX_UPLOAD = 25 * 1024 * 1024

/** The user and the sending address (--from or the primary one), refused when it cannot send. */
export async function loadAccount(invocation: Invocation, from: string | undefined): Promise<Account> {
  const outcomes = await Promise.all([tryCall(invocation, {method: 'GET', path: '/core/v4/users'}), tryCall(invocation, {method: 'GET', path: '/core/v4/addresses'})])
  const failed = outcomes.find((outcome) => typeof outcome === 'number')
  if (failed !== undefined) invocation.exit(failed)
  const [user, addresses] = outcomes as [Answer, Answer]
  const all = list(isRecord(addresses.data) ? addresses.data.Addresses : undefined)
  const order = (address: JsonRecord) => (typeof address.Order === 'number' ? address.Order : Number.POSITIVE_INFINITY)
  const address =
    from === undefined
      ? [...all].sort((a, b) => order(a) - order(b))[0]
      : all.find((candidate) => typeof candidate.Email === 'string' && candidate.Email.toLowerCase() === from.trim().toLowerCase())
  if (!address) throw usageError(from === undefined ? 'the account has no address to send from' : `--from ${escapeLine(from)}: not an address of this account`)
  if (address.Status !== 1 || address.Send !== 1) throw usageError(`--from ${escapeLine(String(address.Email))}: this address cannot send (disabled, or not allowed to send)`)
  const userRecord = recordOf(user, 'User')
  const maxUpload = typeof userRecord.MaxUpload === 'number' && userRecord.MaxUpload > 0 ? userRecord.MaxUpload : DEFAULT_MAX_UPLOAD
  const own = new Map(all.map((candidate) => [String(candidate.Email).toLowerCase(), candidate]))
  return {address, maxUpload, own, user: userRecord}
}

/** The user keys, unlocked once per run (contacts' cards are signed by them, address keys locked with them). */
const unlocked = new WeakMap<Account, Promise<{keys: PrivateKey[]; passphrase: string}>>()

export function userKeys(invocation: Invocation, account: Account): Promise<{keys: PrivateKey[]; passphrase: string}> {
  let keys = unlocked.get(account)
  if (!keys) {
    keys = unlockUser(invocation, account)
    unlocked.set(account, keys)
  }

  return keys
}

async function unlockUser(invocation: Invocation, account: Account): Promise<{keys: PrivateKey[]; passphrase: string}> {
  const session = await activeSession(invocation)
  const sealed = sealedPassphrase(invocation, session)
  const localKey = await tryCall(invocation, {method: 'GET', path: '/auth/v4/sessions/local/key'})
  if (typeof localKey === 'number') invocation.exit(localKey)
  const login = commandLine(invocation.context.names, 'auth:login')
  const clientKey = isRecord(localKey.data) && typeof localKey.data.ClientKey === 'string' ? Buffer.from(localKey.data.ClientKey, 'base64') : Buffer.alloc(0)
  const passphrase = openPassphrase(sealed, clientKey, session.uid)
  if (passphrase === undefined) throw authError(`the session's local key does not open the stored key passphrase (profile ${session.profile}): run "${login}" again`)
  const user = await unlockUserKeys(list(account.user.Keys) as ApiKey[], passphrase)
  if (user.keys.length === 0) throw authError(`the stored key passphrase no longer unlocks the user keys (the password changed?): run "${login}" again`)
  return {keys: user.keys, passphrase}
}

/** The sending address's first key that unlocks, ready to sign. */
export async function signingKey(invocation: Invocation, account: Account): Promise<PrivateKey> {
  const user = await userKeys(invocation, account)
  // The primary key first, as the web client signs and encrypts with it.
  const keys = [...(list(account.address.Keys) as ApiKey[])].sort((a, b) => Number(b.Primary === 1) - Number(a.Primary === 1))
  const address = await unlockAddressKeys(keys, user.keys, user.passphrase, {signing: true})
  if (address.keys.length === 0) throw authError(`no key of the address ${String(account.address.Email)} could be unlocked (${address.failures.join('; ')})`)
  return address.keys[0]
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
export async function ownRecipient(invocation: Invocation, account: Account, address: JsonRecord, email: string): Promise<Recipient> {
  if (address.Status !== 1 || address.Receive === 0) return {email, kind: 'refused', reason: 'an address of this account that is disabled or cannot receive'}
  const flags = (key: JsonRecord) => (typeof key.Flags === 'number' ? key.Flags : 0)
  const keys = list(address.Keys)
    .filter((key) => (flags(key) & FLAG_EMAIL_NO_ENCRYPT) === 0)
    .sort((a, b) => Number(b.Primary === 1) - Number(a.Primary === 1))
  const user = await userKeys(invocation, account)
  const unlocked = await unlockAddressKeys(keys as ApiKey[], user.keys, user.passphrase)
  const own = unlocked.keys[0]
  if (own === undefined) return {email, kind: 'refused', reason: 'an address of this account none of whose keys unlocks: not sent in clear, nor to a key the service chose'}
  const publicKey = own.toPublic().armor()
  return {candidates: [publicKey], email, kind: 'internal', publicKey}
}
