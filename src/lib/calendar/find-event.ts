/**
 * One event by ID: GET /calendar/v1/{CalendarID}/events/{ID} (WebClients
 * api/calendars.ts getEvent) in the calendar --calendar names, else in each
 * calendar in turn until one has it.
 */
import {idSegment} from '../http/path-segment.ts'
import {isRecord, type JsonRecord} from '../core/records.ts'
import {attempt, settle} from '../run/api.ts'
import {CliFailure} from '../core/errors.ts'
import {EXIT} from '../core/exit-status.ts'
import type {Invocation} from '../run/invocation.ts'
import {checkId} from '../cli/input-checks.ts'
import type {CalendarRef} from './calendars.ts'

export const eventPath = (calendarId: string, eventId: string) => `/calendar/v1/${idSegment(calendarId)}/events/${idSegment(eventId)}`

export async function findEvent<T extends CalendarRef>(invocation: Invocation, calendars: readonly T[], id: string): Promise<{event: JsonRecord; calendar: T}> {
  checkId(id, 'ID')
  for (const calendar of calendars) {
    const outcome = await attempt(invocation, {method: 'GET', path: eventPath(calendar.id, id)})
    // Not in this calendar: the next one. Any other failure is reported as it is.
    if (!outcome.ok && outcome.failure.exitStatus === EXIT.NOT_FOUND && calendars.length > 1) continue
    const answer = await settle(invocation, outcome, `event ${id}`)
    if (typeof answer === 'number') invocation.exit(answer)
    if (isRecord(answer.data) && isRecord(answer.data.Event)) return {calendar, event: answer.data.Event}
    throw new CliFailure(`event ${id}: the answer carries no Event`, EXIT.UNAVAILABLE)
  }

  throw new CliFailure(`event ${id}: no calendar of this account has it`, EXIT.NOT_FOUND)
}
