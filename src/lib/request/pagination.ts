/**
 * --paginate: endpoints paged with Page (zero-based) and PageSize, whose
 * answers carry Total. The first page tells how many there are; the rest
 * are fetched at most MAX_IN_FLIGHT at a time and kept in order, each in the
 * spool (nothing is printed before every page is in: the first failure stops
 * it, no new page is asked for, and that answer is the result).
 */
import {EXIT, exitStatusForResponse} from '../runtime/exit-status.ts'
import type {Received} from '../http/client.ts'
import type {TopLevelMember} from '../output/json-scan.ts'
import type {ReceivedBody} from '../output/received.ts'
import {joinSources} from '../output/spool.ts'

export const MAX_IN_FLIGHT = 4

/** One page as received: checked, its Total and lists noted, its bytes in the spool. */
export type Page = Received<ReceivedBody>

export type Pages =
  /** Every page answered; `note` says why there was only one when the answer is not paged. */
  | {ok: true; pages: Page[]; note?: string}
  /** The first page (in order) that failed. */
  | {failed: Page; ok: false}

function succeeded(page: Page): boolean {
  const {sniff} = page.body
  return sniff.json && exitStatusForResponse(page.statusCode, sniff.envelope.code) === EXIT.OK
}

/** The one top-level array of a page: the list being paged. */
export function listOf(page: Page): TopLevelMember | undefined {
  const {lists} = page.body
  return lists?.size === 1 ? [...lists.values()][0] : undefined
}

/**
 * Fetch every page from `firstPage` on. `pageSize` is the PageSize asked
 * for; without one, the first page's length is taken as the page size.
 */
export async function fetchPages(fetchPage: (page: number) => Promise<Page>, firstPage: number, pageSize?: number): Promise<Pages> {
  const first = await fetchPage(firstPage)
  if (!succeeded(first)) return {failed: first, ok: false}
  const list = listOf(first)
  const total = first.body.total
  if (!list || typeof total !== 'number' || !Number.isFinite(total)) {
    return {note: 'the answer has no Total and one list: it is the only page', ok: true, pages: [first]}
  }

  const size = pageSize ?? list.items
  const count = size > 0 ? Math.ceil(total / size) : 1
  const pages: Page[] = [first]
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

const COMMA = Buffer.from(',')
const NEWLINE = Buffer.from('\n')

/**
 * One envelope: the first page's bytes, its list holding every page's items,
 * Total as the service gave it. Only where each page's list begins and ends
 * is needed (the scanner noted it), so the merge is spliced from the spool
 * as it is printed: each item exactly as received, nothing parsed.
 */
export function mergePages(pages: readonly Page[]): ReceivedBody {
  const [first] = pages
  const list = listOf(first) as TopLevelMember
  const source = first.body.source as NonNullable<ReceivedBody['source']>
  // The first page up to its list's closing bracket; the other pages' items; the rest of the first page.
  const parts: Parameters<typeof joinSources>[0][number][] = [{end: list.end - 1, source, start: 0}]
  let items = list.items
  for (const page of pages.slice(1)) {
    const theirs = page.body.lists?.get(list.key as string)
    if (!theirs || theirs.items === 0 || !page.body.source) continue
    if (items > 0) parts.push(COMMA)
    parts.push({end: theirs.end - 1, source: page.body.source, start: theirs.start + 1})
    items += theirs.items
  }

  parts.push({end: source.length, source, start: list.end - 1})
  if (first.body.lastByte !== 0x0a) parts.push(NEWLINE)
  const merged = joinSources(parts)
  return {lastByte: 0x0a, length: merged.length, sniff: first.body.sniff, source: merged}
}

/** --slurp: the pages as a JSON array, each page's bytes as received. */
export function slurpPages(pages: readonly Page[]): ReceivedBody {
  const parts: Parameters<typeof joinSources>[0][number][] = [Buffer.from('[')]
  for (const [index, page] of pages.entries()) {
    if (index > 0) parts.push(COMMA)
    if (page.body.source) parts.push({end: page.body.length, source: page.body.source, start: 0})
  }

  parts.push(Buffer.from(']\n'))
  const slurped = joinSources(parts)
  return {lastByte: 0x0a, length: slurped.length, sniff: {envelope: {valid: true}, json: true}, source: slurped}
}
