/**
 * The fields of an event a user gives (calendar events create and update),
 * checked before anything is sent: times with a zone (Z, ±HH:MM), or a
 * local time, in --timezone, else in the system's zone (as events list reads
 * one), whole days as dates (--end the last day, written as the exclusive
 * DTEND the next day), an end after its start, an RRULE that ical.js reads,
 * a start the rule's series begins with, and the web client's lengths
 * (calendar/constants.ts MAX_LENGTHS: title 255, location 255, description
 * 3000).
 */
import {usageError} from '../core/errors.ts'
import {parseRrule, ruleProblem} from './recurrence.ts'
import {ICAL, type When} from './vevent.ts'
import {parseGiven} from './window.ts'
import {dateText, instantOf, knownZone, timeText, type Wall, wallAt} from './zones.ts'

export const MAX_LENGTHS = {description: 3000, location: 255, summary: 255} as const

export interface EventFields {
  summary?: string
  location?: string
  description?: string
  start?: string
  end?: string
  allDay: boolean
  timezone?: string
  rrule?: string
}

export function checkTexts(fields: EventFields): void {
  for (const name of ['summary', 'location', 'description'] as const) {
    const value = fields[name]
    if (value !== undefined && [...value].length > MAX_LENGTHS[name]) throw usageError(`--${name} is longer than ${MAX_LENGTHS[name]} characters`)
  }

  if (fields.timezone !== undefined && !knownZone(fields.timezone)) throw usageError(`--timezone "${fields.timezone}" is not a time zone this system knows (an IANA name, as Europe/Zurich)`)
}

/** --rrule checked (RRULE: prefix optional), and refused when it is not expanded (ruleProblem); "none" removes a rule on update. */
export function checkRrule(rule: string | undefined): string | undefined {
  if (rule === undefined || rule.toLowerCase() === 'none') return rule
  let recur: ReturnType<typeof parseRrule>
  try {
    recur = parseRrule(rule)
  } catch (error) {
    throw usageError(`--rrule "${rule}" is not an RRULE (RFC 5545 3.3.10): ${error instanceof Error ? error.message : String(error)}`)
  }

  const problem = ruleProblem(recur)
  if (problem !== undefined) throw usageError(`--rrule "${rule}": ${problem.text}`)
  return recur.toString()
}

/**
 * A time flag as a DTSTART/DTEND: a local time in --timezone, else in `systemZone` (this system's, as events list
 * reads a local time); an instant (Z or ±HH:MM) in --timezone when given, else UTC.
 */
export function whenOf(text: string, flag: string, allDay: boolean, timezone: string | undefined, systemZone: string): When {
  const given = parseGiven(text, flag)
  if (allDay) {
    if (given.kind !== 'date') throw usageError(`${flag} "${text}": an all-day event takes dates (YYYY-MM-DD)`)
    return {allDay: true, wall: given.wall}
  }

  if (given.kind === 'date') throw usageError(`${flag} "${text}" is a date: give a time (YYYY-MM-DDTHH:MM), or --all-day`)
  if (given.kind === 'local') return {allDay: false, wall: given.wall, zone: timezone ?? systemZone}

  const zone = timezone ?? 'UTC'
  return {allDay: false, wall: wallAt(given.ms, zone), zone}
}

/** The day after a date (an all-day DTEND is exclusive). */
export function nextDay(when: When): When {
  const date = new Date(Date.UTC(when.wall.year, when.wall.month - 1, when.wall.day + 1))
  return {allDay: true, wall: {day: date.getUTCDate(), hour: 0, minute: 0, month: date.getUTCMonth() + 1, second: 0, year: date.getUTCFullYear()}}
}

export function checkOrder(start: When, end: When): void {
  const at = (when: When) => instantOf(when.wall, when.allDay ? 'UTC' : (when.zone ?? 'UTC'))
  if (end.allDay ? at(end) <= at(start) : at(end) < at(start)) throw usageError('--end is before --start')
}

/** The parts of a rule the web client writes, by FREQ (WebClients packages/shared/lib/calendar/recurrence/rrule.ts getSupportedRruleProperties). */
const WRITTEN_PARTS: Readonly<Record<string, readonly string[]>> = {DAILY: [], MONTHLY: ['BYDAY', 'BYMONTHDAY', 'BYSETPOS'], WEEKLY: ['BYDAY'], YEARLY: ['BYMONTH', 'BYMONTHDAY']}
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

/**
 * Whether ical.js finds the rule's first occurrence in a few steps: the shapes the web client writes, with values
 * that match some day (a rule that matches none makes ical.js's iterator search forever).
 */
function quicklyMatched(recur: InstanceType<typeof ICAL.Recur>): boolean {
  const allowed = WRITTEN_PARTS[recur.freq]
  if (!allowed) return false
  const parts = recur.parts as Record<string, Array<number | string>>
  if (Object.keys(parts).some((part) => !allowed.includes(part))) return false
  const single = (part: string) => (parts[part] ?? []).length <= 1
  if (recur.freq !== 'WEEKLY' && !single('BYDAY')) return false
  if (!single('BYMONTHDAY') || !single('BYMONTH') || !single('BYSETPOS')) return false
  const [setpos] = (parts.BYSETPOS ?? []) as number[]
  if (setpos !== undefined && ![-1, 1, 2, 3, 4].includes(setpos)) return false
  if (parts.BYDAY?.some((day) => !/^(?:[+-]?[1-4]|-1)?(?:SU|MO|TU|WE|TH|FR|SA)$/.test(String(day)))) return false
  const [day] = (parts.BYMONTHDAY ?? []) as number[]
  const [month] = (parts.BYMONTH ?? []) as number[]
  if (day !== undefined && (day < 1 || day > (month === undefined ? 31 : MONTH_DAYS[month - 1]))) return false
  return true
}

const wallMs = (wall: Wall) => Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second)
const shifted = (when: When, ms: number): When => {
  const date = new Date(wallMs(when.wall) + ms)
  return {...when, wall: {day: date.getUTCDate(), hour: date.getUTCHours(), minute: date.getUTCMinutes(), month: date.getUTCMonth() + 1, second: date.getUTCSeconds(), year: date.getUTCFullYear()}}
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
const shown = (when: When) => `${dateText(when.wall)}${when.allDay ? '' : ` ${timeText(when.wall)}`} (a ${WEEKDAYS[new Date(wallMs(when.wall)).getUTCDay()]})`

/**
 * An event whose start is not an occurrence of its rule begins on the rule's first occurrence instead, its end
 * moved as far: RFC 5545 counts DTSTART as an occurrence, but Proton's clients expand a rule with ical.js, which
 * begins with the first date the rule gives (WebClients packages/shared/lib/calendar/recurrence/recurring.ts
 * getOccurrences), and refuse an event whose DTSTART is not that date (rrule.ts getHasConsistentRrule, on import and
 * on invitations). So the event means the same to them and to this tool; `warn` says what moved. A rule of another
 * shape than the web client writes is left as given.
 */
export function startOnRule(start: When, end: When, rrule: string, warn: (line: string) => void): {start: When; end: When} {
  const recur = parseRrule(rrule)
  if (!quicklyMatched(recur)) return {end, start}
  // The pattern alone, as getHasConsistentRrule checks it: COUNT and UNTIL do not move the first date.
  recur.count = null
  recur.until = null
  const first = recur.iterator(ICAL.Time.fromData({...start.wall, isDate: start.allDay})).next()
  if (!first) return {end, start}
  const moved = wallMs({day: first.day, hour: first.hour, minute: first.minute, month: first.month, second: first.second, year: first.year}) - wallMs(start.wall)
  if (moved === 0) return {end, start}
  const aligned = {end: shifted(end, moved), start: shifted(start, moved)}
  warn(`Warning: --start ${shown(start)} is not a date of the rule ${rrule.replace(/^RRULE:/i, '')}: the event begins on its first, ${shown(aligned.start)}, as Proton's clients read the rule`)
  return aligned
}
