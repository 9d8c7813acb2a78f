/** Events of the service opened one by one: one that cannot be opened is an error line naming it, the others still go. */
import {type JsonRecord} from '../core/records.ts'
import {escapeLine} from '../core/escape.ts'
import {oneLine} from '../core/errors.ts'
import type {Invocation} from '../run/invocation.ts'
import type {OpenCalendar} from './calendars.ts'
import {failedLine} from './event-view.ts'
import {type AuthorKeys, type OpenedEvent, openEvent} from './open-event.ts'
import {writeEventKeys} from './event-keys.ts'

export interface OpenedEvents {
  events: OpenedEvent[]
  /** How many could not be opened (each reported on stderr). */
  broken: number
}

export async function openEvents(invocation: Invocation, raw: ReadonlyArray<{event: JsonRecord; calendar: OpenCalendar}>, authorKeys: AuthorKeys): Promise<OpenedEvents> {
  const outcomes = await Promise.allSettled(raw.map(({calendar, event}) => openEvent(event, calendar, authorKeys)))
  const events: OpenedEvent[] = []
  let broken = 0
  outcomes.forEach((outcome, index) => {
    if (outcome.status === 'fulfilled') {
      events.push(outcome.value)
      // Never silently trusted: said on stderr, even with --quiet.
      if (outcome.value.verification === 'failed') invocation.io.stderr.write(`${failedLine(outcome.value)}\n`)
      return
    }

    broken++
    const reason = outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason)
    invocation.io.stderr.write(`Error: event ${escapeLine(String(raw[index].event.ID))}: cannot open ${escapeLine(oneLine(reason, 300))}\n`)
  })
  await writeEventKeys(invocation)
  const direct = events.filter((event) => event.direct).length
  if (invocation.io.env.DEBUG && direct > 0) invocation.io.stderr.write(`proton-cli:direct ${direct} events opened without OpenPGP.js\n`)
  return {broken, events}
}
