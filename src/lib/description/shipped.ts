/**
 * The published API description shipped with the package: compiled at build
 * time from vendor/openapi.yaml by scripts/build-description.js into
 * dist/description/published.json. It is the description in use when none
 * is stored; some 120 KB of JSON, so it is read only when a command asks for
 * it, never at start-up.
 */
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'

import {readDescriptionFile} from './description-file.ts'
import type {LoadedDescription} from './types.ts'

/** Bumped when the compiled shape changes; a file of another format counts as absent. */
export const SHIPPED_FORMAT = 1

/** The name `api spec show`, `api endpoints` and warnings give it. */
export const SHIPPED_SOURCE = 'shipped'

export interface ShippedDescription extends LoadedDescription {
  format: number
  /** The vendored file it was compiled from, relative to the package. */
  source: string
  /** Of that file's text, to tell which published version it is. */
  sha256: string
}

/**
 * dist/description/published.json. This module runs as dist/lib/description/shipped.js,
 *  or inside a CommonJS bundle of the fast path (dist/fast/<module>.cjs), where
 * import.meta is empty and __dirname is dist/fast. Run from src/ (the
 * in-process tests) it names a file that does not exist: the built-in
 * description is then used.
 */
export function shippedFile(): string {
  if (typeof __dirname === 'string') return join(__dirname, '..', 'description', 'published.json')
  return fileURLToPath(new URL('../../description/published.json', import.meta.url))
}

export interface ShippedRead {
  shipped?: ShippedDescription
  /** Why the file could not be used; absent when there is no file at all. */
  problem?: string
}

export function readShipped(file = shippedFile()): ShippedRead {
  const {problem, value} = readDescriptionFile<ShippedDescription>(file, SHIPPED_FORMAT)
  return value ? {shipped: value} : {problem}
}
