/**
 * The word list shell completion reads instead of starting Node on every
 * TAB: one file per HTTP method under <cacheDir>/completion/api/, holding
 * the path templates that method can be sent to, one per line. Written by
 * `api spec update`, by `autocomplete` setup, and on first use.
 */
import {mkdirSync} from 'node:fs'
import {join} from 'node:path'

import {METHODS} from '../http/methods.ts'
import {replaceFileSync} from '../files/atomic-file.ts'
import type {Operation} from '../description/types.ts'

export function wordListDir(cacheDir: string): string {
  return join(cacheDir, 'completion', 'api')
}

/** The templates a method applies to: HEAD wherever GET, OPTIONS everywhere. */
function templatesFor(operations: readonly Operation[], method: string): string[] {
  const applies = (operation: Operation) => method === 'OPTIONS' || operation.method === method || (method === 'HEAD' && operation.method === 'GET')
  return [...new Set(operations.filter((operation) => applies(operation)).map((operation) => operation.path))].sort()
}

export function writeWordList(cacheDir: string, operations: readonly Operation[]): void {
  const dir = wordListDir(cacheDir)
  mkdirSync(dir, {recursive: true})
  for (const method of METHODS) {
    const templates = templatesFor(operations, method)
    replaceFileSync(join(dir, method), templates.length > 0 ? `${templates.join('\n')}\n` : '')
  }
}
