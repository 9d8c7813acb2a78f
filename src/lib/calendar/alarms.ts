/**
 * An event's alarms as today's web client keeps them: not in a personal part but in the event's own
 * `Notifications` (null: the calendar's defaults; [] none; else [{Type, Trigger}]) beside its `Color`
 * (WebClients packages/shared/lib/calendar/serialize.ts createCalendarEvent, formatData.ts formatData
 * `Notifications: notificationsPart || null, Color: colorPart || null`; veventHelper.ts toApiNotifications;
 * constants.ts NOTIFICATION_TYPE_API {EMAIL: 0, DEVICE: 1}, MAX_NOTIFICATIONS). The calendar's defaults are its
 * CalendarSettings DefaultPartDayNotifications / DefaultFullDayNotifications (bootstrap). An older event's alarms
 * in its personal part (VALARMs) are read when it has no Notifications of its own.
 */
import {usageError} from '../core/errors.ts'
import {type Component, text} from './vevent.ts'

/** NOTIFICATION_TYPE_API. */
export const NOTIFICATION_TYPE = {DEVICE: 1, EMAIL: 0} as const

export interface Notification {
  Type: number
  Trigger: string
}

/** MAX_NOTIFICATIONS: the most alarms the web client lets an event have. */
export const MAX_ALARMS = 10
const ALARM = /^(?:(email|device):)?([1-9]\d{0,3})([mhdw])$/i
const UNIT = {d: 'D', h: 'H', m: 'M', w: 'W'} as const
const COLOR = /^#[0-9a-f]{6}$/i

/** --alarm 15m | 1h | 2d | 1w, or email:1h: a notification that long before the start (device unless email:). */
export function parseAlarm(given: string): Notification {
  const match = ALARM.exec(given.trim())
  if (!match) throw usageError(`--alarm "${given}" is not a time before the start: give 15m, 1h, 2d or 1w (1 to 9999), optionally email: first`)
  const [, kind, count, unit] = match
  const letter = UNIT[unit.toLowerCase() as keyof typeof UNIT]
  // toTriggerString: negative (before the start), hours and minutes after T, days and weeks before it.
  const Trigger = letter === 'H' || letter === 'M' ? `-PT${count}${letter}` : `-P${count}${letter}`
  return {Trigger, Type: kind?.toLowerCase() === 'email' ? NOTIFICATION_TYPE.EMAIL : NOTIFICATION_TYPE.DEVICE}
}

/**
 * The Notifications to write from --alarm (repeatable) and --no-alarm: [] with --no-alarm, the alarms given,
 * else `fallback` (null on create: the calendar's defaults; the event's own on update).
 */
export function notificationsFrom(alarms: readonly string[], noAlarm: boolean, fallback: Notification[] | null): Notification[] | null {
  if (noAlarm && alarms.length > 0) throw usageError('--no-alarm and --alarm contradict each other: give one')
  if (noAlarm) return []
  if (alarms.length > MAX_ALARMS) throw usageError(`at most ${MAX_ALARMS} --alarm (the web client's bound)`)
  return alarms.length > 0 ? alarms.map(parseAlarm) : fallback
}

/** --color #RRGGBB (the event's colour; none: the calendar's). */
export function checkColor(color: string | undefined): string | undefined {
  if (color !== undefined && !COLOR.test(color)) throw usageError(`--color "${color}" is not a colour of the form #RRGGBB`)
  return color
}

/** A Notifications value of the service: null, or the well-formed entries of a list. */
export function notificationsOf(value: unknown): Notification[] | null {
  if (!Array.isArray(value)) return null
  return value.filter((entry): entry is Notification => typeof entry === 'object' && entry !== null && typeof entry.Type === 'number' && typeof entry.Trigger === 'string')
}

/** A personal part's VALARMs as Notifications (an older event's alarms). */
export function notificationsOfVevent(vevent: Component): Notification[] {
  return vevent.getAllSubcomponents('valarm').flatMap((alarm) => {
    const Trigger = text(alarm, 'trigger')
    if (Trigger === undefined) return []
    return [{Trigger, Type: (text(alarm, 'action') ?? '').toUpperCase() === 'EMAIL' ? NOTIFICATION_TYPE.EMAIL : NOTIFICATION_TYPE.DEVICE}]
  })
}

export interface CalendarDefaults {
  partDay: Notification[]
  fullDay: Notification[]
}

/** The calendar's default notifications, from its bootstrap's CalendarSettings. */
export function calendarDefaults(settings: unknown): CalendarDefaults {
  const record = typeof settings === 'object' && settings !== null ? (settings as Record<string, unknown>) : {}
  return {fullDay: notificationsOf(record.DefaultFullDayNotifications) ?? [], partDay: notificationsOf(record.DefaultPartDayNotifications) ?? []}
}

export type AlarmSource = 'calendar-default' | 'event' | 'personal-part'

/**
 * The alarms an event rings with: its Notifications when it has a list; else an older event's personal-part
 * VALARMs; else the calendar's defaults for its kind (all day or not), as the web client reads null.
 */
export function effectiveAlarms(raw: Record<string, unknown>, vevent: Component, defaults: CalendarDefaults, allDay: boolean): {alarms: Notification[]; source: AlarmSource} {
  const own = notificationsOf(raw.Notifications)
  if (own) return {alarms: own, source: 'event'}
  const personal = notificationsOfVevent(vevent)
  if (personal.length > 0) return {alarms: personal, source: 'personal-part'}
  return {alarms: allDay ? defaults.fullDay : defaults.partDay, source: 'calendar-default'}
}

/** DISPLAY or EMAIL, as the web client turns a notification back into a VALARM (fromApiNotifications). */
export const actionOf = (type: number) => (type === NOTIFICATION_TYPE.EMAIL ? 'EMAIL' : 'DISPLAY')
