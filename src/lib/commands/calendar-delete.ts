/**
 * proton calendar delete ID…: DELETE /calendar/v1/<id> for each (WebClients
 * api/calendars.ts removeCalendar), once confirmed.
 */
import {checkId} from '../request/input-checks.ts'
import {idSegment} from '../request/path-segment.ts'
import {confirmDeletion, eachId} from '../runtime/per-id.ts'
import {plainCommand} from '../runtime/plain-command.ts'
import type {PlannedRequest} from '../request/dry-run.ts'
import {showDryRun} from '../runtime/dedicated.ts'

const request = (id: string): PlannedRequest => ({method: 'DELETE', path: `/calendar/v1/${idSegment(id)}`})

export const calendarDelete = plainCommand<{dryRun: boolean; ids: readonly string[]; yes: boolean}>({
  options: (line) => ({dryRun: line.boolean('dry-run'), ids: line.line.argv, yes: line.boolean('yes')}),
  async run(invocation, {dryRun, ids, yes}) {
    for (const id of ids) checkId(id, 'a calendar ID')
    if (dryRun) return showDryRun(invocation, ids.map((id) => request(id)))
    await confirmDeletion('calendar', ids, yes)
    await eachId(invocation, ids, {done: (id) => `Deleted calendar ${id}.`, noun: 'calendar', request})
  },
})
