/** Times the service gives as Unix seconds, shown as local ISO 8601 date-times. */
import {oneLine} from '../core/errors.ts'

const formats = new Map<string, Intl.DateTimeFormat>()

/** A formatter for the zone, or undefined when the zone is not one Intl knows (a POSIX TZ rule, say). */
function formatFor(timeZone: string | undefined): Intl.DateTimeFormat | undefined {
  const key = timeZone ?? ''
  if (!formats.has(key)) {
    try {
      const options: Intl.DateTimeFormatOptions = {
        day: '2-digit',
        hour: '2-digit',
        hourCycle: 'h23',
        minute: '2-digit',
        month: '2-digit',
        second: '2-digit',
        timeZoneName: 'longOffset',
        year: 'numeric',
      }
      formats.set(key, new Intl.DateTimeFormat('en-US', {...options, timeZone}))
    } catch {
      return undefined
    }
  }

  return formats.get(key)
}

const two = (value: number) => String(value).padStart(2, '0')

/**
 * The same from Date's own fields, which follow the process's zone (Node
 * resets them when TZ changes): no Intl.DateTimeFormat, whose first use
 * costs some 18 ms of ICU start-up. Undefined where the two could differ:
 * years before 1, and offsets that are not whole minutes (old local mean
 * times), which Date rounds and Intl prints to the second.
 */
function fromDateFields(date: Date): string | undefined {
  const offset = -date.getTimezoneOffset()
  if (date.getFullYear() < 1 || date.getSeconds() !== date.getUTCSeconds()) return undefined
  const sign = offset < 0 ? '-' : '+'
  const zone = `${sign}${two(Math.floor(Math.abs(offset) / 60))}:${two(Math.abs(offset) % 60)}`
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}${zone}`
}

/**
 * 2025-01-01T05:30:00+05:30: in the zone TZ names (read at each call, as
 * the C library does), else the system's.
 */
export function localIsoDateTime(unixSeconds: number, timeZone = process.env.TZ || undefined): string {
  if (timeZone === (process.env.TZ || undefined)) {
    const text = fromDateFields(new Date(unixSeconds * 1000))
    if (text !== undefined) return text
  }

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
  // Not a time: the service's text, one line, control characters escaped.
  return oneLine(String(value))
}

/** timeText as a table shows it on a terminal, to the minute: 2026-11-23 08:20 (local time). */
export function compactTimeText(value: unknown): string {
  const full = timeText(value)
  return /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(full) && typeof value === 'number' ? `${full.slice(0, 10)} ${full.slice(11, 16)}` : full
}
