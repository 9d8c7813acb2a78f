/**
 * proton calendar events delete ID: once confirmed (--yes, or y on a
 * terminal), PUT /calendar/v1/{ID}/events/sync {MemberID, Events: [{ID,
 * DeletionReason: 0}]} (WebClients getSyncMultipleEventsPayload.ts, a delete
 * operation; interfaces/calendar/Api.ts DELETION_REASON.NORMAL), the
 * event's calendar found first (--calendar, else each calendar in turn).
 * --dry-run finds it (GET requests) and prints the PUT, sending it not.
 */
import {findEvent} from '../find-event.ts'
import {chooseCalendars} from '../calendars.ts'
import {syncOne} from '../write-event.ts'
import {escapeLine} from '../../core/escape.ts'
import {checkId} from '../../cli/input-checks.ts'
import {confirmDeletion} from '../../run/per-id.ts'
import {plainCommand} from '../../run/plain-command.ts'
import {idsOf, readOneId} from '../../run/given-ids.ts'

/** DELETION_REASON.NORMAL (CHANGE_CALENDAR, 1, is for an event moved to another calendar). */
const DELETION_REASON_NORMAL = 0

export interface EventsDeleteOptions {
  id: string
  calendar?: string
  dryRun: boolean
  yes: boolean
}

export const calendarEventsDelete = plainCommand<EventsDeleteOptions>({
  options: (line) => ({calendar: line.optionalString('calendar'), dryRun: line.boolean('dry-run'), id: line.arg('id'), yes: line.boolean('yes')}),
  async run(invocation, {calendar: choice, dryRun, id: given, yes}) {
    const id = await readOneId(invocation, given, idsOf('event'), (text) => checkId(text, 'ID'))
    if (!dryRun) await confirmDeletion('event', [id], yes)
    // Deleting needs no keys: the calendar and its member are enough.
    const refs = await chooseCalendars(invocation, choice)
    const {calendar} = await findEvent(invocation, refs, id)
    if (!(await syncOne(invocation, calendar, {DeletionReason: DELETION_REASON_NORMAL, ID: id}, `event ${id}`, dryRun))) return
    invocation.io.stdout.write(`${id}\n`)
    invocation.note(`Deleted event ${escapeLine(id)}.`)
  },
})
