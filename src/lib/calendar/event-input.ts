/**
 * The fields of an event a user gives (calendar events create and update),
 * checked before anything is sent: times with a zone (Z, ±HH:MM, or a local
 * time with --timezone), whole days as dates (--end the last day, written
 * as the exclusive DTEND the next day), an end after its start, an RRULE
 * that ical.js reads, and the web client's lengths (calendar/constants.ts
 * MAX_LENGTHS: title 255, location 255, description 3000).
 */
import {usageError} from '../runtime/errors.ts'
import {parseRrule, ruleProblem} from './recurrence.ts'
import type {When} from './vevent.ts'
import {parseGiven} from './window.ts'
import {instantOf, knownZone, wallAt} from './zones.ts'

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

/** A time flag as a DTSTART/DTEND: a local time in --timezone, or an instant (in --timezone when given, else UTC). */
export function whenOf(text: string, flag: string, allDay: boolean, timezone: string | undefined): When {
  const given = parseGiven(text, flag)
  if (allDay) {
    if (given.kind !== 'date') throw usageError(`${flag} "${text}": an all-day event takes dates (YYYY-MM-DD)`)
    return {allDay: true, wall: given.wall}
  }

  if (given.kind === 'date') throw usageError(`${flag} "${text}" is a date: give a time (YYYY-MM-DDTHH:MM), or --all-day`)
  if (given.kind === 'local') {
    if (timezone === undefined) throw usageError(`${flag} "${text}" has no zone: add --timezone ZONE, or end it with Z or ±HH:MM`)
    return {allDay: false, wall: given.wall, zone: timezone}
  }

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
