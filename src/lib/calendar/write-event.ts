/**
 * An event written as the web client writes it (WebClients packages/shared/
 * lib/calendar/serialize.ts createCalendarEvent, formatData; veventHelper.ts
 * getVeventParts; applications/calendar/src/app/containers/calendar/
 * eventActions/getSyncMultipleEventsPayload.ts): the VEVENT split into the
 * shared signed part (uid, dtstamp, dtstart, dtend, recurrence-id, rrule,
 * exdate, organizer, sequence: the service reads the times from it), the
 * shared encrypted part (uid, dtstamp, created, description, summary,
 * location and every property no part names), the calendar parts (exdate
 * again, status, transp signed; comment encrypted) when they hold more than uid and
 * dtstamp; no personal part: the alarms travel as the event's Notifications
 * and its colour as Color, in clear (calendar/alarms.ts, formatData.ts
 * formatData), as today's web client writes them; every part signed by the address
 * key, encrypted parts with the event's session key, which travels to the
 * calendar's primary key (SharedKeyPacket) only when the event is new.
 * The summary, description and location never travel in clear.
 */
import {idSegment} from '../http/path-segment.ts'
import {randomBytes} from 'node:crypto'

import type {PrivateKey, SessionKey} from 'openpgp'

import {encryptCard, newSessionKey, signCard} from './calendar-event-crypto.ts'
import {isRecord, type JsonRecord, listOf} from '../core/records.ts'
import type {PlannedRequest} from '../run/dry-run.ts'
import {call} from '../run/api.ts'
import {showDryRun} from '../run/printer.ts'
import {CliFailure} from '../core/errors.ts'
import {EXIT} from '../core/exit-status.ts'
import type {Invocation} from '../run/invocation.ts'
import type {Notification} from './alarms.ts'
import type {CalendarRef, OpenCalendar} from './calendars.ts'
import {CALENDAR_ENCRYPTED_FIELDS, CALENDAR_SIGNED_FIELDS, cardText, type Component, ICAL, pick, rest, SHARED_ENCRYPTED_FIELDS, SHARED_SIGNED_FIELDS, worthSending} from './vevent.ts'

/** ATTENDEE_PERMISSIONS.SEE: what the web client grants (DEFAULT_ATTENDEE_PERMISSIONS). */
const DEFAULT_PERMISSIONS = 1
const CARD = {ENCRYPTED_AND_SIGNED: 3, SIGNED: 2}

/** helper.ts generateUID: random, then @proton.me. */
export function newUid(): string {
  return `${randomBytes(20).toString('base64url')}@proton.me`
}

/** A UTC DATE-TIME value of now, as DTSTAMP and CREATED are written. */
export function utcNow(ms: number): InstanceType<typeof ICAL.Time> {
  return ICAL.Time.fromJSDate(new Date(Math.floor(ms / 1000) * 1000), true)
}

export interface Keys {
  signingKey: PrivateKey
  calendar: OpenCalendar
  /** An existing event's session keys (update): reused, their packets not sent again. */
  shared?: SessionKey
  calendarSession?: SessionKey
}

/** What the web client sends beside the parts: Notifications (null: the calendar's defaults) and Color (null: the calendar's). */
export interface Personal {
  notifications: Notification[] | null
  color: string | null
}

/** The Event of a sync item: its parts signed and encrypted, its Notifications and Color. */
export async function eventPayload(vevent: Component, {calendar, calendarSession, shared, signingKey}: Keys, {color, notifications}: Personal): Promise<JsonRecord> {
  const primary = (await calendar.primary()).toPublic()
  const sharedKey = shared ? {keyPacket: undefined, sessionKey: shared} : await newSessionKey(primary)
  const sharedSigned = cardText(pick(vevent, SHARED_SIGNED_FIELDS))
  const encryptedPart = pick(vevent, SHARED_ENCRYPTED_FIELDS)
  for (const property of rest(vevent).getAllProperties()) encryptedPart.addProperty(property)
  const calendarSigned = pick(vevent, CALENDAR_SIGNED_FIELDS)
  const calendarEncrypted = pick(vevent, CALENDAR_ENCRYPTED_FIELDS)
  const calendarKey = worthSending(calendarEncrypted) ? (calendarSession ? {keyPacket: undefined, sessionKey: calendarSession} : await newSessionKey(primary)) : undefined

  const signed = async (text: string) => ({Data: text, Signature: await signCard(text, signingKey), Type: CARD.SIGNED})
  const encrypted = async (text: string, sessionKey: SessionKey) => ({...(await encryptCard(text, signingKey, sessionKey)), Type: CARD.ENCRYPTED_AND_SIGNED})
  const [sharedParts, calendarParts] = await Promise.all([
    Promise.all([signed(sharedSigned), encrypted(cardText(encryptedPart), sharedKey.sessionKey)]),
    Promise.all([worthSending(calendarSigned) ? signed(cardText(calendarSigned)) : undefined, calendarKey ? encrypted(cardText(calendarEncrypted), calendarKey.sessionKey) : undefined]),
  ])
  const calendarContent = calendarParts.filter((part) => part !== undefined)
  return {
    Permissions: DEFAULT_PERMISSIONS,
    ...(sharedKey.keyPacket ? {SharedKeyPacket: sharedKey.keyPacket} : {}),
    SharedEventContent: sharedParts,
    ...(calendarKey?.keyPacket ? {CalendarKeyPacket: calendarKey.keyPacket} : {}),
    ...(calendarContent.length > 0 ? {CalendarEventContent: calendarContent} : {}),
    Notifications: notifications?.map(({Trigger, Type}) => ({Trigger, Type})) ?? null,
    Color: color,
  }
}

/** The request that writes one item: PUT /calendar/v1/{ID}/events/sync {MemberID, Events: [item]}. */
export const syncRequest = (calendar: CalendarRef, item: JsonRecord): PlannedRequest => ({
  body: {MemberID: calendar.memberId, Events: [item]},
  method: 'PUT',
  path: `/calendar/v1/${idSegment(calendar.id)}/events/sync`,
})

/**
 * Send syncRequest; its own Response's failure ends the command with one line. With `dryRun` the request is
 * printed (showDryRun) instead, and nothing is sent: undefined.
 */
export async function syncOne(invocation: Invocation, calendar: CalendarRef, item: JsonRecord, what: string, dryRun = false): Promise<JsonRecord | undefined> {
  if (dryRun) {
    await showDryRun(invocation, [syncRequest(calendar, item)])
    return undefined
  }

  const answer = await call(invocation, syncRequest(calendar, item))
  const response = listOf(answer.data, 'Responses')[0]?.Response
  if (!isRecord(response)) throw new CliFailure(`${what}: the answer carries no Responses`, EXIT.UNAVAILABLE)
  if (response.Code !== 1000) {
    const status = response.Code === 2501 ? EXIT.NOT_FOUND : EXIT.USAGE
    throw new CliFailure(`${what}: refused, Code ${String(response.Code)}: ${String(response.Error ?? '')}`, status)
  }

  return response
}
