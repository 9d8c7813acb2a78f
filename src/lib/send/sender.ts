/**
 * The sending address and its keys: --from, else the primary address
 * (account/keys.ts primaryAddress, as WebClients getPrimaryAddress); an
 * address that is disabled or may not send (Status, Send) is refused. Its
 * keys are unlocked by account/keys.ts, as every command's, the signing
 * packets too.
 */
import type {JsonRecord} from '../output/records.ts'
import {escapeLine} from '../output/escape.ts'
import {accountKeys, accountRecords, primaryAddress} from '../account/keys.ts'
import {authError, CliFailure, usageError} from '../runtime/errors.ts'
import type {Invocation} from '../runtime/invocation.ts'
import type {PrivateKey} from 'openpgp'

export interface Account {
  user: JsonRecord
  address: JsonRecord
  /** The user's MaxUpload: the most bytes of attachments a message may carry. */
  maxUpload: number
  /** Every address of the account, lower case: sent to, they are the user's own (no contact's pins apply). */
  own: Set<string>
}

/** 25 MiB: the MaxUpload the service gives its users, when the user record names none. */
const DEFAULT_MAX_UPLOAD = 25 * 1024 * 1024

/** The user and the sending address (--from or the primary one), refused when it cannot send; the keys' requests (account/keys.ts) serve it. */
export async function loadAccount(invocation: Invocation, from: string | undefined): Promise<Account> {
  const {addresses: all, user} = await accountRecords(invocation)
  const address =
    from === undefined
      ? primaryAddress(all)
      : all.find((candidate) => typeof candidate.Email === 'string' && candidate.Email.toLowerCase() === from.trim().toLowerCase())
  if (!address) throw usageError(from === undefined ? 'the account has no active address to send from' : `--from ${escapeLine(from)}: not an address of this account`)
  if (address.Status !== 1 || address.Send !== 1) throw usageError(`--from ${escapeLine(String(address.Email))}: this address cannot send (disabled, or not allowed to send)`)
  const maxUpload = typeof user.MaxUpload === 'number' && user.MaxUpload > 0 ? user.MaxUpload : DEFAULT_MAX_UPLOAD
  const own = new Set(all.map((candidate) => String(candidate.Email).toLowerCase()))
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
