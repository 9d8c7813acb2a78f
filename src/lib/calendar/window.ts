/**
 * The dates and times a user gives: --start/--end of a listing (a date is
 * midnight in --timezone, default this system's zone; an ISO 8601 time
 * must carry its zone, Z or ±HH:MM) and the times of a new event. Bad input
 * is one line, exit 1, before anything is sent.
 */
import {usageError} from '../core/errors.ts'
import {instantOf, knownZone, systemZone, type Wall, wallAt} from './zones.ts'

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/i

/** --timezone, checked; without it the system's zone. */
export function zoneFlag(given: string | undefined, env: NodeJS.ProcessEnv): string {
  if (given === undefined) return systemZone(env)
  if (!knownZone(given)) throw usageError(`--timezone "${given}" is not a time zone this system knows (an IANA name, as Europe/Zurich)`)
  return given
}

function checkedWall(flag: string, text: string, [year, month, day, hour = 0, minute = 0, second = 0]: number[]): Wall {
  const wall = {day, hour, minute, month, second, year}
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second))
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) {
    throw usageError(`${flag} "${text}" is not a real date or time`)
  }

  return wall
}

export type Given = {kind: 'date'; wall: Wall} | {kind: 'local'; wall: Wall} | {kind: 'instant'; ms: number}

/** A date (YYYY-MM-DD), a local date-time (no zone) or an instant (with Z or an offset). */
export function parseGiven(text: string, flag: string): Given {
  const date = DATE.exec(text)
  if (date) return {kind: 'date', wall: checkedWall(flag, text, date.slice(1, 4).map(Number))}
  const time = DATE_TIME.exec(text)
  if (!time) throw usageError(`${flag} "${text}" is neither a date (YYYY-MM-DD) nor an ISO 8601 time (YYYY-MM-DDTHH:MM[:SS] with Z or ±HH:MM)`)
  const wall = checkedWall(
    flag,
    text,
    time.slice(1, 7).map((part) => Number(part ?? 0)),
  )
  const zone = time[8]
  if (!zone) return {kind: 'local', wall}
  const offset = zone.toUpperCase() === 'Z' ? 0 : (zone.startsWith('-') ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(-2))) * 60_000
  return {kind: 'instant', ms: instantOf(wall, 'UTC') - offset}
}

/** The listing's window [start, end) in ms: the flags, else today to 30 days ahead in the zone. */
export function listWindow(start: string | undefined, end: string | undefined, zone: string, now: number): {start: number; end: number} {
  const at = (text: string, flag: string): number => {
    const given = parseGiven(text, flag)
    if (given.kind === 'instant') return given.ms
    if (given.kind === 'date') return instantOf(given.wall, zone)
    throw usageError(`${flag} "${text}" has a time but no zone: add Z or ±HH:MM, or give a date alone`)
  }

  const today = wallAt(now, zone)
  const from = start === undefined ? instantOf({...today, hour: 0, minute: 0, second: 0}, zone) : at(start, '--start')
  const fromWall = wallAt(from, zone)
  const to = end === undefined ? instantOf({...fromWall, day: fromWall.day + 30, hour: 0, minute: 0, second: 0}, zone) : at(end, '--end')
  if (to <= from) throw usageError(`--end must be after --start (${new Date(from).toISOString()} to ${new Date(to).toISOString()})`)
  return {end: to, start: from}
}
