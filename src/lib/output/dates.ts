/** Times the service gives as Unix seconds, shown as local ISO 8601 date-times. */

const formats = new Map<string, Intl.DateTimeFormat>()

/** A formatter for the zone, or undefined when the zone is not one Intl knows (a POSIX TZ rule, say). */
function formatFor(timeZone: string | undefined): Intl.DateTimeFormat | undefined {
  const key = timeZone ?? ''
  if (!formats.has(key)) {
    try {
      const options: Intl.DateTimeFormatOptions = {day: '2-digit', hour: '2-digit', hourCycle: 'h23', minute: '2-digit', month: '2-digit', second: '2-digit', timeZoneName: 'longOffset', year: 'numeric'}
      formats.set(key, new Intl.DateTimeFormat('en-US', {...options, timeZone}))
    } catch {
      return undefined
    }
  }

  return formats.get(key)
}

/**
 * 2025-01-01T05:30:00+05:30: in the zone TZ names (read at each call, as
 * the C library does), else the system's.
 */
export function localIsoDateTime(unixSeconds: number, timeZone = process.env.TZ || undefined): string {
  const format = formatFor(timeZone) ?? formatFor(undefined)
  if (format === undefined) return new Date(unixSeconds * 1000).toISOString()
  const parts = Object.fromEntries(format.formatToParts(new Date(unixSeconds * 1000)).map((part) => [part.type, part.value]))
  const offset = parts.timeZoneName.replace('GMT', '') || '+00:00'
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`
}

/** A Unix-seconds field as a date-time; anything else as text ('' when absent). */
export function timeText(value: unknown): string {
  if (value === undefined || value === null) return ''
  if (typeof value === 'number' && Number.isFinite(value) && Math.abs(value) < 1e13) return localIsoDateTime(value)
  return String(value)
}
