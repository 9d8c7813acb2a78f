/**
 * The loopback "recording server" of the tests: an HTTP server on 127.0.0.1
 * whose answers a test scripts, and which records every request it gets; a
 * raw one for answers node:http refuses to send; the mocha hooks that give a
 * describe block one (with a temporary home holding its session); and the
 * checks of what a command sent. A server closes when the test says so, and
 * by itself after a bound, so a failed test never leaves it running.
 */
import {expect} from 'chai'
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http'
import {type AddressInfo, createServer as createNetServer, type Server as NetServer, type Socket} from 'node:net'

import type {StoredSession} from '../../src/lib/session/store.ts'
import {expectStrictlyDescribed} from './strict-requests.ts'
import {type TempHome, tempHome, TOKENS} from './session-files.ts'

export interface Recorded {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: Buffer
}

export type Handler = (request: Recorded, response: ServerResponse) => void

export interface ScriptedServer {
  url: string
  requests: Recorded[]
  handle(handler: Handler): void
  close(): Promise<void>
}

/** Listen on 127.0.0.1 (any free port) until closed, or until `lifetimeMs` have passed. */
async function listenOnLoopback(server: NetServer, dropConnections: () => void, lifetimeMs: number): Promise<{url: string; close: () => Promise<void>}> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const close = () =>
    new Promise<void>((resolve) => {
      clearTimeout(lifetime)
      dropConnections()
      server.close(() => resolve())
    })
  const lifetime = setTimeout(() => void close(), lifetimeMs)
  lifetime.unref()
  return {close, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`}
}

export async function startServer(handler: Handler = (_req, res) => res.end('{"Code":1000}'), lifetimeMs = 60_000): Promise<ScriptedServer> {
  let current = handler
  const requests: Recorded[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const recorded = {body: Buffer.concat(chunks), headers: req.headers, method: req.method ?? '', url: req.url ?? ''}
      requests.push(recorded)
      current(recorded, res)
    })
  })
  const {close, url} = await listenOnLoopback(server, () => server.closeAllConnections(), lifetimeMs)
  return {
    close,
    handle(next) {
      current = next
    },
    requests,
    url,
  }
}

/**
 * A recording server in front of another (the sandbox): each request is recorded, bodies included, then forwarded
 * to `target` (once `hold` lets it go), and its answer passed back. What a command sends to a service that really acts (keys, drafts,
 * calendars) is then checked as what it sends to a scripted one.
 */
export async function startRecordingProxy(target: string, lifetimeMs = 60_000, hold: (request: Recorded) => Promise<void> = async () => {}): Promise<ScriptedServer> {
  return startServer((request, response) => {
    const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !['connection', 'content-length', 'host', 'transfer-encoding'].includes(name))) as Record<string, string>
    const forward = () => fetch(target + request.url, {body: request.body.length > 0 ? request.body : undefined, headers, method: request.method, redirect: 'manual'})
    hold(request)
      .then(forward)
      .then(
        async (answer) => {
          const body = Buffer.from(await answer.arrayBuffer())
          response.writeHead(answer.status, {'content-length': body.length, 'content-type': answer.headers.get('content-type') ?? 'application/json'})
          response.end(body)
        },
        () => response.destroy(),
      )
  }, lifetimeMs)
}

/** Answer with a JSON text exactly as given, or with any other value as JSON.stringify writes it. */
export function json(status: number, body: unknown): Handler {
  const text = typeof body === 'string' ? body : JSON.stringify(body)
  return (_req, res) => {
    res.writeHead(status, {'content-length': Buffer.byteLength(text), 'content-type': 'application/json'})
    res.end(text)
  }
}

/** Answer every request with the JSON status and body `answer` picks for it (a pretend service's routes). */
export function jsonAnswers(answer: (request: Recorded) => [status: number, body: unknown]): Handler {
  return (request, response) => {
    const [status, body] = answer(request)
    json(status, body)(request, response)
  }
}

export interface ServerForSuiteOptions {
  /** The answers (default: {"Code":1000}, status 200); a test may change them with server.handle(). */
  handler?: Handler
  lifetimeMs?: number
  /**
   * What each test gets anew: nothing (default: one server and one home for the block, the requests recorded
   * forgotten before each test), its own home beside the block's server ('home'), or both ('server+home').
   */
  perTest?: 'home' | 'server+home'
  /** Write a session for the server in the home: profile default with the test tokens, or as given. */
  session?: boolean | {profile?: string; fields?: Partial<StoredSession>}
}

/** For a describe block: a recording server and a temporary home (holding its session when asked). */
export function serverForSuite(options: ServerForSuiteOptions = {}): {readonly home: TempHome; readonly server: ScriptedServer} {
  let home: TempHome | undefined
  let server: ScriptedServer | undefined
  const {perTest} = options
  const session = options.session === true ? {} : options.session || undefined
  const startHome = async () => {
    home = tempHome()
    if (session) await home.writeSession(server!.url, session.profile, session.fields)
  }

  const startServing = async () => {
    server = await startServer(options.handler, options.lifetimeMs)
  }

  before(async () => {
    if (perTest !== 'server+home') await startServing()
    if (perTest === undefined) await startHome()
  })
  beforeEach(async () => {
    if (perTest === 'server+home') await startServing()
    else server!.requests.length = 0
    if (perTest !== undefined) await startHome()
  })
  afterEach(async () => {
    if (perTest !== undefined) home?.remove()
    if (perTest === 'server+home') await server?.close()
  })
  after(async () => {
    if (perTest !== 'server+home') await server?.close()
    if (perTest === undefined) home?.remove()
  })
  return {
    get home() {
      return home as TempHome
    },
    get server() {
      return server as ScriptedServer
    },
  }
}

/** What `run` sent to the server: the requests recorded while it ran. */
export async function sentDuring<T>(server: ScriptedServer, run: () => Promise<T>): Promise<{result: T; sent: Recorded[]}> {
  const before = server.requests.length
  const result = await run()
  return {result, sent: server.requests.slice(before)}
}

export interface ExpectedRequest {
  method: string
  /** Path and query exactly as sent, in order. */
  url: string
  /** The JSON body, compared byte for byte with JSON.stringify of this value (key order included); undefined: none. */
  body?: unknown
}

/**
 * The requests sent are the ones expected, in order and whole (method, path and query, body bytes), each with
 * the headers the official clients send: the session (the test tokens), x-pm-appversion, no human verification,
 * and Content-Type only with a body; and each passes the request check of --strict against the shipped description.
 */
export async function expectRequests(sent: Recorded[], expected: ExpectedRequest[], appVersion = 'Other'): Promise<void> {
  expect(sent.map(({method, url}) => `${method} ${url}`)).to.deep.equal(expected.map(({method, url}) => `${method} ${url}`))
  for (const [index, request] of sent.entries()) {
    const wanted = expected[index]
    const what = `${request.method} ${request.url}`
    expect(request.headers.authorization, what).to.equal(`Bearer ${TOKENS.AccessToken}`)
    expect(request.headers['x-pm-uid'], what).to.equal(TOKENS.UID)
    expect(request.headers['x-pm-appversion'], what).to.equal(appVersion)
    expect(request.headers, what).not.to.have.any.keys('x-pm-human-verification-token', 'x-pm-human-verification-token-type')
    if (wanted.body === undefined) {
      expect(request.body.length, what).to.equal(0)
      expect(request.headers, what).not.to.have.property('content-type')
    } else {
      expect(request.headers['content-type'], what).to.equal('application/json')
      expect(request.body.toString('utf8'), what).to.equal(JSON.stringify(wanted.body))
    }
  }

  await expectStrictlyDescribed(sent)
}

/**
 * A server that answers with bytes written as the test gives them, status line and headers included: what
 * node:http refuses to send (control characters in a reason phrase, bytes 0x80-0x9F in a header value). One
 * answer per connection, then the connection closes.
 */
export interface RawServer {
  url: string
  /** The request paths (with query) received, in order. */
  paths: string[]
  close(): Promise<void>
}

/** The whole answer to a request for `path`: status line, headers, body. */
export type RawHandler = (path: string) => Buffer

/** An answer from its parts; the head is written as latin1, one byte per character, as a server may send it. */
export function rawAnswer(statusLine: string, headers: Array<[string, string]>, body: Buffer | string): Buffer {
  const bytes = Buffer.from(body)
  const head = [statusLine, ...headers.map(([name, value]) => `${name}: ${value}`), `content-length: ${bytes.length}`, 'connection: close', '', ''].join('\r\n')
  return Buffer.concat([Buffer.from(head, 'latin1'), bytes])
}

export async function startRawServer(handler: RawHandler, lifetimeMs = 60_000): Promise<RawServer> {
  const paths: string[] = []
  const sockets = new Set<Socket>()
  const server = createNetServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => socket.destroy())
    let head = ''
    socket.on('data', (chunk: Buffer) => {
      if (head.includes('\r\n\r\n')) return
      head += chunk.toString('latin1')
      if (!head.includes('\r\n\r\n')) return
      const path = head.split(' ', 2)[1] ?? ''
      paths.push(path)
      socket.end(handler(path))
    })
  })
  const {close, url} = await listenOnLoopback(
    server,
    () => {
      for (const socket of sockets) socket.destroy()
    },
    lifetimeMs,
  )
  return {close, paths, url}
}
