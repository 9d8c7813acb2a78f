/**
 * proton calendar delete ID|NAME…: DELETE /calendar/v1/<id> for each (WebClients
 * api/calendars.ts removeCalendar), once confirmed; a name is looked up as
 * --calendar NAME is everywhere (calendarIds).
 */
import {calendarIds} from '../calendars.ts'
import {perIdCommand} from '../../run/per-id.ts'

export const calendarDelete = perIdCommand({confirm: true, done: 'Deleted', noun: 'calendar', request: (id) => ({method: 'DELETE', path: `/calendar/v1/${id}`}), resolve: calendarIds})
