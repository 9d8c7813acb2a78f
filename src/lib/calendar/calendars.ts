/**
 * A user's calendars opened for their events: the calendar list
 * (GET /calendar/v1, each calendar's own member carrying its name and
 * address), one chosen by name or ID (--calendar), and its keys: the
 * member's passphrase and the calendar keys in one request,
 * GET /calendar/v2/{ID}/bootstrap (WebClients packages/shared/lib/api/
 * calendars.ts getFullCalendar, which moved it from calendar/v1 to
 * calendar/v2, as the shipped description has it; go-proton-api calendar.go
 * GetCalendarKeys, GetCalendarPassphrase), the passphrase opened with the
 * member's address keys and the keys unlocked with it
 * (calendar/calendar-keys.ts).
 */
import {idSegment} from '../http/path-segment.ts'
import type {PrivateKey} from 'openpgp'

import type {AccountKeys} from '../account/keys.ts'
import type {SealedKeys} from './event-keys.ts'
import type {DirectKeySet} from '../crypto/direct/keys.ts'
import {directly} from '../crypto/direct/open.ts'
import {openMemberPassphrase, unlockCalendarKeys} from './calendar-keys.ts'
import {isRecord, type JsonRecord, listOf} from '../core/records.ts'
import type {JsonValue} from '../core/json-value.ts'
import {call} from '../run/api.ts'
import {CliFailure, oneLine, usageError} from '../core/errors.ts'
import {EXIT} from '../core/exit-status.ts'
import type {Invocation} from '../run/invocation.ts'
import {type CalendarDefaults, calendarDefaults} from './alarms.ts'

/** CalendarKeyFlags (WebClients interfaces/calendar/CalendarKey.ts): PRIMARY. */
const KEY_PRIMARY = 2

export interface CalendarRef {
  id: string
  name: string
  memberId: string
  addressId: string
  email: string
}

export interface OpenCalendar extends CalendarRef {
  /** The calendar's keys unlocked (OpenPGP.js), when a read needs them: already, unless `direct` holds them. */
  keys(): Promise<PrivateKey[]>
  /** The key new events' session keys are encrypted to. */
  primary(): Promise<PrivateKey>
  /** The calendar's keys as the seal holds them, read without OpenPGP.js (crypto/direct), when it holds them all. */
  direct?: DirectKeySet[]
  /** Events' session keys kept sealed (event-keys.ts), beside `direct`. */
  sessionKeys?: SealedKeys['sessionKeys']
  /** The alarms of an event whose Notifications are null (its CalendarSettings). */
  defaults: CalendarDefaults
}

const string = (value: unknown) => (typeof value === 'string' ? value : '')

function refOf(calendar: JsonRecord): CalendarRef {
  const member = listOf(calendar, 'Members')[0] ?? {}
  return {addressId: string(member.AddressID), email: string(member.Email), id: string(calendar.ID), memberId: string(member.ID), name: string(member.Name ?? calendar.Name)}
}

/** The calendars `choice` names: the one of that ID, else those of that name, ignoring case. */
function named(all: readonly CalendarRef[], choice: string): CalendarRef[] {
  const byId = all.filter((calendar) => calendar.id === choice)
  return byId.length > 0 ? byId : all.filter((calendar) => calendar.name.toLowerCase() === choice.toLowerCase())
}

const listCalendars = async (invocation: Invocation) => listOf((await call(invocation, {method: 'GET', path: '/calendar/v1'})).data, 'Calendars').map(refOf)

/** GET /calendar/v1: every calendar of the user, or the one `choice` names (its ID, else its name, ignoring case). */
export async function chooseCalendars(invocation: Invocation, choice?: string): Promise<CalendarRef[]> {
  const all = await listCalendars(invocation)
  if (choice === undefined) return all
  const found = named(all, choice)
  if (found.length === 1) return found
  if (found.length > 1) throw usageError(`--calendar "${choice}" names ${found.length} calendars: give its ID (${found.map(({id}) => id).join(', ')})`)
  throw usageError(`--calendar "${choice}": no calendar has that ID or name (see "calendar list")`)
}

/**
 * The calendar IDs for what was given in their place, as --calendar takes it (an ID, else a name ignoring case),
 * looked up with GET /calendar/v1; one that names no calendar is kept as given, for the service to answer for.
 */
export async function calendarIds(invocation: Invocation, given: readonly string[]): Promise<string[]> {
  const all = await listCalendars(invocation)
  return given.map((choice) => {
    const found = named(all, choice)
    if (found.length > 1) throw usageError(`"${choice}" names ${found.length} calendars: give its ID (${found.map(({id}) => id).join(', ')})`)
    return found[0]?.id ?? choice
  })
}

/**
 * The calendar of this ID as its bootstrap names it, with no calendar list: a bootstrap's Members hold only the
 * account's own member (WebClients calendar/members.ts getMemberAndAddress, which the web client's getCalendarInfo
 * reads from the bootstrap alone). Undefined when it names none (no bootstrap, or a member of another calendar), or
 * no name: the list then names the calendar as refOf does (the calendar's own Name when its member has none).
 */
export function bootstrapRef(id: string, bootstrap: JsonValue | undefined): CalendarRef | undefined {
  const member = isRecord(bootstrap) && Array.isArray(bootstrap.Members) ? listOf(bootstrap, 'Members')[0] : undefined
  if (!member || typeof member.ID !== 'string' || typeof member.AddressID !== 'string' || typeof member.Name !== 'string') return undefined
  if (member.CalendarID !== undefined && member.CalendarID !== id) return undefined
  return {addressId: member.AddressID, email: string(member.Email), id, memberId: member.ID, name: member.Name}
}

/** A calendar's bootstrap (its keys, member passphrases and settings): asked for as soon as its ID is known (`send`: see open-calendars.ts early). */
export const fetchBootstrap = async (invocation: Invocation, id: string, send = call): Promise<JsonValue | undefined> =>
  (await send(invocation, {method: 'GET', path: `/calendar/v2/${idSegment(id)}/bootstrap`})).data

/**
 * The calendar's keys, from its bootstrap: the member passphrase opened (signature checked), the keys unlocked; or,
 * when the seal holds every one of them (`direct`, account/direct-keys.ts), read from it, and unlocked only if asked.
 */
export async function openCalendar(calendar: CalendarRef, fetched: Promise<JsonValue | undefined>, account: () => Promise<AccountKeys>, direct?: SealedKeys): Promise<OpenCalendar> {
  const bootstrap = await fetched
  const fail = (cause: string) => new CliFailure(`calendar "${calendar.name}" (${calendar.id}): ${cause}`, EXIT.USAGE)
  const passphrase = isRecord(bootstrap) && isRecord(bootstrap.Passphrase) ? bootstrap.Passphrase : {}
  const own = listOf(passphrase, 'MemberPassphrases').find((entry) => entry.MemberID === calendar.memberId)
  if (!own || typeof own.Passphrase !== 'string' || typeof own.Signature !== 'string') throw fail('it has no passphrase for this member (its keys are not set up: INCOMPLETE_SETUP?)')
  // The passphrase is opened (and its signature checked) only for a key the seal does not hold: a sealed key was
  // unlocked with it once, and is used only while the service lists that very key (account/key-seal.ts, the digest
  // of its record). A calendar whose keys are all sealed decrypts and verifies nothing here.
  let opened: Promise<string> | undefined
  const secret = () =>
    (opened ??= (async () => {
      try {
        const addressKeys = await (await account()).addressKeys(calendar.addressId)
        return await openMemberPassphrase({Passphrase: own.Passphrase as string, Signature: own.Signature as string}, addressKeys)
      } catch (error) {
        // The account's own failures (keys the passphrase no longer opens, an Argon2 bound, --timeout) are the command's.
        if (error instanceof CliFailure) throw error
        throw fail(`its passphrase does not open with its address's keys, or its signature does not hold (${oneLine(error instanceof Error ? error.message : String(error), 200)})`)
      }
    })())

  const listed = listOf(bootstrap, 'Keys')
  const flagged = listed.find((key) => typeof key.Flags === 'number' && (key.Flags & KEY_PRIMARY) !== 0)
  const record = (armored: string) => ({ID: `calendar-key:${calendar.id}`, PrivateKey: armored})
  const unlock = async (): Promise<{keys: PrivateKey[]; primary: PrivateKey}> => {
    // Sealed with the account's keys (account/key-seal.ts): a second run derives none.
    const {sealedKey} = await account()
    let primary: PrivateKey | undefined
    const keys = await unlockCalendarKeys(
      listed.map((key) => string(key.PrivateKey)),
      secret,
      async (armored, unlock) => {
        const key = await sealedKey(record(armored), unlock)
        if (flagged && armored === string(flagged.PrivateKey)) primary = key
        return key
      },
    )
    // A failure to open the passphrase (or the account's keys) comes first, not "none of its keys unlocks"; with no key
    // listed, the passphrase is opened all the same, for that failure.
    if (opened || keys.length === 0) await secret()
    if (keys.length === 0) throw fail('none of its keys unlocks with its passphrase')
    return {keys, primary: primary ?? keys[0]}
  }

  const defaults = calendarDefaults(isRecord(bootstrap) ? bootstrap.CalendarSettings : undefined)
  const sealed = direct && listed.length > 0 ? await directly(() => listed.map((key) => direct.account.otherKey(record(string(key.PrivateKey))))) : undefined
  if (sealed) {
    let unlocked: Promise<{keys: PrivateKey[]; primary: PrivateKey}> | undefined
    const later = () => (unlocked ??= unlock())
    return {...calendar, defaults, direct: sealed, keys: async () => (await later()).keys, primary: async () => (await later()).primary, sessionKeys: direct?.sessionKeys}
  }

  const {keys, primary} = await unlock()
  return {...calendar, defaults, keys: async () => keys, primary: async () => primary}
}
