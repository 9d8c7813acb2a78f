/**
 * `mail list --all`: every page, fetched as `api --paginate` fetches them
 * (pagination.ts: the first page tells how many follow and how many a page
 * holds, the rest four at a time, each answer kept in the spool, complete or
 * failed, within one --timeout, --max-pages and --max-size), and checked
 * once more before anything is printed: every page must give the same
 * Total, and the pages together as many distinct messages (a message that
 * moved between pages while they were read comes twice and leaves another
 * out). A list that changed while it was read, or came back short, exits 5
 * naming what is missing, and prints nothing: a script never takes part of
 * a mailbox for the whole of it. A page the service says is Stale is asked
 * for again (bounded), as `mail list` asks for its one page.
 */
import {readAnswer} from '../../output/api-answer.ts'
import {buildRequestUrl} from '../../http/api-url.ts'
import {EXIT, exitStatusForResponse} from '../../core/exit-status.ts'
import type {Invocation} from '../../run/invocation.ts'
import {isRecord, type JsonRecord} from '../../core/records.ts'
import {type JsonValue, parseExact} from '../../core/json-value.ts'
import {DEFAULT_MAX_PAGES, fetchPages, type Page} from '../../http/pagination.ts'
import {heldBound} from '../../http/max-size.ts'
import {readAll} from '../../output/spool.ts'
import {activeSession, settle} from '../../run/api.ts'
import {unavailableError} from '../../core/errors.ts'
import {isStale, MESSAGES_PATH, STALE_ASKS, STALE_NOTE} from './messages.ts'
import {printAllMessages} from './all-messages-output.ts'

interface Read {
  /** The page's answer, parsed (what the text and YAML show, and the completeness check reads). */
  data: JsonValue
  /** Still Stale after the asks again. */
  stale: boolean
}

const succeeded = (page: Page) => page.body.sniff.json && page.body.sniff.envelope.valid && exitStatusForResponse(page.statusCode, page.body.sniff.envelope.code) === EXIT.OK

async function bytesOf(page: Page): Promise<Buffer> {
  return page.body.source ? readAll(page.body.source) : Buffer.alloc(0)
}

const messagesOf = (data: JsonValue | undefined): JsonRecord[] => (isRecord(data) && Array.isArray(data.Messages) ? data.Messages.filter((message): message is JsonRecord => isRecord(message)) : [])

/** A page's Total as it stands: a number (an integer beyond 2^53 arrives as a bigint), or anything else the service put there. */
const totalOf = (data: JsonValue | undefined): unknown => {
  const total = isRecord(data) ? data.Total : undefined
  return typeof total === 'bigint' ? Number(total) : total
}

/** A Total that can count messages: a whole number, not negative. */
const isCount = (total: unknown): total is number => typeof total === 'number' && Number.isSafeInteger(total) && total >= 0

/** The service's text in an error line: short, and JSON-quoted (no control character reaches the terminal). */
const shown = (value: unknown) => JSON.stringify(typeof value === 'bigint' ? String(value) : value)?.slice(0, 40) ?? 'nothing'

/**
 * Why the pages are not the whole list, or undefined when they are (pages
 * named by the service's Page, from 0, as pagination.ts names them): a
 * Total that is not a count of messages, a Total that moved between pages,
 * an ID that came twice, or another number of distinct messages than Total
 * (which pages came back short). Complete means exactly Total messages,
 * each once.
 */
export function incompleteness(pages: ReadonlyArray<JsonValue | undefined>, pageSize: number): string | undefined {
  const totals = pages.map((data) => totalOf(data))
  const total = totals[0]
  if (!isCount(total)) return `Page 0 gave Total ${shown(total)}, not a count of messages`
  const moved = totals.findIndex((other) => other !== total)
  if (moved !== -1) return `the list changed while it was read (Page 0 said Total ${total}, Page ${moved} said ${shown(totals[moved])})`
  const ids = pages.flatMap((data) => messagesOf(data).map((message) => String(message.ID)))
  const distinct = new Set(ids).size
  const twice = ids.length - distinct
  if (distinct === total && twice === 0) return undefined
  if (distinct >= total) return `the ${pages.length} page${pages.length === 1 ? '' : 's'} held ${ids.length} messages for Total ${total}${twice > 0 ? ` (${twice} came twice)` : ''}`
  const short = pages.flatMap((data, index) => {
    const expected = Math.max(0, Math.min(pageSize, total - index * pageSize))
    const held = messagesOf(data).length
    return held < expected ? [`Page ${index} held ${held} of ${expected}`] : []
  })
  const details = [...short, ...(twice > 0 ? [`${twice} came twice`] : [])]
  return `${total - distinct} of ${total} messages missing: the ${pages.length} page${pages.length === 1 ? '' : 's'} held ${distinct} distinct${details.length > 0 ? ` (${details.join('; ')})` : ''}`
}

/** Every page of the list `query` asks for (its Page set for each), complete, or exit 5 with nothing printed. */
export async function listAll(invocation: Invocation, query: (page: number) => Array<[string, string]>, maxPages = DEFAULT_MAX_PAGES): Promise<void> {
  const session = await activeSession(invocation)
  const spool = invocation.spool()
  try {
    const reads = new Map<number, Read>()
    const {timeout} = invocation.flags
    // --timeout bounds the whole run, as for --paginate.
    const deadline = Date.now() + timeout * 1000
    // Every page is parsed and held until all are in: each, and all together, are held in memory.
    const bound = heldBound(invocation.flags['max-size'])
    const fetchPage = async (page: number): Promise<Page> => {
      const request = {method: 'GET', url: buildRequestUrl(session.apiUrl, MESSAGES_PATH, query(page))}
      for (let ask = 0; ; ask++) {
        const received = await invocation.receive(session, request, spool, {bound, deadline})
        if (!succeeded(received)) return received
        const data = parseExact((await bytesOf(received)).toString('utf8'))
        if (!isStale(data) || ask >= STALE_ASKS) {
          reads.set(page, {data, stale: isStale(data)})
          return received
        }
      }
    }

    const pageSize = Number(query(0).find(([name]) => name === 'PageSize')?.[1])
    const progress = invocation.progress()
    const onPage = (_pages: number, _planned: number, items: number, expected: number) => progress.update(`mail list --all: ${items} of ${expected} messages`)
    const limits = {deadline, maxBytes: bound.bytes, maxBytesName: bound.name, maxPages, onPage, pageSize, timeoutSeconds: timeout}
    const pages = await fetchPages(fetchPage, 0, limits).finally(() => progress.clear())
    if (pages.kind === 'failed') {
      const {failed} = pages
      const outcome = await settle(invocation, readAnswer({...failed, body: await bytesOf(failed)}))
      if (typeof outcome === 'number') invocation.exit(outcome)
      throw unavailableError(`mail list --all: a page came back empty (HTTP ${failed.statusCode}); nothing printed`)
    }

    if (pages.kind === 'incomplete') throw unavailableError(`mail list --all: ${pages.problem}; nothing printed, run it again`)

    const data = pages.pages.map((_, index) => reads.get(index)?.data)
    if ([...reads.values()].some((read) => read.stale)) invocation.note(STALE_NOTE)
    const servedSize = messagesOf(data[0]).length < pageSize && pages.pages.length > 1 ? messagesOf(data[0]).length : pageSize
    const missing = incompleteness(data, servedSize)
    if (missing !== undefined) throw unavailableError(`mail list --all: ${missing}; nothing printed, run it again`)
    invocation.expectExit(EXIT.OK)
    await printAllMessages(
      invocation,
      pages.pages,
      data,
      data.flatMap((one) => messagesOf(one)),
    )
  } finally {
    await spool.close()
  }
}
