/**
 * --paginate through the built binary against a server on 127.0.0.1 whose
 * pages the test scripts: complete or fail (a service that caps its pages,
 * items that end before Total, a Total that lies), --max-pages, --timeout
 * for the whole run, --max-size for the pages together, numbers byte-exact
 * through the merge, and -i showing every page's head. Both ways of running
 * `proton api` (the fast path and oclif) must behave the same.
 */
import {expect} from 'chai'
import type {ServerResponse} from 'node:http'

import {baseEnv, runBinary, type RunResult} from '../helpers/run-binary.ts'
import {type Recorded, serverForSuite} from '../helpers/scripted-server.ts'
import {environmentSession} from '../helpers/session-files.ts'

const PATHS = [
  ['the fast path', {}],
  ['oclif', {PROTON_FAST_PATH: '0'}],
] as const

/** Page and PageSize of a request, as the server reads them. */
function paging(request: Recorded): {page: number; size: number} {
  const {searchParams} = new URL(request.url, 'http://server')
  return {page: Number(searchParams.get('Page') ?? 0), size: Number(searchParams.get('PageSize') ?? 50)}
}

function send(response: ServerResponse, body: string, headers: Record<string, string> = {}): void {
  response.writeHead(200, {'content-length': Buffer.byteLength(body), 'content-type': 'application/json', ...headers})
  response.end(body)
}

/** A list of `count` items under a Total of `total`, in pages of at most `cap` whatever PageSize asks. */
function pages(total: number, count: number, cap = Number.POSITIVE_INFINITY) {
  return (request: Recorded, response: ServerResponse) => {
    const {page, size} = paging(request)
    const per = Math.min(size, cap)
    const ids = Array.from({length: Math.max(0, Math.min(per, count - page * per))}, (_, k) => `{"ID":"m${page * per + k}"}`)
    send(response, `{"Code":1000,"Total":${total},"Messages":[${ids.join(',')}]}`, {'x-page': String(page)})
  }
}

const ids = (result: RunResult) => (JSON.parse(result.stdout.toString()) as {Messages: Array<{ID: string}>}).Messages.map((message) => message.ID)

describe('--paginate: complete or fail (built binary)', function () {
  this.timeout(60_000)
  const suite = serverForSuite()

  const api = (args: string[], extra: NodeJS.ProcessEnv = {}, timeoutMs?: number) =>
    runBinary(['api', 'GET', '/mail/v4/messages', '--paginate', ...args], {
      env: baseEnv(suite.home.home, {...extra, ...environmentSession(suite.server.url)}),
      timeoutMs,
    })
  const pagesAsked = () => suite.server.requests.map((request) => paging(request).page).sort((a, b) => a - b)

  for (const [path, extra] of PATHS) {
    describe(path, () => {
      it('follows a service that caps its pages below the PageSize asked until Total items are in', async () => {
        suite.server.handle(pages(250, 250, 100))
        const result = await api(['-F', 'PageSize=150'], extra)
        expect(result.status, result.stderr).to.equal(0)
        expect(ids(result)).to.deep.equal(Array.from({length: 250}, (_, k) => `m${k}`))
        expect(pagesAsked()).to.deep.equal([0, 1, 2])
      })

      it('items that end before Total: exit 5, one line saying how many arrived, nothing on stdout', async () => {
        suite.server.handle(pages(250, 150))
        const result = await api(['-F', 'PageSize=100'], extra)
        expect([result.status, result.stdout.length]).to.deep.equal([5, 0])
        expect(result.stderr).to.equal('Error: --paginate: only 150 of Total 250 items arrived (Page 2 came back without items); nothing printed\n')
      })

      it('a Total of 100 million at 2 items a page: refused after the first page, over --max-pages (default 1000)', async () => {
        suite.server.handle(pages(100_000_000, 100_000_000))
        const result = await api(['-F', 'PageSize=2'], extra)
        expect([result.status, result.stdout.length]).to.deep.equal([5, 0])
        expect(result.stderr).to.equal(
          'Error: --paginate: Total 100000000 at 2 items a page takes 50000000 pages, over --max-pages 1000 (raise it, or ask for more items a page with PageSize); nothing printed\n',
        )
        expect(pagesAsked()).to.deep.equal([0])
      })

      it('--timeout bounds the whole run, not each page: a lying Total with --max-pages out of the way ends at the deadline', async () => {
        // Every page comes quickly; only the whole run can run out of time.
        suite.server.handle((request, response) => setTimeout(() => pages(100_000_000, 100_000_000)(request, response), 40))
        const result = await api(['-F', 'PageSize=2', '--max-pages', '100000000', '--timeout', '2', '--retries', '0'], extra, 30_000)
        expect([result.status, result.stdout.length]).to.deep.equal([5, 0])
        expect(result.stderr).to.match(/^Error: --paginate: not complete within 2 s \(timeout; see --timeout\): \d+ of Total 100000000 items arrived; nothing printed\n$/)
        expect(suite.server.requests.length).to.be.above(1)
      })
    })
  }

  it('stops at --max-pages when pages come back smaller than the first', async () => {
    suite.server.handle((request, response) => {
      const {page} = paging(request)
      send(response, `{"Code":1000,"Total":20,"Messages":[${page === 0 ? '1,2,3,4,5' : page}]}`)
    })
    const result = await api(['--max-pages', '6'])
    expect([result.status, result.stdout.length]).to.deep.equal([5, 0])
    expect(result.stderr).to.equal('Error: --paginate: stopped at --max-pages 6: 10 of Total 20 items arrived; nothing printed\n')
    expect(pagesAsked()).to.deep.equal([0, 1, 2, 3, 4, 5])
  })

  it('--max-size bounds the pages together', async () => {
    suite.server.handle(pages(80, 80))
    const result = await api(['-F', 'PageSize=4', '--max-size', '1KiB'])
    expect([result.status, result.stdout.length]).to.deep.equal([5, 0])
    expect(result.stderr).to.match(/^Error: --paginate: the pages together are over --max-size \(1 KiB\): \d+ of Total 80 items arrived; nothing printed\n$/)
    expect(suite.server.requests.length).to.be.below(20)
  })

  it('keeps every number as the service wrote it: 1e400, 1.50, -0.0, 20 digits (merged and --slurp)', async () => {
    const bodies = ['{"Code":1000,"Total":6,"Messages":[1e400,1.50]}', '{"Code":1000,"Total":6,"Messages":[12345678901234567890,-0.0]}', '{"Code":1000,"Total":6,"Messages":[1E+2,{"n":0.1000}]}']
    suite.server.handle((request, response) => send(response, bodies[paging(request).page]))
    const merged = await api(['-F', 'PageSize=2'])
    expect(merged.status, merged.stderr).to.equal(0)
    expect(merged.stdout.toString()).to.equal('{"Code":1000,"Total":6,"Messages":[1e400,1.50,12345678901234567890,-0.0,1E+2,{"n":0.1000}]}\n')
    const slurped = await api(['-F', 'PageSize=2', '--slurp'])
    expect(slurped.stdout.toString()).to.equal(`[${bodies.join(',')}]\n`)
  })

  for (const [path, extra] of PATHS) {
    it(`-i shows every page's status line and headers, in page order, each with its own Content-Length (${path})`, async () => {
      suite.server.handle(pages(5, 5))
      const result = await api(['-F', 'PageSize=2', '-i'], extra)
      expect(result.status, result.stderr).to.equal(0)
      expect(ids(result)).to.deep.equal(['m0', 'm1', 'm2', 'm3', 'm4'])
      const heads = result.stderr.split(/^(?=HTTP\/1\.1 )/m)
      expect(heads).to.have.length(3)
      for (const [page, head] of heads.entries()) {
        const length = Buffer.byteLength(`{"Code":1000,"Total":5,"Messages":[${Array.from({length: page === 2 ? 1 : 2}, (_, k) => `{"ID":"m${page * 2 + k}"}`).join(',')}]}`)
        expect(head).to.match(/^HTTP\/1\.1 200 OK\n/)
        expect(head).to.include(`\nx-page: ${page}\n`)
        expect(head).to.include(`\ncontent-length: ${length}\n`)
      }
    })
  }

  it('-i on a run that fails shows the heads of the pages that came, in order', async () => {
    suite.server.handle(pages(9, 4))
    const result = await api(['-F', 'PageSize=2', '-i'])
    expect(result.status).to.equal(5)
    expect(result.stderr.match(/^x-page: \d+$/gm)).to.deep.equal(['x-page: 0', 'x-page: 1', 'x-page: 2'])
    expect(result.stderr).to.match(/Error: --paginate: only 4 of Total 9 items arrived \(Page 2 came back without items\); nothing printed\n$/)
  })
})
