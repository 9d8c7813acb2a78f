/**
 * At login, with the password in hand: the key salts, the user and its
 * addresses; the key passphrase (passphrase.ts); the primary user key and
 * the address keys unlocked to prove it; then a new local key stored with
 * the service for this session and the passphrase sealed with it
 * (local-key.ts). The session file keeps only the sealed passphrase: never
 * the password, never the passphrase in clear.
 */
import type {PrivateKey} from 'openpgp'

import {buildRequestUrl} from '../http/api-url.ts'
import {createTransport, send, type TransportOptions} from '../http/client.ts'
import {describeApiError} from '../output/api-error.ts'
import {sniffJson} from '../output/envelope.ts'
import {CliFailure} from '../core/errors.ts'
import {EXIT, exitStatusForResponse} from '../core/exit-status.ts'
import type {KeysRead, StoredSession} from '../session/store.ts'
import {type ApiKey, keyEntries, unlockAddressKeys, unlockUserKeys} from '../crypto/keyring.ts'
import {newClientKey, sealPassphrase} from '../crypto/local-key.ts'
import {keyPassphrase} from '../crypto/passphrase.ts'
import {readsDirectly} from '../crypto/direct/open.ts'

type Json = Record<string, unknown>
export type KeyApi = (method: 'GET' | 'PUT', path: string, body?: Json) => Promise<Json>

/** Requests with a session just made (no refresh, no verification: it is seconds old). */
export function sessionApi(apiUrl: URL, transport: TransportOptions, session: Pick<StoredSession, 'AccessToken' | 'UID'>): KeyApi {
  return async (method, path, body) => {
    const response = await send(
      createTransport(transport, {accessToken: session.AccessToken, uid: session.UID}),
      {body: body === undefined ? undefined : Buffer.from(JSON.stringify(body)), method, url: buildRequestUrl(apiUrl, path)},
      transport,
    )
    const sniff = sniffJson(response.body)
    if (!sniff.json) throw new CliFailure(`${method} ${path}: HTTP ${response.statusCode}: the answer is not JSON`, EXIT.UNAVAILABLE)
    const status = exitStatusForResponse(response.statusCode, sniff.envelope.code)
    if (status !== EXIT.OK) throw new CliFailure(`${method} ${path}: ${describeApiError(response.statusCode, response.statusMessage, sniff.envelope)}`, status)
    return JSON.parse(response.body.toString('utf8')) as Json
  }
}

export interface KeysAtLogin {
  /** Fields added to the stored session (none when nothing could be unlocked). */
  fields: Partial<StoredSession>
  /** One line for stderr: what was unlocked, or why not. */
  note: string
  /** The keys login unlocked, each with its record, and the local key and user they are sealed for (key-seal.ts sealAtLogin): the first read then derives none. */
  unlocked?: {clientKey: Buffer; userId: string; keys: Array<{record: ApiKey; key: PrivateKey}>}
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])
const record = (value: unknown): Json => (value !== null && typeof value === 'object' ? (value as Json) : {})

/**
 * What unlocks the keys: a password the key passphrase derives from with the primary key's salt (the login password,
 * or on a two-password account the mailbox password, `mailbox`), or the passphrase itself, as an approved session fork
 * hands it over (its keyPassword: WebClients signInWithAnotherDevicePull.ts consumeForkSession unlocks the user keys
 * with it as it is).
 */
type KeySecret = {keyPassword: string; mailbox: boolean} | {passphrase: string}

/**
 * `keyPassword`: the password the key passphrase derives from, the login password, or on a two-password account the
 * mailbox password (`mailbox`: it is one; go-proton-api and the web client derive it the same way from either).
 */
export async function unlockAtLogin(api: KeyApi, keyPassword: string, uid: string, mailbox = false): Promise<KeysAtLogin> {
  return unlockWith(api, {keyPassword, mailbox}, uid)
}

/** The keys of a session made by an approved fork: `passphrase` is the key passphrase it carried (no salt step). */
export async function unlockForked(api: KeyApi, passphrase: string, uid: string): Promise<KeysAtLogin> {
  return unlockWith(api, {passphrase}, uid)
}

function refusedNote(secret: KeySecret): string {
  if ('passphrase' in secret) return 'Warning: the key password the approving device sent does not unlock this account’s keys; logged in, but encrypted mail cannot be read'
  return secret.mailbox
    ? 'Warning: the mailbox password does not unlock this account’s keys; logged in, but encrypted mail cannot be read until "auth login" is given the right one'
    : 'Warning: the password does not unlock this account’s keys (an account with a separate mailbox password? give it with --mailbox-password-stdin); logged in, but encrypted mail cannot be read'
}

async function unlockWith(api: KeyApi, secret: KeySecret, uid: string): Promise<KeysAtLogin> {
  const forked = 'passphrase' in secret
  const [salts, userAnswer, addressAnswer] = await Promise.all([forked ? Promise.resolve<Json>({}) : api('GET', '/core/v4/keys/salts'), api('GET', '/core/v4/users'), api('GET', '/core/v4/addresses')])
  const user = record(userAnswer.User)
  // Entries that are not key objects (null…) are skipped, and counted in the note.
  const userEntries = keyEntries(user.Keys)
  let malformed = userEntries.malformed
  const userKeys = userEntries.keys
  const primary = userKeys.find((key) => key.Primary === 1 || key.Primary === true) ?? userKeys[0]
  if (!primary) return {fields: {}, note: 'Note: this account has no keys yet; encrypted mail cannot be read until it has (log in once with a Proton app)'}
  let passphrase: string
  if ('passphrase' in secret) passphrase = secret.passphrase
  else {
    const salt = list(salts.KeySalts).find((entry) => record(entry).ID === primary.ID) as Json | undefined
    if (typeof salt?.KeySalt !== 'string') return {fields: {}, note: `Warning: the service gave no key salt for the primary user key ${String(primary.ID)}; encrypted mail cannot be read`}
    passphrase = keyPassphrase(secret.keyPassword, salt.KeySalt)
  }

  const unlockedUser = await unlockUserKeys([primary], passphrase)
  if (unlockedUser.keys.length === 0) return {fields: {}, note: refusedNote(secret)}

  const addresses = list(addressAnswer.Addresses).map(record)
  let open = 0
  const failures: string[] = []
  const opened = unlockedUser.keys.map((key, index) => ({key, record: unlockedUser.records[index]}))
  for (const address of addresses) {
    const entries = keyEntries(address.Keys)
    malformed += entries.malformed
    const unlocked = await unlockAddressKeys(entries.keys, unlockedUser.keys, passphrase)
    opened.push(...unlocked.keys.map((key, index) => ({key, record: unlocked.records[index]})))
    if (unlocked.keys.length > 0) open++
    else failures.push(String(address.Email))
  }

  const clientKey = newClientKey()
  await api('PUT', '/auth/v4/sessions/local/key', {Key: clientKey.toString('base64')})
  // A fork's session comes without the account's name: the user record gives it.
  const name = forked && typeof user.Name === 'string' && user.Name !== '' ? {Username: user.Name} : {}
  // Whether a read can do without OpenPGP.js (keys.ts then does not load it beside the key requests): see KeysRead.
  const KeysRead: KeysRead = readsDirectly(opened.map(({key}) => key.write())) ? 'direct' : 'openpgp'
  const fields = {KeyPassphrase: sealPassphrase(passphrase, clientKey, uid), KeysRead, KeysUserID: String(user.ID), ...name}
  const missing = failures.length > 0 ? `; no key unlocked for ${failures.join(', ')}` : ''
  const skipped = malformed > 0 ? `; skipped ${malformed} malformed key ${malformed === 1 ? 'entry' : 'entries'} (not a key object)` : ''
  return {fields, note: `keys unlocked: the primary user key and ${open} of ${addresses.length} addresses${missing}${skipped}`, unlocked: {clientKey, keys: opened, userId: String(user.ID)}}
}

/**
 * unlockAtLogin, whose failure (a network fault, a refusal) leaves the login standing, with a warning instead of keys;
 * but Ctrl-C ends the login (the caller ends the new session: nothing is kept).
 */
export async function keysAtLogin(api: KeyApi, keyPassword: string, uid: string, mailbox = false): Promise<KeysAtLogin> {
  return standing(unlockAtLogin(api, keyPassword, uid, mailbox))
}

/** unlockForked, whose failure leaves the forked session standing, as keysAtLogin does (and Ctrl-C ends it). */
export async function keysAtFork(api: KeyApi, passphrase: string, uid: string): Promise<KeysAtLogin> {
  return standing(unlockForked(api, passphrase, uid))
}

async function standing(unlocking: Promise<KeysAtLogin>): Promise<KeysAtLogin> {
  try {
    return await unlocking
  } catch (error) {
    if (error instanceof CliFailure && error.exitStatus === EXIT.INTERRUPTED) throw error
    const message = error instanceof Error ? error.message : String(error)
    return {fields: {}, note: `Warning: logged in, but the keys could not be unlocked (${message}); encrypted mail cannot be read until "auth login" succeeds at it`}
  }
}
