/**
 * The sandbox's calendar events, kept as the service keeps them and
 * answered in the web client's shapes (WebClients packages/shared/lib/
 * interfaces/calendar/Event.ts CalendarEvent: the shared data, the blobs
 * SharedEvents/CalendarEvents/AttendeesEvents/PersonalEvents with their
 * key packets, and the metadata StartTime, StartTimezone, EndTime,
 * EndTimezone, FullDay, RRule, UID, RecurrenceID, Exdates, which the
 * service reads from the shared signed part, clear text; go-proton-api
 * calendar_event_types.go CalendarEvent).
 *
 * Routes (WebClients api/calendars.ts queryEvents, getEvent,
 * syncMultipleEvents): GET /calendar/v1/{ID}/events with Start, End,
 * Timezone, Type (0 part-day inside the window, 1 part-day begun before,
 * 2 full-day inside, 3 full-day begun before; a recurring event begun
 * before the window is always listed), Page and PageSize, answering
 * {Events, More}; GET /calendar/v1/{ID}/events/{EventID} {Event}; PUT
 * /calendar/v1/{ID}/events/sync {MemberID, Events: [{Overwrite, Event} |
 * {ID, Event} | {ID}]} answering {Code 1001, Responses: [{Index,
 * Response: {Code, Event}}]}, each item's failure in its own Response.
 * Nothing is decrypted here: the parts are checked for their form
 * (armored signatures, base64 packets, a signed part that parses).
 */
import {CODE} from '../../lib/contract/contract.ts'
import {SandboxError} from './api-error.ts'
import {ContentError} from '../parsers/content-lines.ts'
import {newId} from './ids.ts'
import type {Row} from './state.ts'
import type {JsonObject} from './validation.ts'
import {type EventFields, eventFields, type When} from '../parsers/event-fields.ts'
import {instantIn, isZone} from '../parsers/wall-clock.ts'

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/
const MULTI_SUCCESS = 1001
const MAX_SYNC = 25

function invalid(message: string): SandboxError {
  return new SandboxError(422, CODE.INVALID_REQUIREMENT_ERROR, message)
}

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value)

function base64(value: unknown, field: string): string {
  if (typeof value !== 'string' || value === '' || value.length % 4 !== 0 || !BASE64.test(value)) throw invalid(`${field} must be base64`)
  return value
}

function card(value: unknown, field: string, author: string): Row {
  if (!isObject(value)) throw invalid(`${field} must be an object {Type, Data, Signature}`)
  const {Data, Signature, Type} = value
  if (Type !== 0 && Type !== 1 && Type !== 2 && Type !== 3) throw invalid(`${field}.Type must be 0, 1, 2 or 3`)
  if (typeof Data !== 'string' || Data === '') throw invalid(`${field}.Data is required`)
  if (Type === 1 || Type === 3) base64(Data, `${field}.Data`)
  const signed = Type === 2 || Type === 3
  if (signed && (typeof Signature !== 'string' || !Signature.trimStart().startsWith('-----BEGIN PGP SIGNATURE-----'))) throw invalid(`${field}.Signature must be an armored PGP signature`)
  return {Author: author, Data, Signature: signed ? Signature : null, Type}
}

function cards(value: unknown, field: string, author: string): Row[] {
  if (value === undefined || value === null) return []
  if (!Array.isArray(value)) throw invalid(`${field} must be a list`)
  return value.map((item, index) => card(item, `${field}[${index}]`, author))
}

/** The metadata the service reads from the shared signed part. */
function metadata(signed: string): Row {
  let event: EventFields
  try {
    event = eventFields(signed)
  } catch (error) {
    if (!(error instanceof ContentError)) throw error
    throw invalid(`SharedEventContent: the signed part is not iCalendar (${error.message})`)
  }

  const {end = event.start, recurrenceId, start, uid} = event
  if (!uid || !start || !end) throw invalid('SharedEventContent: the signed part needs UID and DTSTART')
  const zoneOf = (when: When) => (when.allDay ? 'UTC' : (when.zone ?? 'UTC'))
  const seconds = (when: When) => Math.floor(instantIn(when.wall, zoneOf(when)) / 1000)
  return {
    EndTime: seconds(end),
    EndTimezone: zoneOf(end),
    Exdates: event.exdates.map(seconds),
    FullDay: start.allDay ? 1 : 0,
    RRule: event.rrule ?? null,
    RecurrenceID: recurrenceId ? seconds(recurrenceId) : null,
    StartTime: seconds(start),
    StartTimezone: zoneOf(start),
    UID: uid,
  }
}

const TRIGGER = /^[-+]?P(?:\d+W|(?:\d+D)?(?:T(?:\d+H)?(?:\d+M)?(?:\d+S)?)?)$/
const MAX_NOTIFICATIONS = 10

/**
 * Event.Notifications as the web client sends it (formatData: null for the calendar's defaults, else a list of
 * {Type: 0 email | 1 device, Trigger: a duration}, MAX_NOTIFICATIONS at most); absent: the event's own kept.
 */
function notifications(value: unknown, kept: unknown): unknown {
  if (value === undefined) return kept ?? null
  if (value === null) return null
  if (!Array.isArray(value) || value.length > MAX_NOTIFICATIONS) throw invalid(`Event.Notifications must be null or a list of at most ${MAX_NOTIFICATIONS}`)
  return value.map((entry, index) => {
    if (!isObject(entry) || (entry.Type !== 0 && entry.Type !== 1) || typeof entry.Trigger !== 'string' || !TRIGGER.test(entry.Trigger) || entry.Trigger.length < 3)
      throw invalid(`Event.Notifications[${index}] must be {Type: 0 or 1, Trigger: a duration}`)
    return {Trigger: entry.Trigger, Type: entry.Type}
  })
}

/** Event.Color: null (the calendar's) or #RRGGBB; absent: the event's own kept. */
function color(value: unknown, kept: unknown): unknown {
  if (value === undefined) return kept ?? null
  if (value !== null && (typeof value !== 'string' || !/^#[0-9a-f]{6}$/i.test(value))) throw invalid('Event.Color must be null or a colour of the form #RRGGBB')
  return value
}

/** What a member may write (ATTENDEE_PERMISSIONS): the web client sends 1 (SEE). */
function permissions(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 15) throw invalid('Event.Permissions must be an integer from 0 to 15')
  return value
}

export interface SyncContext {
  calendarId: string
  memberId: string
  author: string
  now: number
}

export class EventStore {
  private readonly events: Row[] = []

  /** The blob parts of a sync item's Event, checked; `existing` for an update (its key packets kept). */
  private build(input: unknown, {author, calendarId, memberId, now}: SyncContext, existing?: Row): Row {
    if (!isObject(input)) throw invalid('Event is required')
    const shared = input.SharedEventContent === undefined && existing ? (existing.SharedEvents as Row[]) : cards(input.SharedEventContent, 'SharedEventContent', author)
    const signed = shared.find((part) => part.Type === 2)
    if (!signed) throw invalid('SharedEventContent needs a signed part (Type 2)')
    const keyPacket = input.SharedKeyPacket === undefined ? existing?.SharedKeyPacket : base64(input.SharedKeyPacket, 'SharedKeyPacket')
    if (!keyPacket) throw invalid('SharedKeyPacket is required for a new event')
    const personal = input.PersonalEventContent === undefined || input.PersonalEventContent === null ? [] : [{...card(input.PersonalEventContent, 'PersonalEventContent', author), MemberID: memberId}]
    return {
      AddressID: null,
      AddressKeyPacket: null,
      Attendees: [],
      AttendeesEvents: cards(input.AttendeesEventContent, 'AttendeesEventContent', author),
      AttendeesInfo: [],
      Author: author,
      CalendarEvents: cards(input.CalendarEventContent, 'CalendarEventContent', author),
      CalendarID: calendarId,
      CalendarKeyPacket: input.CalendarKeyPacket === undefined || input.CalendarKeyPacket === null ? (existing?.CalendarKeyPacket ?? null) : base64(input.CalendarKeyPacket, 'CalendarKeyPacket'),
      Color: color(input.Color, existing?.Color),
      CreateTime: existing?.CreateTime ?? now,
      ID: existing?.ID ?? newId(),
      IsOrganizer: 1,
      IsPersonalSingleEdit: false,
      IsProtonProtonInvite: 0,
      LastEditTime: now,
      ModifyTime: now,
      Notifications: notifications(input.Notifications, existing?.Notifications),
      Permissions: permissions(input.Permissions ?? existing?.Permissions ?? 1),
      PersonalEvents: personal,
      SharedEventID: existing?.SharedEventID ?? newId(),
      SharedEvents: shared,
      SharedKeyPacket: keyPacket,
      ...metadata(String(signed.Data)),
    }
  }

  /** PUT /calendar/v1/{ID}/events/sync. */
  sync(body: JsonObject, context: SyncContext): JsonObject {
    if (body.MemberID !== context.memberId) throw invalid('MemberID is not this calendar’s member')
    const items = body.Events
    if (!Array.isArray(items) || items.length === 0) throw invalid('Events must be a non-empty list')
    if (items.length > MAX_SYNC) throw invalid(`At most ${MAX_SYNC} events per request`)
    const Responses = items.map((item, Index) => {
      try {
        return {Index, Response: {Code: CODE.SINGLE_SUCCESS, ...this.apply(item, context)}}
      } catch (error) {
        if (!(error instanceof SandboxError)) throw error
        return {Index, Response: {Code: error.code, Error: error.message}}
      }
    })
    return {Code: MULTI_SUCCESS, Responses}
  }

  private apply(item: unknown, context: SyncContext): JsonObject {
    if (!isObject(item)) throw invalid('Each of Events must be an object')
    if (item.ID === undefined) {
      if (item.Overwrite !== 0 && item.Overwrite !== 1) throw invalid('Overwrite must be 0 or 1')
      const event = this.build(item.Event, context)
      this.events.push(event)
      return {Event: event}
    }

    const existing = this.find(context.calendarId, String(item.ID))
    if (item.Event === undefined) {
      this.events.splice(this.events.indexOf(existing), 1)
      return {}
    }

    const event = this.build(item.Event, context, existing)
    this.events[this.events.indexOf(existing)] = event
    return {Event: event}
  }

  get(calendarId: string, eventId: string): Row {
    return this.find(calendarId, eventId)
  }

  /** GET /calendar/v1/{ID}/events: one Type of the window, one page. */
  query(calendarId: string, query: URLSearchParams): JsonObject {
    const number = (name: string, fallback?: number): number => {
      const value = query.get(name)
      if (value === null && fallback !== undefined) return fallback
      if (value === null || !/^\d{1,12}$/.test(value)) throw invalid(`${name} must be a non-negative integer`)
      return Number(value)
    }

    const start = number('Start')
    const end = number('End')
    const type = number('Type')
    if (type > 3) throw invalid('Type must be 0, 1, 2 or 3')
    const page = number('Page', 0)
    const pageSize = number('PageSize', 100)
    if (pageSize < 1 || pageSize > 100) throw invalid('PageSize must be from 1 to 100')
    const zone = query.get('Timezone') ?? 'UTC'
    if (!isZone(zone)) throw invalid('Timezone must be an IANA time zone')
    const fullDay = type >= 2
    const matching = this.events.filter((event) => {
      if (event.CalendarID !== calendarId || Boolean(event.FullDay) !== fullDay) return false
      // A full-day event's times are UTC midnights: its day begins at midnight in the window's zone.
      const local = (seconds: number) => {
        if (!fullDay) return seconds
        const date = new Date(seconds * 1000)
        const wall = {day: date.getUTCDate(), hour: 0, minute: 0, month: date.getUTCMonth() + 1, second: 0, year: date.getUTCFullYear()}
        return Math.floor(instantIn(wall, zone) / 1000)
      }

      const begins = local(Number(event.StartTime))
      const ends = local(Number(event.EndTime))
      if (type === 0 || type === 2) return begins >= start && begins < end
      return begins < start && (ends > start || event.RRule !== null)
    })
    const Events = matching.slice(page * pageSize, (page + 1) * pageSize)
    return {Code: CODE.SINGLE_SUCCESS, Events, More: matching.length > (page + 1) * pageSize ? 1 : 0}
  }

  /** The events of a calendar that goes (DELETE /calendar/v1/{ID}). */
  removeCalendar(calendarId: string): void {
    for (let index = this.events.length - 1; index >= 0; index--) if (this.events[index].CalendarID === calendarId) this.events.splice(index, 1)
  }

  private find(calendarId: string, eventId: string): Row {
    const event = this.events.find((candidate) => candidate.CalendarID === calendarId && candidate.ID === eventId)
    if (!event) throw new SandboxError(404, CODE.NOT_FOUND_ERROR, 'Event does not exist')
    return event
  }
}
