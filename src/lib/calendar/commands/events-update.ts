/**
 * proton calendar events update ID: the event opened, the given fields
 * changed and the rest kept, DTSTAMP renewed and SEQUENCE raised when the
 * times or the rule change (calendar/event-times.ts sequenceAfter), then
 * written again as the web client updates one (calendar/write-event.ts:
 * the same session keys, their packets not sent again) with
 * PUT /calendar/v1/{ID}/events/sync {MemberID, Events: [{ID, Event}]}.
 * An event with attendees is refused: this tool does not write invitations.
 */
import {checkColor, notificationsFrom, notificationsOf, notificationsOfVevent} from '../alarms.ts'
import {checkOrder, checkRrule, checkTexts, type EventFields, nextDay, startOnRule, whenOf} from '../event-input.ts'
import {sequenceAfter, setEnd} from '../event-times.ts'
import {timingOf} from '../event-view.ts'
import {findEvent} from '../find-event.ts'
import {openCalendars} from '../open-calendars.ts'
import {openEvents} from '../open-events.ts'
import {ICAL, setText, setWhen, text, type When} from '../vevent.ts'
import {zoneFlag} from '../window.ts'
import {eventPayload, syncOne, utcNow} from '../write-event.ts'
import {openSessionKey} from '../calendar-event-crypto.ts'
import {escapeLine} from '../../core/escape.ts'
import {CliFailure, oneLine, usageError} from '../../core/errors.ts'
import {EXIT} from '../../core/exit-status.ts'
import {plainCommand} from '../../run/plain-command.ts'
import {checkId} from '../../cli/input-checks.ts'
import {idsOf, readOneId} from '../../run/given-ids.ts'

export interface EventsUpdateOptions extends EventFields {
  id: string
  calendar?: string
  dryRun: boolean
  alarms: string[]
  noAlarm: boolean
  color?: string
}

const shiftedBy = (when: When, from: When, to: When): When => {
  const ms = (wall: When['wall']) => Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second)
  const date = new Date(ms(to.wall) + (ms(when.wall) - ms(from.wall)))
  const wall = {day: date.getUTCDate(), hour: date.getUTCHours(), minute: date.getUTCMinutes(), month: date.getUTCMonth() + 1, second: date.getUTCSeconds(), year: date.getUTCFullYear()}
  return {allDay: to.allDay, wall, zone: to.zone}
}

export const calendarEventsUpdate = plainCommand<EventsUpdateOptions>({
  options: (line) => ({
    alarms: line.strings('alarm') ?? [],
    allDay: line.boolean('all-day'),
    color: line.optionalString('color'),
    calendar: line.optionalString('calendar'),
    description: line.optionalString('description'),
    dryRun: line.boolean('dry-run'),
    end: line.optionalString('end'),
    id: line.arg('id'),
    location: line.optionalString('location'),
    noAlarm: line.boolean('no-alarm'),
    rrule: line.optionalString('rrule'),
    start: line.optionalString('start'),
    summary: line.optionalString('summary'),
    timezone: line.optionalString('timezone'),
  }),
  async run(invocation, options) {
    const id = await readOneId(invocation, options.id, idsOf('event'), (text) => checkId(text, 'ID'))
    checkTexts(options)
    const rrule = checkRrule(options.rrule)
    if (options.allDay && (options.start === undefined || options.end === undefined)) throw usageError('--all-day needs both --start and --end (dates)')
    const given = ['summary', 'location', 'description', 'start', 'end', 'rrule', 'color'] as const
    if (given.every((name) => options[name] === undefined) && options.alarms.length === 0 && !options.noAlarm)
      throw usageError(`nothing to change: give one of ${[...given, 'alarm', 'no-alarm'].map((name) => `--${name}`).join(', ')}`)
    checkColor(options.color)
    notificationsFrom(options.alarms, options.noAlarm, null)
    const systemZone = zoneFlag(undefined, invocation.io.env)
    const newStart = options.start === undefined ? undefined : whenOf(options.start, '--start', options.allDay, options.timezone, systemZone)
    const newEnd = options.end === undefined ? undefined : whenOf(options.end, '--end', options.allDay, options.timezone, systemZone)

    const {account, authorKeys, calendars} = await openCalendars(invocation, options.calendar)
    const found = await findEvent(invocation, calendars, id)
    const {events} = await openEvents(invocation, [found], authorKeys)
    const [event] = events
    if (!event) invocation.exit(EXIT.UNAVAILABLE)
    const {calendar, vevent} = event
    if (vevent.getAllProperties('attendee').length > 0) throw usageError(`event ${id} has attendees: this tool does not update invitations`)

    // The times: those given, the other end kept (a new start alone keeps the duration).
    const timing = timingOf(vevent)
    const givenStart = newStart ?? timing.start
    const oldEnd = timing.end ?? timing.start
    const givenEnd = newEnd ? (options.allDay ? nextDay(newEnd) : newEnd) : newStart ? shiftedBy(oldEnd, timing.start, newStart) : oldEnd
    if (givenStart.allDay !== givenEnd.allDay) throw usageError('--start and --end must both be dates (all day) or both times: give both, with --all-day for dates')
    checkOrder(givenStart, givenEnd)
    // A new start or rule: the series begins on a date of its rule (startOnRule).
    const rule = rrule === undefined ? timing.rrule : rrule.toLowerCase() === 'none' ? undefined : rrule
    const warn = (line: string) => invocation.io.stderr.write(`${escapeLine(line)}\n`)
    const {end, start} = rule && (newStart || rrule) ? startOnRule(givenStart, givenEnd, rule, warn) : {end: givenEnd, start: givenStart}

    const [signingKey] = await account.addressKeys(calendar.addressId, {signing: true}).catch((error: unknown) => {
      // A bound (an Argon2 key over it: exit 5) stays what it is.
      if (error instanceof CliFailure && error.exitStatus === EXIT.UNAVAILABLE) throw error
      throw usageError(`cannot sign with the calendar's address: ${oneLine(error instanceof Error ? error.message : String(error))}; nothing was sent`)
    })
    const packet = (value: unknown) => (typeof value === 'string' && value !== '' ? openSessionKey(value, calendar.keys) : undefined)
    const [shared, calendarSession] = await Promise.all([packet(found.event.SharedKeyPacket), packet(found.event.CalendarKeyPacket)])
    if (!shared) throw new CliFailure(`event ${id}: it has no SharedKeyPacket to write it again with`, EXIT.UNAVAILABLE)

    vevent.updatePropertyWithValue('dtstamp', utcNow(invocation.io.now().getTime()))
    const sequence = text(vevent, 'sequence')
    if (newStart || newEnd || start !== givenStart) {
      setWhen(vevent, 'dtstart', start)
      setEnd(vevent, start, end)
    }

    if (rrule !== undefined) {
      vevent.removeAllProperties('rrule')
      if (rrule.toLowerCase() !== 'none') vevent.addPropertyWithValue('rrule', ICAL.Recur.fromString(rrule))
    }

    for (const name of ['summary', 'location', 'description'] as const) if (options[name] !== undefined) setText(vevent, name, options[name])
    vevent.updatePropertyWithValue('sequence', sequenceAfter(timing, sequence === undefined ? undefined : Number(sequence), timingOf(vevent)))

    // Notifications always sent (an update without them would reset them): those given, else the event's own, else an
    // older event's personal-part alarms carried over (the personal part is no longer written), else null.
    const personalAlarms = notificationsOfVevent(vevent)
    const kept = notificationsOf(found.event.Notifications) ?? (personalAlarms.length > 0 ? personalAlarms : null)
    const personal = {
      color: options.color ?? (typeof found.event.Color === 'string' && found.event.Color !== '' ? found.event.Color : null),
      notifications: notificationsFrom(options.alarms, options.noAlarm, kept),
    }
    const Event = {...(await eventPayload(vevent, {calendar, calendarSession, shared, signingKey}, personal)), IsOrganizer: found.event.IsOrganizer ?? 1}
    if (!(await syncOne(invocation, calendar, {Event, ID: id}, `event ${id}`, options.dryRun))) return
    invocation.io.stdout.write(`${id}\n`)
    invocation.note(`Updated event ${escapeLine(id)} ("${escapeLine(text(vevent, 'summary') ?? '')}").`)
  },
})
