/** What `api spec show` and `api spec update` report about the description in use. */
import {ageInDays, describeAge} from './age.ts'
import {BUILTIN_OPERATIONS} from './builtin.ts'
import type {ActiveDescription} from './store.ts'

export interface DescriptionSummary {
  source: string
  /** Operations in use: the stored description's merged with the built-in ones. */
  operations: number
  builtinOperations: number
  checkedAt?: string
  ageDays?: number
  etag?: string
  lastModified?: string
  repairedBlocks?: number
  skippedBlocks?: number
}

export function summarise(active: ActiveDescription, now: Date): DescriptionSummary {
  const {stored} = active
  const summary: DescriptionSummary = {builtinOperations: BUILTIN_OPERATIONS.length, operations: active.operations.length, source: active.source}
  if (!stored) return summary
  return {
    ...summary,
    ageDays: ageInDays(stored, now),
    checkedAt: stored.checkedAt,
    ...(stored.etag && {etag: stored.etag}),
    ...(stored.lastModified && {lastModified: stored.lastModified}),
    repairedBlocks: stored.repaired,
    skippedBlocks: stored.skipped,
  }
}

export function summaryRows(summary: DescriptionSummary): string[][] {
  if (summary.checkedAt === undefined) {
    return [
      ['source', 'built-in (the endpoints the contract and the tool’s commands document)'],
      ['operations', String(summary.operations)],
    ]
  }

  const rows = [
    ['source', summary.source],
    ['operations', `${summary.operations} (with the ${summary.builtinOperations} built-in)`],
    ['checked', `${summary.checkedAt} (${describeAge(summary.ageDays ?? 0)})`],
  ]
  if (summary.etag) rows.push(['etag', summary.etag])
  if (summary.lastModified) rows.push(['last-modified', summary.lastModified])
  rows.push(['repaired', `${summary.repairedBlocks} multi-line text blocks re-indented`], ['skipped', `${summary.skippedBlocks} path blocks read from text only`])
  return rows
}
