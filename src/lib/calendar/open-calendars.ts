/**
 * What every events command starts with: the calendar list (none for a calendar given by its ID) and the account's
 * keys (three requests) fetched together, the chosen calendars opened (their bootstrap each, asked for as soon as the
 * calendar's ID is known), and the keys
 * that check an event's Author: this account's own address keys, else the Author's published keys (asked once per
 * Author).
 */
import type {PublicKey} from 'openpgp'

import {type AccountKeys, accountKeys, requestAccountKeys, sessionWithKeys} from '../account/keys.ts'
import {directAccount} from '../account/direct-keys.ts'
import {senderKeys} from '../account/published-keys.ts'
import {openpgp as loadOpenpgp} from '../crypto/keyring.ts'
import {type DirectKeySet, readKey} from '../crypto/direct/keys.ts'
import {need} from '../crypto/direct/packets.ts'
import {CliFailure} from '../core/errors.ts'
import type {JsonValue} from '../core/json-value.ts'
import type {Invocation} from '../run/invocation.ts'
import {call, callQuietly} from '../run/api.ts'
import {bootstrapRef, type CalendarRef, chooseCalendars, fetchBootstrap, type OpenCalendar, openCalendar} from './calendars.ts'
import {runEventKeys} from './event-keys.ts'
import type {AuthorKeys} from './open-event.ts'

export interface Opened {
  /** The account's keys unlocked (OpenPGP.js): asked for only by what needs them (a write, a read that falls back). */
  account(): Promise<AccountKeys>
  calendars: OpenCalendar[]
  authorKeys: AuthorKeys
}

/** A promise whose rejection is handled where it is awaited, not reported as unhandled meanwhile. */
export function quiet<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {})
  return promise
}

/**
 * A --calendar that has the shape of the service's IDs (86 base64url characters and ==), whose bootstrap and events
 * are asked for beside the calendar list rather than after it; a name of that shape costs answers thrown away.
 */
const ID_SHAPE = /^[\w-]{86}==$/

/** Work started ahead (see early): its result when asked for, and what its first try gave (undefined if it failed). */
export interface Early<T> {
  (): Promise<T>
  tried: Promise<T | undefined>
}

/**
 * Work on a calendar that needs only its ID, started now, its requests sent with `send`. `quietly` (before the
 * calendar is known to be wanted): sent with callQuietly, which reports no failure, and done again with call when
 * asked for after it failed.
 */
export function early<T>(work: (send: typeof call) => Promise<T>, quietly: boolean): Early<T> {
  const first = quiet(work(quietly ? callQuietly : call))
  let again: Promise<T> | undefined
  const take = quietly ? () => first.catch(() => (again ??= work(call))) : () => first
  return Object.assign(take, {tried: first.catch(() => undefined)})
}

/**
 * `alongside`: work on a chosen calendar that needs only its ID (fetching its events), started with its bootstrap:
 * at once when --calendar has an ID's shape (`quietly`, see early), else once the calendar list names it. A
 * bootstrap names its calendar's member (bootstrapRef): an ID's calendar needs no list unless its bootstrap fails
 * (a calendar named like an ID, an error then said by the list's own requests).
 */
export async function openCalendars(invocation: Invocation, choice: string | undefined, alongside?: (id: string, quietly: boolean) => void): Promise<Opened> {
  // The key requests go out now; the keys are unlocked only if the seal cannot give them (account/direct-keys.ts).
  requestAccountKeys(invocation)
  let unlocking: Promise<AccountKeys> | undefined
  const account = () => (unlocking ??= quiet(accountKeys(invocation)))
  const sealed = directAccount(invocation)
  const bootstraps = new Map<string, Early<JsonValue | undefined>>()
  const start = (id: string, quietly = false) => {
    let bootstrap = bootstraps.get(id)
    if (!bootstrap) {
      bootstrap = early((send) => fetchBootstrap(invocation, id, send), quietly)
      bootstraps.set(id, bootstrap)
      alongside?.(id, quietly)
    }

    return bootstrap
  }

  // The calendar list (a short answer) and the key requests go out first: the service answers them first, and the
  // seal opens while the events come. An ID's calendar has no list: its bootstrap, after the key requests, names it.
  const ahead = choice !== undefined && ID_SHAPE.test(choice) ? ({by: 'id', id: choice} as const) : ({by: 'list', listed: quiet(chooseCalendars(invocation, choice))} as const)
  await sessionWithKeys(invocation)
  const refs = await (ahead.by === 'id' ? bootstrapOrList(invocation, ahead.id, start(ahead.id, true).tried) : ahead.listed)
  for (const {id} of refs) start(id)
  const direct = await sealed
  const withKeys = direct && {account: direct, sessionKeys: await runEventKeys(invocation, direct)}
  const settled = await Promise.allSettled(refs.map((ref) => openCalendar(ref, start(ref.id)(), account, withKeys)))
  // The account's own failure is the command's, before any calendar's; the calendar keys unlocked meanwhile, sealed once.
  if (unlocking) await (await unlocking).flushSeal()
  const calendars: OpenCalendar[] = []
  for (const outcome of settled) {
    if (outcome.status === 'fulfilled') calendars.push(outcome.value)
    // One calendar named: its failure is the command's. Every calendar: one that cannot be opened is skipped, and said.
    else if (choice !== undefined || !(outcome.reason instanceof CliFailure)) throw outcome.reason
    else invocation.io.stderr.write(`Warning: skipped ${outcome.reason.message}\n`)
  }

  const session = await invocation.session()
  const published = memo((email) => senderKeys(invocation, session, email))
  const pgp = memo(async (email): Promise<PublicKey[]> => {
    const own = await (await account()).ownPublicKeys(email)
    if (own.length > 0 || email === '') return own
    const openpgp = await loadOpenpgp()
    return Promise.all((await published(email)).map((armoredKey) => openpgp.readKey({armoredKey})))
  })
  const directKeys = memo(async (email): Promise<DirectKeySet[]> => {
    need(direct, 'no sealed keys')
    const own = direct.ownPublicKeys(email)
    if (own.length > 0 || email === '') return own
    return (await published(email)).map((armoredKey) => readKey(armoredKey))
  })
  return {account, authorKeys: {direct: directKeys, fellBack: direct?.fellBack('event opened'), pgp}, calendars}
}

/** The calendar of an ID-shaped --calendar: its bootstrap's member, else what the calendar list names. */
async function bootstrapOrList(invocation: Invocation, choice: string, bootstrap: Promise<JsonValue | undefined>): Promise<CalendarRef[]> {
  const ref = bootstrapRef(choice, await bootstrap)
  return ref ? [ref] : chooseCalendars(invocation, choice)
}

/** `lookUp` asked once per email (any case). */
function memo<T>(lookUp: (email: string) => Promise<T>): (email: string) => Promise<T> {
  const asked = new Map<string, Promise<T>>()
  return (email) => {
    let found = asked.get(email.toLowerCase())
    if (!found) {
      found = quiet(lookUp(email))
      asked.set(email.toLowerCase(), found)
    }

    return found
  }
}
