/**
 * proton calendar events get ID…: each event decrypted and checked, every
 * field shown (summary, times, location, description, organizer,
 * attendees, recurrence, alarms, each part's signature); several: a blank
 * line between them in text, an array in json (which --jq reads whole),
 * one iCalendar file with --output ics.
 */
import {eventJson, eventText, icsOf} from '../event-view.ts'
import {findEvent} from '../find-event.ts'
import {openCalendars} from '../open-calendars.ts'
import {openEvents} from '../open-events.ts'
import {zoneFlag} from '../window.ts'
import {checkId} from '../../cli/input-checks.ts'
import {printData} from '../../run/printer.ts'
import {EXIT} from '../../core/exit-status.ts'
import {writeFileText} from '../../output/output.ts'
import {plainCommand} from '../../run/plain-command.ts'
import {idsOf, readIds} from '../../run/given-ids.ts'

export interface EventsGetOptions {
  ids: readonly string[]
  calendar?: string
  timezone?: string
}

export const calendarEventsGet = plainCommand<EventsGetOptions>({
  options: (line) => ({calendar: line.optionalString('calendar'), ids: line.line.argv, timezone: line.optionalString('timezone')}),
  async run(invocation, options) {
    const zone = zoneFlag(options.timezone, invocation.io.env)
    // "-" reads IDs from standard input, one a line; a cut one is made whole.
    const ids = await readIds(invocation, options.ids, idsOf('event', true))
    for (const id of ids) checkId(id, 'an event ID')
    const {authorKeys, calendars} = await openCalendars(invocation, options.calendar)
    const found = []
    for (const id of ids) found.push(await findEvent(invocation, calendars, id))
    const {broken, events} = await openEvents(invocation, found, authorKeys)
    if (invocation.flags.output === 'ics') writeFileText(invocation.io.stdout, icsOf(events))
    else if (events.length > 0) {
      const fields = events.map((event) => eventJson(event))
      await printData(invocation, ids.length === 1 ? fields[0] : fields, () => events.map((event) => eventText(event, zone)).join('\n\n'))
    }

    if (broken > 0 || events.length === 0) invocation.exit(EXIT.UNAVAILABLE)
  },
})
