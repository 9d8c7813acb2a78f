/**
 * A message and the keys to open it, fetched together (the account's keys,
 * account/keys.ts, and the message in parallel), then its body
 * decrypted with the keys of the message's address, and the signature
 * checked against the sender's published keys when the service has any
 * (GET /core/v4/keys/all?Email=, WebClients api/keys.ts getAllPublicKeys).
 */
import {pathId} from '../http/path-segment.ts'
import {heldBound, type SizeBound} from '../http/max-size.ts'
import type {Answer} from '../output/api-answer.ts'
import {isRecord, type JsonRecord} from '../core/records.ts'
import {accountKeys, accountRecords, type AccountKeys, requestAccountKeys, sessionWithKeys} from '../account/keys.ts'
import {openDirectly} from './read-directly.ts'
import {senderKeys} from '../account/published-keys.ts'
import {tryCall} from '../run/api.ts'
import {CliFailure} from '../core/errors.ts'
import type {Invocation} from '../run/invocation.ts'
import {EXIT} from '../core/exit-status.ts'

import {decryptArmored, PlaintextTooLarge, type Verification} from '../crypto/keyring.ts'
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

/** A message with the unlocked keys of its address, and (when asked for) the sender's published keys on their way. */
export interface MessageWithKeys {
  message: JsonRecord
  keys: Awaited<ReturnType<AccountKeys['addressKeys']>>
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

/** A message fetched (unless given), the account's key requests beside it, before any key is unlocked. */
export interface FetchedMessage {
  message: JsonRecord
  address: JsonRecord
  published: Promise<string[]>
  bound: SizeBound
  fail(cause: string): CliFailure
}

/** The message (unless given) and the account's records (account/keys.ts: once per run however many messages it reads), fetched together. */
async function fetchMessage(invocation: Invocation, id: string, {message: fetched, withSenderKeys = true}: WithKeysOptions): Promise<FetchedMessage> {
  // A session without keys sends nothing; the key requests go out first, the message's beside them.
  const {session} = await sessionWithKeys(invocation)
  requestAccountKeys(invocation)
  const [messageAnswer, account] = await Promise.all([
    fetched === undefined ? tryCall(invocation, {method: 'GET', path: `/mail/v4/messages/${pathId(id, 'the message ID')}`}, `message ${id}`) : undefined,
    accountRecords(invocation),
  ])
  if (typeof messageAnswer === 'number') invocation.exit(messageAnswer)
  const message = fetched ?? recordOf(messageAnswer as Answer, 'Message')
  const sender = isRecord(message.Sender) && typeof message.Sender.Address === 'string' ? message.Sender.Address : undefined
  const published = sender === undefined || !withSenderKeys ? Promise.resolve([]) : senderKeys(invocation, session, sender)
  const address = account.addresses.find((candidate) => candidate.ID === message.AddressID)
  const fail = (cause: string) => new CliFailure(`message ${id}: ${cause}`, EXIT.USAGE)
  if (!address) throw fail(`its address ${String(message.AddressID)} is not one of this account's`)
  return {address, bound: heldBound(invocation.flags['max-size']), fail, message, published}
}

/** The fetched message with the unlocked keys of its address. */
async function withKeys(invocation: Invocation, {address, bound, fail, message, published}: FetchedMessage): Promise<MessageWithKeys> {
  const {addressKeys} = await accountKeys(invocation)
  const keys = await addressKeys(String(address.ID)).catch((error: unknown) => {
    const cause = error instanceof Error ? error.message.replace(/^no key of address /, 'no key of its address ') : String(error)
    // Refused for their Argon2 cost: the bound's exit 5, naming the message.
    throw error instanceof CliFailure ? new CliFailure(fail(cause).message, error.exitStatus) : fail(cause)
  })
  return {bound, fail, keys, message, published}
}

/** The message (unless given) and the keys of its address. */
export async function messageWithKeys(invocation: Invocation, id: string, options: WithKeysOptions = {}): Promise<MessageWithKeys> {
  return withKeys(invocation, await fetchMessage(invocation, id, options))
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
  const fetched = await fetchMessage(invocation, id, options)
  return (await openDirectly(invocation, fetched)) ?? decryptBody(await withKeys(invocation, fetched))
}

/** A PGP/MIME message's tree, opened: its parts, and the signature that covers them all. */
export interface OpenedTree {
  parsed: MimeBody
  /** The message's signature: the one on the encrypted message, or when there is none, a multipart/signed's inside. */
  verification: Verification
}

/**
 * The MIME tree of a PGP/MIME message (its MIMEType multipart/*), the one way mail read, mail attachments and mail
 * download open it: the decrypted body parsed (mail/mime-body.ts), a memory-hole subject looked for with the
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
