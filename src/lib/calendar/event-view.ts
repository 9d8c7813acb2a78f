/**
 * What calendar events list and get print: one line per occurrence, the
 * decrypted fields as JSON, or an iCalendar file. The service's (and an
 * inviter's) text is escaped before it reaches a terminal
 * (core/escape.ts); a part whose signature failed is flagged on the line.
 */
import {actionOf, effectiveAlarms} from './alarms.ts'
import {escapeLine, withoutBareCr} from '../core/escape.ts'
import type {Listing} from '../output/table-style.ts'
import type {OpenedEvent} from './open-event.ts'
import {type Expansion, instant, MAX_WORK, MAX_WORK_UNVERIFIED, type Occurrence, occurrences, type Timing, UnexpandedRule} from './recurrence.ts'
import {endOf} from './event-times.ts'
import {type Component, exdates, ICAL, text, type When, whenProperty} from './vevent.ts'
import {dateText, expectInstants, timeText, wallAt} from './zones.ts'

export const SIGNATURE_FAILED = 'signature FAILED'

export function timingOf(vevent: Component): Timing {
  const start = whenProperty(vevent, 'dtstart')
  if (!start) throw new Error('it has no DTSTART')
  return {end: whenProperty(vevent, 'dtend'), exdates: exdates(vevent), rrule: text(vevent, 'rrule'), start}
}

export interface Row {
  event: OpenedEvent
  occurrence: Occurrence
  allDay: boolean
}

export interface Rows {
  rows: Row[]
  /** Events whose occurrences are not listed (each named by `report`). */
  unexpanded: number
}

/**
 * The occurrences of the events inside [from, to), in time order: each recurring event expanded, without the
 * occurrences its single edits (same UID, a RECURRENCE-ID) replace, which show at their own times. An event whose
 * rule never occurs after DTSTART shows at its DTSTART, with a warning; one whose rule is not expanded (its work over
 * the bound: MAX_WORK, MAX_WORK_UNVERIFIED when its signature failed) is named in an error line, and the others are
 * listed. `pause`: see Expansion.
 */
export async function rowsOf(
  events: readonly OpenedEvent[],
  from: number,
  to: number,
  zone: string,
  {pause, report = () => {}}: Pick<Expansion, 'pause'> & {report?: (line: string) => void} = {},
): Promise<Rows> {
  expectInstants(from, to)
  const replaced = new Map<string, Set<number>>()
  for (const event of events) {
    const recurrenceId = whenProperty(event.vevent, 'recurrence-id')
    const uid = text(event.vevent, 'uid')
    if (!recurrenceId || uid === undefined) continue
    const set = replaced.get(uid) ?? new Set<number>()
    set.add(instant(recurrenceId, zone))
    replaced.set(uid, set)
  }

  const rows: Row[] = []
  let unexpanded = 0
  for (const event of events) {
    // Between events too: each has its own slices, and thousands of events a little under one slice each add up.
    await pause?.()
    const timing = timingOf(event.vevent)
    const isEdit = whenProperty(event.vevent, 'recurrence-id') !== undefined
    const uid = text(event.vevent, 'uid') ?? ''
    const skip = isEdit ? new Set<number>() : (replaced.get(uid) ?? new Set<number>())
    const expansion = {maxWork: event.verification === 'failed' ? MAX_WORK_UNVERIFIED : MAX_WORK, pause}
    let found: Occurrence[]
    try {
      found = await occurrences(isEdit ? {...timing, rrule: undefined} : timing, from, to, zone, skip, expansion)
    } catch (error) {
      if (!(error instanceof UnexpandedRule)) throw error
      const named = `event ${escapeLine(String(event.raw.ID))} ("${escapeLine(text(event.vevent, 'summary') ?? '')}")`
      if (error.impossible) {
        report(`Warning: ${named}: ${escapeLine(error.message)}: listed at its DTSTART only`)
        found = await occurrences({...timing, rrule: undefined}, from, to, zone, skip)
      } else {
        unexpanded++
        report(`Error: ${named}: ${escapeLine(error.message)}: its occurrences are not listed`)
        continue
      }
    }

    for (const occurrence of found) rows.push({allDay: timing.start.allDay, event, occurrence})
  }

  rows.sort((a, b) => a.occurrence.start - b.occurrence.start || (a.allDay === b.allDay ? 0 : a.allDay ? -1 : 1))
  return {rows, unexpanded}
}

/** YYYY-MM-DD, HH:MM–HH:MM (or "all day"), summary (flagged first when a signature failed), location, calendar, ID. */
export function rowCells({allDay, event, occurrence}: Row, zone: string): string[] {
  const start = wallAt(occurrence.start, zone)
  const end = wallAt(occurrence.end, zone)
  const sameDay = dateText(start) === dateText(end)
  const span = allDay ? 'all day' : `${timeText(start)}–${sameDay ? '' : `${dateText(end)} `}${timeText(end)}`
  const summary = text(event.vevent, 'summary') || '(no title)'
  const flagged = event.verification === 'failed' ? `[${SIGNATURE_FAILED}] ${summary}` : summary
  return [dateText(start), span, flagged, text(event.vevent, 'location') || '-', event.calendar.name, String(event.raw.ID)].map((cell) => escapeLine(cell))
}

/** The occurrences as a list (table-style.ts): the date and time never cut; the event ID gives way first (the next command makes it whole, last-listing.ts). */
export function eventsListing(rows: readonly Row[], zone: string): Listing {
  return {
    header: ['DATE', 'TIME', 'SUMMARY', 'LOCATION', 'CALENDAR', 'ID'],
    giveFirst: [5],
    keep: [0, 1],
    kind: 'event',
    ids: [...new Set(rows.map((row) => String(row.event.raw.ID)))],
    rows: rows.map((row) => rowCells(row, zone)),
  }
}

/** The stderr line for an event whose signature failed. */
export function failedLine(event: OpenedEvent): string {
  const parts = event.parts.filter(({verification}) => verification === 'failed').map(({part}) => part)
  return `Warning: event ${escapeLine(String(event.raw.ID))} ("${escapeLine(text(event.vevent, 'summary') ?? '')}"): ${SIGNATURE_FAILED} on its ${[...new Set(parts)].join(', ')} part: shown, but not to be trusted`
}

const iso = (ms: number) => new Date(ms).toISOString()

function whenJson(when: When | undefined): Record<string, unknown> | null {
  if (!when) return null
  const {day, hour, minute, month, second, year} = when.wall
  const pad = (value: number, width = 2) => String(value).padStart(width, '0')
  const date = `${pad(year, 4)}-${pad(month)}-${pad(day)}`
  return when.allDay ? {Date: date} : {DateTime: `${date}T${pad(hour)}:${pad(minute)}:${pad(second)}`, Timezone: when.zone ?? null}
}

/**
 * The end as users type and see it: for a whole-day event its last day (DTEND is exclusive, the day after: RFC 5545
 * 3.6.1; the web client shows it so too, packages/shared/lib/calendar/recurrence/recurring.ts "Non-inclusive end"),
 * never before its first, its first when it has no DTEND (one day: event-times.ts endOf); a time as it is. Only
 * --output ics carries DTEND itself.
 */
function shownEnd(timing: ReturnType<typeof timingOf>): When | undefined {
  const {start} = timing
  const end = start.allDay ? endOf(timing) : timing.end
  if (!end || !start.allDay || !end.allDay) return end
  const last = new Date(Date.UTC(end.wall.year, end.wall.month - 1, end.wall.day - 1))
  const wall = {day: last.getUTCDate(), hour: 0, minute: 0, month: last.getUTCMonth() + 1, second: 0, year: last.getUTCFullYear()}
  return Date.UTC(wall.year, wall.month - 1, wall.day) < Date.UTC(start.wall.year, start.wall.month - 1, start.wall.day) ? start : {...end, wall}
}

/** The decrypted fields of an event, as --output json prints them. */
export function eventJson(event: OpenedEvent): Record<string, unknown> {
  const {vevent} = event
  const values = (name: string) => vevent.getAllProperties(name).map((property) => String(property.getFirstValue()))
  const timing = timingOf(vevent)
  const {alarms, source} = effectiveAlarms(event.raw, vevent, event.calendar.defaults, timing.start.allDay)
  return {
    ID: event.raw.ID,
    CalendarID: event.calendar.id,
    Calendar: event.calendar.name,
    UID: text(vevent, 'uid') ?? null,
    Summary: text(vevent, 'summary') ?? '',
    Location: text(vevent, 'location') ?? '',
    Description: text(vevent, 'description') ?? '',
    Start: whenJson(timing.start),
    End: whenJson(shownEnd(timing)),
    AllDay: timing.start.allDay,
    RRule: timing.rrule ?? null,
    Exdates: timing.exdates.map(whenJson),
    RecurrenceID: whenJson(whenProperty(vevent, 'recurrence-id')),
    Sequence: Number(text(vevent, 'sequence') ?? 0),
    Organizer: text(vevent, 'organizer') ?? null,
    Attendees: values('attendee'),
    Status: text(vevent, 'status') ?? null,
    Transparency: text(vevent, 'transp') ?? null,
    Alarms: alarms.map(({Trigger, Type}) => ({Action: actionOf(Type), Trigger})),
    AlarmsFrom: source,
    Color: typeof event.raw.Color === 'string' && event.raw.Color !== '' ? event.raw.Color : null,
    Author: event.raw.Author ?? null,
    Signature: event.verification,
    Parts: event.parts.map(({part, type, verification}) => ({Part: part, Type: type, Signature: type >= 2 ? verification : 'unsigned'})),
  }
}

/** One occurrence in JSON: its instants and the event's fields. */
export function rowJson(row: Row): Record<string, unknown> {
  return {OccurrenceStart: iso(row.occurrence.start), OccurrenceEnd: iso(row.occurrence.end), ...eventJson(row.event)}
}

/** An iCalendar file of the events (each once: a recurrence travels as its rule). */
export function icsOf(events: readonly OpenedEvent[]): string {
  const calendar = new ICAL.Component('vcalendar')
  calendar.addPropertyWithValue('version', '2.0')
  calendar.addPropertyWithValue('prodid', '-//proton-cli//calendar events//EN')
  for (const event of events) calendar.addSubcomponent(new ICAL.Component(event.vevent.toJSON()))
  return `${withoutBareCr(calendar.toString())}\r\n`
}

/** Every field of one event, for calendar events get. */
export function eventText(event: OpenedEvent, zone: string): string {
  const fields = eventJson(event)
  const timing = timingOf(event.vevent)
  const at = (when: When | undefined) => {
    if (!when) return '-'
    if (when.allDay) return `${dateText(when.wall)} (all day)`
    const ms = instant(when, zone)
    return `${dateText(wallAt(ms, zone))} ${timeText(wallAt(ms, zone))} ${zone}${when.zone && when.zone !== zone ? ` (${timeText(when.wall)} ${when.zone})` : ''}`
  }

  const alarms = (fields.Alarms as Array<{Action: string; Trigger: string}>).map(({Action, Trigger}) => `${Trigger} ${Action}`)
  const alarmsFrom = fields.AlarmsFrom === 'calendar-default' ? " (the calendar's defaults)" : ''
  const signature =
    event.verification === 'failed'
      ? `${SIGNATURE_FAILED} (${event.parts
          .filter((part) => part.verification === 'failed')
          .map(({part}) => part)
          .join(', ')})`
      : event.verification
  const lines: Array<[string, string]> = [
    ['ID', String(fields.ID)],
    ['Calendar', `${event.calendar.name} (${event.calendar.id})`],
    ['UID', String(fields.UID ?? '-')],
    ['Summary', String(fields.Summary) || '-'],
    ['Start', at(timing.start)],
    ['End', at(shownEnd(timing))],
    ['Location', String(fields.Location) || '-'],
    ['Description', String(fields.Description) || '-'],
    ['Organizer', String(fields.Organizer ?? '-')],
    ['Attendees', (fields.Attendees as string[]).join(', ') || '-'],
    ['Recurrence', timing.rrule ?? '-'],
    ['Exceptions', timing.exdates.map((when) => at(when)).join(', ') || '-'],
    ['Recurrence ID', at(whenProperty(event.vevent, 'recurrence-id'))],
    ['Status', String(fields.Status ?? '-')],
    ['Alarms', `${alarms.join(', ') || '-'}${alarmsFrom}`],
    ['Color', String(fields.Color ?? '-')],
    ['Sequence', String(fields.Sequence)],
    ['Signature', signature],
  ]
  return lines.map(([name, value]) => `${`${name}:`.padEnd(15)}${escapeLine(value)}`).join('\n')
}
