/**
 * The routes of a calendar's keys and events (WebClients packages/shared/
 * lib/api/calendars.ts getFullCalendar, getPassphrase, queryEvents,
 * getEvent, syncMultipleEvents), and the tests' way in:
 * POST /__sandbox/events {CalendarID?, Event} adds an event as a sync
 * would (default: the seeded calendar), whatever its signatures say.
 */
import {CODE} from '../../../lib/contract/contract.ts'
import type {Route} from '../../backend/route-types.ts'
import type {SandboxState} from '../../backend/state.ts'
import type {JsonObject} from '../../backend/validation.ts'

const ID = '([^/]+)'
const success = {Code: CODE.SINGLE_SUCCESS}

function syncContext(state: SandboxState, calendarId: string) {
  const member = state.calendars.member(calendarId)
  return {author: String(member.Email), calendarId, memberId: String(member.ID), now: Math.floor(Date.now() / 1000)}
}

export function calendarEventRoutes(state: SandboxState): Route[] {
  return [
    {access: 'full', handle: ({params}) => ({...success, ...state.calendars.bootstrap(params[0])}), method: 'GET', path: new RegExp(`^/calendar/v[12]/${ID}/bootstrap$`)},
    {access: 'full', handle: ({params}) => ({...success, Passphrase: state.calendars.passphrase(params[0])}), method: 'GET', path: new RegExp(`^/calendar/v1/${ID}/passphrase$`)},
    {access: 'full', handle: ({params, query}) => state.calendarEvents.query(state.calendars.get(params[0]).ID as string, query), method: 'GET', path: new RegExp(`^/calendar/v1/${ID}/events$`)},
    {
      access: 'full',
      handle: (request) => state.calendarEvents.sync(request.json(), syncContext(state, request.params[0])),
      method: 'PUT',
      path: new RegExp(`^/calendar/v1/${ID}/events/sync$`),
    },
    {access: 'full', handle: ({params}) => ({...success, Event: state.calendarEvents.get(params[0], params[1])}), method: 'GET', path: new RegExp(`^/calendar/v1/${ID}/events/${ID}$`)},
  ]
}

export function calendarControlRoutes(state: SandboxState): Route[] {
  return [
    {
      access: 'none',
      handle: (request) => {
        const body = request.json()
        const calendarId = typeof body.CalendarID === 'string' ? body.CalendarID : String(state.calendars.list()[0]?.ID)
        const context = syncContext(state, calendarId)
        const answer = state.calendarEvents.sync({Events: [{Event: body.Event as JsonObject, Overwrite: 0}], MemberID: context.memberId}, context)
        return answer
      },
      method: 'POST',
      path: /^\/__sandbox\/events$/,
    },
  ]
}
