/**
 * The session's key passphrase and user keys, unlocked in memory only, for the run that needs them: the sealed
 * passphrase from the session file opened with the local key the service keeps for the session (local-key.ts), no
 * password and no bcrypt. Mail opens address keys with them (read-message.ts); contacts are encrypted and signed
 * with the user keys themselves (WebClients packages/shared/lib/contacts/encrypt.ts prepareContacts: the primary
 * user key; go-proton-api contact_card.go: the user keyring).
 */
import type {PrivateKey} from 'openpgp'

import type {Answer} from '../output/api-answer.ts'
import {isRecord} from '../output/records.ts'
import {commandLine} from '../runtime/command-names.ts'
import {enableOwnCompileCache} from '../runtime/compile-cache.ts'
import {activeSession, tryCall} from '../runtime/dedicated.ts'
import {authError} from '../runtime/errors.ts'
import type {Invocation} from '../runtime/invocation.ts'
import type {ActiveSession} from '../session/session.ts'

import {type ApiKey, unlockSigningKey, unlockUserKeys} from './keyring.ts'
import {openPassphrase} from './local-key.ts'

/** The sealed key passphrase of the session, or a line saying how to get one. */
export function sealedPassphrase(invocation: Invocation, session: ActiveSession): string {
  const login = commandLine(invocation.context.names, 'auth:login')
  if (session.source === 'env') throw authError(`a session from PROTON_UID / PROTON_ACCESS_TOKEN carries no keys: run "${login}" to use encrypted data`)
  const sealed = session.stored?.KeyPassphrase
  if (typeof sealed !== 'string' || sealed === '') throw authError(`the session of profile ${session.profile} holds no unlocked keys: run "${login}" (with the password) to use encrypted data`)
  return sealed
}

/** The key passphrase, opened with the answer of GET /auth/v4/sessions/local/key. */
export function openedPassphrase(invocation: Invocation, session: ActiveSession, sealed: string, localKey: Answer): string {
  const clientKey = isRecord(localKey.data) && typeof localKey.data.ClientKey === 'string' ? Buffer.from(localKey.data.ClientKey, 'base64') : Buffer.alloc(0)
  const passphrase = openPassphrase(sealed, clientKey, session.uid)
  if (passphrase === undefined) throw authError(`the session's local key does not open the stored key passphrase (profile ${session.profile}): run "${commandLine(invocation.context.names, 'auth:login')}" again`)
  return passphrase
}

/** The run's session, once it is known to hold sealed keys: called before any request, a session without keys sends nothing. */
export async function sessionWithKeys(invocation: Invocation): Promise<{session: ActiveSession; sealed: string}> {
  const session = await activeSession(invocation)
  return {sealed: sealedPassphrase(invocation, session), session}
}

export const keyList = (value: unknown): ApiKey[] => (Array.isArray(value) ? (value as ApiKey[]) : [])

export interface UserKeys {
  /** Every active user key that opened (they decrypt, and their public halves verify). */
  keys: PrivateKey[]
  /** The primary user key, unlocked whole: it signs (present only when asked for). */
  primary?: PrivateKey
}

/**
 * The session's user keys; `signing`: the primary one unlocked whole too, to sign with. Fetches the local key and
 * the user in parallel.
 */
export async function sessionUserKeys(invocation: Invocation, {signing = false} = {}): Promise<UserKeys> {
  // OpenPGP.js is loaded below: from Node's compile cache rather than compiled again at every run.
  enableOwnCompileCache(invocation.context.cacheDir, invocation.io.env)
  const {sealed, session} = await sessionWithKeys(invocation)
  const outcomes = await Promise.all([tryCall(invocation, {method: 'GET', path: '/auth/v4/sessions/local/key'}), tryCall(invocation, {method: 'GET', path: '/core/v4/users'})])
  const failed = outcomes.find((outcome) => typeof outcome === 'number')
  if (failed !== undefined) invocation.exit(failed)
  const [localKey, user] = outcomes as [Answer, Answer]
  const passphrase = openedPassphrase(invocation, session, sealed, localKey)
  const apiKeys = keyList(isRecord(user.data) && isRecord(user.data.User) ? user.data.User.Keys : undefined)
  const unlocked = await unlockUserKeys(apiKeys, passphrase)
  const login = commandLine(invocation.context.names, 'auth:login')
  if (unlocked.keys.length === 0) throw authError(`the stored key passphrase no longer unlocks the user keys (the password changed?): run "${login}" again`)
  if (!signing) return {keys: unlocked.keys}
  const primaryKey = apiKeys.find((key) => key.Primary === 1 || key.Primary === true) ?? apiKeys[0]
  const primary = primaryKey ? await unlockSigningKey(primaryKey, passphrase).catch(() => undefined) : undefined
  if (!primary) throw authError(`the primary user key cannot be unlocked to sign with: run "${login}" again`)
  return {keys: unlocked.keys, primary}
}
