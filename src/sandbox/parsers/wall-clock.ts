/**
 * Wall-clock times in an IANA zone turned into instants, the sandbox's own way (apart from the client's): the zone's
 * offset at an instant is read from Intl's longOffset name ("GMT+01:00"). RFC 5545 §3.3.5: a local time the clocks
 * skip is taken with the offset in force before the change (it lands that much later); one that occurs twice is its
 * first occurrence.
 */

/** A wall-clock time, month 1 to 12. */
export type Wall = Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>

const DAY_MS = 86_400_000
const UTC_NAMES = new Set(['UTC', 'Etc/UTC', 'Z'])
const namers = new Map<string, Intl.DateTimeFormat>()

function namer(zone: string): Intl.DateTimeFormat | undefined {
  if (!namers.has(zone)) {
    try {
      namers.set(zone, new Intl.DateTimeFormat('en-US', {timeZone: zone, timeZoneName: 'longOffset'}))
    } catch {
      return undefined
    }
  }

  return namers.get(zone)
}

/** Whether the sandbox knows the zone (Intl's data). */
export const isZone = (zone: string): boolean => UTC_NAMES.has(zone) || namer(zone) !== undefined

/** The zone's offset from UTC at the instant, in ms ("GMT" alone is 0). */
function offsetMs(zone: string, instant: number): number {
  const format = namer(zone)
  if (!format) throw new RangeError(`unknown zone ${JSON.stringify(zone)}`)
  const name = format.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value ?? ''
  const match = /^GMT(?:([+-])(\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(name)
  if (!match) throw new RangeError(`unexpected zone name ${JSON.stringify(name)}`)
  if (!match[1]) return 0
  return (match[1] === '-' ? -1 : 1) * ((Number(match[2]) * 60 + Number(match[3])) * 60 + Number(match[4] ?? 0)) * 1000
}

/** The instant (ms) of a wall time in the zone; the zone must be known (isZone). */
export function instantIn(wall: Wall, zone: string): number {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second)
  if (UTC_NAMES.has(zone)) return asUtc
  const before = offsetMs(zone, asUtc - DAY_MS)
  const offsets = new Set([before, offsetMs(zone, asUtc), offsetMs(zone, asUtc + DAY_MS)])
  const fitting = [...offsets].map((offset) => asUtc - offset).filter((instant) => offsetMs(zone, instant) === asUtc - instant)
  return fitting.length > 0 ? Math.min(...fitting) : asUtc - before
}
