/**
 * --paginate: endpoints paged with Page (zero-based) and PageSize, whose
 * answers carry Total. Complete or fail: every item Total promises is
 * fetched, or the run fails (exit 5) saying how many arrived; nothing is
 * printed of a partial list.
 *
 * The first page tells how many items there are and how many a page holds:
 * a service may cap the page below the PageSize asked, so the first page's
 * length is the page size from then on (unless it is the last page). The
 * rest are fetched at most MAX_IN_FLIGHT at a time and kept in order, each
 * in the spool, until Total items are in. A page that comes back without
 * items before that ends the list early: a failure. The first error answer
 * (in page order) stops it, no new page is asked for, and that answer is the
 * result. A Total that lies cannot make the run endless: at most maxPages
 * pages are fetched (a Total that needs more is refused after the first),
 * the pages together may hold at most maxBytes, and every page must be in
 * by the deadline (--timeout bounds the whole run, not each page).
 */
import {EXIT, exitStatusForResponse} from '../core/exit-status.ts'
import {TimeoutFailure} from '../core/errors.ts'
import type {Received} from './client.ts'
import {sizeText} from './max-size.ts'
import type {TopLevelMember} from '../output/json-scan.ts'
import type {ReceivedBody} from '../output/received.ts'
import {joinSources} from '../output/spool.ts'

export const MAX_IN_FLIGHT = 4
/** --max-pages unless given: a thousand requests for one command is already a lot. */
export const DEFAULT_MAX_PAGES = 1000

/** One page as received: checked, its Total and lists noted, its bytes in the spool. */
export type Page = Received<ReceivedBody>

export interface PageLimits {
  /** The PageSize asked for; without one, the first page's length is taken as the page size. */
  pageSize?: number
  /** At most this many pages, the first included (--max-pages). */
  maxPages: number
  /** The pages' bodies together at most this many bytes (--max-size). */
  maxBytes: number
  /** How an error line names that bound (default "--max-size (SIZE)"). */
  maxBytesName?: string
  /** When every page must be in (Date.now() milliseconds), and the --timeout that set it, for the message. */
  deadline: number
  timeoutSeconds: number
  /** Told as each page after the first arrives: pages in, pages planned (the first included), items in, items expected. */
  onPage?: (pages: number, planned: number, items: number, expected: number) => void
}

export type Pages =
  /** Every item Total promises is in `pages`; `note` says why there was only one page when the answer is not paged. */
  | {kind: 'complete'; pages: Page[]; note?: string}
  /** The first page (in order) that failed, and the pages before it. */
  | {failed: Page; kind: 'failed'; pages: Page[]}
  /** The items ended early, or a limit stopped the run: `problem` says which and how many items arrived (exit 5). */
  | {kind: 'incomplete'; pages: Page[]; problem: string}

function succeeded(page: Page): boolean {
  const {sniff} = page.body
  // A page whose envelope has the wrong shape is the service's fault (exit 5), as a single answer is.
  return sniff.json && sniff.envelope.valid && exitStatusForResponse(page.statusCode, sniff.envelope.code) === EXIT.OK
}

/** The one top-level array of a page: the list being paged. */
export function listOf(page: Page): TopLevelMember | undefined {
  const {lists} = page.body
  return lists?.size === 1 ? [...lists.values()][0] : undefined
}

/** What the first page says of the run: the list's name, and how many items are still to come from it. */
interface Plan {
  key: string | undefined
  total: number
  firstPage: number
  /** Items a page holds. */
  perPage: number
  /** Items from the first page on: Total less the pages before it. */
  expected: number
}

/** How many items of the list a later page holds (none when it lacks the list). */
function itemsOf(page: Page, plan: Plan): number {
  return (plan.key === undefined ? listOf(page) : page.body.lists?.get(plan.key))?.items ?? 0
}

/** "150 of Total 250 items", or from a later first page "150 of the 250 items from Page 2 on (Total 450)". */
function arrived(plan: Plan, collected: number): string {
  if (plan.firstPage === 0) return `${collected} of Total ${plan.total} items`
  return `${collected} of the ${plan.expected} items from Page ${plan.firstPage} on (Total ${plan.total})`
}

/**
 * Fetch every page from `firstPage` on, complete or fail (see above).
 * `fetchPage` may throw (a network failure, the deadline, Ctrl-C): the
 * deadline (a TimeoutFailure) becomes an incomplete result, anything else
 * is thrown once the pages in flight are done.
 */
export async function fetchPages(fetchPage: (page: number) => Promise<Page>, firstPage: number, limits: PageLimits): Promise<Pages> {
  const first = await fetchPage(firstPage)
  if (!succeeded(first)) return {failed: first, kind: 'failed', pages: []}
  const list = listOf(first)
  const total = first.body.total
  if (!list || typeof total !== 'number' || !Number.isFinite(total)) {
    return {kind: 'complete', note: 'the answer has no Total and one list: it is the only page', pages: [first]}
  }

  // The first page holds the rest of the list: the last page, whatever the size of the others.
  const asked = limits.pageSize ?? list.items
  if (list.items >= total - firstPage * asked) return {kind: 'complete', pages: [first]}
  // Otherwise it is a whole page, as large as the service makes them, which may be fewer than asked.
  const perPage = list.items
  const plan: Plan = {expected: total - firstPage * perPage, firstPage, key: list.key, perPage, total}
  if (perPage === 0) return {kind: 'incomplete', pages: [first], problem: `only ${arrived(plan, 0)} arrived (Page ${firstPage} came back without items)`}
  const needed = Math.ceil(plan.expected / perPage)
  if (needed > limits.maxPages) {
    return {
      kind: 'incomplete',
      pages: [first],
      problem: `Total ${total} at ${perPage} items a page takes ${needed} pages, over --max-pages ${limits.maxPages} (raise it, or ask for more items a page with PageSize)`,
    }
  }

  return new PageRun(fetchPage, plan, limits, first).run()
}

/** The pages after the first, fetched in rounds of planned pages until the items are in or something stops them. */
class PageRun {
  private readonly pages: Page[]
  /** The next page to ask for, and the page before which this round stops. */
  private next: number
  private planned: number
  /** The first page (in page order) that failed or came back without items: nothing after it is needed. */
  private stopAt = Number.POSITIVE_INFINITY
  private bytes: number
  /** Pages and items in so far, for onPage. */
  private arrived = 1
  private items: number
  private thrown: {error: unknown} | undefined
  private readonly fetchPage: (page: number) => Promise<Page>
  private readonly plan: Plan
  private readonly limits: PageLimits

  constructor(fetchPage: (page: number) => Promise<Page>, plan: Plan, limits: PageLimits, first: Page) {
    this.fetchPage = fetchPage
    this.plan = plan
    this.limits = limits
    this.pages = [first]
    this.bytes = first.body.length
    this.items = itemsOf(first, plan)
    this.next = plan.firstPage + 1
    this.planned = plan.firstPage + Math.ceil(plan.expected / plan.perPage)
  }

  async run(): Promise<Pages> {
    const {firstPage, perPage} = this.plan
    const {deadline, maxPages} = this.limits
    for (;;) {
      const workers = Math.min(MAX_IN_FLIGHT, Math.max(0, this.planned - this.next))
      await Promise.all(Array.from({length: workers}, () => this.worker()))
      const verdict = this.verdict()
      if (verdict) return verdict
      const timedOut = this.incomplete(`not complete within ${this.limits.timeoutSeconds} s (timeout; see --timeout)`)
      if (this.thrown) {
        if (this.thrown.error instanceof TimeoutFailure) return timedOut
        throw this.thrown.error
      }

      if (this.bytes > this.limits.maxBytes) return this.incomplete(`the pages together are over ${this.boundName()}`)
      if (Date.now() >= deadline) return timedOut
      // Every planned page was whole, but some held fewer items than the first: plan as many more as the rest needs.
      const fetched = this.next - firstPage
      if (fetched >= maxPages) return this.incomplete(`stopped at --max-pages ${maxPages}`)
      const collected = this.collected()
      this.planned = Math.min(firstPage + maxPages, this.next + Math.ceil((this.plan.expected - collected) / perPage))
    }
  }

  private boundName(): string {
    return this.limits.maxBytesName ?? `--max-size (${sizeText(this.limits.maxBytes)})`
  }

  private async worker(): Promise<void> {
    while (this.next < this.planned && this.next < this.stopAt && !this.thrown && this.bytes <= this.limits.maxBytes && Date.now() < this.limits.deadline) {
      const page = this.next++
      let response: Page
      try {
        response = await this.fetchPage(page)
      } catch (error) {
        this.thrown ??= {error}
        return
      }

      this.pages[page - this.plan.firstPage] = response
      this.bytes += response.body.length
      this.arrived += 1
      this.items += itemsOf(response, this.plan)
      this.limits.onPage?.(this.arrived, this.planned - this.plan.firstPage, this.items, this.plan.expected)
      if (!succeeded(response) || itemsOf(response, this.plan) === 0) this.stopAt = Math.min(this.stopAt, page)
    }
  }

  /** Items in the pages received, in order, up to the first gap. */
  private collected(): number {
    let collected = 0
    for (const page of this.pages) {
      if (!page) break
      collected += itemsOf(page, this.plan)
    }

    return collected
  }

  /** The pages in order: a failure or an empty page decides, or enough items; undefined when none does yet. */
  private verdict(): Pages | undefined {
    const {expected, firstPage} = this.plan
    let collected = 0
    let bytes = 0
    for (let index = 0; index < this.pages.length; index++) {
      const page = this.pages[index]
      if (!page) break
      if (index > 0 && !succeeded(page)) return {failed: page, kind: 'failed', pages: this.pages.slice(0, index)}
      const items = index === 0 ? this.plan.perPage : itemsOf(page, this.plan)
      bytes += page.body.length
      if (items === 0) return this.incomplete(`Page ${firstPage + index} came back without items`, index + 1)
      collected += items
      if (collected < expected) continue
      if (bytes > this.limits.maxBytes) return this.incomplete(`the pages together are over ${this.boundName()}`, index + 1)
      return {kind: 'complete', pages: this.pages.slice(0, index + 1)}
    }

    return undefined
  }

  /** An incomplete result: why, with how many items arrived (in order), and the pages that did. */
  private incomplete(why: string, count?: number): Pages {
    const pages: Page[] = []
    for (const page of this.pages.slice(0, count)) {
      if (!page) break
      pages.push(page)
    }

    const collected = pages.reduce((sum, page, index) => sum + (index === 0 ? this.plan.perPage : itemsOf(page, this.plan)), 0)
    const problem = why.startsWith('Page ') ? `only ${arrived(this.plan, collected)} arrived (${why})` : `${why}: ${arrived(this.plan, collected)} arrived`
    return {kind: 'incomplete', pages, problem}
  }
}

const COMMA = Buffer.from(',')
const NEWLINE = Buffer.from('\n')

/**
 * One envelope: the first page's bytes, its list holding every page's items,
 * Total as the service gave it. Only where each page's list begins and ends
 * is needed (the scanner noted it), so the merge is spliced from the spool
 * as it is printed: each item exactly as received (numbers such as 1e400,
 * 1.50 or 12345678901234567890 included), nothing parsed.
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
  return {depth: deepest(pages), lastByte: 0x0a, length: merged.length, sniff: first.body.sniff, source: merged}
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
  const depth = deepest(pages)
  return {depth: depth === undefined ? undefined : depth + 1, lastByte: 0x0a, length: slurped.length, sniff: {envelope: {valid: true}, json: true}, source: slurped}
}

/** The deepest nesting of the pages, when every page's is known. */
function deepest(pages: readonly Page[]): number | undefined {
  let depth = 0
  for (const page of pages) {
    if (page.body.depth === undefined) return undefined
    depth = Math.max(depth, page.body.depth)
  }

  return depth
}
