/**
 * Answers a hostile or broken service may give the dedicated commands
 * (issue 26), the built binary against a scripted server: an answer that
 * inflates past what a command can hold in memory, and mail list --all
 * pages whose Total is not a count or whose messages come twice. Each ends
 * in one line, exit 5, nothing on stdout.
 */
import {expect} from 'chai'
import type {ServerResponse} from 'node:http'
import {createGzip} from 'node:zlib'

import {HELD_MAX_BYTES} from '../../src/lib/http/max-size.ts'
import {baseEnv} from '../helpers/run-binary.ts'
import {runMeasured} from '../helpers/run-measured.ts'
import {json, serverForSuite} from '../helpers/scripted-server.ts'

const MiB = 1024 * 1024

/** `mib` MiB of JSON (a Messages list padded with spaces), gzip-compressed as it is sent: some 600 KiB on the wire for 600 MiB. */
function inflating(mib: number) {
  return (_request: unknown, response: ServerResponse) => {
    response.writeHead(200, {'content-encoding': 'gzip', 'content-type': 'application/json'})
    const gzip = createGzip({level: 9})
    gzip.pipe(response)
    const spaces = Buffer.alloc(MiB, 0x20)
    let sent = 0
    const more = () => {
      // Stops once the client hangs up (a bounded reader does, after its bound).
      while (sent < mib && !response.destroyed) {
        sent++
        if (!gzip.write(sent === 1 ? Buffer.from('{"Code":1000,"Total":0,"Messages":[]') : spaces)) return void gzip.once('drain', more)
      }

      gzip.end('}')
    }

    response.on('close', () => gzip.destroy())
    more()
  }
}

const message = (id: string) => ({ID: id, Sender: {Address: 'a@example.test', Name: 'A'}, Subject: `Message ${id}`, Time: 1_700_000_000, ToList: [], Unread: 0})

describe('hostile answers to the dedicated commands (built binary)', function () {
  this.timeout(60_000)
  const suite = serverForSuite({session: true})
  const proton = (args: string[]) => runMeasured(args, baseEnv(suite.home.home, {TZ: 'UTC'}))

  it(`an answer of 600 KiB that inflates to 600 MiB: mail list (and --all) stops at ${HELD_MAX_BYTES / MiB} MiB, one line, exit 5, flat memory`, async () => {
    suite.server.handle(inflating(600))
    for (const args of [
      ['mail', 'list'],
      ['mail', 'list', '--all'],
    ]) {
      const result = await proton(args)
      expect(result.stderr, args.join(' ')).to.equal(`Error: the answer from ${suite.server.url} is over the 64 MiB a command holds in memory: stopped reading it; nothing printed or saved\n`)
      expect(result.status).to.equal(5)
      expect(result.stdout.length).to.equal(0)
      expect(result.peakMiB).to.be.below(256)
    }
  })

  it('--max-size below that bound is the one named', async () => {
    suite.server.handle(inflating(20))
    const result = await proton(['mail', 'list', '--max-size', '10MiB'])
    expect(result.stderr).to.equal(`Error: the answer from ${suite.server.url} is over --max-size (10 MiB): stopped reading it; nothing printed or saved\n`)
    expect(result.status).to.equal(5)
  })

  const cases: Array<[string, unknown, string[], string]> = [
    ['a Total that is not a number', 'lots', ['m1', 'm2'], 'Page 0 gave Total "lots", not a count of messages'],
    ['a negative Total', -5, ['m1', 'm2'], 'Page 0 gave Total -5, not a count of messages'],
    ['a fractional Total', 2.5, ['m1', 'm2'], 'Page 0 gave Total 2.5, not a count of messages'],
    ['an ID that comes twice', 3, ['m1', 'm2', 'm3', 'm2'], 'the 1 page held 4 messages for Total 3 (1 came twice)'],
    ['more messages than Total', 2, ['m1', 'm2', 'm3'], 'the 1 page held 3 messages for Total 2'],
  ]
  for (const [what, Total, ids, problem] of cases) {
    it(`mail list --all: ${what} is not a whole list: one line, exit 5, nothing printed`, async () => {
      suite.server.handle(json(200, {Code: 1000, Messages: ids.map((id) => message(id)), Total}))
      for (const output of ['text', 'json']) {
        const result = await proton(['mail', 'list', '--all', '--output', output])
        expect(result.stderr).to.equal(`Error: mail list --all: ${problem}; nothing printed, run it again\n`)
        expect(result.status).to.equal(5)
        expect(result.stdout.length).to.equal(0)
      }
    })
  }
})
