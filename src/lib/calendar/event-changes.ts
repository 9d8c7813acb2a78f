/**
 * What calendar events update changes in an event, apart from fetching and writing it: the options checked before
 * anything is asked of the service, the new times (the other end kept, a series begun on a date of its rule), the
 * VEVENT changed in place (DTSTAMP renewed, SEQUENCE raised when the times or the rule change: sequenceAfter), and the
 * personal part (color, notifications) sent with it.
 */
import {checkColor, type Notification, notificationsFrom, notificationsOf, notificationsOfVevent} from './alarms.ts'
import {checkOrder, checkRrule, checkTexts, type EventFields, nextDay, startOnRule, whenOf} from './event-input.ts'
import {sequenceAfter, setEnd} from './event-times.ts'
import {timingOf} from './event-view.ts'
import type {Timing} from './recurrence.ts'
import {type Component, ICAL, setText, setWhen, text, type When} from './vevent.ts'
import {zoneFlag} from './window.ts'
import {utcNow} from './write-event.ts'
import {usageError} from '../core/errors.ts'
import type {JsonRecord} from '../core/records.ts'

export interface EventsUpdateOptions extends EventFields {
  id: string
  calendar?: string
  dryRun: boolean
  alarms: string[]
  noAlarm: boolean
  color?: string
}

/** The times and the rule given, checked: `rrule` "none" removes the rule. */
export interface Changes {
  newStart?: When
  newEnd?: When
  rrule?: string
}

/** The times the event will have, and whether they move (then DTSTART and the end are written again). */
export interface PlannedTimes {
  timing: Timing
  start: When
  end: When
  moved: boolean
}

const shiftedBy = (when: When, from: When, to: When): When => {
  const ms = (wall: When['wall']) => Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second)
  const date = new Date(ms(to.wall) + (ms(when.wall) - ms(from.wall)))
  const wall = {day: date.getUTCDate(), hour: date.getUTCHours(), minute: date.getUTCMinutes(), month: date.getUTCMonth() + 1, second: date.getUTCSeconds(), year: date.getUTCFullYear()}
  return {allDay: to.allDay, wall, zone: to.zone}
}

/** The options checked, before anything is asked of the service: one line and EXIT.USAGE for the first wrong. */
export function checkChanges(options: EventsUpdateOptions, env: NodeJS.ProcessEnv): Changes {
  checkTexts(options)
  const rrule = checkRrule(options.rrule)
  if (options.allDay && (options.start === undefined || options.end === undefined)) throw usageError('--all-day needs both --start and --end (dates)')
  const given = ['summary', 'location', 'description', 'start', 'end', 'rrule', 'color'] as const
  if (given.every((name) => options[name] === undefined) && options.alarms.length === 0 && !options.noAlarm)
    throw usageError(`nothing to change: give one of ${[...given, 'alarm', 'no-alarm'].map((name) => `--${name}`).join(', ')}`)
  checkColor(options.color)
  notificationsFrom(options.alarms, options.noAlarm, null)
  const systemZone = zoneFlag(undefined, env)
  const newStart = options.start === undefined ? undefined : whenOf(options.start, '--start', options.allDay, options.timezone, systemZone)
  const newEnd = options.end === undefined ? undefined : whenOf(options.end, '--end', options.allDay, options.timezone, systemZone)
  return {newEnd, newStart, rrule}
}

/**
 * The event's new times: those given, the other end kept (a new start alone keeps the duration); with a new start or
 * rule, the series begins on a date of its rule (startOnRule, which says so through `warn` when it moves the start).
 */
export function planTimes(vevent: Component, allDay: boolean, {newEnd, newStart, rrule}: Changes, warn: (line: string) => void): PlannedTimes {
  const timing = timingOf(vevent)
  const givenStart = newStart ?? timing.start
  const oldEnd = timing.end ?? timing.start
  const givenEnd = newEnd ? (allDay ? nextDay(newEnd) : newEnd) : newStart ? shiftedBy(oldEnd, timing.start, newStart) : oldEnd
  if (givenStart.allDay !== givenEnd.allDay) throw usageError('--start and --end must both be dates (all day) or both times: give both, with --all-day for dates')
  checkOrder(givenStart, givenEnd)
  const rule = rrule === undefined ? timing.rrule : rrule.toLowerCase() === 'none' ? undefined : rrule
  const {end, start} = rule && (newStart || rrule) ? startOnRule(givenStart, givenEnd, rule, warn) : {end: givenEnd, start: givenStart}
  return {end, moved: Boolean(newStart || newEnd || start !== givenStart), start, timing}
}

/** The VEVENT changed in place: DTSTAMP `nowMs`, the times planned, the rule, the texts given, SEQUENCE after them. */
export function applyChanges(vevent: Component, {end, moved, start, timing}: PlannedTimes, {rrule}: Changes, options: EventFields, nowMs: number): void {
  vevent.updatePropertyWithValue('dtstamp', utcNow(nowMs))
  const sequence = text(vevent, 'sequence')
  if (moved) {
    setWhen(vevent, 'dtstart', start)
    setEnd(vevent, start, end)
  }

  if (rrule !== undefined) {
    vevent.removeAllProperties('rrule')
    if (rrule.toLowerCase() !== 'none') vevent.addPropertyWithValue('rrule', ICAL.Recur.fromString(rrule))
  }

  for (const name of ['summary', 'location', 'description'] as const) if (options[name] !== undefined) setText(vevent, name, options[name])
  vevent.updatePropertyWithValue('sequence', sequenceAfter(timing, sequence === undefined ? undefined : Number(sequence), timingOf(vevent)))
}

/**
 * The personal part sent with the event. Notifications always sent (an update without them would reset them): those
 * given, else the event's own, else an older event's personal-part alarms carried over (the personal part is no
 * longer written), else null.
 */
export function personalPart(event: JsonRecord, vevent: Component, {alarms, color, noAlarm}: EventsUpdateOptions): {color: string | null; notifications: Notification[] | null} {
  const personalAlarms = notificationsOfVevent(vevent)
  const kept = notificationsOf(event.Notifications) ?? (personalAlarms.length > 0 ? personalAlarms : null)
  return {
    color: color ?? (typeof event.Color === 'string' && event.Color !== '' ? event.Color : null),
    notifications: notificationsFrom(alarms, noAlarm, kept),
  }
}
