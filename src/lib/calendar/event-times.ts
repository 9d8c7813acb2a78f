/**
 * An event's times as the web client writes and compares them.
 *
 * - No DTEND where it adds nothing: applications/calendar eventForm/modelToProperties.ts modelToDateProperties
 *   leaves DTEND out of a one-day all-day event (DTEND the next day) and of a timed event ending when it starts,
 *   which is what an event without DTEND means (RFC 5545 3.6.1; vcalConverter.ts getDtendProperty).
 * - SEQUENCE raised only on a breaking change: the calendar app's withVeventSequence (beside
 *   withUpdatedDtstampAndSequence) keeps the old SEQUENCE when the event stays all-day or timed, its start and end
 *   instants are kept (packages/shared/lib/calendar/vcalConverter.ts getHasModifiedDateTimes, which reads a missing
 *   DTEND through getDtendProperty) and its rule is kept or narrowed (rruleSubset.ts getIsRruleSubset); else
 *   old + 1; an event without SEQUENCE gets 0. A changed rule always raises it here: the tool does not tell a
 *   narrowed rule apart, and a raised SEQUENCE only makes other calendars take the event as new.
 */
import {nextDay} from './event-input.ts'
import {instant, type Timing} from './recurrence.ts'
import {type Component, setWhen, type When} from './vevent.ts'

/** propertyToUTCDate: a date, a floating or a UTC time read as a UTC wall; a zoned time its instant. */
const utcOf = (when: When) => instant(when, 'UTC')

/** getDtendProperty: DTEND, else the day after an all-day start, else the start. */
export function endOf({end, start}: Pick<Timing, 'end' | 'start'>): When {
  return end ?? (start.allDay ? nextDay(start) : start)
}

/** DTEND set to `end`, or removed where it is what an event without one means (modelToDateProperties). */
export function setEnd(vevent: Component, start: When, end: When): void {
  vevent.removeAllProperties('dtend')
  if (start.allDay === end.allDay && utcOf(end) === utcOf(endOf({start}))) return
  setWhen(vevent, 'dtend', end)
}

/** withVeventSequence: the SEQUENCE of an event changed from `before` (with its SEQUENCE) to `after`. */
export function sequenceAfter(before: Timing, sequence: number | undefined, after: Timing): number {
  if (sequence === undefined || !Number.isFinite(sequence)) return 0
  const kept = Math.max(0, sequence)
  const sameTimes =
    before.start.allDay === after.start.allDay && utcOf(before.start) === utcOf(after.start) && utcOf(endOf(before)) === utcOf(endOf(after)) && (before.rrule ?? '') === (after.rrule ?? '')
  return sameTimes ? kept : kept + 1
}
