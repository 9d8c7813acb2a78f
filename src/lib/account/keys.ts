/**
 * THE one way a command gets the account's keys: the session's local key, the user and the addresses asked for in
 * parallel (once per run), the key passphrase opened from the session file with the local key (no password, no
 * bcrypt: local-key.ts), the user keys unlocked once, an address's keys when first asked for. Every command that
 * decrypts or signs goes through here, so every one of them bounds unlocking by --timeout, refuses an Argon2 key
 * over the bounds with exit 5, notes malformed key entries, and picks the same primary key and primary address.
 *
 * Unlocked keys are kept between runs sealed under the session's local key (key-seal.ts): a key whose seal opens and
 * whose service record is unchanged is read back without any S2K; anything else is derived as before.
 *
 * Primary rules, as WebClients: the primary user key is the first of the list once the flagged one leads it
 * (packages/shared/lib/keys/getPrimaryKey.ts takes keys[0]; getDecryptedUserKeys.ts treats userKeys[0] as primary;
 * the service lists the Primary one first), and the primary address the first active one by Order
 * (packages/shared/lib/helpers/address.ts getPrimaryAddress, addressStatus.ts getIsAddressActive).
 */
import {existsSync} from 'node:fs'

import type {PrivateKey, PublicKey} from 'openpgp'

import {type ApiKey, addressKeySecret, isActiveKey, type Openpgp, Argon2TooCostly, keyEntries, malformedNote, openpgp, type UnlockDeadline, unlockOne, unlockRest} from '../crypto/keyring.ts'
import {clientKeyOf, openPassphrase} from '../crypto/local-key.ts'
import type {Answer} from '../output/api-answer.ts'
import {isRecord, type JsonRecord} from '../core/records.ts'
import {commandLine} from '../core/command-names.ts'
import {enableOwnCompileCache} from '../files/compile-cache.ts'
import {activeSession, tryCall} from '../run/api.ts'
import {authError, CliFailure, TimeoutFailure} from '../core/errors.ts'
import {EXIT} from '../core/exit-status.ts'
import type {Invocation} from '../run/invocation.ts'
import type {ActiveSession} from '../session/session.ts'

import {type KeySeal, openKeySeal, sealPath} from './key-seal.ts'

export const isPrimaryKey = (key: ApiKey) => key.Primary === 1 || key.Primary === true
/** getIsAddressActive: enabled (Status 1), receives and sends. */
export const isActiveAddress = (address: JsonRecord) => address.Status === 1 && address.Receive === 1 && address.Send === 1

/** The key list with the flagged primary key first, the rest in the service's order: keys[0] is the primary one. */
export function primaryFirst<T extends ApiKey>(keys: readonly T[]): T[] {
  return [...keys].sort((a, b) => Number(isPrimaryKey(b)) - Number(isPrimaryKey(a)))
}

/** The primary address: the first active one by Order (the service's order among equals). */
export function primaryAddress(addresses: readonly JsonRecord[]): JsonRecord | undefined {
  const order = (address: JsonRecord) => (typeof address.Order === 'number' ? address.Order : Number.POSITIVE_INFINITY)
  return [...addresses].filter((address) => isActiveAddress(address) && typeof address.ID === 'string').sort((a, b) => order(a) - order(b))[0]
}

/** The sealed key passphrase of the session, or a line saying how to get one (nothing is sent without it). */
export function sealedPassphrase(invocation: Invocation, session: ActiveSession): string {
  const login = commandLine(invocation.context.names, 'auth:login')
  if (session.source === 'env') throw authError(`a session from PROTON_UID / PROTON_ACCESS_TOKEN carries no keys: run "${login}" to use encrypted data`)
  const sealed = session.stored?.KeyPassphrase
  if (typeof sealed !== 'string' || sealed === '') throw authError(`the session of profile ${session.profile} holds no unlocked keys: run "${login}" (with the password) to use encrypted data`)
  return sealed
}

/** The run's session, once it is known to hold sealed keys: called before any request, a session without keys sends nothing. */
export async function sessionWithKeys(invocation: Invocation): Promise<{session: ActiveSession; sealed: string}> {
  const session = await activeSession(invocation)
  return {sealed: sealedPassphrase(invocation, session), session}
}

/** The one refusal for keys the stored passphrase no longer opens (exit 2), or, when each was refused for its Argon2 cost, the bound (exit 5). */
function noKeyUnlocked(invocation: Invocation, what: string, failures: readonly string[], tooCostly: boolean): CliFailure {
  if (tooCostly) return new CliFailure(`no ${what} could be unlocked (${failures.join('; ')})`, EXIT.UNAVAILABLE)
  return authError(`the stored key passphrase no longer unlocks the ${what}s (the password changed?): run "${commandLine(invocation.context.names, 'auth:login')}" again`)
}

/** One of the account's keys, unlocked. */
export interface OwnKey {
  id: string
  key: PrivateKey
  primary: boolean
}

/** The armored keys of one of this account's addresses, by email (any case); none for another address. */
export function ownArmoredKeys(addresses: readonly JsonRecord[], email: string): string[] {
  const address = addresses.find((candidate) => typeof candidate.Email === 'string' && candidate.Email.toLowerCase() === email.toLowerCase())
  if (!address) return []
  return keyEntries(address.Keys)
    .keys.map((key) => key.PrivateKey)
    .filter((key): key is string => typeof key === 'string')
}

/** The records the keys come from, as the service sent them (send checks its address before anything is unlocked). */
export interface AccountRecords {
  user: JsonRecord
  addresses: JsonRecord[]
}

/** The account's keys, unlocked: the user keys now, an address's when asked for. */
export interface AccountKeys extends AccountRecords {
  passphrase: string
  /** Every active user key that opened, the primary one first. */
  userKeys: PrivateKey[]
  /** The primary user key unlocked whole (every packet): it signs contact cards. */
  primaryUserKey(): Promise<PrivateKey>
  /** The address's active keys that open, the primary one first (`signing`: their signing packets too); memoised. */
  addressKeys(addressId: string, options?: {signing?: boolean}): Promise<PrivateKey[]>
  /** addressKeys with each key's ID and primary flag (drive names keys by ID). */
  ownAddressKeys(addressId: string, options?: {signing?: boolean}): Promise<OwnKey[]>
  /** What unlocks an address key's remaining packets (its Token, or the passphrase): drive unlocks its signing packets later. */
  addressKeySecret(addressId: string, keyId: string): Promise<string>
  /** Public keys of one of this account's addresses by email (for verifying what it signed), else none. */
  ownPublicKeys(email: string): Promise<PublicKey[]>
  /** Another key (a calendar's, a drive node's): from the seal when it holds this very record, else `unlock()`'s, sealed at flushSeal(). */
  sealedKey(record: ApiKey, unlock: () => Promise<PrivateKey>): Promise<PrivateKey>
  /** Writes the keys sealedKey unlocked (once, rather than once per key). */
  flushSeal(): Promise<void>
}

interface Fetched {
  localKey: Answer
  records: AccountRecords
}

interface Run {
  fetched: Promise<Fetched>
  keys?: Promise<AccountKeys>
}

const runs = new WeakMap<Invocation, Run>()

const recordOf = (answer: Answer, key: string): JsonRecord => (isRecord(answer.data) && isRecord(answer.data[key]) ? answer.data[key] : {})

/**
 * Whether a read will likely need OpenPGP.js: its keys are not sealed (a file is there; whether it opens is known once
 * the local key is in), or the login found them of a kind crypto/direct does not read (the session's KeysRead).
 */
export function needsOpenpgp(cacheDir: string, session: ActiveSession): boolean {
  return session.source !== 'file' || session.stored?.KeysRead === 'openpgp' || !existsSync(sealPath(cacheDir, session.profile))
}

/** The three requests of the run, sent now (the first call) and shared by every later one; the first failure ends the command. */
function fetchedOf(invocation: Invocation): Run {
  let run = runs.get(invocation)
  if (run) return run
  const fetched = (async (): Promise<Fetched> => {
    // A session without keys is refused before anything is sent.
    const {session} = await sessionWithKeys(invocation)
    // OpenPGP.js is loaded next: from Node's compile cache rather than compiled again at every run.
    enableOwnCompileCache(invocation.context.cacheDir, invocation.io.env)
    const requests = Promise.all([
      tryCall(invocation, {method: 'GET', path: '/auth/v4/sessions/local/key'}),
      tryCall(invocation, {method: 'GET', path: '/core/v4/users'}),
      tryCall(invocation, {method: 'GET', path: '/core/v4/addresses'}),
    ])
    // OpenPGP.js (some 50 ms to load) is loaded while the service answers, once the requests are out (two turns of
    // the event loop: connected, then written), rather than after the answers, which it would then delay; unless the
    // keys are sealed: a read then likely needs no OpenPGP.js at all (direct-keys.ts), and loads it only if it must,
    // but node:crypto all the same (some 4 ms, which the fast path's bundles defer to its first use).
    const preload = needsOpenpgp(invocation.context.cacheDir, session) ? () => void openpgp().catch(() => undefined) : () => process.getBuiltinModule?.('node:crypto')
    setImmediate(() => setImmediate(preload))
    const outcomes = await requests
    const failed = outcomes.find((outcome) => typeof outcome === 'number')
    if (failed !== undefined) invocation.exit(failed)
    const [localKey, user, addresses] = outcomes as [Answer, Answer, Answer]
    const list = isRecord(addresses.data) && Array.isArray(addresses.data.Addresses) ? addresses.data.Addresses : []
    return {localKey, records: {addresses: list.filter((address) => isRecord(address)), user: recordOf(user, 'User')}}
  })()
  // Handled where it is awaited.
  fetched.catch(() => {})
  run = {fetched}
  runs.set(invocation, run)
  return run
}

/** The user and address records, the requests started if they were not (one round trip for the run). */
export async function accountRecords(invocation: Invocation): Promise<AccountRecords> {
  return (await fetchedOf(invocation).fetched).records
}

/** The session's local key (its ClientKey) as this run fetched it: what is sealed for the session is sealed under it. */
export async function sessionClientKey(invocation: Invocation): Promise<Buffer> {
  return clientKeyOf((await fetchedOf(invocation).fetched).localKey.data)
}

/** Starts the key requests now, to be awaited later (beside the command's own requests). */
export function requestAccountKeys(invocation: Invocation): void {
  fetchedOf(invocation)
}

/** The account's keys for this run: fetched once, the user keys unlocked once. */
export function accountKeys(invocation: Invocation): Promise<AccountKeys> {
  const run = fetchedOf(invocation)
  run.keys ??= unlockAccount(invocation, run.fetched)
  return run.keys
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined)
const reason = (error: unknown) => (error instanceof Error ? error.message.replace(/\s+/g, ' ').slice(0, 200) : String(error))

/** Every secret packet of the key is unlocked (none left for unlockRest). */
const isWhole = (pgp: Openpgp, key: PrivateKey) =>
  key
    .getKeys()
    .map(({keyPacket}) => keyPacket)
    .every((packet) => !(packet instanceof pgp.SecretKeyPacket || packet instanceof pgp.SecretSubkeyPacket) || packet.isDummy() || packet.isDecrypted())

interface Unlocked {
  keys: OwnKey[]
  failures: string[]
  tooCostly: boolean
}

async function unlockAccount(invocation: Invocation, fetching: Promise<Fetched>): Promise<AccountKeys> {
  const {session, sealed} = await sessionWithKeys(invocation)
  const {localKey, records} = await fetching
  const clientKey = clientKeyOf(localKey.data)
  const passphrase = openPassphrase(sealed, clientKey, session.uid)
  if (passphrase === undefined)
    throw authError(`the session's local key does not open the stored key passphrase (profile ${session.profile}): run "${commandLine(invocation.context.names, 'auth:login')}" again`)
  // Unlocking is part of the command's work: --timeout bounds it as it bounds each request (Argon2 keys take seconds).
  const deadline: UnlockDeadline = {at: Date.now() + invocation.flags.timeout * 1000, timeoutSeconds: invocation.flags.timeout}
  const pgp = await openpgp()
  const debug = invocation.io.env.DEBUG ? (line: string) => void invocation.io.stderr.write(`proton-cli:keys ${line}\n`) : undefined
  const seal: KeySeal = openKeySeal({cacheDir: invocation.context.cacheDir, clientKey, debug, pgp, records, session})

  /** Each active key of the list unlocked, from the seal when it holds it, else with the secret `secretOf` gives. */
  const unlockList = async (what: string, listed: readonly ApiKey[], secretOf: (key: ApiKey) => Promise<string>, whole: boolean): Promise<Unlocked> => {
    const result: Unlocked = {failures: [], keys: [], tooCostly: true}
    for (const key of primaryFirst(listed).filter((candidate) => isActiveKey(candidate))) {
      const armored = text(key.PrivateKey)
      if (!armored) continue
      try {
        let unlocked = await seal.read(key)
        if (unlocked && whole && !isWhole(pgp, unlocked)) {
          await unlockRest(pgp, unlocked, await secretOf(key))
          seal.keep(key, unlocked)
        }

        if (!unlocked) {
          if (Date.now() >= deadline.at) throw new TimeoutFailure(`gave up unlocking the keys: not done within ${deadline.timeoutSeconds} s (timeout; see --timeout)`)
          unlocked = await unlockOne(pgp, armored, await secretOf(key), whole)
          seal.keep(key, unlocked)
        }

        result.keys.push({id: String(key.ID), key: unlocked, primary: isPrimaryKey(key)})
      } catch (error) {
        if (error instanceof TimeoutFailure) throw error
        result.failures.push(`${what} ${String(key.ID)}: ${reason(error)}`)
        if (!(error instanceof Argon2TooCostly)) result.tooCostly = false
      }
    }

    if (result.failures.length === 0) result.tooCostly = false
    await seal.write()
    return result
  }

  const userList = keyEntries(records.user.Keys)
  const userNote = malformedNote(userList, 'User.Keys')
  if (userNote) invocation.note(userNote)
  const user = await unlockList('user key', userList.keys, async () => passphrase, false)
  if (user.keys.length === 0) throw noKeyUnlocked(invocation, 'user key', user.failures, user.tooCostly)
  const userKeys = user.keys.map(({key}) => key)

  let primaryWhole: Promise<PrivateKey> | undefined
  const primaryUserKey = (): Promise<PrivateKey> => {
    primaryWhole ??= (async () => {
      const [primary] = primaryFirst(userList.keys)
      const opened = primary ? await unlockList('user key', [primary], async () => passphrase, true) : undefined
      if (!opened?.keys.length) throw authError(`the primary user key cannot be unlocked to sign with: run "${commandLine(invocation.context.names, 'auth:login')}" again`)
      return opened.keys[0].key
    })()
    return primaryWhole
  }

  const findAddress = (addressId: string) => records.addresses.find((candidate) => candidate.ID === addressId)
  const noted = new Set<string>()
  const entriesOf = (address: JsonRecord) => {
    const entries = keyEntries(address.Keys)
    const note = malformedNote(entries, `the keys of address ${String(address.Email)}`)
    if (note && !noted.has(String(address.ID))) {
      noted.add(String(address.ID))
      invocation.note(note)
    }

    return entries.keys
  }

  const secretOf = (key: ApiKey) => addressKeySecret(pgp, key, userKeys, passphrase)
  const memo = new Map<string, Promise<OwnKey[]>>()
  const ownAddressKeys = (addressId: string, {signing = false} = {}): Promise<OwnKey[]> => {
    const name = `${signing ? 's' : 'd'}:${addressId}`
    let keys = memo.get(name)
    if (!keys) {
      const address = findAddress(addressId)
      keys = address
        ? unlockList('address key', entriesOf(address), secretOf, signing).then(({failures, keys: opened, tooCostly}) => {
            if (opened.length > 0) return opened
            const line = `no key of address ${String(address.Email)} could be unlocked (${failures.join('; ')})`
            // Refused for their Argon2 cost: the bound, exit 5, as for the user keys.
            throw tooCostly ? new CliFailure(line, EXIT.UNAVAILABLE) : new Error(line)
          })
        : Promise.reject(new Error(`address ${addressId} is not one of this account's`))
      memo.set(name, keys)
    }

    return keys
  }

  const ownPublicKeys = async (email: string): Promise<PublicKey[]> =>
    Promise.all(ownArmoredKeys(records.addresses, email).map(async (armoredKey) => (await pgp.readPrivateKey({armoredKey})).toPublic()))

  return {
    addresses: records.addresses,
    async addressKeySecret(addressId, keyId) {
      const key = keyEntries(findAddress(addressId)?.Keys).keys.find((candidate) => String(candidate.ID) === keyId)
      if (!key) throw new Error(`address key ${keyId} is not one of address ${addressId}'s`)
      return secretOf(key)
    },
    addressKeys: async (addressId, options) => (await ownAddressKeys(addressId, options)).map(({key}) => key),
    ownAddressKeys,
    ownPublicKeys,
    passphrase,
    primaryUserKey,
    flushSeal: () => seal.write(),
    async sealedKey(record, unlock) {
      const found = await seal.read(record, true)
      if (found) return found
      const unlocked = await unlock()
      seal.keep(record, unlocked, true)
      return unlocked
    },
    user: records.user,
    userKeys,
  }
}
