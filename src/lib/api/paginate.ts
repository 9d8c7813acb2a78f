/**
 * `proton api GET … --paginate`: every page from the one asked for (Page,
 * default 0), fetched by pagination.ts within one --timeout for the whole
 * run, printed as one envelope (or with --slurp the pages) once every item
 * is in. -i shows each page's status line and headers, in page order.
 */
import type {ApiRequest} from '../http/client.ts'
import {maxBytesOf} from '../http/max-size.ts'
import {unavailableError, usageError} from '../core/errors.ts'
import type {Display, Invocation} from '../run/invocation.ts'
import type {Spool} from '../output/spool.ts'
import type {ActiveSession} from '../session/session.ts'
import {DEFAULT_MAX_PAGES, fetchPages, mergePages, type Page, slurpPages} from '../http/pagination.ts'

export interface PaginateRun {
  display: Display
  request: ApiRequest
  session: ActiveSession
  spool: Spool
  slurp: boolean
  /** --max-pages (default DEFAULT_MAX_PAGES). */
  maxPages?: number
}

export async function paginate(invocation: Invocation, {display, maxPages = DEFAULT_MAX_PAGES, request, session, slurp, spool}: PaginateRun): Promise<void> {
  const {searchParams} = request.url
  const whole = (name: string) => {
    const text = searchParams.get(name)
    if (text !== null && !/^\d+$/.test(text)) throw usageError(`--paginate needs ${name} to be a whole number, not ${JSON.stringify(text)}`)
    return text === null ? undefined : Number(text)
  }

  const pageSize = whole('PageSize')
  const firstPage = whole('Page') ?? 0
  const {timeout} = invocation.flags
  // --timeout bounds the whole run: each page gets what is left of it.
  const deadline = Date.now() + timeout * 1000
  const fetchPage = (page: number) => {
    const url = new URL(request.url)
    url.searchParams.set('Page', String(page))
    return invocation.receive(session, {...request, url}, spool, {deadline})
  }

  const progress = invocation.progress()
  const onPage = (pages: number, planned: number, items: number, expected: number) => progress.update(`--paginate: page ${pages} of ${planned} (${items} of ${expected} items)`)
  const limits = {deadline, maxBytes: maxBytesOf(invocation.flags['max-size']), maxPages, onPage, pageSize, timeoutSeconds: timeout}
  const result = await fetchPages(fetchPage, firstPage, limits).finally(() => progress.clear())
  const shown = (pages: readonly Page[]) => {
    if (display.include) for (const page of pages) invocation.printHead(page)
  }

  if (result.kind === 'failed') {
    shown(result.pages)
    return invocation.printAnswer(result.failed, display)
  }

  shown(result.pages)
  if (result.kind === 'incomplete') throw unavailableError(`--paginate: ${result.problem}; nothing printed`)
  if (result.note) invocation.note(`Note: ${result.note}`)
  const [first] = result.pages
  const body = slurp ? slurpPages(result.pages) : result.pages.length === 1 ? first.body : mergePages(result.pages)
  await invocation.printAnswer({...first, body}, {...display, include: false})
}
