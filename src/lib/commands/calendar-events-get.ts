/**
 * proton calendar events get ID: one event decrypted and checked, every
 * field shown (summary, times, location, description, organizer,
 * attendees, recurrence, alarms, each part's signature).
 */
import {eventJson, eventText, icsOf} from '../calendar/event-view.ts'
import {findEvent} from '../calendar/find-event.ts'
import {openCalendars} from '../calendar/open-calendars.ts'
import {openEvents} from '../calendar/open-events.ts'
import {zoneFlag} from '../calendar/window.ts'
import {printData} from '../runtime/dedicated.ts'
import {writeFileText} from '../output/output.ts'
import {EXIT} from '../runtime/exit-status.ts'
import {plainCommand} from '../runtime/plain-command.ts'

export interface EventsGetOptions {
  id: string
  calendar?: string
  timezone?: string
}

export const calendarEventsGet = plainCommand<EventsGetOptions>({
  options: (line) => ({calendar: line.optionalString('calendar'), id: line.arg('id'), timezone: line.optionalString('timezone')}),
  async run(invocation, options) {
    const zone = zoneFlag(options.timezone, invocation.io.env)
    const {authorKeys, calendars} = await openCalendars(invocation, options.calendar)
    const found = await findEvent(invocation, calendars, options.id)
    const {events} = await openEvents(invocation, [found], authorKeys)
    const [event] = events
    if (!event) invocation.exit(EXIT.UNAVAILABLE)
    if (invocation.flags.output === 'ics') writeFileText(invocation.io.stdout, icsOf([event]))
    else await printData(invocation, eventJson(event), () => eventText(event, zone))
  },
})
