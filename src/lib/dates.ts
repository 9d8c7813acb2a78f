/** Times the service gives as Unix seconds, shown as local ISO 8601 date-times. */

const pad = (value: number, width = 2) => String(value).padStart(width, '0')

/** 2025-01-01T01:00:00+01:00 in the machine's time zone (TZ). */
export function localIsoDateTime(unixSeconds: number): string {
  const date = new Date(unixSeconds * 1000)
  const offset = -date.getTimezoneOffset()
  const sign = offset < 0 ? '-' : '+'
  const zone = `${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`
  const day = `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
  return `${day}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}${zone}`
}

/** A Unix-seconds field as a date-time; anything else as text ('' when absent). */
export function timeText(value: unknown): string {
  if (value === undefined || value === null) return ''
  if (typeof value === 'number' && Number.isFinite(value) && Math.abs(value) < 1e13) return localIsoDateTime(value)
  return String(value)
}
