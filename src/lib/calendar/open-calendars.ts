/**
 * What every events command starts with: the account's keys (three
 * requests) and the calendar list fetched together, the chosen calendars
 * opened (their bootstrap each, in parallel), and the keys that check an
 * event's Author: this account's own address keys, else the Author's
 * published keys (asked once per Author).
 */
import type {PublicKey} from 'openpgp'

import {type AccountKeys, accountKeys} from '../account/keys.ts'
import {senderKeys} from '../account/published-keys.ts'
import {openpgp} from '../crypto/keyring.ts'
import {CliFailure} from '../core/errors.ts'
import type {Invocation} from '../run/invocation.ts'
import {type CalendarRef, chooseCalendars, type OpenCalendar, openCalendar} from './calendars.ts'
import type {AuthorKeys} from './open-event.ts'

export interface Opened {
  account: AccountKeys
  calendars: OpenCalendar[]
  authorKeys: AuthorKeys
}

/** A promise whose rejection is handled where it is awaited, not reported as unhandled meanwhile. */
export function quiet<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {})
  return promise
}

/**
 * `alongside`: work on the chosen calendars that needs no keys (fetching their events), started with their
 * bootstraps rather than after them.
 */
export async function openCalendars(invocation: Invocation, choice: string | undefined, alongside?: (calendars: readonly CalendarRef[]) => void): Promise<Opened> {
  const accountPromise = quiet(accountKeys(invocation))
  const refs = await chooseCalendars(invocation, choice)
  alongside?.(refs)
  const settled = await Promise.allSettled(refs.map((ref) => openCalendar(invocation, ref, accountPromise)))
  const account = await accountPromise
  // The calendar keys unlocked meanwhile, sealed once.
  await account.flushSeal()
  const calendars: OpenCalendar[] = []
  for (const outcome of settled) {
    if (outcome.status === 'fulfilled') calendars.push(outcome.value)
    // One calendar named: its failure is the command's. Every calendar: one that cannot be opened is skipped, and said.
    else if (choice !== undefined || !(outcome.reason instanceof CliFailure)) throw outcome.reason
    else invocation.io.stderr.write(`Warning: skipped ${outcome.reason.message}\n`)
  }

  const session = await invocation.session()
  const byAuthor = new Map<string, Promise<PublicKey[]>>()
  const authorKeys: AuthorKeys = (email) => {
    let keys = byAuthor.get(email.toLowerCase())
    if (!keys) {
      keys = account.ownPublicKeys(email).then(async (own) => {
        if (own.length > 0 || email === '') return own
        const pgp = await openpgp()
        const published = await senderKeys(invocation, session, email)
        return Promise.all(published.map((armoredKey) => pgp.readKey({armoredKey})))
      })
      byAuthor.set(email.toLowerCase(), keys)
    }

    return keys
  }

  return {account, authorKeys, calendars}
}
