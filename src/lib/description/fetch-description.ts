/**
 * Getting the text of a description from a file or a URL. A URL is asked
 * conditionally (If-None-Match / If-Modified-Since) when the stored
 * description came from it, so an unchanged one costs a 304.
 */
import {readFile} from 'node:fs/promises'
import {resolve} from 'node:path'

import {isLoopbackHost} from '../http/api-url.ts'
import {CliFailure, oneLine, unavailableError, usageError} from '../core/errors.ts'
import {exitStatusForResponse} from '../core/exit-status.ts'
import type {StoredDescription} from './types.ts'

const TIMEOUT_MS = 60_000
const MAX_BYTES = 64 * 1024 * 1024

/** Unchanged: the server answered 304 for the stored description, which is handed back. */
export type Fetched = {changed: false; current: StoredDescription} | {changed: true; etag?: string; lastModified?: string; text: string}

export function isUrl(source: string): boolean {
  return /^https?:\/\//i.test(source)
}

/** A URL as given, or a file path made absolute (so the next update finds it again). */
export function normaliseSource(source: string): string {
  return isUrl(source) ? source : resolve(source)
}

function checkUrl(source: string): URL {
  let url: URL
  try {
    url = new URL(source)
  } catch {
    throw usageError(`--from is not a URL: ${JSON.stringify(source)}`)
  }

  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) throw usageError(`--from ${url.origin} uses plain http://, allowed only for loopback hosts; use https://`)
  return url
}

/** Told how the download goes: bytes so far, of the Content-Length when there is one. */
export type OnBytes = (bytes: number, total: number | undefined) => void

async function fetchUrl(source: string, previous: StoredDescription | undefined, onBytes?: OnBytes): Promise<Fetched> {
  const url = checkUrl(source)
  const headers: Record<string, string> = {accept: 'application/yaml, application/json;q=0.9, */*;q=0.5'}
  if (previous?.source === source && previous.etag) headers['if-none-match'] = previous.etag
  if (previous?.source === source && previous.lastModified) headers['if-modified-since'] = previous.lastModified
  let response: Response
  try {
    response = await fetch(url, {headers, signal: AbortSignal.timeout(TIMEOUT_MS)})
  } catch (error) {
    const cause = (error as {cause?: {code?: string}}).cause?.code ?? (error as Error).name
    throw unavailableError(`cannot fetch the API description from ${url.origin}: ${cause}`)
  }

  if (response.status === 304 && previous?.source === source) return {changed: false, current: previous}
  if (response.status !== 200) {
    throw new CliFailure(`fetching the API description from ${source} failed: HTTP ${response.status} ${oneLine(response.statusText)}`, exitStatusForResponse(response.status, undefined))
  }

  const length = Number(response.headers.get('content-length') ?? 0)
  const tooLarge = () => usageError(`the API description at ${source} is larger than ${MAX_BYTES} bytes`)
  if (length > MAX_BYTES) throw tooLarge()
  const chunks: Uint8Array[] = []
  let bytes = 0
  for await (const chunk of (response.body ?? []) as AsyncIterable<Uint8Array>) {
    bytes += chunk.length
    if (bytes > MAX_BYTES) throw tooLarge()
    chunks.push(chunk)
    onBytes?.(bytes, length > 0 ? length : undefined)
  }

  const text = Buffer.concat(chunks).toString('utf8')
  return {
    changed: true,
    etag: response.headers.get('etag') ?? undefined,
    lastModified: response.headers.get('last-modified') ?? undefined,
    text,
  }
}

async function readSourceFile(path: string): Promise<Fetched> {
  try {
    return {changed: true, text: await readFile(path, 'utf8')}
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error'
    throw usageError(`cannot read the API description ${JSON.stringify(path)}: ${code === 'ENOENT' ? 'no such file' : code}`)
  }
}

/** The description's text, or the stored one when the server says it is current. */
export async function fetchDescription(source: string, previous: StoredDescription | undefined, onBytes?: OnBytes): Promise<Fetched> {
  return isUrl(source) ? fetchUrl(source, previous, onBytes) : readSourceFile(source)
}
