/**
 * What the service reads from an event's shared signed part (clear iCalendar), with the sandbox's own content-line
 * reader: UID, DTSTART, DTEND, RECURRENCE-ID, EXDATE and RRULE of its VEVENT (RFC 5545 §3.3.4 DATE, §3.3.5
 * DATE-TIME: floating, …Z or with a TZID; §3.8.5.1 EXDATE lists several values).
 */
import {type Block, ContentError, type ContentLine, first, parseBlocks, textValue} from './content-lines.ts'
import {isZone, type Wall} from './wall-clock.ts'

/** A date or date-time: its wall time, its zone (TZID, "UTC" for …Z, none when floating), whether a whole day. */
export interface When {
  wall: Wall
  zone?: string
  allDay: boolean
}

export interface EventFields {
  uid?: string
  start?: When
  end?: When
  recurrenceId?: When
  exdates: When[]
  /** The RRULE value as sent. */
  rrule?: string
}

const DATE = /^(\d{4})(\d{2})(\d{2})$/
const DATE_TIME = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(Z?)$/

function when(text: string, line: ContentLine): When {
  const kind = line.params.get('value')?.[0]?.toUpperCase()
  const name = line.name.toUpperCase()
  const date = kind !== 'DATE-TIME' ? DATE.exec(text) : null
  const dateTime = kind !== 'DATE' ? DATE_TIME.exec(text) : null
  const parts = (date ?? dateTime)?.slice(1, 7).map(Number)
  if (!parts) throw new ContentError(`${name}: ${JSON.stringify(text.slice(0, 40))} is not a ${kind ?? 'DATE or DATE-TIME'}`)
  const [year, month, day, hour = 0, minute = 0, second = 0] = parts
  const check = new Date(Date.UTC(year, month - 1, day, hour, minute, Math.min(second, 59)))
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59 || second > 60) throw new ContentError(`${name}: ${text} is not a valid time`)
  const wall = {day, hour, minute, month, second: Math.min(second, 59), year}
  if (date) return {allDay: true, wall}
  const tzid = line.params.get('tzid')?.[0]
  if (dateTime?.[7] === 'Z') {
    if (tzid !== undefined) throw new ContentError(`${name}: a UTC time with a TZID`)
    return {allDay: false, wall, zone: 'UTC'}
  }

  if (tzid !== undefined && !isZone(tzid)) throw new ContentError(`${name}: unknown TZID ${JSON.stringify(tzid)}`)
  return {allDay: false, wall, ...(tzid === undefined ? {} : {zone: tzid})}
}

function whenOf(event: Block, name: string): When | undefined {
  const line = first(event, name)
  return line && when(line.value, line)
}

/** The VEVENT of a part's text: a VCALENDAR's first VEVENT, or a bare VEVENT. */
function eventOf(text: string): Block {
  const blocks = parseBlocks(text)
  if (blocks.length !== 1) throw new ContentError(`${blocks.length} top-level blocks where one was expected`)
  const [root] = blocks
  const event = root.name === 'vevent' ? root : root.name === 'vcalendar' ? root.blocks.find((block) => block.name === 'vevent') : undefined
  if (!event) throw new ContentError('the part holds no VEVENT')
  return event
}

/** The fields of a part's text; ContentError when it is not iCalendar or a field is malformed. */
export function eventFields(text: string): EventFields {
  const event = eventOf(text)
  const uid = first(event, 'uid')
  const rrule = first(event, 'rrule')
  return {
    end: whenOf(event, 'dtend'),
    exdates: event.lines.filter((line) => line.name === 'exdate').flatMap((line) => line.value.split(',').map((value) => when(value, line))),
    recurrenceId: whenOf(event, 'recurrence-id'),
    rrule: rrule?.value,
    start: whenOf(event, 'dtstart'),
    uid: uid && textValue(uid.value),
  }
}
