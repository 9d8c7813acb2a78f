/**
 * --max-size through the built binary against a server on 127.0.0.1: an
 * answer larger than the limit once decoded ends with exit 5 and one line,
 * nothing on stdout and nothing saved, wherever the answer is read (stdout,
 * --output-file, a dedicated command; --paginate is in paginate.test.ts).
 * A gzip bomb of about 1 MB that inflates past 1 GiB is stopped at the
 * default limit. (Its memory is measured by the bench, not here.)
 */
import {expect} from 'chai'
import {readdirSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {gzipSync} from 'node:zlib'

import {baseEnv, runBinary} from '../helpers/run-binary.ts'
import {type Recorded, serverForSuite} from '../helpers/scripted-server.ts'
import {environmentSession} from '../helpers/session-files.ts'

const PATHS: ReadonlyArray<readonly [string, NodeJS.ProcessEnv]> = [
  ['the fast path', {}],
  ['oclif', {PROTON_FAST_PATH: '0'}],
]
const MiB = 1024 * 1024

/**
 * gzip members one after another (a gzip stream may hold several, and
 * decoders read them all): a JSON envelope whose one string inflates to
 * `mib` MiB, about 1 KB of gzip per MiB.
 */
function gzipBomb(mib: number): Buffer {
  const filler = gzipSync(Buffer.alloc(16 * MiB, 'x'), {level: 9})
  return Buffer.concat([gzipSync('{"Code":1000,"Pad":"'), ...Array.from({length: Math.ceil(mib / 16)}, () => filler), gzipSync('"}')])
}

/** `length` bytes of JSON: an envelope padded to that size. */
function jsonOf(length: number): string {
  const head = '{"Code":1000,"Pad":"'
  return `${head}${'x'.repeat(length - head.length - 2)}"}`
}

describe('--max-size: no answer larger than the limit is read whole (built binary)', function () {
  this.timeout(120_000)
  const suite = serverForSuite()
  let bomb: Buffer
  before(() => {
    bomb = gzipBomb(1100)
  })

  const env = (extra: NodeJS.ProcessEnv = {}) => baseEnv(suite.home.home, {...extra, ...environmentSession(suite.server.url)})
  const serveBomb = () =>
    suite.server.handle((_request: Recorded, response) => {
      response.writeHead(200, {'content-encoding': 'gzip', 'content-length': bomb.length, 'content-type': 'application/json'})
      response.end(bomb)
    })
  const serve = (body: string, chunked = false) =>
    suite.server.handle((_request, response) => {
      response.writeHead(200, {'content-type': 'application/json', ...(chunked ? {} : {'content-length': Buffer.byteLength(body)})})
      // Chunked: the size is known only once the body is read.
      if (chunked) for (let at = 0; at < body.length; at += 256) response.write(body.slice(at, at + 256))
      response.end(chunked ? undefined : body)
    })

  it('a gzip bomb of about 1 MB inflating past 1 GiB stops at the default limit, 1 GiB: exit 5, one line', async () => {
    expect(bomb.length).to.be.below(1.5 * MiB)
    serveBomb()
    const result = await runBinary(['api', 'GET', '/core/v4/users'], {env: env(), timeoutMs: 100_000})
    expect([result.status, result.stdout.length]).to.deep.equal([5, 0])
    expect(result.stderr).to.equal(`Error: the answer from ${suite.server.url} is over --max-size (1 GiB): stopped reading it; nothing printed or saved\n`)
  })

  for (const [path, extra] of PATHS) {
    it(`the same bomb with --max-size 10MiB, and --output-file leaves the file as it was (${path})`, async () => {
      serveBomb()
      const result = await runBinary(['api', 'GET', '/core/v4/users', '--max-size', '10MiB'], {env: env(extra)})
      expect([result.status, result.stdout.length]).to.deep.equal([5, 0])
      expect(result.stderr).to.equal(`Error: the answer from ${suite.server.url} is over --max-size (10 MiB): stopped reading it; nothing printed or saved\n`)
      const file = join(suite.home.home, `kept-${extra.PROTON_FAST_PATH ?? 'fast'}.json`)
      writeFileSync(file, 'old')
      const saved = await runBinary(['api', 'GET', '/core/v4/users', '--max-size', '10MiB', '--output-file', file], {env: env(extra)})
      expect(saved.status).to.equal(5)
      expect(readFileSync(file, 'utf8')).to.equal('old')
      expect(readdirSync(suite.home.home).filter((name) => name.endsWith('.tmp'))).to.deep.equal([])
    })

    it(`exactly the limit passes byte for byte; one byte more fails, by Content-Length before reading, or while reading a chunked body (${path})`, async () => {
      serve(jsonOf(1024))
      const exact = await runBinary(['api', 'GET', '/core/v4/users', '--max-size', '1KiB'], {env: env(extra)})
      expect(exact.status, exact.stderr).to.equal(0)
      expect(exact.stdout.toString()).to.equal(jsonOf(1024))
      serve(jsonOf(1025))
      const declared = await runBinary(['api', 'GET', '/core/v4/users', '--max-size', '1KiB'], {env: env(extra)})
      expect([declared.status, declared.stdout.length]).to.deep.equal([5, 0])
      expect(declared.stderr).to.equal(`Error: the answer from ${suite.server.url} is over --max-size (1 KiB): its Content-Length is 1025 bytes, not read; nothing printed or saved\n`)
      serve(jsonOf(1025), true)
      const chunked = await runBinary(['api', 'GET', '/core/v4/users', '--max-size', '1024'], {env: env(extra)})
      expect([chunked.status, chunked.stdout.length]).to.deep.equal([5, 0])
      expect(chunked.stderr).to.equal(`Error: the answer from ${suite.server.url} is over --max-size (1 KiB): stopped reading it; nothing printed or saved\n`)
    })
  }

  it('a dedicated command reads its answer under the same limit, given before or after the command', async () => {
    serve(`{"Code":1000,"User":{"ID":"u1","Name":"${'n'.repeat(2000)}"}}`)
    for (const args of [
      ['account', 'show', '--max-size', '1KiB'],
      ['--max-size', '1KiB', 'account', 'show'],
    ]) {
      const result = await runBinary(args, {env: env()})
      expect([result.status, result.stdout.length], args.join(' ')).to.deep.equal([5, 0])
      expect(result.stderr).to.match(/^Error: the answer from http:\/\/127\.0\.0\.1:\d+ is over --max-size \(1 KiB\): its Content-Length is \d+ bytes, not read; nothing printed or saved\n$/)
    }

    const roomy = await runBinary(['account', 'show', '--max-size', '1MB', '--output', 'json'], {env: env()})
    expect(roomy.status, roomy.stderr).to.equal(0)
  })

  for (const [path, extra] of PATHS) {
    it(`a size it cannot read is a usage error: exit 1, nothing sent (${path})`, async () => {
      for (const size of ['10XB', '0', '-5', 'MiB', '1.5.2GiB']) {
        const result = await runBinary(['api', 'GET', '/core/v4/users', `--max-size=${size}`], {env: env(extra)})
        expect([result.status, result.stdout.length], size).to.deep.equal([1, 0])
        expect(result.stderr).to.include(`Error: --max-size must be a size such as 500000, 10MiB or 1GiB (at least 1 byte), not ${JSON.stringify(size)}\n`)
      }

      expect(suite.server.requests).to.have.length(0)
    })
  }
})
