/**
 * Where the full description lives: <cacheDir>/api-description/description.json,
 * already parsed and cleaned (JSON reads in a millisecond, the YAML in a
 * second), with its source, ETag / Last-Modified and when it was checked.
 * The description in use is that one merged with the built-in, whose
 * operations (from the contract) win where both describe the same one.
 */
import {mkdirSync, readFileSync, renameSync, writeFileSync} from 'node:fs'
import {dirname, join} from 'node:path'

import {BUILTIN_OPERATIONS, BUILTIN_SOURCE} from './builtin.ts'
import type {Operation, StoredDescription} from './types.ts'

/** Bumped when the stored shape changes; an older file then asks for `spec update`. */
export const STORE_FORMAT = 1

export function descriptionFile(cacheDir: string): string {
  return join(cacheDir, 'api-description', 'description.json')
}

/** Write a file so that readers see the old or the new content, never a part. */
export function writeFileAtomic(file: string, content: string): void {
  mkdirSync(dirname(file), {recursive: true})
  const temporary = `${file}.${process.pid}.tmp`
  writeFileSync(temporary, content)
  renameSync(temporary, file)
}

export interface StoreRead {
  stored?: StoredDescription
  /** Why a stored description could not be used (it then counts as absent). */
  problem?: string
}

export function readStored(cacheDir: string): StoreRead {
  const file = descriptionFile(cacheDir)
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {}
    return {problem: `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`}
  }

  try {
    const stored = JSON.parse(text) as StoredDescription
    if (stored.format !== STORE_FORMAT || !Array.isArray(stored.operations)) return {problem: `${file} was written by another version of the tool`}
    return {stored}
  } catch {
    return {problem: `${file} is not valid JSON`}
  }
}

export function writeStored(cacheDir: string, stored: StoredDescription): void {
  writeFileAtomic(descriptionFile(cacheDir), JSON.stringify(stored))
}

/** Method and template with parameter names blanked: /a/{x} and /a/{y} are one operation. */
function operationKey(operation: Operation): string {
  return `${operation.method} ${operation.path.replaceAll(/\{[^}/]*\}?/g, '{}')}`
}

export function mergeWithBuiltin(operations: readonly Operation[]): Operation[] {
  const builtin = new Set(BUILTIN_OPERATIONS.map((operation) => operationKey(operation)))
  return [...BUILTIN_OPERATIONS, ...operations.filter((operation) => !builtin.has(operationKey(operation)))]
}

export interface ActiveDescription {
  operations: Operation[]
  /** "built-in", or the file or URL the stored description came from. */
  source: string
  stored?: StoredDescription
  problem?: string
}

/** The description in use: the stored one (if any) merged with the built-in. */
export function activeDescription(cacheDir: string): ActiveDescription {
  const {problem, stored} = readStored(cacheDir)
  if (!stored) return {operations: [...BUILTIN_OPERATIONS], problem, source: BUILTIN_SOURCE}
  return {operations: mergeWithBuiltin(stored.operations), source: stored.source, stored}
}
