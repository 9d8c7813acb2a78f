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
import {readAnswer} from '../output/api-answer.ts'
import {allMessagesListing} from '../output/views/messages.ts'
import {buildRequestUrl} from '../http/api-url.ts'
import {EXIT, exitStatusForResponse} from '../runtime/exit-status.ts'
import {tableStyle} from '../output/table-style.ts'
import type {Invocation} from '../runtime/invocation.ts'
import {isRecord, type JsonRecord} from '../output/records.ts'
import {type JsonValue, parseExact} from '../output/json-value.ts'
import {DEFAULT_MAX_PAGES, fetchPages, mergePages, type Page} from '../request/pagination.ts'
import {maxBytesOf} from '../http/max-size.ts'
import {readAll} from '../output/spool.ts'
import {activeSession, settle, writeListing} from '../runtime/dedicated.ts'
import {toYaml, writeJsonSource} from '../output/output.ts'
import {unavailableError} from '../runtime/errors.ts'
import {isStale, MESSAGES_PATH, STALE_ASKS, STALE_NOTE} from './mail-messages.ts'

interface Read {
  /** The page's answer, parsed (what the text and YAML show, and the completeness check reads). */
  data: JsonValue
  /** Still Stale after the asks again. */
  stale: boolean
}

const succeeded = (page: Page) => page.body.sniff.json && exitStatusForResponse(page.statusCode, page.body.sniff.envelope.code) === EXIT.OK

async function bytesOf(page: Page): Promise<Buffer> {
  return page.body.source ? readAll(page.body.source) : Buffer.alloc(0)
}

const messagesOf = (data: JsonValue | undefined): JsonRecord[] =>
  isRecord(data) && Array.isArray(data.Messages) ? data.Messages.filter((message): message is JsonRecord => isRecord(message)) : []

const totalOf = (data: JsonValue | undefined): number | undefined => {
  const total = isRecord(data) ? data.Total : undefined
  return typeof total === 'number' || typeof total === 'bigint' ? Number(total) : undefined
}

/**
 * Why the pages are not the whole list, or undefined when they are (pages
 * named by the service's Page, from 0, as pagination.ts names them): a
 * Total that moved between pages, or fewer distinct messages than Total
 * (which pages came back short, and how many came twice).
 */
export function incompleteness(pages: ReadonlyArray<JsonValue | undefined>, pageSize: number): string | undefined {
  const totals = pages.map((data) => totalOf(data))
  const total = totals[0]
  if (total === undefined) return undefined
  const moved = totals.findIndex((other) => other !== total)
  if (moved !== -1) return `the list changed while it was read (Page 0 said Total ${total}, Page ${moved} said ${totals[moved] ?? 'nothing'})`
  const ids = pages.flatMap((data) => messagesOf(data).map((message) => String(message.ID)))
  const distinct = new Set(ids).size
  if (distinct >= total) return undefined
  const short = pages.flatMap((data, index) => {
    const expected = Math.max(0, Math.min(pageSize, total - index * pageSize))
    const held = messagesOf(data).length
    return held < expected ? [`Page ${index} held ${held} of ${expected}`] : []
  })
  const twice = ids.length - distinct
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
    const fetchPage = async (page: number): Promise<Page> => {
      const request = {method: 'GET', url: buildRequestUrl(session.apiUrl, MESSAGES_PATH, query(page))}
      for (let ask = 0; ; ask++) {
        const received = await invocation.receive(session, request, spool, {deadline})
        if (!succeeded(received)) return received
        const data = parseExact((await bytesOf(received)).toString('utf8'))
        if (!isStale(data) || ask >= STALE_ASKS) {
          reads.set(page, {data, stale: isStale(data)})
          return received
        }
      }
    }

    const pageSize = Number(query(0).find(([name]) => name === 'PageSize')?.[1])
    const limits = {deadline, maxBytes: maxBytesOf(invocation.flags['max-size']), maxPages, pageSize, timeoutSeconds: timeout}
    const pages = await fetchPages(fetchPage, 0, limits)
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
    const {stdout} = invocation.io
    const {output} = invocation.flags
    const messages = data.flatMap((one) => messagesOf(one))
    if (output === 'json') {
      const [first] = pages.pages
      const body = pages.pages.length === 1 ? first.body : mergePages(pages.pages)
      if (body.source) await writeJsonSource(body.source, 'json', stdout, {env: invocation.io.env, signal: invocation.transport().signal})
    } else if (output === 'yaml') {
      stdout.write(await toYaml({...(isRecord(data[0]) ? data[0] : {}), Messages: messages}))
    } else {
      writeListing(invocation, allMessagesListing(messages, tableStyle(invocation.io)))
    }
  } finally {
    await spool.close()
  }
}
