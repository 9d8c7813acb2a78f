/**
 * The published description (vendor/openapi.yaml, byte for byte as published,
 * invalid YAML and all) and the operations its text declares, counted from the
 * text itself: path keys under `paths:` and the method keys one level in.
 */
import {readFileSync} from 'node:fs'
import {fileURLToPath} from 'node:url'

import {loadDescription} from '../../../src/lib/description/openapi-load.ts'
import type {LoadedDescription} from '../../../src/lib/description/types.ts'

export const PUBLISHED_FILE = fileURLToPath(new URL('../../../vendor/openapi.yaml', import.meta.url))

export function publishedText(): string {
  return readFileSync(PUBLISHED_FILE, 'utf8')
}

/** "METHOD /template" for every operation, read line by line by indentation. */
export function declaredOperations(text: string): Set<string> {
  const declared = new Set<string>()
  const lines = text.split('\n')
  const start = lines.indexOf('paths:')
  let path: string | undefined
  for (const line of lines.slice(start + 1)) {
    if (/^\S/.test(line) && /^[a-z]\w*:/.test(line)) break
    const pathKey = /^ {2}(\/.*?) *:\s*$/.exec(line)
    if (pathKey) path = pathKey[1]
    const method = /^ {4}(get|put|post|delete|patch|head|options|trace):\s*$/.exec(line)
    if (method && path) declared.add(`${method[1].toUpperCase()} ${path}`)
  }

  return declared
}

let loaded: LoadedDescription | undefined

/** The published description loaded once per test run (parsing it takes about a second). */
export function loadedPublished(): LoadedDescription {
  loaded ??= loadDescription(publishedText(), PUBLISHED_FILE)
  return loaded
}
