/**
 * proton calendar events create: a new event, encrypted and signed as the
 * web client writes one (calendar/write-event.ts), sent with
 * PUT /calendar/v1/{ID}/events/sync {MemberID, Events: [{Overwrite: 0,
 * Event}]}; prints the new event's ID. Every flag is checked before
 * anything is sent; --dry-run prints the PUT (the event encrypted and
 * signed as it would go) and sends it not.
 */
import {checkColor, notificationsFrom} from '../alarms.ts'
import {checkOrder, checkRrule, checkTexts, type EventFields, nextDay, startOnRule, whenOf} from '../event-input.ts'
import {setEnd} from '../event-times.ts'
import {openCalendars} from '../open-calendars.ts'
import {ICAL, setText, setWhen} from '../vevent.ts'
import {zoneFlag} from '../window.ts'
import {eventPayload, newUid, syncOne, utcNow} from '../write-event.ts'
import {escapeLine} from '../../core/escape.ts'
import {isRecord} from '../../core/records.ts'
import {CliFailure, oneLine, usageError} from '../../core/errors.ts'
import {EXIT} from '../../core/exit-status.ts'
import {plainCommand} from '../../run/plain-command.ts'

export interface EventsCreateOptions extends EventFields {
  calendar: string
  summary: string
  start: string
  end: string
  dryRun: boolean
  alarms: string[]
  noAlarm: boolean
  color?: string
}

export const calendarEventsCreate = plainCommand<EventsCreateOptions>({
  options: (line) => ({
    alarms: line.strings('alarm') ?? [],
    allDay: line.boolean('all-day'),
    color: line.optionalString('color'),
    calendar: line.string('calendar'),
    description: line.optionalString('description'),
    dryRun: line.boolean('dry-run'),
    end: line.string('end'),
    location: line.optionalString('location'),
    noAlarm: line.boolean('no-alarm'),
    rrule: line.optionalString('rrule'),
    start: line.string('start'),
    summary: line.string('summary'),
    timezone: line.optionalString('timezone'),
  }),
  async run(invocation, options) {
    checkTexts(options)
    // None given: null, the calendar's defaults (hasDefaultNotifications), as the web client creates one.
    const personal = {color: checkColor(options.color) ?? null, notifications: notificationsFrom(options.alarms, options.noAlarm, null)}
    const systemZone = zoneFlag(undefined, invocation.io.env)
    const given = whenOf(options.start, '--start', options.allDay, options.timezone, systemZone)
    const last = whenOf(options.end, '--end', options.allDay, options.timezone, systemZone)
    // An all-day --end is the last day (one day: the same date); DTEND is the day after (exclusive, RFC 5545).
    const givenEnd = options.allDay ? nextDay(last) : last
    checkOrder(given, givenEnd)
    const rrule = checkRrule(options.rrule)
    if (rrule?.toLowerCase() === 'none') throw usageError('--rrule none removes a rule: give one, or leave --rrule out')
    const {end, start} = rrule ? startOnRule(given, givenEnd, rrule, (line) => invocation.io.stderr.write(`${escapeLine(line)}\n`)) : {end: givenEnd, start: given}

    const opened = await openCalendars(invocation, options.calendar)
    const [calendar] = opened.calendars
    const account = await opened.account()
    const [signingKey] = await account.addressKeys(calendar.addressId, {signing: true}).catch((error: unknown) => {
      // A bound (an Argon2 key over it: exit 5) stays what it is.
      if (error instanceof CliFailure && error.exitStatus === EXIT.UNAVAILABLE) throw error
      throw usageError(`cannot sign with the calendar's address: ${oneLine(error instanceof Error ? error.message : String(error))}; nothing was sent`)
    })
    const now = utcNow(invocation.io.now().getTime())
    const vevent = new ICAL.Component('vevent')
    vevent.addPropertyWithValue('uid', newUid())
    vevent.addPropertyWithValue('dtstamp', now)
    vevent.addPropertyWithValue('created', now.clone())
    setWhen(vevent, 'dtstart', start)
    setEnd(vevent, start, end)
    if (rrule) vevent.addPropertyWithValue('rrule', ICAL.Recur.fromString(rrule))
    vevent.addPropertyWithValue('sequence', 0)
    setText(vevent, 'summary', options.summary)
    setText(vevent, 'location', options.location)
    setText(vevent, 'description', options.description)

    const Event = await eventPayload(vevent, {calendar, signingKey}, personal)
    const response = await syncOne(invocation, calendar, {Event, Overwrite: 0}, `calendar "${calendar.name}"`, options.dryRun)
    if (!response) return
    const id = isRecord(response.Event) ? String(response.Event.ID) : ''
    invocation.io.stdout.write(`${id}\n`)
    invocation.note(`Created event "${escapeLine(options.summary)}" (${escapeLine(id)}) in calendar "${escapeLine(calendar.name)}".`)
  },
})
