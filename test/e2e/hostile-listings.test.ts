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
    expect([result.status, result.stderr, result.stdout.length]).to.deep.equal([5, 'Error: /contacts/v4/contacts: Total 1000000000 at 1000 items a page takes 1000000 pages, over the 1000 this tool fetches; nothing printed\n', 0])
    expect(pagesAsked()).to.equal(1)
  })

  it('pages of 1000 contacts of 20 KiB each, Total 500,000: stopped once the pages together pass 64 MiB, in bounded memory', async () => {
    const padding = ' '.repeat(20 * 1024)
    suite.server.handle(contactPages((index) => ({Code: 1000, Contacts: Array.from({length: 1000}, (_, offset) => contact(index * 1000 + offset, padding)), Total: 500_000})))
    const result = await proton(['contacts', 'list'])
    expect([result.status, result.stderr, result.stdout.length]).to.deep.equal([5, 'Error: /contacts/v4/contacts: the pages together are over the 64 MiB a command holds in memory; nothing printed\n', 0])
    // 20 MiB a page: the fourth is over.
    expect(pagesAsked()).to.equal(4)
    expect(result.peakMiB).to.be.below(768)
  })

  it('pages that keep coming, each in time: the listing ends at --timeout from its first page', async () => {
    suite.server.handle(contactPages((index) => ({Code: 1000, Contacts: Array.from({length: 1000}, (_, offset) => contact(index * 1000 + offset)), Total: 900_000}), 300))
    const result = await proton(['contacts', 'list', '--timeout', '2'])
    expect([result.status, result.stderr, result.stdout.length]).to.deep.equal([5, 'Error: /contacts/v4/contacts: the pages were not all in within 2 s (timeout; see --timeout); nothing printed\n', 0])
    expect(pagesAsked()).to.be.within(2, 20)
  })
})
