/**
 * The one HTTP client: got instances whose hooks attach the session's
 * headers, refuse to carry them to another origin, refresh an expired
 * access token once, and log redacted request and response lines for
 * --verbose. Every command sends through here.
 */
import got, {type Got, RequestError, type Response, TimeoutError} from 'got'
import {setTimeout as sleep} from 'node:timers/promises'

import type {ActiveSession} from '../session/session.ts'

import {HEADER} from '../contract/contract.ts'
import {CliFailure, unavailableError} from '../runtime/errors.ts'
import {interruptedError} from '../runtime/interrupt.ts'
import {headerLines} from './redact.ts'
import {DEFAULT_RETRIES, DEFAULT_TIMEOUT_SECONDS, type Outcome, retryDelayMs, retryReason} from './retry-policy.ts'

export {DEFAULT_TIMEOUT_SECONDS} from './retry-policy.ts'

/** How one request is sent: the deadline, the retries, what can interrupt it. */
export interface SendOptions {
  /** For the whole request, retries included (default DEFAULT_TIMEOUT_SECONDS). */
  timeoutSeconds?: number
  /** How many times a failed attempt may be sent again (default DEFAULT_RETRIES; 0: never). */
  retries?: number
  /** Aborts the request in flight, or the wait before a retry (Ctrl-C). */
  signal?: AbortSignal
  /** Receives --verbose lines (already redacted); absent when not verbose. */
  log?: (line: string) => void
}

export interface TransportOptions extends SendOptions {
  appVersion: string
  userAgent: string
}

export interface ClientOptions extends TransportOptions {
  session: ActiveSession
  /**
   * Called once when the service answers 401: renews the session's tokens in
   * place (or throws), after which the request is sent again.
   */
  refresh?: (failedAccessToken: string) => Promise<void>
}

export interface ApiResponse {
  statusCode: number
  statusMessage: string
  httpVersion: string
  headers: Record<string, string | string[] | undefined>
  body: Buffer
  /** Set when a redirect to another origin was answered instead of followed. */
  refusedRedirect?: string
}

export interface ApiRequest {
  method: string
  url: URL
  body?: Buffer
  headers?: Record<string, string>
}

const ACCEPT = 'application/vnd.protonmail.v1+json'

/** The headers a request with the session carries (for --dry-run; the token in clear, for the caller to redact). */
export function sessionHeaders(session: Pick<ActiveSession, 'accessToken' | 'uid'>, options: TransportOptions, withBody: boolean): Record<string, string> {
  return {
    accept: ACCEPT,
    [HEADER.AUTHORIZATION]: `Bearer ${session.accessToken}`,
    [HEADER.UID]: session.uid,
    [HEADER.APP_VERSION]: options.appVersion,
    ...(withBody ? {'content-type': 'application/json'} : {}),
  }
}

function sameOrigin(response: {headers: Record<string, unknown>; url: string}): boolean {
  const location = response.headers.location
  if (typeof location !== 'string') return false
  try {
    return new URL(location, response.url).origin === new URL(response.url).origin
  } catch {
    return false
  }
}

/** The transport settings every request shares, with credentials when given (read at each send). */
export function createTransport(options: TransportOptions, credentials?: Pick<ActiveSession, 'accessToken' | 'uid'>): Got {
  const {appVersion, log, userAgent} = options
  return got.extend({
    allowGetBody: true,
    // Only same-origin redirects are followed: credentials stay with the session's origin.
    followRedirect: (response) => sameOrigin({headers: response.headers, url: response.url}),
    headers: {accept: ACCEPT, [HEADER.APP_VERSION]: appVersion, 'user-agent': userAgent},
    hooks: {
      afterResponse: [
        (response) => {
          if (log) {
            log(`< HTTP/${response.httpVersion} ${response.statusCode} ${response.statusMessage ?? ''}`.trimEnd())
            for (const line of headerLines('< ', response.headers)) log(line)
          }

          return response
        },
      ],
      beforeRedirect: [
        (next, response) => log?.(`< HTTP ${response.statusCode}: following redirect to ${next.url?.toString()}`),
      ],
      beforeRequest: [
        (request) => {
          // Headers the person set with -H win over the session's (api warns about it).
          const own = new Set((request.context as {ownHeaders?: string[]}).ownHeaders ?? [])
          if (credentials && !own.has(HEADER.AUTHORIZATION)) request.headers[HEADER.AUTHORIZATION] = `Bearer ${credentials.accessToken}`
          if (credentials && !own.has(HEADER.UID)) request.headers[HEADER.UID] = credentials.uid

          if (!log) return
          log(`> ${request.method} ${request.url?.toString()}`)
          for (const line of headerLines('> ', request.headers as Record<string, string>)) log(line)
          const body = request.body
          if (body !== undefined) log(`> (body: ${Buffer.byteLength(body as Buffer | string)} bytes)`)
        },
      ],
    },
    responseType: 'buffer',
    retry: {limit: 0},
    throwHttpErrors: false,
  })
}

/** A client that sends the session's credentials, refreshing them once on 401. */
export function createApiClient(options: ClientOptions): Got {
  const {refresh, session} = options
  return createTransport(options, session).extend({
    hooks: {
      afterResponse: [
        async (response, retryWithMergedOptions) => {
          const context = response.request.options.context as {refreshed?: boolean}
          if (response.statusCode !== 401 || !refresh || context.refreshed) return response
          await refresh(session.accessToken)
          options.log?.('(access token refreshed; sending the request again)')
          return retryWithMergedOptions({context: {refreshed: true}})
        },
      ],
    },
  })
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value
}

async function attempt(client: Got, request: ApiRequest, timeoutMs: number, signal?: AbortSignal): Promise<ApiResponse> {
  const headers = {
    ...(request.body === undefined ? {} : {'content-type': 'application/json'}),
    ...request.headers,
  }
  const response: Response<Uint8Array> = await client(request.url, {
    body: request.body,
    context: {ownHeaders: Object.keys(request.headers ?? {}).map((name) => name.toLowerCase())},
    headers,
    method: request.method as 'GET',
    responseType: 'buffer',
    signal,
    timeout: {request: timeoutMs},
  })
  const raw = response.body
  const redirected = response.statusCode >= 300 && response.statusCode < 400 && typeof response.headers.location === 'string'
  return {
    // got hands back a Uint8Array; a Buffer view of the same memory, no copy.
    body: Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength),
    headers: response.headers,
    httpVersion: response.httpVersion,
    refusedRedirect: redirected ? String(response.headers.location) : undefined,
    statusCode: response.statusCode,
    statusMessage: response.statusMessage ?? '',
  }
}

/**
 * Send one request, again after a failure the retry policy allows, all
 * within the timeout. Network failures and the timeout become exit-5
 * failures, an abort (Ctrl-C) exit 130; an answer that is still a failure
 * after the last retry is returned as it is.
 */
export async function send(client: Got, request: ApiRequest, options: SendOptions = {}): Promise<ApiResponse> {
  const {log, signal} = options
  const timeoutSeconds = options.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS
  const retries = options.retries ?? DEFAULT_RETRIES
  const deadline = Date.now() + timeoutSeconds * 1000
  const timedOut = () => unavailableError(`no complete answer from ${request.url.origin} within ${timeoutSeconds} s (timeout; see --timeout)`)
  for (let retry = 1; ; retry++) {
    let response: ApiResponse | undefined
    let failure: Error | undefined
    let outcome: Outcome
    try {
      response = await attempt(client, request, Math.max(1, deadline - Date.now()), signal)
      outcome = {retryAfter: single(response.headers['retry-after']), status: response.statusCode}
    } catch (error) {
      if (signal?.aborted) throw interruptedError()
      // However the transport reports it (got's TimeoutError, a reset socket), the deadline has passed.
      if (error instanceof TimeoutError || Date.now() >= deadline) throw timedOut()
      failure = describeNetworkError(error, request.url)
      // A failure of our own (a refused refresh, say) is not the network's.
      if (!(error instanceof RequestError) || error.cause instanceof CliFailure) throw failure
      outcome = {networkError: networkReason(error)}
    }

    const reason = retry <= retries ? retryReason(request.method, outcome) : undefined
    const wait = reason === undefined ? 0 : retryDelayMs(retry, outcome)
    // A wait that would run past the deadline is not started: the last answer stands.
    if (reason === undefined || Date.now() + wait >= deadline) {
      if (response) return response
      throw failure
    }

    log?.(`(${request.method} ${request.url.pathname}: ${reason}; retry ${retry} of ${retries} in ${wait} ms)`)
    try {
      await sleep(wait, undefined, {signal})
    } catch {
      throw interruptedError()
    }
  }
}

function networkReason(error: RequestError): string {
  return error.code && error.code !== 'ERR_GOT_REQUEST_ERROR' ? error.code : error.message
}

// What to check when the service cannot be reached at all: where the address came from.
const CHECK_URL = "is --api-url / the session's API URL right?"

/** A network failure as one line: what failed, on which address, and what to check when that is known. */
export function networkFailureMessage(code: string, url: URL): string {
  switch (code) {
    case 'ECONNREFUSED': {
      return `cannot connect to ${url.origin} (connection refused): is the service reachable, and ${CHECK_URL}`
    }

    case 'ENOTFOUND': {
      return `cannot find the host ${url.hostname} (DNS lookup failed: ENOTFOUND): is the network up, and ${CHECK_URL}`
    }

    case 'EAI_AGAIN': {
      return `cannot look up the host ${url.hostname} (DNS lookup failed for now: EAI_AGAIN): is the network up?`
    }

    case 'EHOSTUNREACH':
    case 'ENETUNREACH': {
      return `cannot reach ${url.origin} (${code === 'EHOSTUNREACH' ? 'no route to the host' : 'network unreachable'}): is the network up, and ${CHECK_URL}`
    }

    default: {
      return `request to ${url.origin} failed: ${code}`
    }
  }
}

function describeNetworkError(error: unknown, url: URL): Error {
  // A failure of our own raised inside a hook (a refused refresh, say) keeps its meaning.
  if (error instanceof RequestError && error.cause instanceof CliFailure) return error.cause
  if (error instanceof RequestError) return unavailableError(networkFailureMessage(networkReason(error), url))
  return error instanceof Error ? error : new Error(String(error))
}
