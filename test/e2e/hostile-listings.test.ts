/**
 * Listings a hostile service never ends (issue 40), the built binary
 * against a scripted loopback server: contacts pages of more items than
 * PageSize asked, a Total no number of pages can reach, pages that together
 * outgrow what a command holds, and pages that keep coming past --timeout.
 * Each ends in one line, exit 5, nothing on stdout, in bounded memory.
 */
import {expect} from 'chai'
import type {ServerResponse} from 'node:http'

import {baseEnv} from '../helpers/run-binary.ts'
import {runMeasured} from '../helpers/run-measured.ts'
import {sandboxFetch, sandboxForSuite} from '../helpers/sandbox-process.ts'
import {type Recorded, serverForSuite} from '../helpers/scripted-server.ts'

const contact = (index: number, padding = '') => ({ContactEmails: [{Email: `c${index}@example.test`}], ID: `c${index}`, Name: `Contact ${index}${padding}`})

/** Answers each contacts page as `page` makes it (its number from the query), after `delayMs`. */
function contactPages(page: (index: number) => unknown, delayMs = 0) {
  return (request: Recorded, response: ServerResponse) => {
    const index = Number(new URL(request.url, 'http://x').searchParams.get('Page'))
    const answer = () => {
      if (!response.destroyed) response.writeHead(200, {'content-type': 'application/json'}).end(JSON.stringify(page(index)))
    }

    if (delayMs > 0) setTimeout(answer, delayMs)
    else answer()
  }
}

describe('hostile listings: contacts pages without end (built binary)', function () {
  this.timeout(120_000)
  const suite = serverForSuite({session: true})
  const proton = (args: string[]) => runMeasured(args, baseEnv(suite.home.home, {TZ: 'UTC'}), 90_000)
  const pagesAsked = () => suite.server.requests.filter((request) => request.url.startsWith('/contacts/v4/contacts?')).length

  it('a page of more contacts than the PageSize asked (1001 of 1000): exit 5, one line, nothing printed', async () => {
    suite.server.handle(contactPages(() => ({Code: 1000, Contacts: Array.from({length: 1001}, (_, index) => contact(index)), Total: 1001})))
    const result = await proton(['contacts', 'list'])
    expect([result.status, result.stderr, result.stdout.length]).to.deep.equal([5, 'Error: /contacts/v4/contacts: Page 0 held 1001 items, more than the PageSize 1000 asked for; nothing printed\n', 0])
    expect(pagesAsked()).to.equal(1)
  })

  it('a Total no number of pages can reach (10^9 at 1000 a page): refused at the first page', async () => {
    suite.server.handle(contactPages((index) => ({Code: 1000, Contacts: Array.from({length: 1000}, (_, offset) => contact(index * 1000 + offset)), Total: 1_000_000_000})))
    const result = await proton(['contacts', 'list', '--output', 'json'])
    expect([result.status, result.stderr, result.stdout.length]).to.deep.equal([
      5,
      'Error: /contacts/v4/contacts: Total 1000000000 at 1000 items a page takes 1000000 pages, over the 1000 this tool fetches; nothing printed\n',
      0,
    ])
    expect(pagesAsked()).to.equal(1)
  })

  it('pages of 1000 contacts of 20 KiB each, Total 500,000: stopped once the pages together pass 64 MiB, in bounded memory', async () => {
    const padding = ' '.repeat(20 * 1024)
    suite.server.handle(contactPages((index) => ({Code: 1000, Contacts: Array.from({length: 1000}, (_, offset) => contact(index * 1000 + offset, padding)), Total: 500_000})))
    const result = await proton(['contacts', 'list'])
    expect([result.status, result.stderr, result.stdout.length]).to.deep.equal([
      5,
      'Error: /contacts/v4/contacts: the pages together are over the 64 MiB a command holds in memory; nothing printed\n',
      0,
    ])
    // 20 MiB a page: the fourth is over.
    expect(pagesAsked()).to.equal(4)
    expect(result.peakMiB).to.be.below(768)
  })

  it('pages that keep coming, each in time: the listing ends at --timeout from its first page', async () => {
    suite.server.handle(contactPages((index) => ({Code: 1000, Contacts: Array.from({length: 1000}, (_, offset) => contact(index * 1000 + offset)), Total: 900_000}), 300))
    const result = await proton(['contacts', 'list', '--timeout', '4'])
    expect([result.status, result.stderr, result.stdout.length]).to.deep.equal([5, 'Error: /contacts/v4/contacts: the pages were not all in within 4 s (timeout; see --timeout); nothing printed\n', 0])
    expect(pagesAsked()).to.be.within(2, 40)
  })
})

describe('hostile listings: drive and calendar pages without end (built binary, sandbox faults)', function () {
  this.timeout(180_000)
  const suite = sandboxForSuite()
  const env = () => baseEnv(suite.home.home, {TZ: 'UTC'})
  const proton = (args: string[]) => runMeasured(['--profile', 'sandbox', ...args], env(), 150_000)
  const fault = async (rule: Record<string, unknown>) => {
    const answer = await sandboxFetch(suite.sandbox, 'faults', {body: JSON.stringify({Count: 0, Method: 'GET', ...rule}), headers: {'content-type': 'application/json'}, method: 'POST'})
    expect(answer.status).to.equal(200)
  }

  const logged = async () => ((await (await sandboxFetch(suite.sandbox, 'stats')).json()) as {Requests: Array<{Method: string; Path: string}>}).Requests
  afterEach(async () => {
    await sandboxFetch(suite.sandbox, 'faults', {method: 'DELETE'})
    await sandboxFetch(suite.sandbox, 'stats', {method: 'DELETE'})
  })

  /** The path of My Files' children, as the SDK asks for them. */
  const rootChildren = async () => {
    const listed = await proton(['drive', 'ls'])
    expect(listed.status, listed.stderr).to.equal(0)
    const path = (await logged()).map(({Path}) => Path.split('?')[0]).find((Path) => /^\/drive\/v2\/volumes\/[^/]+\/folders\/[^/]+\/children$/.test(Path))
    expect(path).to.be.a('string')
    await sandboxFetch(suite.sandbox, 'stats', {method: 'DELETE'})
    return path!
  }

  const childrenPages = async (path: string) => (await logged()).filter(({Path}) => Path.split('?')[0] === path).length

  it('drive ls over a folder whose children always have More (empty pages, an AnchorID): stopped after 1000 pages, exit 5, bounded memory', async () => {
    const path = await rootChildren()
    await fault({Body: {AnchorID: 'next', Code: 1000, LinkIDs: [], More: true}, Kind: 'status', Path: path, Status: 200})
    for (const args of [
      ['drive', 'ls'],
      ['drive', 'ls', 'Documents'],
    ]) {
      const result = await proton(args)
      expect([result.status, result.stderr, result.stdout.length], args.join(' ')).to.deep.equal([
        5,
        "Error: the service still had more of a folder's children after 1000 pages: stopped; nothing printed\n",
        0,
      ])
      expect(result.peakMiB).to.be.below(512)
    }

    expect(await childrenPages(path)).to.equal(2000)
  })

  it('drive ls whose pages each come in time but never end: stopped at --timeout from the first page, exit 5', async () => {
    const path = await rootChildren()
    await fault({DelayMs: 100, Kind: 'latency', Path: path})
    await fault({Body: {AnchorID: 'next', Code: 1000, LinkIDs: [], More: true}, Kind: 'status', Path: path, Status: 200})
    const result = await proton(['drive', 'ls', '--timeout', '8'])
    expect([result.status, result.stderr, result.stdout.length]).to.deep.equal([
      5,
      "Error: the listing of a folder's children was not complete within 8 s (timeout; see --timeout); nothing printed\n",
      0,
    ])
    expect(await childrenPages(path)).to.be.within(2, 100)
  })

  it('calendar events list given a page of 101 events for the PageSize 100 it asked: exit 5, one line, nothing printed', async () => {
    const calendars = (JSON.parse((await proton(['calendar', 'list', '--output', 'json'])).stdout.toString()) as {Calendars: Array<{ID: string}>}).Calendars
    const [{ID}] = calendars
    await fault({Body: {Code: 1000, Events: Array.from({length: 101}, (_, index) => ({ID: `e${index}`})), More: 0}, Kind: 'status', Path: `/calendar/v1/${ID}/events`, Status: 200})
    const result = await proton(['calendar', 'events', 'list', '--start', '2025-03-01', '--end', '2025-04-01'])
    expect([result.status, result.stdout.length]).to.deep.equal([5, 0])
    expect(result.stderr).to.match(
      new RegExp(`^Error: calendar events list: Page 0 of Type [0-3] of calendar ${ID.replace(/[^\w]/g, '\\$&')} held 101 items, more than the PageSize 100 asked for; nothing printed\\n$`),
    )
  })
})
