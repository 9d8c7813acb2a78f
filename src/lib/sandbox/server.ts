/**
 * The sandbox's HTTP server: reads each request (bounded), applies faults,
 * checks x-pm-appversion and the session, routes, and always answers a JSON
 * envelope, whatever the input, except for the faults that exist to break
 * that rule.
 */
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http'
import type {AddressInfo, Socket} from 'node:net'

import {CODE, HEADER} from '../contract/contract.ts'
import {HUMAN_VERIFICATION_HEADER} from '../contract/service-codes.ts'
import {SandboxError} from './api-error.ts'
import {type Account, AuthService} from './auth.ts'
import {SANDBOX_CODE} from './codes.ts'
import {CONTROL_PREFIX, controlRoutes} from './control.ts'
import {FaultTable, type FaultRule} from './faults.ts'
import {apiRoutes, type Route} from './routes.ts'
import {SandboxState} from './state.ts'
import {type LoggedRequest, SandboxStats} from './stats.ts'
import type {JsonObject} from './validation.ts'

export interface SandboxOptions {
  host?: string
  port?: number
  username?: string
  password?: string
  totpKey?: Buffer
  tokenTtlSeconds?: number
  maxBodyBytes?: number
  /** Milliseconds since the epoch; tests move time with it. */
  clock?: () => number
  /** Told about an unexpected error (a sandbox bug), which was answered 500. */
  onError?: (error: unknown, method: string, path: string) => void
}

export interface Sandbox {
  url: string
  port: number
  state: SandboxState
  auth: AuthService
  faults: FaultTable
  stats: SandboxStats
  close(): Promise<void>
}

export const DEFAULTS = {host: '127.0.0.1', password: 'demo', tokenTtlSeconds: 3600, username: 'demo'} as const
export const MAX_BODY_BYTES = 1024 * 1024
/** Past this, the rest of a body is not even read: the connection is closed after the 413. */
const DRAIN_LIMIT_BYTES = 64 * MAX_BODY_BYTES
const JSON_TYPE = 'application/json; charset=utf-8'
const BAD_GATEWAY_PAGE =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n'

interface Body {
  bytes: Buffer
  size: number
  complete: boolean
}

function readBody(request: IncomingMessage, limit: number): Promise<Body> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let size = 0
    const finish = (complete: boolean) => resolve({bytes: Buffer.concat(chunks), complete, size})
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= limit) chunks.push(chunk)
      else if (size > DRAIN_LIMIT_BYTES) {
        request.pause()
        finish(false)
      }
    })
    request.on('end', () => finish(true))
    request.on('error', () => finish(false))
  })
}

function parseJsonObject(bytes: Buffer): JsonObject {
  const text = bytes.toString('utf8')
  if (text.trim() === '') return {}
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new SandboxError(400, CODE.INVALID_REQUIREMENT_ERROR, 'The body is not valid JSON')
  }

  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new SandboxError(422, CODE.INVALID_REQUIREMENT_ERROR, 'The body must be a JSON object')
  }

  return value as JsonObject
}

function writeJson(response: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}, truncate = false): void {
  if (response.headersSent || response.destroyed) return
  let bytes = Buffer.from(JSON.stringify(value), 'utf8')
  // The truncate fault: a complete HTTP answer whose JSON stops halfway.
  if (truncate) bytes = bytes.subarray(0, Math.max(1, Math.floor(bytes.length / 2)))
  response.writeHead(status, {...headers, 'content-length': String(bytes.length), 'content-type': JSON_TYPE})
  response.end(bytes)
}

function envelope(error: SandboxError): JsonObject {
  return {Code: error.code, Error: error.message}
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

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name]
  return typeof value === 'string' ? value : undefined
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const clock = options.clock ?? Date.now
  const maxBodyBytes = options.maxBodyBytes ?? MAX_BODY_BYTES
  const username = options.username ?? DEFAULTS.username
  const state = new SandboxState(username)
  const stats = new SandboxStats()
  const faults = new FaultTable()
  const account: Account = {email: String(state.user.Email), password: options.password ?? DEFAULTS.password, totpKey: options.totpKey, username}
  const auth = new AuthService({account, clock, stats, tokenTtlSeconds: options.tokenTtlSeconds ?? DEFAULTS.tokenTtlSeconds})
  const api = apiRoutes(state, auth)
  const control = controlRoutes(stats, faults, auth)

  /** A faulted answer; false when the fault only marks the answer (truncate). */
  const misbehave = (rule: FaultRule, request: IncomingMessage, response: ServerResponse, entry: LoggedRequest): boolean => {
    switch (rule.Kind) {
      case 'drop': {
        entry.Status = 0
        request.socket.destroy()
        return true
      }

      case 'html-502': {
        entry.Status = 502
        response.writeHead(502, {'content-length': String(Buffer.byteLength(BAD_GATEWAY_PAGE)), 'content-type': 'text/html'})
        response.end(BAD_GATEWAY_PAGE)
        return true
      }

      case 'rate-limit': {
        entry.Status = 429
        const error = new SandboxError(429, SANDBOX_CODE.TOO_MANY_REQUESTS, 'Too many recent API requests')
        writeJson(response, 429, envelope(error), {'retry-after': String(rule.RetryAfter ?? 1)})
        return true
      }

      case 'unavailable': {
        entry.Status = 503
        writeJson(response, 503, {Code: SANDBOX_CODE.UNAVAILABLE, Error: 'Service temporarily unavailable'})
        return true
      }

      case 'human-verification': {
        // Answered by the verification headers with the token it issued.
        const token = `sandbox-hv-${rule.ID}`
        if (header(request, HUMAN_VERIFICATION_HEADER.TOKEN) === token && header(request, HUMAN_VERIFICATION_HEADER.TYPE)) return false
        entry.Status = 422
        writeJson(response, 422, {
          Code: SANDBOX_CODE.HUMAN_VERIFICATION_REQUIRED,
          Details: {HumanVerificationMethods: ['captcha', 'email'], HumanVerificationToken: token, WebUrl: `http://${request.headers.host ?? 'sandbox'}${CONTROL_PREFIX}verify?token=${token}`},
          Error: 'Human verification required',
        })
        return true
      }

      case 'status': {
        entry.Status = rule.Status ?? 500
        writeJson(response, entry.Status, rule.Body)
        return true
      }

      default: {
        return false
      }
    }
  }

  const dispatch = (routes: Route[], method: string, url: URL, request: IncomingMessage, body: Buffer): JsonObject => {
    const {params, route} = findRoute(routes, method, url.pathname)
    const input = {headers: request.headers, json: () => parseJsonObject(body), params, query: url.searchParams}
    if (route.access === 'none') return route.handle(input)
    return route.handle(input, auth.authenticate(request.headers, route.access === 'full'))
  }

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const method = (request.method ?? 'GET').toUpperCase()
    let url: URL
    try {
      url = new URL(request.url ?? '/', 'http://sandbox.invalid')
    } catch {
      url = new URL('http://sandbox.invalid/')
    }

    const body = await readBody(request, maxBodyBytes)
    const entry: LoggedRequest = {Method: method, Path: url.pathname, Query: url.search.slice(1), Status: 0, Time: new Date(clock()).toISOString(), UID: header(request, HEADER.UID)}
    let truncate = false
    const isControl = url.pathname.startsWith(CONTROL_PREFIX)
    try {
      if (!body.complete && body.size > DRAIN_LIMIT_BYTES) response.setHeader('connection', 'close')
      if (body.size > maxBodyBytes) throw new SandboxError(413, CODE.INVALID_REQUIREMENT_ERROR, `The body is larger than ${maxBodyBytes} bytes`)
      if (isControl) {
        writeJson(response, 200, dispatch(control, method, url, request, body.bytes))
        return
      }

      stats.log(entry)
      const plan = faults.plan(method, url.pathname)
      if (plan.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, plan.delayMs).unref())
      if (plan.rule && misbehave(plan.rule, request, response, entry)) return
      truncate = plan.rule?.Kind === 'truncate'
      if (!header(request, HEADER.APP_VERSION)) {
        throw new SandboxError(400, SANDBOX_CODE.APP_VERSION_BAD, `The ${HEADER.APP_VERSION} header is required`)
      }

      const answer = dispatch(api, method, url, request, body.bytes)
      entry.Status = 200
      writeJson(response, 200, answer, {}, truncate)
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

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      options.onError?.(error, request.method ?? '', request.url ?? '')
      request.socket.destroy()
    })
  })
  // Malformed HTTP never reaches a handler; answer it in JSON too.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy()
      return
    }

    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400
    const text = JSON.stringify({Code: CODE.INVALID_REQUIREMENT_ERROR, Error: `Malformed HTTP request (${error.code ?? 'error'})`})
    socket.end(`HTTP/1.1 ${status} Bad Request\r\nContent-Type: ${JSON_TYPE}\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`)
  })

  const host = options.host ?? DEFAULTS.host
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const {address, port} = server.address() as AddressInfo
  return {
    auth,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
    faults,
    port,
    state,
    stats,
    url: `http://${address.includes(':') ? `[${address}]` : address}:${port}`,
  }
}
