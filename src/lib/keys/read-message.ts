/**
 * A message and the keys to open it, fetched together (the session's local
 * key, the user, the addresses and the message in parallel: no bcrypt, the
 * key passphrase comes sealed from the session file), then its body
 * decrypted with the keys of the message's address, and the signature
 * checked against the sender's published keys when the service has any
 * (GET /core/v4/keys/all?Email=, WebClients api/keys.ts getAllPublicKeys).
 */
import {pathId} from '../request/path-segment.ts'
import {heldBound, type SizeBound} from '../http/max-size.ts'
import type {Answer} from '../output/api-answer.ts'
import {isRecord, type JsonRecord} from '../output/records.ts'
import {tryCall} from '../runtime/dedicated.ts'
import {commandLine} from '../runtime/command-names.ts'
import {enableOwnCompileCache} from '../runtime/compile-cache.ts'
import {authError, CliFailure} from '../runtime/errors.ts'
import type {Invocation} from '../runtime/invocation.ts'
import {EXIT} from '../runtime/exit-status.ts'
import type {PrivateKey} from 'openpgp'

import {decryptArmored, keyEntries, malformedNote, PlaintextTooLarge, type Unlocked, unlockAddressKeys, unlockUserKeys, type Verification} from './keyring.ts'
import {senderKeys} from './account-keys.ts'
import {openedPassphrase, sealedPassphrase} from './user-keys.ts'
import {type MimeBody, MimeBodyError, MimeBoundError, parseMimeBody} from './mime-body.ts'
import {verifyDetached} from './mime-signature.ts'

export interface OpenedMessage {
  message: JsonRecord
  body: Buffer
  verification: Verification
  /** The sender's published keys (armored), for a signature inside the body (PGP/MIME's multipart/signed). */
  senderKeys: string[]
}

const recordOf = (answer: Answer, key: string): JsonRecord => (isRecord(answer.data) && isRecord(answer.data[key]) ? answer.data[key] : {})

/** No key could be unlocked, each refused for the cost of its Argon2 S2K: a bound, exit 5. */
const tooCostly = (what: string, unlocked: Unlocked) => new CliFailure(`${what} (${unlocked.failures.join('; ')})`, EXIT.UNAVAILABLE)

/** A message with the unlocked keys of its address, and (when asked for) the sender's published keys on their way. */
export interface MessageWithKeys {
  message: JsonRecord
  keys: PrivateKey[]
  published: Promise<string[]>
  /** The most bytes the decrypted body may have: it is held whole in memory (heldBound: --max-size, at most 64 MiB). */
  bound: SizeBound
  /** A failure that names the message. */
  fail(cause: string): CliFailure
}

export interface WithKeysOptions {
  /** Ask for the sender's published keys alongside (default: true). */
  withSenderKeys?: boolean
  /** The message record when it was fetched already (mail attachments): not asked for again. */
  message?: JsonRecord
}

/**
 * What a run needs once however many messages it reads (mail read ID…): the
 * key requests' outcomes, the user keys and each address's keys, unlocked
 * once (every unlock is an iterated S2K), held in memory for the run only.
 */
interface RunKeys {
  answers: Promise<Array<Answer | number>>
  userKeys?: Promise<Unlocked>
  addressKeys: Map<string, Promise<Unlocked>>
}

const runKeys = new WeakMap<Invocation, RunKeys>()

function keysOfRun(invocation: Invocation): RunKeys {
  let keys = runKeys.get(invocation)
  if (!keys) {
    const answers = Promise.all([
      tryCall(invocation, {method: 'GET', path: '/auth/v4/sessions/local/key'}),
      tryCall(invocation, {method: 'GET', path: '/core/v4/users'}),
      tryCall(invocation, {method: 'GET', path: '/core/v4/addresses'}),
    ])
    keys = {addressKeys: new Map(), answers}
    runKeys.set(invocation, keys)
  }

  return keys
}

export async function messageWithKeys(invocation: Invocation, id: string, {message: fetched, withSenderKeys = true}: WithKeysOptions = {}): Promise<MessageWithKeys> {
  // OpenPGP.js is loaded below: from Node's compile cache rather than compiled again at every run.
  enableOwnCompileCache(invocation.context.cacheDir, invocation.io.env)
  const session = await invocation.session()
  const sealed = sealedPassphrase(invocation, session)
  const run = keysOfRun(invocation)
  const [fetchedNow, keyOutcomes] = await Promise.all([
    fetched === undefined ? tryCall(invocation, {method: 'GET', path: `/mail/v4/messages/${pathId(id, 'the message ID')}`}, `message ${id}`) : undefined,
    run.answers,
  ])
  const outcomes = [fetchedNow, ...keyOutcomes]
  const failed = outcomes.find((outcome) => typeof outcome === 'number')
  if (failed !== undefined) invocation.exit(failed)
  const [messageAnswer, localKey, user, addresses] = outcomes as [Answer | undefined, Answer, Answer, Answer]
  const message = fetched ?? recordOf(messageAnswer as Answer, 'Message')
  const login = commandLine(invocation.context.names, 'auth:login')
  const passphrase = openedPassphrase(invocation, session, sealed, localKey)

  const sender = isRecord(message.Sender) && typeof message.Sender.Address === 'string' ? message.Sender.Address : undefined
  const published = sender === undefined || !withSenderKeys ? Promise.resolve([]) : senderKeys(invocation, session, sender)
  // Unlocking is part of the command's work: --timeout bounds it as it bounds each request (Argon2 keys take seconds).
  const deadline = {at: Date.now() + invocation.flags.timeout * 1000, timeoutSeconds: invocation.flags.timeout}
  run.userKeys ??= (() => {
    const userList = keyEntries(recordOf(user, 'User').Keys)
    const userNote = malformedNote(userList, 'User.Keys')
    if (userNote) invocation.note(userNote)
    return unlockUserKeys(userList.keys, passphrase, deadline)
  })()
  const userKeys = await run.userKeys
  if (userKeys.keys.length === 0) {
    if (userKeys.tooCostly) throw tooCostly('no user key could be unlocked', userKeys)
    throw authError(`the stored key passphrase no longer unlocks the user keys (the password changed?): run "${login}" again`)
  }

  const addressList = isRecord(addresses.data) && Array.isArray(addresses.data.Addresses) ? addresses.data.Addresses : []
  const address = addressList.find((candidate) => isRecord(candidate) && candidate.ID === message.AddressID)
  const fail = (cause: string) => new CliFailure(`message ${id}: ${cause}`, EXIT.USAGE)
  if (!isRecord(address)) throw fail(`its address ${String(message.AddressID)} is not one of this account's`)
  let unlocking = run.addressKeys.get(String(address.ID))
  if (!unlocking) {
    const addressKeyList = keyEntries(address.Keys)
    const addressNote = malformedNote(addressKeyList, `the keys of address ${String(address.Email)}`)
    if (addressNote) invocation.note(addressNote)
    unlocking = unlockAddressKeys(addressKeyList.keys, userKeys.keys, passphrase, {deadline})
    run.addressKeys.set(String(address.ID), unlocking)
  }

  const addressKeys = await unlocking
  if (addressKeys.keys.length === 0 && addressKeys.tooCostly) throw tooCostly(fail(`no key of its address ${String(address.Email)} could be unlocked`).message, addressKeys)
  if (addressKeys.keys.length === 0) throw fail(`no key of its address ${String(address.Email)} could be unlocked (${addressKeys.failures.join('; ')})`)
  return {bound: heldBound(invocation.flags['max-size']), fail, keys: addressKeys.keys, message, published}
}

/** The message's body decrypted with the keys, its signature checked with the sender's keys (when there are any). */
export async function decryptBody({bound, fail, keys, message, published}: MessageWithKeys): Promise<OpenedMessage> {
  if (typeof message.Body !== 'string' || message.Body === '') throw fail('the answer carries no Body')
  try {
    const senderKeys = await published
    const {data, verification} = await decryptArmored(message.Body, keys, senderKeys, bound.bytes)
    return {body: data, message, senderKeys, verification}
  } catch (error) {
    if (error instanceof PlaintextTooLarge) {
      // A body that inflates a thousandfold (a compressed packet): stopped there, as an answer over --max-size is.
      throw new CliFailure(fail(`its decrypted body is over ${bound.name}: stopped decrypting it; nothing printed`).message, EXIT.UNAVAILABLE)
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
    // A tree larger than the parser is given is a bound, as --max-size is: exit 5.
    if (error instanceof MimeBoundError) throw new CliFailure(fail(error.message).message, EXIT.UNAVAILABLE)
    throw fail(error instanceof MimeBodyError ? error.message : `cannot parse its MIME body (${error instanceof Error ? error.message : String(error)})`)
  }

  const verification = opened.verification === 'unsigned' && parsed.signed ? await verifyDetached(parsed.signed.data, parsed.signed.signature, senderKeys) : opened.verification
  return {parsed, verification}
}
