/**
 * --paginate: endpoints paged with Page (zero-based) and PageSize, whose
 * answers carry Total. The first page tells how many there are; the rest
 * are fetched at most MAX_IN_FLIGHT at a time and kept in order. The first
 * failure stops it: no new page is asked for, and that answer is the result.
 */
import {sniffJson} from '../output/envelope.ts'
import {EXIT, exitStatusForResponse} from '../runtime/exit-status.ts'
import type {ApiResponse} from '../http/client.ts'
import {type JsonValue, parseExact, stringifyExact} from '../output/json-value.ts'

export const MAX_IN_FLIGHT = 4

export type Pages =
  /** Every page answered; `note` says why there was only one when the answer is not paged. */
  | {ok: true; pages: ApiResponse[]; note?: string}
  /** The first page (in order) that failed. */
  | {failed: ApiResponse; ok: false}

type JsonObject = {[key: string]: JsonValue}

function succeeded(response: ApiResponse): boolean {
  const sniff = sniffJson(response.body)
  return sniff.json && exitStatusForResponse(response.statusCode, sniff.envelope.code) === EXIT.OK
}

function asObject(response: ApiResponse): JsonObject | undefined {
  const value = parseExact(response.body.toString('utf8'))
  return typeof value === 'object' && value !== null && !Array.isArray(value) && typeof value !== 'bigint' ? value : undefined
}

/** The one top-level array of a page: the list being paged. */
export function listKey(page: JsonObject): string | undefined {
  const keys = Object.keys(page).filter((key) => Array.isArray(page[key]))
  return keys.length === 1 ? keys[0] : undefined
}

/**
 * Fetch every page from `firstPage` on. `pageSize` is the PageSize asked
 * for; without one, the first page's length is taken as the page size.
 */
export async function fetchPages(fetchPage: (page: number) => Promise<ApiResponse>, firstPage: number, pageSize?: number): Promise<Pages> {
  const first = await fetchPage(firstPage)
  if (!succeeded(first)) return {failed: first, ok: false}
  const envelope = asObject(first)
  const key = envelope && listKey(envelope)
  const total = envelope?.Total
  if (!envelope || key === undefined || typeof total !== 'number') {
    return {note: 'the answer has no Total and one list: it is the only page', ok: true, pages: [first]}
  }

  const size = pageSize ?? (envelope[key] as JsonValue[]).length
  const count = size > 0 ? Math.ceil(total / size) : 1
  const pages: ApiResponse[] = [first]
  let next = firstPage + 1
  let failedAt: number | undefined
  const worker = async () => {
    while (next < count && failedAt === undefined) {
      const page = next++
      const response = await fetchPage(page)
      pages[page - firstPage] = response
      if (!succeeded(response) && (failedAt === undefined || page < failedAt)) failedAt = page
    }
  }

  await Promise.all(Array.from({length: Math.min(MAX_IN_FLIGHT, Math.max(0, count - next))}, worker))
  if (failedAt !== undefined) return {failed: pages[failedAt - firstPage], ok: false}
  return {ok: true, pages}
}

/** One envelope: the first page's, its list holding every page's items, Total as the service gave it. */
export function mergePages(pages: readonly ApiResponse[]): Buffer {
  const [first, ...rest] = pages.map((page) => asObject(page) as JsonObject)
  const key = listKey(first) as string
  const items = [first[key] as JsonValue[], ...rest.map((page) => (page[key] ?? []) as JsonValue[])].flat()
  return Buffer.from(`${stringifyExact({...first, [key]: items})}\n`)
}

/** --slurp: the pages as a JSON array, each page's bytes as received. */
export function slurpPages(pages: readonly ApiResponse[]): Buffer {
  const parts: Buffer[] = [Buffer.from('[')]
  for (const [index, page] of pages.entries()) parts.push(...(index === 0 ? [] : [Buffer.from(',')]), page.body)
  parts.push(Buffer.from(']\n'))
  return Buffer.concat(parts)
}
