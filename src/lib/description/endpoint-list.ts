/** `api endpoints`: which operations a FILTER and --method select, in a stable order. */
import {METHODS} from '../http/methods.ts'
import {templateMatches} from './match.ts'
import type {Operation} from './types.ts'

export interface Listed {
  method: string
  path: string
  summary: string
  deprecated: boolean
}

function methodRank(method: string): number {
  const at = (METHODS as readonly string[]).indexOf(method)
  return at === -1 ? METHODS.length : at
}

/**
 * FILTER beginning with "/" keeps the templates it begins, and the template
 * a concrete path belongs to; any other FILTER is a substring of the path
 * or summary, in any case.
 */
function selects(operation: Operation, filter: string): boolean {
  if (filter.startsWith('/')) return operation.path.startsWith(filter) || templateMatches(operation.path, filter.split('?', 1)[0])
  const needle = filter.toLowerCase()
  return operation.path.toLowerCase().includes(needle) || operation.summary.toLowerCase().includes(needle)
}

export function listOperations(operations: readonly Operation[], filter?: string, method?: string): Listed[] {
  return operations
    .filter((operation) => (!method || operation.method === method) && (!filter || selects(operation, filter)))
    .sort((a, b) => (a.path === b.path ? methodRank(a.method) - methodRank(b.method) : a.path < b.path ? -1 : 1))
    .map(({deprecated, method, path, summary}) => ({method, path, summary, deprecated}))
}

export function tableRows(listed: readonly Listed[]): string[][] {
  return [['METHOD', 'PATH', 'SUMMARY'], ...listed.map((row) => [row.method, row.path, row.deprecated ? `[deprecated] ${row.summary}` : row.summary])]
}
