/** What `api spec show` and `api spec update` report about the description in use. */
import {ageInDays, describeAge} from './age.ts'
import {BUILTIN_OPERATIONS} from './builtin.ts'
import type {ActiveDescription, DescriptionKind} from './store.ts'

export interface DescriptionSummary {
  kind: DescriptionKind
  source: string
  /** Operations in use: the stored or shipped description's merged with the built-in ones. */
  operations: number
  builtinOperations: number
  checkedAt?: string
  ageDays?: number
  etag?: string
  lastModified?: string
  repairedBlocks?: number
  skippedBlocks?: number
  /** Of the published text the shipped description was compiled from. */
  sha256?: string
}

export function summarise(active: ActiveDescription, now: Date): DescriptionSummary {
  const {shipped, stored} = active
  const summary: DescriptionSummary = {builtinOperations: BUILTIN_OPERATIONS.length, kind: active.kind, operations: active.operations.length, source: active.source}
  if (shipped) return {...summary, repairedBlocks: shipped.repaired, sha256: shipped.sha256, skippedBlocks: shipped.skipped}
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

function loadRows(summary: DescriptionSummary): string[][] {
  return [
    ['repaired', `${summary.repairedBlocks} multi-line text blocks re-indented`],
    ['skipped', `${summary.skippedBlocks} path blocks read from text only`],
  ]
}

export function summaryRows(summary: DescriptionSummary): string[][] {
  const operations = ['operations', `${summary.operations} (with the ${summary.builtinOperations} built-in)`]
  if (summary.kind === 'built-in') {
    return [
      ['source', 'built-in (the endpoints the contract and the tool’s commands document)'],
      ['operations', String(summary.operations)],
    ]
  }

  if (summary.kind === 'shipped') {
    return [['source', 'shipped (the published description, compiled into the package when it was built)'], operations, ...loadRows(summary)]
  }

  const rows = [['source', `stored (${summary.source})`], operations, ['checked', `${summary.checkedAt} (${describeAge(summary.ageDays ?? 0)})`]]
  if (summary.etag) rows.push(['etag', summary.etag])
  if (summary.lastModified) rows.push(['last-modified', summary.lastModified])
  return [...rows, ...loadRows(summary)]
}
