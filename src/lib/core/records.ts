/** Reading the parts of an answer a text table needs, whatever else it holds. */
import {unavailableError} from './errors.ts'
import type {JsonValue} from './json-value.ts'

export type JsonRecord = {[key: string]: JsonValue}

/** A JSON object (not an array, not null); T names the shape the caller reads it as. */
export function isRecord<T extends object = JsonRecord>(value: unknown): value is T {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The array under `key` (its items that are objects); an answer without it cannot be shown as a table. */
export function listOf(data: JsonValue | undefined, key: string): JsonRecord[] {
  const list = isRecord(data) ? data[key] : undefined
  if (!Array.isArray(list)) throw unavailableError(`the answer carries no "${key}" list (see it with --output json)`)
  return list.filter((item) => isRecord(item))
}

/** The object under `key`. */
export function recordOf(data: JsonValue | undefined, key: string): JsonRecord {
  const record = isRecord(data) ? data[key] : undefined
  if (!isRecord(record)) throw unavailableError(`the answer carries no "${key}" object (see it with --output json)`)
  return record
}

/**
 * The string ID of the object under `key`: what a mutation prints, alone on stdout, for `ID=$(…)` and the next
 * command. The service's IDs are base64url; one with white space or a control or bidi character is refused rather
 * than printed to a terminal.
 */
export function idOf(data: JsonValue | undefined, key: string): string {
  const id = recordOf(data, key).ID
  if (typeof id !== 'string' || id === '') throw unavailableError(`the answer carries no "${key}.ID" (see it with --output json)`)
  if (/[\s\p{Cc}\u202A-\u202E\u2066-\u2069]/u.test(id)) throw unavailableError(`the answer's "${key}.ID" is not an ID: it holds white space or control characters (see it with --output json)`)
  return id
}
