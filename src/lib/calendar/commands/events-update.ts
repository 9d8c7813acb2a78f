/**
 * proton calendar events update ID: the event opened, the given fields
 * changed and the rest kept, DTSTAMP renewed and SEQUENCE raised when the
 * times or the rule change (applyChanges), then
 * written again as the web client updates one (calendar/write-event.ts:
 * the same session keys, their packets not sent again) with
 * PUT /calendar/v1/{ID}/events/sync {MemberID, Events: [{ID, Event}]}.
 * An event with attendees is refused: this tool does not write invitations.
 */
import {applyChanges, checkChanges, type EventsUpdateOptions, personalPart, planTimes} from '../event-changes.ts'
import {findEvent} from '../find-event.ts'
import {openCalendars} from '../open-calendars.ts'
import {openEvents} from '../open-events.ts'
import {text} from '../vevent.ts'
import {eventPayload, syncOne} from '../write-event.ts'
import {openSessionKey} from '../calendar-event-crypto.ts'
import {escapeLine} from '../../core/escape.ts'
import {CliFailure, oneLine, usageError} from '../../core/errors.ts'
import {EXIT} from '../../core/exit-status.ts'
import {plainCommand} from '../../run/plain-command.ts'
import {checkId} from '../../cli/input-checks.ts'
import {idsOf, readOneId} from '../../run/given-ids.ts'

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
    const changes = checkChanges(options, invocation.io.env)

    const opened = await openCalendars(invocation, options.calendar)
    const {authorKeys, calendars} = opened
    const account = await opened.account()
    const found = await findEvent(invocation, calendars, id)
    const {events} = await openEvents(invocation, [found], authorKeys)
    const [event] = events
    if (!event) invocation.exit(EXIT.UNAVAILABLE)
    const {calendar, vevent} = event
    if (vevent.getAllProperties('attendee').length > 0) throw usageError(`event ${id} has attendees: this tool does not update invitations`)

    // The times: those given, the other end kept; a new start or rule: the series begins on a date of its rule.
    const warn = (line: string) => invocation.io.stderr.write(`${escapeLine(line)}\n`)
    const planned = planTimes(vevent, options.allDay, changes, warn)

    const [signingKey] = await account.addressKeys(calendar.addressId, {signing: true}).catch((error: unknown) => {
      // A bound (an Argon2 key over it: exit 5) stays what it is.
      if (error instanceof CliFailure && error.exitStatus === EXIT.UNAVAILABLE) throw error
      throw usageError(`cannot sign with the calendar's address: ${oneLine(error instanceof Error ? error.message : String(error))}; nothing was sent`)
    })
    const calendarKeys = await calendar.keys()
    const packet = (value: unknown) => (typeof value === 'string' && value !== '' ? openSessionKey(value, calendarKeys) : undefined)
    const [shared, calendarSession] = await Promise.all([packet(found.event.SharedKeyPacket), packet(found.event.CalendarKeyPacket)])
    if (!shared) throw new CliFailure(`event ${id}: it has no SharedKeyPacket to write it again with`, EXIT.UNAVAILABLE)

    applyChanges(vevent, planned, changes, options, invocation.io.now().getTime())
    const personal = personalPart(found.event, vevent, options)
    const Event = {...(await eventPayload(vevent, {calendar, calendarSession, shared, signingKey}, personal)), IsOrganizer: found.event.IsOrganizer ?? 1}
    if (!(await syncOne(invocation, calendar, {Event, ID: id}, `event ${id}`, options.dryRun))) return
    invocation.io.stdout.write(`${id}\n`)
    invocation.note(`Updated event ${escapeLine(id)} ("${escapeLine(text(vevent, 'summary') ?? '')}").`)
  },
})
