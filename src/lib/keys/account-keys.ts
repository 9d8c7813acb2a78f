/**
 * The account's keys as a command that decrypts or signs needs them: the
 * session's local key, the user and the addresses fetched together (no
 * bcrypt: the key passphrase comes sealed from the session file, see
 * local-key.ts), the user keys unlocked once, and an address's keys
 * unlocked when asked for (each unlock is an iterated S2K, some 30 ms).
 * Published keys of other people: GET /core/v4/keys/all?Email= (WebClients
 * packages/shared/lib/api/keys.ts getAllPublicKeys).
 */
import type {PrivateKey, PublicKey} from 'openpgp'

import {buildRequestUrl} from '../http/api-url.ts'
import type {Answer} from '../output/api-answer.ts'
import {isRecord, type JsonRecord} from '../output/records.ts'
import {commandLine} from '../runtime/command-names.ts'
import {enableOwnCompileCache} from '../runtime/compile-cache.ts'
import {tryCall} from '../runtime/dedicated.ts'
import {authError} from '../runtime/errors.ts'
import type {Invocation} from '../runtime/invocation.ts'
import type {ActiveSession} from '../session/session.ts'

import {type ApiKey, keyEntries, malformedNote, openpgp, unlockAddressKeys, unlockUserKeys} from './keyring.ts'
import {openedPassphrase, sealedPassphrase} from './user-keys.ts'

const list = (value: unknown): ApiKey[] => (Array.isArray(value) ? (value as ApiKey[]) : [])

/** Someone's published keys (armored); none when the service has none or cannot say (a signature is then "unverified"). */
export async function senderKeys(invocation: Invocation, session: ActiveSession, email: string): Promise<string[]> {
  try {
    const response = await invocation.request(session, {method: 'GET', url: buildRequestUrl(session.apiUrl, '/core/v4/keys/all', [['Email', email]])})
    if (response.statusCode !== 200) return []
    const answer = JSON.parse(response.body.toString('utf8')) as {Address?: {Keys?: unknown}; Unverified?: {Keys?: unknown}}
    // An external sender's keys (WKD) come as Unverified (WebClients getAndVerifyApiKeys.ts): they verify a signature too.
    const listed = (keys: unknown): unknown[] => (Array.isArray(keys) ? keys : [])
    const entries = keyEntries([...listed(answer.Address?.Keys), ...listed(answer.Unverified?.Keys)])
    const note = malformedNote(entries, `the published keys of ${email}`)
    if (note) invocation.note(note)
    return entries.keys.map((key) => (key as {PublicKey?: unknown}).PublicKey).filter((key): key is string => typeof key === 'string')
  } catch {
    return []
  }
}

/** The raw answers the keys come from: the local key, the user and the addresses. */
export interface KeyAnswers {
  localKey: Answer
  user: Answer
  addresses: Answer
}

/** The three requests of the keys, in parallel with the caller's own; the first failure ends the command. */
export async function fetchKeyAnswers(invocation: Invocation): Promise<KeyAnswers> {
  // A session without keys is refused before anything is sent.
  sealedPassphrase(invocation, await invocation.session())
  // OpenPGP.js is loaded next: from Node's compile cache rather than compiled again at every run.
  enableOwnCompileCache(invocation.context.cacheDir, invocation.io.env)
  const requests = Promise.all([
    tryCall(invocation, {method: 'GET', path: '/auth/v4/sessions/local/key'}),
    tryCall(invocation, {method: 'GET', path: '/core/v4/users'}),
    tryCall(invocation, {method: 'GET', path: '/core/v4/addresses'}),
  ])
  // OpenPGP.js (some 50 ms to load) is loaded while the service answers, once the requests are out (two turns of
  // the event loop: connected, then written), rather than after the answers, which it would then delay.
  setImmediate(() => setImmediate(() => void openpgp().catch(() => undefined)))
  const outcomes = await requests
  const failed = outcomes.find((outcome) => typeof outcome === 'number')
  if (failed !== undefined) invocation.exit(failed)
  const [localKey, user, addresses] = outcomes as [Answer, Answer, Answer]
  return {addresses, localKey, user}
}

/** The account's addresses and, on demand, each one's unlocked keys. */
export interface AccountKeys {
  addresses: JsonRecord[]
  userKeys: PrivateKey[]
  passphrase: string
  /** The address's active keys unlocked (`signing`: the signing packets too); memoised per address and purpose. */
  addressKeys(addressId: string, options?: {signing?: boolean}): Promise<PrivateKey[]>
  /** Public keys of one of this account's addresses by email (for verifying what it signed), else none. */
  ownPublicKeys(email: string): Promise<PublicKey[]>
}

/** The user keys unlocked with the sealed passphrase, from the answers fetchKeyAnswers got. */
export async function unlockAccount(invocation: Invocation, {addresses, localKey, user}: KeyAnswers): Promise<AccountKeys> {
  const session = await invocation.session()
  const sealed = sealedPassphrase(invocation, session)
  const login = commandLine(invocation.context.names, 'auth:login')
  const passphrase = openedPassphrase(invocation, session, sealed, localKey)
  const userRecord = isRecord(user.data) && isRecord(user.data.User) ? user.data.User : {}
  const userKeys = await unlockUserKeys(list(userRecord.Keys), passphrase)
  if (userKeys.keys.length === 0) throw authError(`the stored key passphrase no longer unlocks the user keys (the password changed?): run "${login}" again`)
  const addressList = (isRecord(addresses.data) && Array.isArray(addresses.data.Addresses) ? addresses.data.Addresses : []).filter((address) => isRecord(address))
  const unlocked = new Map<string, Promise<PrivateKey[]>>()
  const addressKeys = (addressId: string, {signing = false} = {}): Promise<PrivateKey[]> => {
    const memo = `${signing ? 's' : 'd'}:${addressId}`
    let keys = unlocked.get(memo)
    if (!keys) {
      const address = addressList.find((candidate) => candidate.ID === addressId)
      keys = address
        ? unlockAddressKeys(list(address.Keys), userKeys.keys, passphrase, {signing}).then(({failures, keys: opened}) => {
            if (opened.length === 0) throw new Error(`no key of address ${String(address.Email)} could be unlocked (${failures.join('; ')})`)
            return opened
          })
        : Promise.reject(new Error(`address ${addressId} is not one of this account's`))
      unlocked.set(memo, keys)
    }

    return keys
  }

  const ownPublicKeys = async (email: string): Promise<PublicKey[]> => {
    const address = addressList.find((candidate) => typeof candidate.Email === 'string' && candidate.Email.toLowerCase() === email.toLowerCase())
    if (!address) return []
    const pgp = await openpgp()
    const armored = list(address.Keys).map((key) => key.PrivateKey).filter((key): key is string => typeof key === 'string')
    return Promise.all(armored.map(async (armoredKey) => (await pgp.readPrivateKey({armoredKey})).toPublic()))
  }

  return {addressKeys, addresses: addressList, ownPublicKeys, passphrase, userKeys: userKeys.keys}
}
