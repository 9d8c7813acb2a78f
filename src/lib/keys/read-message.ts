/**
 * A message and the keys to open it, fetched together (the session's local
 * key, the user, the addresses and the message in parallel: no bcrypt, the
 * key passphrase comes sealed from the session file), then its body
 * decrypted with the keys of the message's address, and the signature
 * checked against the sender's published keys when the service has any
 * (GET /core/v4/keys/all?Email=, WebClients api/keys.ts getAllPublicKeys).
 */
import {buildRequestUrl} from '../http/api-url.ts'
import {maxBytesOf, sizeText} from '../http/max-size.ts'
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

import {type ApiKey, decryptArmored, PlaintextTooLarge, unlockAddressKeys, unlockUserKeys, type Verification} from './keyring.ts'
import {openPassphrase} from './local-key.ts'
import {type MimeBody, MimeBodyError, parseMimeBody} from './mime-body.ts'
import {verifyDetached} from './mime-signature.ts'

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
  /** The most bytes the decrypted body may have (--max-size). */
  maxBytes: number
  /** A failure that names the message. */
  fail(cause: string): CliFailure
}

export interface WithKeysOptions {
  /** Ask for the sender's published keys alongside (default: true). */
  withSenderKeys?: boolean
  /** The message record when it was fetched already (mail attachments): not asked for again. */
  message?: JsonRecord
}

export async function messageWithKeys(invocation: Invocation, id: string, {message: fetched, withSenderKeys = true}: WithKeysOptions = {}): Promise<MessageWithKeys> {
  // OpenPGP.js is loaded below: from Node's compile cache rather than compiled again at every run.
  enableOwnCompileCache(invocation.context.cacheDir, invocation.io.env)
  const session = await invocation.session()
  const sealed = sealedPassphrase(invocation, session)
  const outcomes = await Promise.all([
    fetched === undefined ? tryCall(invocation, {method: 'GET', path: `/mail/v4/messages/${encodeURIComponent(id)}`}, `message ${id}`) : undefined,
    tryCall(invocation, {method: 'GET', path: '/auth/v4/sessions/local/key'}),
    tryCall(invocation, {method: 'GET', path: '/core/v4/users'}),
    tryCall(invocation, {method: 'GET', path: '/core/v4/addresses'}),
  ])
  const failed = outcomes.find((outcome) => typeof outcome === 'number')
  if (failed !== undefined) invocation.exit(failed)
  const [messageAnswer, localKey, user, addresses] = outcomes as [Answer | undefined, Answer, Answer, Answer]
  const message = fetched ?? recordOf(messageAnswer as Answer, 'Message')
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
  return {fail, keys: addressKeys.keys, maxBytes: maxBytesOf(invocation.flags['max-size']), message, published}
}

/** The message's body decrypted with the keys, its signature checked with the sender's keys (when there are any). */
export async function decryptBody({fail, keys, maxBytes, message, published}: MessageWithKeys): Promise<OpenedMessage> {
  if (typeof message.Body !== 'string' || message.Body === '') throw fail('the answer carries no Body')
  try {
    const senderKeys = await published
    const {data, verification} = await decryptArmored(message.Body, keys, senderKeys, maxBytes)
    return {body: data, message, senderKeys, verification}
  } catch (error) {
    if (error instanceof PlaintextTooLarge) {
      // A body that inflates a thousandfold (a compressed packet): stopped there, as an answer over --max-size is.
      throw new CliFailure(fail(`its decrypted body is over --max-size (${sizeText(maxBytes)}): stopped decrypting it; nothing printed`).message, EXIT.UNAVAILABLE)
    }

    throw fail(`cannot decrypt its body: ${error instanceof Error ? error.message.replace(/\s+/g, ' ').slice(0, 200) : String(error)}`)
  }
}

export async function openMessage(invocation: Invocation, id: string, options: WithKeysOptions = {}): Promise<OpenedMessage> {
  return decryptBody(await messageWithKeys(invocation, id, options))
}

/** A PGP/MIME message's tree, opened: its parts, and the signature that covers them all. */
export interface OpenedTree {
  parsed: MimeBody
  /** The message's signature: the one on the encrypted message, or when there is none, a multipart/signed's inside. */
  verification: Verification
}

/**
 * The MIME tree of a PGP/MIME message (its MIMEType multipart/*), the one way mail read, mail attachments and mail
 * download open it: the decrypted body parsed (keys/mime-body.ts), a memory-hole subject looked for with the
 * sender's address, and the signature over the whole tree checked: the outer one, or an inner multipart/signed's.
 */
export async function openTree(opened: OpenedMessage, fail: (cause: string) => CliFailure, {requireText = true} = {}): Promise<OpenedTree> {
  const {body, message, senderKeys} = opened
  const sender = isRecord(message.Sender) && typeof message.Sender.Address === 'string' ? message.Sender.Address : undefined
  let parsed: MimeBody
  try {
    parsed = await parseMimeBody(body, {requireText, sender})
  } catch (error) {
    throw fail(error instanceof MimeBodyError ? error.message : `cannot parse its MIME body (${error instanceof Error ? error.message : String(error)})`)
  }

  const verification = opened.verification === 'unsigned' && parsed.signed ? await verifyDetached(parsed.signed.data, parsed.signed.signature, senderKeys) : opened.verification
  return {parsed, verification}
}
