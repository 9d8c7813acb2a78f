/**
 * A message and the keys to open it, fetched together (the session's local
 * key, the user, the addresses and the message in parallel: no bcrypt, the
 * key passphrase comes sealed from the session file), then its body
 * decrypted with the keys of the message's address, and the signature
 * checked against the sender's published keys when the service has any
 * (GET /core/v4/keys/all?Email=, WebClients api/keys.ts getAllPublicKeys).
 */
import {buildRequestUrl} from '../http/api-url.ts'
import type {Answer} from '../output/api-answer.ts'
import {isRecord, type JsonRecord} from '../output/records.ts'
import {tryCall} from '../runtime/dedicated.ts'
import {commandLine} from '../runtime/command-names.ts'
import {enableOwnCompileCache} from '../runtime/compile-cache.ts'
import {authError, CliFailure} from '../runtime/errors.ts'
import type {Invocation} from '../runtime/invocation.ts'
import {EXIT} from '../runtime/exit-status.ts'
import type {ActiveSession} from '../session/session.ts'
import type {PrivateKey} from 'openpgp'

import {type ApiKey, decryptArmored, unlockAddressKeys, unlockUserKeys, type Verification} from './keyring.ts'
import {openPassphrase} from './local-key.ts'

export interface OpenedMessage {
  message: JsonRecord
  body: Buffer
  verification: Verification
  /** The sender's published keys (armored), for a signature inside the body (PGP/MIME's multipart/signed). */
  senderKeys: string[]
}

const list = (value: unknown): ApiKey[] => (Array.isArray(value) ? (value as ApiKey[]) : [])
const recordOf = (answer: Answer, key: string): JsonRecord => (isRecord(answer.data) && isRecord(answer.data[key]) ? answer.data[key] : {})

/** The sealed key passphrase of the session, or a line saying how to get one. */
function sealedPassphrase(invocation: Invocation, session: ActiveSession): string {
  const login = commandLine(invocation.context.names, 'auth:login')
  if (session.source === 'env') throw authError(`a session from PROTON_UID / PROTON_ACCESS_TOKEN carries no keys: run "${login}" to read encrypted mail`)
  const sealed = session.stored?.KeyPassphrase
  if (typeof sealed !== 'string' || sealed === '') throw authError(`the session of profile ${session.profile} holds no unlocked keys: run "${login}" (with the password) to read encrypted mail`)
  return sealed
}

/** The sender's published keys; none when the service has none or cannot say (the signature is then "unverified"). */
export async function senderKeys(invocation: Invocation, session: ActiveSession, email: string): Promise<string[]> {
  try {
    const response = await invocation.request(session, {method: 'GET', url: buildRequestUrl(session.apiUrl, '/core/v4/keys/all', [['Email', email]])})
    if (response.statusCode !== 200) return []
    const answer = JSON.parse(response.body.toString('utf8')) as {Address?: {Keys?: Array<{PublicKey?: unknown}>}}
    return (answer.Address?.Keys ?? []).map((key) => key.PublicKey).filter((key): key is string => typeof key === 'string')
  } catch {
    return []
  }
}

/** A message with the unlocked keys of its address, and (when asked for) the sender's published keys on their way. */
export interface MessageWithKeys {
  message: JsonRecord
  keys: PrivateKey[]
  published: Promise<string[]>
  /** A failure that names the message. */
  fail(cause: string): CliFailure
}

export async function messageWithKeys(invocation: Invocation, id: string, {withSenderKeys = true} = {}): Promise<MessageWithKeys> {
  // OpenPGP.js is loaded below: from Node's compile cache rather than compiled again at every run.
  enableOwnCompileCache(invocation.context.cacheDir, invocation.io.env)
  const session = await invocation.session()
  const sealed = sealedPassphrase(invocation, session)
  const outcomes = await Promise.all([
    tryCall(invocation, {method: 'GET', path: `/mail/v4/messages/${encodeURIComponent(id)}`}),
    tryCall(invocation, {method: 'GET', path: '/auth/v4/sessions/local/key'}),
    tryCall(invocation, {method: 'GET', path: '/core/v4/users'}),
    tryCall(invocation, {method: 'GET', path: '/core/v4/addresses'}),
  ])
  const failed = outcomes.find((outcome) => typeof outcome === 'number')
  if (failed !== undefined) invocation.exit(failed)
  const [messageAnswer, localKey, user, addresses] = outcomes as Answer[]
  const message = recordOf(messageAnswer, 'Message')
  const login = commandLine(invocation.context.names, 'auth:login')
  const clientKey = isRecord(localKey.data) && typeof localKey.data.ClientKey === 'string' ? Buffer.from(localKey.data.ClientKey, 'base64') : Buffer.alloc(0)
  const passphrase = openPassphrase(sealed, clientKey, session.uid)
  if (passphrase === undefined) throw authError(`the session's local key does not open the stored key passphrase (profile ${session.profile}): run "${login}" again`)

  const sender = isRecord(message.Sender) && typeof message.Sender.Address === 'string' ? message.Sender.Address : undefined
  const published = sender === undefined || !withSenderKeys ? Promise.resolve([]) : senderKeys(invocation, session, sender)
  const userKeys = await unlockUserKeys(list(recordOf(user, 'User').Keys), passphrase)
  if (userKeys.keys.length === 0) throw authError(`the stored key passphrase no longer unlocks the user keys (the password changed?): run "${login}" again`)
  const addressList = isRecord(addresses.data) && Array.isArray(addresses.data.Addresses) ? addresses.data.Addresses : []
  const address = addressList.find((candidate) => isRecord(candidate) && candidate.ID === message.AddressID)
  const fail = (cause: string) => new CliFailure(`message ${id}: ${cause}`, EXIT.USAGE)
  if (!isRecord(address)) throw fail(`its address ${String(message.AddressID)} is not one of this account's`)
  const addressKeys = await unlockAddressKeys(list(address.Keys), userKeys.keys, passphrase)
  if (addressKeys.keys.length === 0) throw fail(`no key of its address ${String(address.Email)} could be unlocked (${addressKeys.failures.join('; ')})`)
  return {fail, keys: addressKeys.keys, message, published}
}

export async function openMessage(invocation: Invocation, id: string): Promise<OpenedMessage> {
  const {fail, keys, message, published} = await messageWithKeys(invocation, id)
  if (typeof message.Body !== 'string' || message.Body === '') throw fail('the answer carries no Body')
  try {
    const senderKeys = await published
    const {data, verification} = await decryptArmored(message.Body, keys, senderKeys)
    return {body: data, message, senderKeys, verification}
  } catch (error) {
    throw fail(`cannot decrypt its body: ${error instanceof Error ? error.message.replace(/\s+/g, ' ').slice(0, 200) : String(error)}`)
  }
}
