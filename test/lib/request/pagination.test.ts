/** --paginate: order, concurrency and the first error. */
import {expect} from 'chai'

import {receivedFromBuffer, type ReceivedBody} from '../../../src/lib/output/received.ts'
import {readAll} from '../../../src/lib/output/spool.ts'
import {fetchPages, MAX_IN_FLIGHT, mergePages, type Page, slurpPages} from '../../../src/lib/request/pagination.ts'

/** The bytes a merged or slurped body prints. */
async function text(body: ReceivedBody): Promise<string> {
  return (await readAll(body.source!)).toString()
}

describe('pagination', () => {
  const page = (body: string, statusCode = 200): Page => ({body: receivedFromBuffer(Buffer.from(body)), headers: {}, httpVersion: '1.1', statusCode, statusMessage: ''})
  const items = (total: number, size: number, n: number) =>
    page(`{"Code":1000,"Total":${total},"Messages":[${Array.from({length: Math.max(0, Math.min(size, total - n * size))}, (_, k) => `{"ID":${n * size + k},"Big":12345678901234567890}`).join(',')}]}`)

  it('fetches every page, at most 4 at once, and merges them in order with Total as given', async () => {
    let inFlight = 0
    let most = 0
    const asked: number[] = []
    const result = await fetchPages(async (n) => {
      asked.push(n)
      inFlight++
      most = Math.max(most, inFlight)
      // Later pages answer sooner: the order must still hold.
      await new Promise((resolve) => setTimeout(resolve, (20 - n) % 7))
      inFlight--
      return items(20, 2, n)
    }, 0, 2)
    expect(result.ok).to.equal(true)
    if (!result.ok) return
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
    const result = await fetchPages(async (n) => (asked.push(n), items(5, 3, n)), 0)
    expect(asked).to.deep.equal([0, 1])
    const single = await fetchPages(async () => page('{"Code":1000,"Total":1,"Messages":[{"ID":0}]}'), 0, 10)
    expect(result.ok && single.ok && single.pages).to.have.length(1)
    const unpaged = await fetchPages(async () => page('{"Code":1000,"User":{}}'), 0)
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
    const result = await fetchPages(async (n) => {
      asked.push(n)
      return n === 2 ? page('{"Code":2028,"Error":"slow down"}', 429) : items(40, 2, n)
    }, 0, 2)
    expect(result.ok).to.equal(false)
    expect(!result.ok && result.failed.statusCode).to.equal(429)
    expect(Math.max(...asked)).to.be.below(2 + MAX_IN_FLIGHT)
  })
})
