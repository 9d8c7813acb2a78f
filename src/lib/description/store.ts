/**
 * Where a stored description lives: <cacheDir>/api-description/description.json,
 * already parsed and cleaned (JSON reads in a millisecond, the YAML in a
 * second), with its source, ETag / Last-Modified and when it was checked.
 * The description in use is the stored one, else the one shipped with the
 * package, merged with the built-in, whose operations (from the contract)
 * win where both describe the same one; the built-in alone when neither is
 * there.
 */
import {mkdirSync} from 'node:fs'
import {dirname, join} from 'node:path'

import {replaceFileSync} from '../files/atomic-file.ts'
import {BUILTIN_OPERATIONS, BUILTIN_SOURCE} from './builtin.ts'
import {readDescriptionFile} from './description-file.ts'
import {readShipped, SHIPPED_SOURCE, type ShippedDescription, shippedFile} from './shipped.ts'
import type {Operation, StoredDescription} from './types.ts'

/** Bumped when the stored shape changes; an older file then asks for `spec update`. */
export const STORE_FORMAT = 1

export function descriptionFile(cacheDir: string): string {
  return join(cacheDir, 'api-description', 'description.json')
}

export interface StoreRead {
  stored?: StoredDescription
  /** Why a stored description could not be used (it then counts as absent). */
  problem?: string
}

export function readStored(cacheDir: string): StoreRead {
  const {problem, value} = readDescriptionFile<StoredDescription>(descriptionFile(cacheDir), STORE_FORMAT)
  return value ? {stored: value} : {problem}
}

export function writeStored(cacheDir: string, stored: StoredDescription): void {
  const file = descriptionFile(cacheDir)
  mkdirSync(dirname(file), {recursive: true})
  replaceFileSync(file, JSON.stringify(stored))
}

/** Method and template with parameter names blanked: /a/{x} and /a/{y} are one operation. */
function operationKey(operation: Operation): string {
  return `${operation.method} ${operation.path.replaceAll(/\{[^}/]*\}?/g, '{}')}`
}

/**
 * The built-in operations first (they win), each also taking the query
 * parameters the description declares and it does not (GET
 * /mail/v4/messages: the built-in types Page and PageSize, the
 * description names LabelID, Sort … as the clients send them); then the
 * description's other operations.
 */
export function mergeWithBuiltin(operations: readonly Operation[]): Operation[] {
  const described = new Map(operations.map((operation) => [operationKey(operation), operation]))
  const builtin = BUILTIN_OPERATIONS.map((operation) => {
    const other = described.get(operationKey(operation))
    const own = operation.query ?? []
    const more = (other?.query ?? []).filter((parameter) => !own.some((each) => each.name === parameter.name))
    return more.length === 0 ? operation : {...operation, query: [...own, ...more]}
  })
  const keys = new Set(BUILTIN_OPERATIONS.map((operation) => operationKey(operation)))
  return [...builtin, ...operations.filter((operation) => !keys.has(operationKey(operation)))]
}

/** Which description is in use: stored by `api spec update`, shipped with the package, or built-in only. */
export type DescriptionKind = 'built-in' | 'shipped' | 'stored'

export interface ActiveDescription {
  kind: DescriptionKind
  operations: Operation[]
  /** "built-in", "shipped", or the file or URL the stored description came from. */
  source: string
  stored?: StoredDescription
  shipped?: ShippedDescription
  /** Why a stored or shipped description could not be used. */
  problem?: string
}

/** The description in use, the stored one already read; `shipped` is where the shipped one is. */
export function describedBy(read: StoreRead, shipped = shippedFile()): ActiveDescription {
  if (read.stored) return {kind: 'stored', operations: mergeWithBuiltin(read.stored.operations), source: read.stored.source, stored: read.stored}
  const fallback = readShipped(shipped)
  const problem = [read.problem, fallback.problem].filter((text) => text !== undefined).join('; ') || undefined
  if (fallback.shipped) return {kind: 'shipped', operations: mergeWithBuiltin(fallback.shipped.operations), problem, shipped: fallback.shipped, source: SHIPPED_SOURCE}
  return {kind: 'built-in', operations: [...BUILTIN_OPERATIONS], problem, source: BUILTIN_SOURCE}
}

/** The description in use: the stored one, else the shipped one, else the built-in alone. */
export function activeDescription(cacheDir: string, shipped = shippedFile()): ActiveDescription {
  return describedBy(readStored(cacheDir), shipped)
}

/** How warnings name the description used instead of one that could not be read. */
export function nameOf(description: ActiveDescription): string {
  return description.kind === 'stored' ? `the API description from ${description.source}` : `the ${description.kind} API description`
}
