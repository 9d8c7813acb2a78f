/**
 * proton mail filters enable|disable ID…: PUT /mail/v4/filters/<id>/enable
 * or /disable for each, as the web client's enableFilter and disableFilter
 * send them (WebClients api/filters.ts): no body.
 */
import {checkId} from '../request/input-checks.ts'
import {idSegment} from '../request/path-segment.ts'
import {eachId} from '../runtime/per-id.ts'
import {plainCommand, type PlainCommand} from '../runtime/plain-command.ts'
import type {PlannedRequest} from '../request/dry-run.ts'
import {showDryRun} from '../runtime/dedicated.ts'

type Options = {dryRun: boolean; ids: readonly string[]}

function toggle(action: 'disable' | 'enable', done: string): PlainCommand<Options> {
  const request = (id: string): PlannedRequest => ({method: 'PUT', path: `/mail/v4/filters/${idSegment(id)}/${action}`})
  return plainCommand<Options>({
    options: (line) => ({dryRun: line.boolean('dry-run'), ids: line.line.argv}),
    async run(invocation, {dryRun, ids}) {
      for (const id of ids) checkId(id, 'a filter ID')
      if (dryRun) return showDryRun(invocation, ids.map((id) => request(id)))
      await eachId(invocation, ids, {done: (id) => `${done} filter ${id}.`, noun: 'filter', request})
    },
  })
}

export const mailFiltersEnable = toggle('enable', 'Enabled')
export const mailFiltersDisable = toggle('disable', 'Disabled')
