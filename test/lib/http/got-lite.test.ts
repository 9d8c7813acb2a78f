/**
 * got-lite against got: src/lib/http/client.ts run over each (got itself,
 * and a bundle of client.ts with got-lite in got's place, as the fast
 * path's bundle has it), the same requests to a scripted server on
 * 127.0.0.1. What reaches the wire (header order included), the answers,
 * the --verbose lines and the failures must be the same.
 */
import {expect} from 'chai'
import {build} from 'esbuild'
import {mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http'
import {createServer as createTlsServer, globalAgent} from 'node:https'
import type {AddressInfo} from 'node:net'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {Readable} from 'node:stream'
import {pathToFileURL} from 'node:url'
import zlib from 'node:zlib'

import * as gotClient from '../../../src/lib/http/client.ts'
import {CliFailure} from '../../../src/lib/core/errors.ts'
import type {ActiveSession} from '../../../src/lib/session/session.ts'

/** client.ts, and the failure class its copy knows (a bundle has its own). */
type Client = typeof gotClient & {CliFailure: typeof CliFailure}
const withGot: Client = {...gotClient, CliFailure}
type Handler = (request: IncomingMessage, body: Buffer, response: ServerResponse) => void

interface Wire {
  method: string
  url: string
  /** Header names and values in the order sent, but for those that differ by nature. */
  headers: string[]
  body: string
}

interface Outcome {
  wire: Wire[]
  log: string[]
  response?: {body: string; headers: Record<string, unknown>; httpVersion: string; refusedRedirect?: string; statusCode: number; statusMessage: string}
  failure?: {exitStatus?: number; message: string; name: string}
  session: {accessToken: string}
}

/** A certificate for 127.0.0.1 made for these tests (test/fixtures/tls), trusted only where a scenario says so. */
const TLS = {cert: readFileSync(new URL('../../fixtures/tls/loopback-cert.pem', import.meta.url)), key: readFileSync(new URL('../../fixtures/tls/loopback-key.pem', import.meta.url))}

/** A server (HTTP, or HTTPS with the loopback certificate) whose handler each scenario sets; every request it gets is recorded as it came. */
async function startServer(tls = false): Promise<{server: Server; url: string; wire: Wire[]; handle: (handler: Handler) => void}> {
  let handler: Handler = (_request, _body, response) => response.end()
  const wire: Wire[] = []
  const listener = (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const headers: string[] = []
      for (let index = 0; index < request.rawHeaders.length; index += 2) {
        const name = request.rawHeaders[index].toLowerCase()
        // The port changes from run to run; the token is checked by its own scenario.
        headers.push(`${name}: ${name === 'host' ? '…' : request.rawHeaders[index + 1]}`)
      }

      const body = Buffer.concat(chunks)
      wire.push({body: body.toString(), headers, method: request.method ?? '', url: request.url ?? ''})
      response.sendDate = false
      handler(request, body, response)
    })
  }
  const server = tls ? createTlsServer(TLS, listener) : createServer(listener)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const {port} = server.address() as AddressInfo
  return {handle: (next) => (handler = next), server, url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`, wire}
}

interface Scenario {
  /** A new handler for each run (some count what they saw). */
  handler: () => Handler
  request: (base: string) => gotClient.ApiRequest
  /** How the client is made: with a refresh (that renews or fails), or as a bare transport. */
  refresh?: 'renews' | 'fails'
  transport?: boolean
  /** Over HTTPS; `trusted`: with the loopback certificate among the agent's authorities. */
  tls?: 'trusted' | 'untrusted'
  retries?: number
  timeoutSeconds?: number
  /** Ctrl-C: the signal aborted this long after the request starts. */
  abortAfterMs?: number
  /** The scenario's own check, on the got outcome (the other is compared with it). */
  check: (outcome: Outcome) => void
}

const json =
  (status: number, text: string, headers: Record<string, string> = {}): Handler =>
  (_request, _body, response) => {
    response.writeHead(status, {'content-type': 'application/json', ...headers})
    response.end(text)
  }

const encoded =
  (encoding: string, bytes: Buffer): Handler =>
  (_request, _body, response) => {
    response.writeHead(200, {'content-encoding': encoding, 'content-length': bytes.length, 'content-type': 'application/json'})
    response.end(bytes)
  }

const USERS = '{"Code":1000,"User":{"Name":"demo"}}'

const scenarios: Record<string, Scenario> = {
  'a GET with the session’s headers': {
    check: (outcome) => expect(outcome.response?.body).to.equal(USERS),
    handler: () => json(200, USERS),
    request: (base) => ({method: 'GET', url: new URL(`${base}/core/v4/users?Page=0`)}),
  },
  'a POST with a body and headers of its own, one replacing the session’s': {
    check: (outcome) => expect(outcome.wire[0].headers).to.include('authorization: Bearer from-h'),
    handler: () => json(200, '{"Code":1000}'),
    request: (base) => ({body: Buffer.from('{"Name":"x"}'), headers: {authorization: 'Bearer from-h', 'x-extra': 'one'}, method: 'POST', url: new URL(`${base}/mail/v4/labels`)}),
  },
  'a GET with a body (allowed)': {
    check: (outcome) => expect(outcome.wire[0].body).to.equal('{}'),
    handler: () => json(200, '{"Code":1000}'),
    request: (base) => ({body: Buffer.from('{}'), method: 'GET', url: new URL(`${base}/x`)}),
  },
  'a HEAD with a body (refused before sending)': {
    check: (outcome) => expect(outcome.failure?.message).to.match(/HEAD. method cannot be used with a body/),
    handler: () => json(200, ''),
    request: (base) => ({body: Buffer.from('{}'), method: 'HEAD', url: new URL(`${base}/x`)}),
    retries: 0,
  },
  '401: the session refreshed once, the request sent again': {
    check(outcome) {
      expect(outcome.wire.map(({headers}) => headers.find((line) => line.startsWith('authorization')))).to.deep.equal(['authorization: Bearer old-token', 'authorization: Bearer new-token'])
      expect(outcome.response?.statusCode).to.equal(200)
    },
    handler: () => (request, _body, response) => json(request.headers.authorization === 'Bearer new-token' ? 200 : 401, '{"Code":1000}')(request, Buffer.alloc(0), response),
    refresh: 'renews',
    request: (base) => ({method: 'GET', url: new URL(`${base}/core/v4/users`)}),
  },
  '401 twice: the second answer stands': {
    check: (outcome) => expect([outcome.wire.length, outcome.response?.statusCode]).to.deep.equal([2, 401]),
    handler: () => json(401, '{"Code":401,"Error":"Invalid access token"}'),
    refresh: 'renews',
    request: (base) => ({method: 'GET', url: new URL(`${base}/core/v4/users`)}),
  },
  '401 and a refresh that fails: its failure': {
    check: (outcome) => expect(outcome.failure).to.deep.include({exitStatus: 2, message: 'session expired'}),
    handler: () => json(401, '{"Code":401}'),
    refresh: 'fails',
    request: (base) => ({method: 'GET', url: new URL(`${base}/core/v4/users`)}),
  },
  'a same-origin redirect followed, a 303 after a POST as a bodiless GET': {
    check: (outcome) => expect(outcome.wire.map(({method, url}) => `${method} ${url}`)).to.deep.equal(['POST /a', 'POST /b', 'GET /c']),
    handler: () => (request, _body, response) => {
      if (request.url === '/a') response.writeHead(307, {location: '/b'}).end()
      else if (request.url === '/b') response.writeHead(303, {location: '/c'}).end()
      else json(200, '{"Code":1000}')(request, Buffer.alloc(0), response)
    },
    request: (base) => ({body: Buffer.from('{"k":1}'), method: 'POST', url: new URL(`${base}/a`)}),
  },
  'a redirect to another origin answered, not followed': {
    check: (outcome) => expect(outcome.response?.refusedRedirect).to.equal('http://example.test/elsewhere'),
    handler: () => (_request, _body, response) => response.writeHead(302, {location: 'http://example.test/elsewhere'}).end(),
    request: (base) => ({method: 'GET', url: new URL(`${base}/a`)}),
  },
  'redirects without end': {
    check: (outcome) => expect(outcome.wire.length).to.equal(11),
    handler: () => (request, _body, response) => response.writeHead(302, {location: `${request.url}x`}).end(),
    request: (base) => ({method: 'GET', url: new URL(`${base}/a`)}),
    retries: 0,
  },
  'a gzip body, decoded, its encoding and length gone': {
    check: (outcome) => expect([outcome.response?.body, outcome.response?.headers['content-encoding']]).to.deep.equal([USERS, undefined]),
    handler: () => encoded('gzip', zlib.gzipSync(USERS)),
    request: (base) => ({method: 'GET', url: new URL(`${base}/x`)}),
  },
  deflate: {
    check: (outcome) => expect(outcome.response?.body).to.equal(USERS),
    handler: () => encoded('deflate', zlib.deflateSync(USERS)),
    request: (base) => ({method: 'GET', url: new URL(`${base}/x`)}),
  },
  'raw deflate (told from zlib’s by its first byte)': {
    check: (outcome) => expect(outcome.response?.body).to.equal(USERS),
    handler: () => encoded('deflate', zlib.deflateRawSync(USERS, {level: 0})),
    request: (base) => ({method: 'GET', url: new URL(`${base}/x`)}),
  },
  brotli: {
    check: (outcome) => expect(outcome.response?.body).to.equal(USERS),
    handler: () => encoded('br', zlib.brotliCompressSync(USERS)),
    request: (base) => ({method: 'GET', url: new URL(`${base}/x`)}),
  },
  ...(typeof zlib.zstdCompressSync === 'function'
    ? {
        zstd: {
          check: (outcome: Outcome) => expect(outcome.response?.body).to.equal(USERS),
          handler: () => encoded('zstd', zlib.zstdCompressSync(USERS)),
          request: (base: string) => ({method: 'GET', url: new URL(`${base}/x`)}),
        },
      }
    : {}),
  'two encodings, undone in turn': {
    check: (outcome) => expect(outcome.response?.body).to.equal(USERS),
    handler: () => encoded('deflate, gzip', zlib.gzipSync(zlib.deflateSync(USERS))),
    request: (base) => ({method: 'GET', url: new URL(`${base}/x`)}),
  },
  'a gzip body of 16 MiB in many chunks, decoded whole': {
    check: (outcome) => expect(outcome.response?.body).to.equal(`[${'0,'.repeat(8 * 1024 * 1024)}0]`),
    handler: () => encoded('gzip', zlib.gzipSync(`[${'0,'.repeat(8 * 1024 * 1024)}0]`)),
    request: (base) => ({method: 'GET', url: new URL(`${base}/x`)}),
  },
  'an encoding got does not know: the bytes as received': {
    check: (outcome) => expect(outcome.response?.headers['content-encoding']).to.equal('gzip, compress'),
    handler: () => encoded('gzip, compress', Buffer.from('not really')),
    request: (base) => ({method: 'GET', url: new URL(`${base}/x`)}),
  },
  'a body that does not decode': {
    check: (outcome) => expect(outcome.failure?.message).to.match(/failed: ERR_READING_RESPONSE_STREAM$/),
    handler: () => encoded('gzip', Buffer.from('not gzip at all')),
    request: (base) => ({method: 'GET', url: new URL(`${base}/x`)}),
    retries: 0,
  },
  '204, and a status line without reason': {
    check: (outcome) => expect([outcome.response?.statusCode, outcome.response?.statusMessage, outcome.response?.body]).to.deep.equal([204, 'No Content', '']),
    handler: () => (_request, _body, response) => response.writeHead(204, '').end(),
    request: (base) => ({method: 'DELETE', url: new URL(`${base}/x`)}),
  },
  'a body cut short of its Content-Length': {
    check: (outcome) => expect(outcome.failure?.exitStatus).to.equal(5),
    handler: () => (_request, _body, response) => {
      response.writeHead(200, {'content-length': '100', 'content-type': 'application/json'})
      response.write('{"Code":1000,')
      setTimeout(() => response.socket?.destroy(), 20)
    },
    request: (base) => ({method: 'GET', url: new URL(`${base}/x`)}),
    retries: 0,
  },
  '503 then success: one retry, logged': {
    check: (outcome) => expect(outcome.log.filter((line) => line.startsWith('(GET'))).to.have.length(1),
    handler() {
      let seen = 0
      return (request, body, response) => (seen++ === 0 ? json(503, '{"Code":503}', {'retry-after': '0'}) : json(200, '{}'))(request, body, response)
    },
    request: (base) => ({method: 'GET', url: new URL(`${base}/x`)}),
    retries: 1,
  },
  'a streamed body: sent chunked, opened anew for the retry after a 503 (the source re-read from its start)': {
    check(outcome) {
      expect(outcome.wire.map(({body}) => body)).to.deep.equal(['part one, part two', 'part one, part two'])
      expect(outcome.wire[0].headers).to.include('transfer-encoding: chunked')
      expect(outcome.log).to.include('> (body: streamed)')
      expect(outcome.response?.statusCode).to.equal(200)
    },
    handler() {
      let seen = 0
      return (request, body, response) => (seen++ === 0 ? json(503, '{"Code":503}', {'retry-after': '0'}) : json(200, '{}'))(request, body, response)
    },
    request: (base) => ({
      body: () => Readable.from([Buffer.from('part one, '), Buffer.from('part two')]),
      headers: {'content-type': 'multipart/form-data; boundary=x'},
      method: 'POST',
      url: new URL(`${base}/mail/v4/attachments`),
    }),
    retries: 1,
  },
  'retry: false: a 429 with Retry-After, then a 503, stand; the request is sent once': {
    check(outcome) {
      expect(outcome.wire).to.have.length(1)
      expect(outcome.response?.statusCode).to.equal(429)
      expect(outcome.log.some((line) => /retry \d+ of/.test(line))).to.equal(false)
    },
    handler() {
      let seen = 0
      return (request, body, response) => (seen++ === 0 ? json(429, '{"Code":429}', {'retry-after': '0'}) : json(503, '{"Code":503}'))(request, body, response)
    },
    request: (base) => ({body: Buffer.from('{}'), method: 'POST', retry: false, url: new URL(`${base}/mail/v4/messages/abc`)}),
    retries: 3,
  },
  'no answer within the timeout': {
    check: (outcome) => expect(outcome.failure?.message).to.match(/within 1 s \(timeout/),
    handler: () => () => undefined,
    request: (base) => ({method: 'GET', url: new URL(`${base}/x`)}),
    timeoutSeconds: 1,
  },
  'HTTPS with a certificate the agent trusts': {
    check: (outcome) => expect(outcome.response?.body).to.equal(USERS),
    handler: () => json(200, USERS),
    request: (base) => ({method: 'GET', url: new URL(`${base}/core/v4/users`)}),
    tls: 'trusted',
  },
  'HTTPS with a certificate nobody vouches for: refused': {
    check: (outcome) => expect(outcome.failure?.message).to.match(/failed: DEPTH_ZERO_SELF_SIGNED_CERT$/),
    handler: () => json(200, USERS),
    request: (base) => ({method: 'GET', url: new URL(`${base}/core/v4/users`)}),
    retries: 0,
    tls: 'untrusted',
  },
  'Ctrl-C while waiting for the answer': {
    abortAfterMs: 100,
    check: (outcome) => expect(outcome.failure).to.deep.equal({exitStatus: 130, message: 'interrupted', name: 'CliFailure'}),
    handler: () => () => undefined,
    request: (base) => ({method: 'GET', url: new URL(`${base}/x`)}),
  },
  'a bare transport (as refresh and login use it)': {
    check: (outcome) => expect(outcome.wire[0].headers.some((line) => line.startsWith('authorization'))).to.equal(false),
    handler: () => json(200, '{"Code":1000}'),
    request: (base) => ({body: Buffer.from('{}'), headers: {'x-pm-uid': 'u'}, method: 'POST', url: new URL(`${base}/auth/v4/refresh`)}),
    transport: true,
  },
}

async function run(client: Client, scenario: Scenario, base: string, wire: Wire[]): Promise<Outcome> {
  const log: string[] = []
  const session: ActiveSession = {accessToken: 'old-token', apiUrl: new URL(base), profile: 'p', refreshToken: 'r', source: 'env', uid: 'uid-1'}
  const controller = new AbortController()
  if (scenario.abortAfterMs !== undefined) setTimeout(() => controller.abort(), scenario.abortAfterMs)
  const options = {
    appVersion: 'Other',
    log: (line: string) => log.push(line),
    retries: scenario.retries ?? 3,
    signal: controller.signal,
    timeoutSeconds: scenario.timeoutSeconds ?? 10,
    userAgent: 'proton-cli/test',
  }
  const refresh = async () => {
    if (scenario.refresh === 'fails') throw new client.CliFailure('session expired', 2)
    session.accessToken = 'new-token'
  }

  const got = scenario.transport ? client.createTransport(options) : client.createApiClient({...options, refresh: scenario.refresh ? refresh : undefined, session})
  wire.length = 0
  const outcome: Outcome = {log, session, wire}
  try {
    const {body, headers, httpVersion, refusedRedirect, statusCode, statusMessage} = await client.send(got, scenario.request(base), options)
    outcome.response = {body: body.toString(), headers, httpVersion, refusedRedirect, statusCode, statusMessage}
  } catch (error) {
    const {exitStatus, message, name} = error as Error & {exitStatus?: number}
    outcome.failure = {exitStatus, message, name}
  }

  // Retry waits are random; the request's own ID is not there to compare.
  outcome.log = log.map((line) => line.replace(/in \d+ ms\)$/, 'in … ms)'))
  outcome.wire = [...wire]
  return outcome
}

describe('got-lite: client.ts over got-lite does what it does over got', function () {
  this.timeout(60_000)
  let withLite: Client
  let server: Awaited<ReturnType<typeof startServer>>
  let tlsServer: Awaited<ReturnType<typeof startServer>>
  const directory = mkdtempSync(join(tmpdir(), 'got-lite-test-'))

  before(async () => {
    // client.ts bundled as the fast path's bundle has it: got-lite in got's place.
    const source = (path: string) => new URL(`../../../src/lib/${path}`, import.meta.url).pathname
    const lite = source('http/got-lite.ts')
    const outfile = join(directory, 'client-lite.mjs')
    await build({
      bundle: true,
      stdin: {contents: `export * from '${source('http/client.ts')}'\nexport {CliFailure} from '${source('core/errors.ts')}'\n`, loader: 'ts', resolveDir: directory},
      format: 'esm',
      logLevel: 'error',
      outfile,
      platform: 'node',
      plugins: [{name: 'got-lite', setup: (bundle) => bundle.onResolve({filter: /^got$/}, () => ({path: lite}))}],
    })
    withLite = (await import(pathToFileURL(outfile).href)) as Client
    server = await startServer()
    tlsServer = await startServer(true)
  })

  after(() => {
    for (const each of [server, tlsServer]) {
      each?.server.closeAllConnections()
      each?.server.close()
    }

    rmSync(directory, {force: true, recursive: true})
  })

  afterEach(() => {
    delete globalAgent.options.ca
  })

  for (const [what, scenario] of Object.entries(scenarios)) {
    it(what, async () => {
      const target = scenario.tls ? tlsServer : server
      // Both send through Node's global agent: trusting the certificate there trusts it for both.
      if (scenario.tls === 'trusted') globalAgent.options.ca = TLS.cert
      target.handle(scenario.handler())
      const expected = await run(withGot, scenario, target.url, target.wire)
      scenario.check(expected)
      target.handle(scenario.handler())
      const actual = await run(withLite, scenario, target.url, target.wire)
      expect(actual).to.deep.equal(expected)
    })
  }
})
