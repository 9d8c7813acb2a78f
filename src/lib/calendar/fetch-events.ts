/**
 * The events of a window, asked for as the web client asks
 * (applications/calendar/src/app/containers/calendar/eventStore/
 * getPaginatedEvents.ts; WebClients packages/shared/lib/api/calendars.ts
 * queryEvents, CalendarEventsQueryType): GET /calendar/v1/{ID}/events with
 * Start and End (Unix seconds, never negative), Timezone, PageSize 100,
 * Type (0 part-day events inside the window, 1 part-day begun before it,
 * 2 full-day inside, 3 full-day begun before) and Page, each Type paged
 * until More is 0, the four in parallel. At most MAX_PAGES pages per Type:
 * a service that never says More 0 cannot make the run endless; and the
 * bounds of a listing over the four together (ListingBounds: their answers
 * at most what a command holds, one --timeout, no page of more than
 * PAGE_SIZE events).
 */
import {idSegment} from '../http/path-segment.ts'
import {ListingBounds} from '../run/listing-bounds.ts'
import {isRecord, type JsonRecord, listOf} from '../core/records.ts'
import {call} from '../run/api.ts'
import {unavailableError} from '../core/errors.ts'
import type {Invocation} from '../run/invocation.ts'

export const PAGE_SIZE = 100
export const MAX_PAGES = 100
const QUERY_TYPES = [0, 1, 2, 3] as const

export interface EventWindow {
  /** ms */
  start: number
  end: number
  zone: string
}

/**
 * Every event of the calendar the service lists for the window, each once (by ID), in the order received. `bounds`:
 * shared by every calendar of one listing; `send`: see open-calendars.ts early.
 */
export async function fetchEvents(
  invocation: Invocation,
  calendarId: string,
  {end, start, zone}: EventWindow,
  bounds = new ListingBounds(invocation, 'calendar events list'),
  send = call,
): Promise<JsonRecord[]> {
  const params: Array<[string, string]> = [
    ['Start', String(Math.max(0, Math.floor(start / 1000)))],
    ['End', String(Math.max(0, Math.ceil(end / 1000)))],
    ['Timezone', zone],
    ['PageSize', String(PAGE_SIZE)],
  ]
  const path = `/calendar/v1/${idSegment(calendarId)}/events`
  const ofType = async (type: number): Promise<JsonRecord[]> => {
    const found: JsonRecord[] = []
    for (let page = 0; ; page++) {
      if (page >= MAX_PAGES) throw unavailableError(`calendar ${calendarId}: the service still had more events of Type ${type} after ${MAX_PAGES} pages of ${PAGE_SIZE}: stopped; nothing printed`)
      bounds.beforePage()
      const answer = await send(invocation, {method: 'GET', path, query: [...params, ['Type', String(type)], ['Page', String(page)]]})
      const {data} = answer
      const events = listOf(data, 'Events')
      bounds.received(answer, `Page ${page} of Type ${type} of calendar ${calendarId}`, events.length, PAGE_SIZE)
      found.push(...events)
      if (!isRecord(data) || data.More !== 1) return found
    }
  }

  const seen = new Set<string>()
  return (await Promise.all(QUERY_TYPES.map(ofType))).flat().filter((event) => {
    const id = String(event.ID)
    if (seen.has(id)) return false
    seen.add(id)
    return true
  })
}
