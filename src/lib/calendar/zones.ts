/**
 * Wall-clock times in an IANA time zone and the instants they name, with
 * Intl (the zone data Node ships): an event's DTSTART;TZID=… is a wall
 * time, and a recurrence repeats it in that zone (RFC 5545 3.3.10), so
 * 09:00 stays 09:00 across a change to or from summer time.
 */

/** A wall-clock time (month 1-12), as ical.js's Time holds one. */
export interface Wall {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter(zone: string): Intl.DateTimeFormat {
  let format = formatters.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {day: 'numeric', hour: 'numeric', hourCycle: 'h23', minute: 'numeric', month: 'numeric', second: 'numeric', timeZone: zone, year: 'numeric'})
    formatters.set(zone, format)
  }

  return format
}

const isUtc = (zone: string) => zone === 'UTC' || zone === 'Etc/UTC' || zone === 'Z'

/** Whether Intl knows the zone (an unknown TZID is refused, never guessed). */
export function knownZone(zone: string): boolean {
  if (isUtc(zone)) return true
  try {
    formatter(zone)
    return true
  } catch {
    return false
  }
}

/** The wall time in `zone` at the instant (ms since the epoch). */
export function wallAt(ms: number, zone: string): Wall {
  if (isUtc(zone)) {
    const date = new Date(ms)
    return {day: date.getUTCDate(), hour: date.getUTCHours(), minute: date.getUTCMinutes(), month: date.getUTCMonth() + 1, second: date.getUTCSeconds(), year: date.getUTCFullYear()}
  }

  const parts: Record<string, number> = {}
  for (const {type, value} of formatter(zone).formatToParts(ms)) if (type !== 'literal') parts[type] = Number(value)
  return {day: parts.day, hour: parts.hour, minute: parts.minute, month: parts.month, second: parts.second, year: parts.year}
}

const wallMs = (wall: Wall) => Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second)

/** The zone's offset from UTC at the instant, in ms. */
export function offsetAt(ms: number, zone: string): number {
  return isUtc(zone) ? 0 : wallMs(wallAt(ms, zone)) - Math.floor(ms / 1000) * 1000
}

/**
 * The instant of a wall time in the zone. A time the clocks skip (02:30 on the night they go forward) is taken
 * with the offset from before the change, so it lands an hour later (RFC 5545 3.3.5); a time that occurs twice is
 * its first occurrence.
 */
export function instantOf(wall: Wall, zone: string): number {
  const local = wallMs(wall)
  if (isUtc(zone)) return local
  const before = offsetAt(local - 86_400_000, zone)
  const after = offsetAt(local + 86_400_000, zone)
  for (const offset of before >= after ? [before, after] : [after, before]) {
    const candidate = local - offset
    if (offsetAt(candidate, zone) === offset) return candidate
  }

  return local - before
}

/** The zone of this system (TZ, else what Intl resolves). */
export function systemZone(env: NodeJS.ProcessEnv): string {
  const zone = env.TZ && env.TZ !== '' ? env.TZ.replace(/^:/, '') : Intl.DateTimeFormat().resolvedOptions().timeZone
  return zone && knownZone(zone) ? zone : 'UTC'
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0')

/** YYYY-MM-DD of a wall time. */
export function dateText(wall: Wall): string {
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`
}

/** HH:MM of a wall time. */
export function timeText(wall: Wall): string {
  return `${pad(wall.hour)}:${pad(wall.minute)}`
}
