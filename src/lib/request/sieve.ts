/**
 * The Sieve script of `mail filters create`: from --sieve TEXT, from
 * --sieve-file PATH, or from standard input (`-` for either flag). Checked
 * before anything is sent: one source, UTF-8 text, not blank.
 */
import {readFile} from 'node:fs/promises'

import {usageError} from '../runtime/errors.ts'
import {readAll} from './stdin.ts'

export interface SieveSource {
  sieve?: string
  sieveFile?: string
}

const HOW = 'give the filter\'s Sieve script with --sieve TEXT or --sieve-file PATH (- for standard input)'

async function bytesOf(source: SieveSource, stdin: () => NodeJS.ReadableStream): Promise<{bytes: Buffer; from: string}> {
  const {sieve, sieveFile} = source
  if (sieve !== undefined && sieveFile !== undefined) throw usageError(`--sieve and --sieve-file cannot be used together: ${HOW}`)
  if (sieve === '-' || sieveFile === '-') return {bytes: await readAll(stdin()), from: 'standard input'}
  if (sieve !== undefined) return {bytes: Buffer.from(sieve), from: '--sieve'}
  if (sieveFile === undefined) throw usageError(`no Sieve script: ${HOW}`)
  try {
    return {bytes: await readFile(sieveFile), from: sieveFile}
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error'
    throw usageError(`--sieve-file cannot read ${JSON.stringify(sieveFile)}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code}`)
  }
}

export async function readSieve(source: SieveSource, stdin: () => NodeJS.ReadableStream): Promise<string> {
  const {bytes, from} = await bytesOf(source, stdin)
  let text: string
  try {
    text = new TextDecoder('utf-8', {fatal: true}).decode(bytes)
  } catch {
    throw usageError(`the Sieve script (${from}) is not UTF-8 text`)
  }

  // A byte order mark is not Sieve; an editor may have put it there.
  if (text.startsWith('\uFEFF')) text = text.slice(1)
  if (text.trim() === '') throw usageError(`the Sieve script (${from}) is empty`)
  return text
}
