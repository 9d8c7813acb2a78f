/**
 * The occurrences of an event inside a window: its RRULE iterated by
 * ical.js (RFC 5545 3.3.10: BYDAY, COUNT, UNTIL, INTERVAL …) over the wall
 * time of DTSTART, each wall time then placed in the event's zone (so a
 * weekly 09:00 stays 09:00 across a change of summer time), without the
 * EXDATEs and the occurrences a single edit (RECURRENCE-ID) replaces; an
 * all-day event occurs on its dates in the zone the window is read in.
 * Bounded by the work, not by the matches: ical.js's RecurIterator.next()
 * loops internally until a candidate passes the rule's BYxxx filters, so a
 * rule that never matches (FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30) would loop
 * forever inside one call. Every candidate it tests, every day it steps and
 * every year it expands is counted (a subclass of RecurIterator), and an
 * event stops at MAX_WORK of them. The count also cuts the expansion into
 * slices: between two, `pause` yields to the event loop, so a signal or a
 * deadline can end it. Rules that cannot match at all are refused before
 * any work (ruleProblem).
 */
import {ICAL, type When} from './vevent.ts'
import {instantOf, type Wall, wallAt} from './zones.ts'

/** Occurrences (matches) followed per event. */
export const MAX_STEPS = 100_000
/** Work per event: candidates tested, days stepped, years expanded (a daily rule from 1970 to today takes some 20,000). */
export const MAX_WORK = 200_000
/** Work per event whose signed part failed verification: its rule is the server's word. */
export const MAX_WORK_UNVERIFIED = 2000
/** The largest INTERVAL expanded (the web client writes at most 4999, a WEEKLY one: calendar/constants.ts FREQUENCY_INTERVALS_MAX); ical.js steps a DAILY interval day by day. */
export const MAX_INTERVAL = 10_000
/** Work between two yields to the event loop. */
const SLICE_WORK = 2000

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

type Recur = InstanceType<typeof ICAL.Recur>

/** An RRULE that ical.js reads, with a FREQ; else an Error saying why. */
export function parseRrule(rule: string): Recur {
  const recur = ICAL.Recur.fromString(rule.replace(/^RRULE:/i, ''))
  if (!recur.freq) throw new Error('it has no FREQ')
  return recur
}

/** The most days each month can have (February: 29). */
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

/**
 * Why a rule that parses is not expanded, else undefined. `impossible`: it never occurs after its DTSTART: a BYxxx
 * value 0 (no such day, week or position), a BYMONTHDAY past the end of every month BYMONTH names (ical.js's parser
 * already refuses values outside their ranges: BYYEARDAY 400, BYHOUR 24 …). Else an INTERVAL over MAX_INTERVAL, or
 * not a positive number.
 */
export function ruleProblem(recur: Recur): {impossible: boolean; text: string} | undefined {
  const interval = Number(recur.interval)
  if (!Number.isSafeInteger(interval) || interval < 1) return {impossible: false, text: `its INTERVAL ${String(recur.interval)} is not a positive whole number`}
  if (interval > MAX_INTERVAL) return {impossible: false, text: `its INTERVAL ${interval} is more than the ${MAX_INTERVAL} this tool expands`}
  const never = neverOccurs(recur)
  return never === undefined ? undefined : {impossible: true, text: `it never occurs after DTSTART: ${never}`}
}

function neverOccurs(recur: Recur): string | undefined {
  const parts = recur.parts as Record<string, unknown[] | undefined>
  for (const name of ['BYMONTHDAY', 'BYYEARDAY', 'BYWEEKNO', 'BYSETPOS']) {
    if ((parts[name] ?? []).some((value) => Number(value) === 0)) return `${name}=0 names no day, week or position`
  }

  const days = (parts.BYMONTHDAY ?? []).map(Number)
  const months = (parts.BYMONTH ?? []).map(Number)
  if (days.length > 0 && months.length > 0 && !days.some((day) => months.some((month) => Math.abs(day) <= MONTH_DAYS[month - 1]))) {
    return `no month of BYMONTH=${months.join(',')} has a day ${days.join(',')} (BYMONTHDAY)`
  }

  return undefined
}

/** An event whose rule is not expanded: one that cannot occur after DTSTART (`impossible`), or that costs too much or ical.js cannot follow. */
export class UnexpandedRule extends Error {
  readonly impossible: boolean
  constructor(message: string, impossible: boolean) {
    super(message)
    this.impossible = impossible
  }
}

/** The end of a slice: thrown only where RecurIterator.next() can be called again and go on where it was. */
const SLICE_END: Error = new Error('slice end')

/** What an expansion may spend: `used` counts up to `limit`, and a slice ends at `sliceEnd`. */
class Meter {
  used = 0
  sliceEnd = SLICE_WORK
  readonly limit: number
  constructor(limit: number) {
    this.limit = limit
  }

  /** `resumable`: the iterator is between two candidates (the one tested did not match), where a slice may end. */
  spend(units: number, resumable: boolean): void {
    this.used += units
    if (this.used > this.limit) throw new UnexpandedRule(`its RRULE took more than the ${this.limit} steps an event may take before reaching the end of the window`, false)
    if (resumable && this.used >= this.sliceEnd) throw SLICE_END
  }
}

/**
 * A RecurIterator that counts its work (ical.js lib/ical/recur_iterator.js: next() repeats next_<freq>() while
 * check_contracting_rules() fails; increment_monthday(n) steps n days one by one; expand_year_days builds a year).
 * A slice ends only after a candidate failed its test: next() called again then goes on from that candidate (its
 * first call, which returns DTSTART, never tests one).
 */
function meteredIterator(recur: Recur, start: InstanceType<typeof ICAL.Time>, meter: Meter) {
  class Metered extends ICAL.RecurIterator {
    override check_contracting_rules(): boolean {
      const matches = super.check_contracting_rules()
      meter.spend(1, !matches)
      return matches
    }

    override increment_monthday(inc: number): void {
      meter.spend(Math.max(0, Number(inc)), false)
      super.increment_monthday(inc)
    }

    override expand_year_days(year: number): number {
      meter.spend(366, false)
      return super.expand_year_days(year)
    }
  }

  return new Metered({dtstart: start, rule: recur})
}

/** ical.js's own refusals (a malformed BYDAY, BYYEARDAY with BYMONTH …) as an UnexpandedRule. */
function unexpanded(error: unknown): never {
  if (error instanceof UnexpandedRule) throw error
  if (error === SLICE_END) throw SLICE_END
  throw new UnexpandedRule(`ical.js cannot follow its RRULE (${error instanceof Error ? error.message : String(error)})`, false)
}

export interface Expansion {
  /** Occurrences followed. */
  maxSteps?: number
  /** Work, see MAX_WORK. */
  maxWork?: number
  /** Called between slices of work: yields to the event loop, and throws to stop. */
  pause?: () => Promise<void>
}

function shifted(wall: Wall, deltaMs: number): Wall {
  const date = new Date(Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) + deltaMs)
  return {day: date.getUTCDate(), hour: date.getUTCHours(), minute: date.getUTCMinutes(), month: date.getUTCMonth() + 1, second: date.getUTCSeconds(), year: date.getUTCFullYear()}
}

const wallMs = (wall: Wall) => Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second)

/**
 * The occurrences that overlap [from, to) (ms), in order. `replaced`: the instants of occurrences a single edit
 * stands for (RECURRENCE-ID), left out here. `zone`: the zone of all-day and floating times. A rule that is not
 * expanded throws an UnexpandedRule; `dtstartOnly` gives what such an event shows: its DTSTART, the first occurrence
 * of any rule (RFC 5545 3.8.5.3).
 */
export async function occurrences(timing: Timing, from: number, to: number, zone: string, replaced: ReadonlySet<number> = new Set(), expansion: Expansion = {}): Promise<Occurrence[]> {
  const {maxSteps = MAX_STEPS, maxWork = MAX_WORK, pause = async () => {}} = expansion
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
  let recur: Recur
  try {
    recur = parseRrule(timing.rrule)
  } catch (error) {
    unexpanded(error)
  }

  const problem = ruleProblem(recur)
  if (problem !== undefined) throw new UnexpandedRule(`its RRULE is not expanded: ${problem.text}`, problem.impossible)
  // UNTIL in UTC (as RFC 5545 asks when DTSTART has a zone) becomes a wall time of the event's zone, as the iteration is.
  if (recur.until && recur.until.zone?.tzid === 'UTC' && !start.allDay) {
    recur.until = ICAL.Time.fromData({...wallAt(recur.until.toUnixTime() * 1000, eventZone), isDate: false})
  }

  const meter = new Meter(maxWork)
  let iterator: ReturnType<typeof meteredIterator>
  // The set-up already iterates (a YEARLY rule looks for its first year with a match): counted, but not cut in slices.
  meter.sliceEnd = Number.POSITIVE_INFINITY
  try {
    iterator = meteredIterator(recur, ICAL.Time.fromData({...start.wall, isDate: start.allDay}), meter)
  } catch (error) {
    unexpanded(error)
  }

  meter.sliceEnd = meter.used + SLICE_WORK
  const nextWall = async () => {
    for (;;) {
      try {
        return iterator.next()
      } catch (error) {
        if (error !== SLICE_END) unexpanded(error)
      }

      meter.sliceEnd = meter.used + SLICE_WORK
      await pause()
    }
  }

  const found: Occurrence[] = []
  for (let step = 0; step < maxSteps; step++) {
    const next = await nextWall()
    if (!next) break
    const occurrence = place({day: next.day, hour: next.hour, minute: next.minute, month: next.month, second: next.second, year: next.year})
    if (occurrence.start >= to) break
    if (overlaps(occurrence) && !excluded.has(occurrence.start)) found.push(occurrence)
  }

  return found
}
