/**
 * The sandbox's HTTP server: reads each request (bounded), applies faults,
 * checks x-pm-appversion and the session, routes, and always answers a JSON
 * envelope, whatever the input, except for the faults that exist to break
 * that rule.
 */
import {randomBytes, timingSafeEqual} from 'node:crypto'
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http'
import type {AddressInfo, Socket} from 'node:net'

import {CODE, HEADER} from '../../lib/contract/contract.ts'
import {SandboxError} from '../backend/api-error.ts'
import {type Account, AuthService} from '../handlers/auth.ts'
import {SANDBOX_CODE} from '../backend/codes.ts'
import {CONTROL_PREFIX, CONTROL_SECRET_HEADER, controlRoutes} from '../handlers/control.ts'
import {answerFault} from './fault-answers.ts'
import {FaultTable} from './faults.ts'
import {ForkService} from '../handlers/forks.ts'
import {Verifications, VERIFY_PATH} from '../handlers/verification.ts'
import {keyPassphrase} from '../../lib/crypto/passphrase.ts'
import {ATTACHMENT_MAX_BODY_BYTES, ATTACHMENTS_PATH, DRAIN_LIMIT_BYTES, envelope, header, JSON_TYPE, MAX_BODY_BYTES, parseJsonObject, readBody, writeJson} from './http-io.ts'
import {type SandboxKeys, sandboxKeys} from '../backend/keys.ts'
import {isDrivePath} from '../backend/drive-recorder.ts'
import {STORAGE_MAX_BODY_BYTES, STORAGE_PATH} from '../handlers/drive/transfers.ts'
import {RawAnswer, type Route, type RouteAnswer} from '../backend/route-types.ts'
import {apiRoutes} from './router.ts'
import {SandboxState} from '../backend/state.ts'
import {type LoggedRequest, SandboxStats} from '../backend/stats.ts'

export {MAX_BODY_BYTES} from './http-io.ts'

export interface SandboxOptions {
  host?: string
  port?: number
  username?: string
  password?: string
  /** Two-password mode: the user key is locked with a passphrase from this instead of from the password. */
  mailboxPassword?: string
  totpKey?: Buffer
  tokenTtlSeconds?: number
  maxBodyBytes?: number
  /** Milliseconds since the epoch; tests move time with it. */
  clock?: () => number
  /** What /__sandbox/ controls must carry in X-Sandbox-Secret (default: a new random one). */
  controlSecret?: string
  /** Told about an unexpected error (a sandbox bug), which was answered 500. */
  onError?: (error: unknown, method: string, path: string) => void
}

export interface Sandbox {
  url: string
  /** The X-Sandbox-Secret its controls need. */
  controlSecret: string
  port: number
  state: SandboxState
  auth: AuthService
  faults: FaultTable
  stats: SandboxStats
  close(): Promise<void>
}

/** Match a route: the route, or 404 / 405 as the service answers them. */
function findRoute(routes: Route[], method: string, path: string): {route: Route; params: string[]} {
  let allowed: string[] = []
  for (const route of routes) {
    const match = route.path.exec(path)
    if (!match) continue
    if (route.method !== method) {
      allowed = [...allowed, route.method]
      continue
    }

    try {
      return {params: match.slice(1).map((param) => decodeURIComponent(param)), route}
    } catch {
      throw new SandboxError(400, CODE.INVALID_REQUIREMENT_ERROR, 'The path has a malformed percent-encoding')
    }
  }

  if (allowed.length > 0) throw new SandboxError(405, SANDBOX_CODE.NOT_ALLOWED, `${method} is not allowed here (${allowed.join(', ')})`, {allow: allowed.join(', ')})
  throw new SandboxError(404, CODE.NOT_FOUND_ERROR, `No such endpoint: ${method} ${path}`)
}

export const DEFAULTS = {host: '127.0.0.1', password: 'demo', tokenTtlSeconds: 3600, username: 'demo'} as const
/** What a running sandbox serves: its state, login, faults and counters. */
interface Services {
  controlSecret: string
  state: SandboxState
  auth: AuthService
  faults: FaultTable
  stats: SandboxStats
  forks: ForkService
  verifications: Verifications
  /** The account's key passphrase (what an approving device hands a fork), derived on first use. */
  keyPassword: () => string
}

function services(options: SandboxOptions, clock: () => number, keys: SandboxKeys): Services {
  const username = options.username ?? DEFAULTS.username
  const state = new SandboxState(username, keys)
  const stats = new SandboxStats()
  const account: Account = {email: String(state.user.Email), password: options.password ?? DEFAULTS.password, totpKey: options.totpKey, username}
  const auth = new AuthService({account, clock, stats, tokenTtlSeconds: options.tokenTtlSeconds ?? DEFAULTS.tokenTtlSeconds})
  const forks = new ForkService({clock, openChild: () => auth.openChild(), userId: () => String(state.user.ID)})
  let passphrase: string | undefined
  const keyPassword = () => (passphrase ??= keyPassphrase(options.mailboxPassword ?? account.password, keys.keySalt))
  return {auth, controlSecret: options.controlSecret ?? randomBytes(18).toString('base64url'), faults: new FaultTable(), forks, keyPassword, state, stats, verifications: new Verifications()}
}

/** One request, answered: controls, faults, the app-version rule, then the API's routes. */
/** Controls change what every client of the sandbox sees: only who started it (and was told its secret) may use them. */
function checkControlSecret(request: IncomingMessage, secret: string): void {
  const given = Buffer.from(header(request, CONTROL_SECRET_HEADER) ?? '')
  const expected = Buffer.from(secret)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new SandboxError(403, SANDBOX_CODE.NOT_ALLOWED, `the sandbox's controls need the ${CONTROL_SECRET_HEADER} header it printed at start`)
  }
}

function requestHandler({auth, controlSecret, faults, forks, keyPassword, state, stats, verifications}: Services, options: SandboxOptions, clock: () => number) {
  const maxBodyBytes = options.maxBodyBytes ?? MAX_BODY_BYTES
  const api = apiRoutes(state, auth, forks, verifications)
  const control = controlRoutes(stats, faults, auth, state, {forks, keyPassword, verifications})
  const dispatch = async (routes: Route[], method: string, url: URL, request: IncomingMessage, body: Buffer): Promise<RouteAnswer> => {
    const {params, route} = findRoute(routes, method, url.pathname)
    const input = {body, headers: request.headers, json: () => parseJsonObject(body), params, query: url.searchParams}
    if (route.access === 'none') return route.handle(input)
    return route.handle(input, auth.authenticate(request.headers, route.access === 'full'))
  }

  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const method = (request.method ?? 'GET').toUpperCase()
    let url: URL
    try {
      url = new URL(request.url ?? '/', 'http://sandbox.invalid')
    } catch {
      url = new URL('http://sandbox.invalid/')
    }

    // An attachment's upload carries up to the account's MaxUpload (25 MiB) of data, a drive block up to 4 MiB and its
    // encryption: their own bounds, above the API's.
    const storage = url.pathname === STORAGE_PATH
    const bodyLimit = url.pathname === ATTACHMENTS_PATH ? Math.max(maxBodyBytes, ATTACHMENT_MAX_BODY_BYTES) : storage ? Math.max(maxBodyBytes, STORAGE_MAX_BODY_BYTES) : maxBodyBytes
    const body = await readBody(request, bodyLimit)
    const entry: LoggedRequest = {Method: method, Path: url.pathname, Query: url.search.slice(1), Status: 0, Time: new Date(clock()).toISOString(), UID: header(request, HEADER.UID), AppVersion: header(request, HEADER.APP_VERSION)}
    let truncate = false
    try {
      if (!body.complete && body.size > DRAIN_LIMIT_BYTES) response.setHeader('connection', 'close')
      if (body.size > bodyLimit) throw new SandboxError(413, CODE.INVALID_REQUIREMENT_ERROR, `The body is larger than ${bodyLimit} bytes`)
      if (url.pathname.startsWith(CONTROL_PREFIX)) {
        // The verification page is opened by a person's browser, which has no secret; it can only mark a challenge solved.
        if (url.pathname !== VERIFY_PATH) checkControlSecret(request, controlSecret)
        writeAnswer(response, await dispatch(control, method, url, request, body.bytes))
        return
      }

      stats.log(entry)
      const plan = faults.plan(method, url.pathname)
      if (plan.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, plan.delayMs).unref())
      if (plan.rule && answerFault(plan.rule, request, response, entry, verifications)) return
      truncate = plan.rule?.Kind === 'truncate'
      if (isDrivePath(url.pathname)) state.drive.requests.record(method, url.pathname, body.bytes)
      // The storage server authenticates by its token alone (WebClients sends blocks without the app version).
      if (!header(request, HEADER.APP_VERSION) && !storage) {
        throw new SandboxError(400, SANDBOX_CODE.APP_VERSION_MISSING, `The ${HEADER.APP_VERSION} header is required`)
      }

      const answer = await dispatch(api, method, url, request, body.bytes)
      entry.Status = 200
      writeAnswer(response, answer, truncate)
    } catch (error) {
      if (error instanceof SandboxError) {
        entry.Status = error.status
        writeJson(response, error.status, envelope(error), error.headers, truncate)
        return
      }

      options.onError?.(error, method, url.pathname)
      entry.Status = 500
      writeJson(response, 500, {Code: SANDBOX_CODE.INTERNAL, Error: 'Internal sandbox error'})
    }
  }
}

/** A 200: JSON, or the bytes of a raw answer (the truncate fault cuts either in half). */
function writeAnswer(response: ServerResponse, answer: RouteAnswer, truncate = false): void {
  if (!(answer instanceof RawAnswer)) {
    writeJson(response, 200, answer, {}, truncate)
    return
  }

  const bytes = truncate ? answer.bytes.subarray(0, Math.max(1, Math.floor(answer.bytes.length / 2))) : answer.bytes
  response.writeHead(200, {'content-length': String(bytes.length), 'content-type': answer.type})
  response.end(bytes)
}

/** Malformed HTTP never reaches a handler; answer it in JSON too. */
function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy()
    return
  }

  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400
  const text = JSON.stringify({Code: CODE.INVALID_REQUIREMENT_ERROR, Error: `Malformed HTTP request (${error.code ?? 'error'})`})
  socket.end(`HTTP/1.1 ${status} Bad Request\r\nContent-Type: ${JSON_TYPE}\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`)
}

function listen(server: Server, host: string, port: number): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve(server.address() as AddressInfo)
    })
  })
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const clock = options.clock ?? Date.now
  const served = services(options, clock, await sandboxKeys(options.mailboxPassword ?? options.password ?? DEFAULTS.password))
  const handle = requestHandler(served, options, clock)
  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      options.onError?.(error, request.method ?? '', request.url ?? '')
      request.socket.destroy()
    })
  })
  // Idle connections are kept 65 s, as a production front end keeps them: with Node's 5 s default, a client that
  // reuses its socket after a slow step (bcrypt or key unlocking on a loaded machine) races the server's close and
  // meets ECONNRESET on a request it cannot safely repeat (POST /auth/v4).
  server.keepAliveTimeout = 65_000
  server.on('clientError', answerClientError)
  const {address, port} = await listen(server, options.host ?? DEFAULTS.host, options.port ?? 0)
  return {
    ...served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
    port,
    url: `http://${address.includes(':') ? `[${address}]` : address}:${port}`,
  }
}
