/**
 * The occurrences of an event inside a window: its RRULE iterated by
 * ical.js (RFC 5545 3.3.10: BYDAY, COUNT, UNTIL, INTERVAL …) over the wall
 * time of DTSTART, each wall time then placed in the event's zone (so a
 * weekly 09:00 stays 09:00 across a change of summer time), without the
 * EXDATEs and the occurrences a single edit (RECURRENCE-ID) replaces; an
 * all-day event occurs on its dates in the zone the window is read in.
 * Bounded: at most MAX_STEPS iterations of a rule per event, so a hostile
 * FREQ=SECONDLY from 1970 costs milliseconds, not hours.
 */
import {ICAL, type When} from './vevent.ts'
import {instantOf, type Wall, wallAt} from './zones.ts'

export const MAX_STEPS = 100_000

/** An event's times, as recurrence needs them. */
export interface Timing {
  start: When
  /** DTEND; none: a date lasts one day, a date-time no time (RFC 5545 3.6.1). */
  end?: When
  rrule?: string
  exdates: When[]
}

export interface Occurrence {
  /** Instants in ms. */
  start: number
  end: number
}

/** The instant a wall time names: in its own zone, else (floating, or all day) in the window's. */
export function instant(when: When, zone: string): number {
  return instantOf(when.wall, when.allDay || !when.zone ? zone : when.zone)
}

/** An RRULE that ical.js reads, with a FREQ; else an Error saying why. */
export function parseRrule(rule: string): InstanceType<typeof ICAL.Recur> {
  const recur = ICAL.Recur.fromString(rule.replace(/^RRULE:/i, ''))
  if (!recur.freq) throw new Error('it has no FREQ')
  return recur
}

function shifted(wall: Wall, deltaMs: number): Wall {
  const date = new Date(Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) + deltaMs)
  return {day: date.getUTCDate(), hour: date.getUTCHours(), minute: date.getUTCMinutes(), month: date.getUTCMonth() + 1, second: date.getUTCSeconds(), year: date.getUTCFullYear()}
}

const wallMs = (wall: Wall) => Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second)

/**
 * The occurrences that overlap [from, to) (ms), in order. `replaced`: the instants of occurrences a single edit
 * stands for (RECURRENCE-ID), left out here. `zone`: the zone of all-day and floating times.
 */
export function occurrences(timing: Timing, from: number, to: number, zone: string, replaced: ReadonlySet<number> = new Set(), maxSteps = MAX_STEPS): Occurrence[] {
  const {start} = timing
  const eventZone = start.allDay || !start.zone ? zone : start.zone
  // The duration as wall time (an all-day event of two dates lasts two days, whatever the clocks do).
  const span = timing.end ? wallMs(timing.end.wall) - wallMs(start.wall) : start.allDay ? 86_400_000 : 0
  const place = (wall: Wall): Occurrence => ({end: instantOf(shifted(wall, Math.max(0, span)), eventZone), start: instantOf(wall, eventZone)})
  const overlaps = ({end, start: begin}: Occurrence) => begin < to && (end > from || (end === begin && begin >= from))
  if (!timing.rrule) {
    const only = place(start.wall)
    return overlaps(only) && !replaced.has(only.start) ? [only] : []
  }

  const excluded = new Set([...timing.exdates.map((when) => instant(when, eventZone)), ...replaced])
  const recur = parseRrule(timing.rrule)
  // UNTIL in UTC (as RFC 5545 asks when DTSTART has a zone) becomes a wall time of the event's zone, as the iteration is.
  if (recur.until && recur.until.zone?.tzid === 'UTC' && !start.allDay) {
    recur.until = ICAL.Time.fromData({...wallAt(recur.until.toUnixTime() * 1000, eventZone), isDate: false})
  }

  const iterator = recur.iterator(ICAL.Time.fromData({...start.wall, isDate: start.allDay}))
  const found: Occurrence[] = []
  for (let step = 0; step < maxSteps; step++) {
    const next = iterator.next()
    if (!next) break
    const occurrence = place({day: next.day, hour: next.hour, minute: next.minute, month: next.month, second: next.second, year: next.year})
    if (occurrence.start >= to) break
    if (overlaps(occurrence) && !excluded.has(occurrence.start)) found.push(occurrence)
  }

  return found
}
