/** --paginate: order, concurrency, the first error, and complete-or-fail under every limit. */
import {expect} from 'chai'

import {TimeoutFailure, unavailableError} from '../../../src/lib/core/errors.ts'

import {receivedFromBuffer, type ReceivedBody} from '../../../src/lib/output/received.ts'
import {readAll} from '../../../src/lib/output/spool.ts'
import {fetchPages, MAX_IN_FLIGHT, mergePages, type Page, type PageLimits, type Pages, slurpPages} from '../../../src/lib/http/pagination.ts'

/** The bytes a merged or slurped body prints. */
async function text(body: ReceivedBody): Promise<string> {
  return (await readAll(body.source!)).toString()
}

/** Limits that never bind, with these changes. */
const limits = (more: Partial<PageLimits> = {}): PageLimits => ({deadline: Date.now() + 60_000, maxBytes: 1024 ** 3, maxPages: 1000, timeoutSeconds: 60, ...more})

/** The pages of a result, whatever its kind. */
const idsIn = async (result: Pages): Promise<number[]> => {
  expect(result.kind, JSON.stringify(result.kind === 'incomplete' ? result.problem : result.kind)).to.equal('complete')
  return (JSON.parse(await text(mergePages(result.pages))) as {Messages: Array<{ID: number}>}).Messages.map((item) => item.ID)
}

describe('pagination', () => {
  const page = (body: string, statusCode = 200): Page => ({body: receivedFromBuffer(Buffer.from(body)), headers: {}, httpVersion: '1.1', statusCode, statusMessage: ''})
  const items = (total: number, size: number, n: number) =>
    page(`{"Code":1000,"Total":${total},"Messages":[${Array.from({length: Math.max(0, Math.min(size, total - n * size))}, (_, k) => `{"ID":${n * size + k},"Big":12345678901234567890}`).join(',')}]}`)

  it('fetches every page, at most 4 at once, and merges them in order with Total as given', async () => {
    let inFlight = 0
    let most = 0
    const asked: number[] = []
    const result = await fetchPages(
      async (n) => {
        asked.push(n)
        inFlight++
        most = Math.max(most, inFlight)
        // Later pages answer sooner: the order must still hold.
        await new Promise((resolve) => setTimeout(resolve, (20 - n) % 7))
        inFlight--
        return items(20, 2, n)
      },
      0,
      limits({pageSize: 2}),
    )
    expect(result.kind).to.equal('complete')
    if (result.kind !== 'complete') return
    expect(result.pages).to.have.length(10)
    expect(most).to.equal(MAX_IN_FLIGHT)
    expect([...asked].sort((a, b) => a - b)).to.deep.equal([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    const merged = JSON.parse(await text(mergePages(result.pages))) as {Messages: Array<{ID: number}>; Total: number}
    expect(merged.Total).to.equal(20)
    expect(merged.Messages.map((item) => item.ID)).to.deep.equal([...Array.from({length: 20}).keys()])
    expect(await text(mergePages(result.pages))).to.match(/^\{"Code":1000,"Total":20,"Messages":\[\{"ID":0,"Big":12345678901234567890\},/)
    const bytes = (n: number) => text(items(20, 2, n).body)
    expect(await text(slurpPages(result.pages.slice(0, 2)))).to.equal(`[${await bytes(0)},${await bytes(1)}]\n`)
  })

  it('takes the first page’s length as the page size when none is given, and one page stays one', async () => {
    const asked: number[] = []
    const result = await fetchPages(async (n) => (asked.push(n), items(5, 3, n)), 0, limits())
    expect(asked).to.deep.equal([0, 1])
    expect(await idsIn(result)).to.deep.equal([0, 1, 2, 3, 4])
    const single = await fetchPages(async () => page('{"Code":1000,"Total":1,"Messages":[{"ID":0}]}'), 0, limits({pageSize: 10}))
    expect(single.kind === 'complete' && single.pages).to.have.length(1)
    const unpaged = await fetchPages(async () => page('{"Code":1000,"User":{}}'), 0, limits())
    expect(unpaged).to.have.property('note')
  })

  it('splices the pages’ lists into the first page’s bytes: every item as received, empty lists and odd spacing kept valid', async () => {
    const pages = ['{"Code":1000, "Items" : [ ],"Total":4}', '{"Total":4,"Items":[ 1.0 , {"a":[2]} ]}', '{"Items":[]}', '{"Items":["x"],"Other":[9]}', '{"Items":[3e0]}'].map((body) => page(body))
    expect(await text(mergePages(pages))).to.equal('{"Code":1000, "Items" : [  1.0 , {"a":[2]} ,"x",3e0],"Total":4}\n')
    expect(JSON.parse(await text(mergePages(pages.slice(1))))).to.deep.equal({Items: [1, {a: [2]}, 'x', 3], Total: 4})
    // The last of duplicate keys is the list, as JSON.parse reads it.
    expect(await text(mergePages([page('{"Items":5,"Items":[1]}\n'), page('{"Items":[2]}')]))).to.equal('{"Items":5,"Items":[1,2]}\n')
  })

  it('stops at the first error: no new page is asked for, and that answer is the result', async () => {
    const asked: number[] = []
    const result = await fetchPages(
      async (n) => {
        asked.push(n)
        return n === 2 ? page('{"Code":2028,"Error":"slow down"}', 429) : items(40, 2, n)
      },
      0,
      limits({pageSize: 2}),
    )
    expect(result.kind).to.equal('failed')
    expect(result.kind === 'failed' && result.failed.statusCode).to.equal(429)
    // The pages before it, for -i.
    expect(result.pages).to.have.length(2)
    expect(Math.max(...asked)).to.be.below(2 + MAX_IN_FLIGHT)
  })

  describe('complete or fail', () => {
    /** A service that gives at most `cap` items a page, whatever PageSize asks, from a list of `count` under a Total of `total`. */
    const capped =
      (total: number, count: number, cap: number, asked: number[] = []) =>
      async (n: number) => {
        asked.push(n)
        const from = n * cap
        const ids = Array.from({length: Math.max(0, Math.min(cap, count - from))}, (_, k) => `{"ID":${from + k}}`)
        return page(`{"Code":1000,"Total":${total},"Messages":[${ids.join(',')}]}`)
      }

    it('follows a service that caps its pages below the PageSize asked until Total items are in', async () => {
      const asked: number[] = []
      const result = await fetchPages(capped(250, 250, 100, asked), 0, limits({pageSize: 150}))
      expect(await idsIn(result)).to.deep.equal([...Array.from({length: 250}).keys()])
      expect(asked.sort()).to.deep.equal([0, 1, 2])
    })

    it('from a later Page: the pages before it are counted at the size the service gives', async () => {
      const result = await fetchPages(capped(250, 250, 100), 1, limits({pageSize: 40}))
      expect(await idsIn(result)).to.deep.equal(Array.from({length: 150}, (_, k) => 100 + k))
    })

    it('fails, saying how many of Total arrived, when the items end before Total', async () => {
      const result = await fetchPages(capped(250, 150, 100), 0, limits({pageSize: 100}))
      expect(result.kind).to.equal('incomplete')
      expect(result.kind === 'incomplete' && result.problem).to.equal('only 150 of Total 250 items arrived (Page 2 came back without items)')
      // Every page fetched, the empty one included, for -i.
      expect(result.pages).to.have.length(3)
      const later = await fetchPages(capped(450, 300, 100), 2, limits({pageSize: 100}))
      expect(later.kind === 'incomplete' && later.problem).to.equal('only 100 of the 250 items from Page 2 on (Total 450) arrived (Page 3 came back without items)')
      const none = await fetchPages(capped(3, 0, 10), 0, limits({pageSize: 10}))
      expect(none.kind === 'incomplete' && none.problem).to.equal('only 0 of Total 3 items arrived (Page 0 came back without items)')
    })

    it('refuses a Total that needs more than maxPages pages after the first, asking for nothing more', async () => {
      const asked: number[] = []
      const result = await fetchPages(capped(100_000_000, 100_000_000, 2, asked), 0, limits({maxPages: 1000, pageSize: 2}))
      expect(result.kind === 'incomplete' && result.problem).to.equal(
        'Total 100000000 at 2 items a page takes 50000000 pages, over --max-pages 1000 (raise it, or ask for more items a page with PageSize)',
      )
      expect(asked).to.deep.equal([0])
    })

    it('stops at maxPages when pages come back smaller than the first', async () => {
      const asked: number[] = []
      const shrinking = async (n: number) => (asked.push(n), page(`{"Code":1000,"Total":10,"Messages":[${n === 0 ? '0,1,2,3' : String(n + 3)}]}`))
      const result = await fetchPages(shrinking, 0, limits({maxPages: 4}))
      expect(result.kind === 'incomplete' && result.problem).to.equal('stopped at --max-pages 4: 7 of Total 10 items arrived')
      expect(asked.sort()).to.deep.equal([0, 1, 2, 3])
      const enough = await fetchPages(shrinking, 0, limits({maxPages: 7}))
      expect(enough.kind === 'complete' && enough.pages).to.have.length(7)
    })

    it('bounds the whole run by one deadline: a page that runs out of it ends the run, with what arrived', async () => {
      const deadline = Date.now() + 60_000
      const result = await fetchPages(
        async (n) => {
          if (n === 3) throw new TimeoutFailure('no complete answer')
          return items(100, 2, n)
        },
        0,
        limits({deadline, pageSize: 2, timeoutSeconds: 7}),
      )
      expect(result.kind === 'incomplete' && result.problem).to.equal('not complete within 7 s (timeout; see --timeout): 6 of Total 100 items arrived')
      // Past the deadline, no page is asked for at all.
      const asked: number[] = []
      const late = await fetchPages(async (n) => (asked.push(n), items(100, 2, n)), 0, limits({deadline: Date.now() - 1, pageSize: 2, timeoutSeconds: 1}))
      expect(late.kind === 'incomplete' && late.problem).to.equal('not complete within 1 s (timeout; see --timeout): 2 of Total 100 items arrived')
      expect(asked).to.deep.equal([0])
    })

    it('throws any other failure of a page once the pages in flight are done', async () => {
      let settled = 0
      const failing = fetchPages(
        async (n) => {
          if (n === 2) throw unavailableError('connection reset')
          await new Promise((resolve) => setTimeout(resolve, 5))
          settled++
          return items(100, 2, n)
        },
        0,
        limits({pageSize: 2}),
      )
      let thrown: unknown
      await failing.catch((error: unknown) => (thrown = error))
      expect((thrown as Error).message).to.equal('connection reset')
      expect(settled).to.be.below(MAX_IN_FLIGHT + 1)
    })

    it('fails when the pages together are over maxBytes, asking for no page once they are', async () => {
      const bytes = (await text(items(100, 2, 0).body)).length
      const asked: number[] = []
      const result = await fetchPages(async (n) => (asked.push(n), items(100, 2, n)), 0, limits({maxBytes: bytes * 3, pageSize: 2}))
      expect(result.kind).to.equal('incomplete')
      expect(result.kind === 'incomplete' && result.problem).to.equal(`the pages together are over --max-size (${bytes * 3} bytes): ${asked.length * 2} of Total 100 items arrived`)
      // The pages in flight when the limit was passed are the only ones past it.
      expect(asked.length).to.be.at.most(3 + MAX_IN_FLIGHT)
    })
  })
})
