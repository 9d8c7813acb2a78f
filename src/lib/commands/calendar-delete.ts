/**
 * proton calendar delete ID…: DELETE /calendar/v1/<id> for each (WebClients
 * api/calendars.ts removeCalendar), once confirmed.
 */
import {perIdCommand} from '../runtime/per-id.ts'

export const calendarDelete = perIdCommand({confirm: true, done: 'Deleted', noun: 'calendar', request: (id) => ({method: 'DELETE', path: `/calendar/v1/${id}`})})
