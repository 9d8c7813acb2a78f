/**
 * The Sieve script of `mail filters create`: from --sieve TEXT, from
 * --sieve-file PATH, or from standard input (`-` for either flag). Checked
 * before anything is sent: one source, UTF-8 text, not blank.
 */
import {usageError} from '../core/errors.ts'
import {type ReadLimit, readNamedFile} from '../files/named-file.ts'
import {readAll} from '../core/stdin.ts'

export interface SieveSource {
  sieve?: string
  sieveFile?: string
}

const HOW = "give the filter's Sieve script with --sieve TEXT or --sieve-file PATH (- for standard input)"

async function bytesOf(source: SieveSource, stdin: () => NodeJS.ReadableStream, limit: ReadLimit): Promise<{bytes: Buffer; from: string}> {
  const {sieve, sieveFile} = source
  if (sieve !== undefined && sieveFile !== undefined) throw usageError(`--sieve and --sieve-file cannot be used together: ${HOW}`)
  if (sieve === '-' || sieveFile === '-') return {bytes: await readAll(stdin()), from: 'standard input'}
  if (sieve !== undefined) return {bytes: Buffer.from(sieve), from: '--sieve'}
  if (sieveFile === undefined) throw usageError(`no Sieve script: ${HOW}`)
  // A FIFO or a device is waited for only until the limit (named-file.ts).
  return {bytes: await readNamedFile(sieveFile, '--sieve-file', limit), from: sieveFile}
}

export async function readSieve(source: SieveSource, stdin: () => NodeJS.ReadableStream, limit: ReadLimit = {}): Promise<string> {
  const {bytes, from} = await bytesOf(source, stdin, limit)
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
