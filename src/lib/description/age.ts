/** How old a stored description is, and the note discovery commands print once it is stale. */
import {type CommandNames, commandLine} from '../core/command-names.ts'
import type {StoredDescription} from './types.ts'

const DAY_MS = 24 * 60 * 60 * 1000
export const STALE_AFTER_DAYS = 7

export function ageInDays(stored: StoredDescription, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - Date.parse(stored.checkedAt)) / DAY_MS))
}

export function describeAge(days: number): string {
  if (days === 0) return 'today'
  return days === 1 ? '1 day ago' : `${days} days ago`
}

/** The stderr note for a description not checked for more than 7 days, else undefined. */
export function staleNote(stored: StoredDescription | undefined, now: Date, names: CommandNames): string | undefined {
  if (!stored) return undefined
  const days = ageInDays(stored, now)
  if (days <= STALE_AFTER_DAYS) return undefined
  return `Note: the API description from ${stored.source} was last checked ${describeAge(days)}; "${commandLine(names, 'api:spec:update')}" refreshes it`
}
