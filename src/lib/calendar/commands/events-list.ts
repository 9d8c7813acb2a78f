/**
 * proton calendar events list: the occurrences of every event of a window,
 * decrypted and checked (src/lib/calendar: the calendars and their keys,
 * the events paged as the web client pages them, each part opened and its
 * signature checked, recurrences expanded), one line per occurrence, the
 * decrypted fields with --output json|yaml, or an iCalendar file (--output ics).
 */
import {early, openCalendars} from '../open-calendars.ts'
import type {JsonRecord} from '../../core/records.ts'
import {openEvents} from '../open-events.ts'
import {eventsListing, icsOf, rowJson, rowsOf} from '../event-view.ts'
import {fetchEvents} from '../fetch-events.ts'
import {listWindow, zoneFlag} from '../window.ts'
import {printData, writeListing} from '../../run/printer.ts'
import {writeFileText} from '../../output/output.ts'
import {EXIT} from '../../core/exit-status.ts'
import {plainCommand} from '../../run/plain-command.ts'
import {interruptedError, interruptSignal} from '../../core/interrupt.ts'
import {unavailableError} from '../../core/errors.ts'
import {ListingBounds} from '../../run/listing-bounds.ts'

/** The most work between two turns of the event loop during an expansion (ms). */
const TURN_MS = 10

/**
 * Between slices of the expansion: a turn of the event loop once TURN_MS of work has passed since the last (so
 * SIGINT, SIGTERM and SIGHUP are heard; a month of events takes none), then stop when one was, or when the expansion
 * has taken --timeout (counted from its start, as unlocking the keys is).
 */
function expansionPause(timeoutSeconds: number): () => Promise<void> {
  const deadline = Date.now() + timeoutSeconds * 1000
  const signal = interruptSignal()
  let turned = Date.now()
  return async () => {
    if (Date.now() - turned >= TURN_MS) {
      await new Promise((resolve) => {
        setImmediate(resolve)
      })
      turned = Date.now()
    }

    if (signal.aborted) throw interruptedError()
    if (Date.now() > deadline) throw unavailableError(`calendar events list: the recurring events were not expanded within ${timeoutSeconds} s (timeout; see --timeout); nothing printed`)
  }
}

export interface EventsListOptions {
  calendar?: string
  start?: string
  end?: string
  timezone?: string
}

export const calendarEventsList = plainCommand<EventsListOptions>({
  options: (line) => ({
    calendar: line.optionalString('calendar'),
    end: line.optionalString('end'),
    start: line.optionalString('start'),
    timezone: line.optionalString('timezone'),
  }),
  async run(invocation, options) {
    // Every flag checked before anything is sent.
    const zone = zoneFlag(options.timezone, invocation.io.env)
    const window = {...listWindow(options.start, options.end, zone, invocation.io.now().getTime()), zone}
    // The events are asked for together with the calendars' keys: they need none to be fetched.
    const pending = new Map<string, () => Promise<JsonRecord[]>>()
    const bounds = new ListingBounds(invocation, 'calendar events list')
    const {authorKeys, calendars} = await openCalendars(invocation, options.calendar, (id, quietly) =>
      pending.set(
        id,
        early((send) => fetchEvents(invocation, id, window, bounds, send), quietly),
      ),
    )
    const fetched = await Promise.all(calendars.map(async (calendar) => ((await pending.get(calendar.id)?.()) ?? []).map((event) => ({calendar, event}))))
    const {broken, events} = await openEvents(invocation, fetched.flat(), authorKeys)
    const {rows, unexpanded} = await rowsOf(events, window.start, window.end, zone, {pause: expansionPause(invocation.flags.timeout), report: (line) => invocation.io.stderr.write(`${line}\n`)})
    if (invocation.flags.output === 'ics') writeFileText(invocation.io.stdout, icsOf([...new Set(rows.map(({event}) => event))]))
    // The records only for --output json|yaml: building them for text costs as much as printing.
    else if (invocation.flags.output === 'text') writeListing(invocation, eventsListing(rows, zone))
    else await printData(invocation, rows.map(rowJson), () => '')
    if (broken > 0 || unexpanded > 0) invocation.exit(EXIT.UNAVAILABLE)
  },
})
