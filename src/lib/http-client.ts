/**
 * The one HTTP client: got instances whose hooks attach the session's
 * headers, refuse to carry them to another origin, refresh an expired
 * access token once, and log redacted request and response lines for
 * --verbose. Every command sends through here.
 */
import got, {type Got, RequestError, type Response, TimeoutError} from 'got'

import type {ActiveSession} from './session.ts'

import {HEADER} from './contract.ts'
import {CliFailure, unavailableError} from './errors.ts'
import {headerLines} from './redact.ts'

/** The whole request, connection to last byte, unless the caller says otherwise. */
export const DEFAULT_TIMEOUT_SECONDS = 120

export interface TransportOptions {
  appVersion: string
  userAgent: string
  timeoutSeconds?: number
  /** Receives --verbose lines (already redacted); absent when not verbose. */
  log?: (line: string) => void
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
  const timeoutSeconds = options.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS
  return got.extend({
    allowGetBody: true,
    // Only same-origin redirects are followed: credentials stay with the session's origin.
    followRedirect: (response) => sameOrigin({headers: response.headers, url: response.url}),
    headers: {accept: 'application/vnd.protonmail.v1+json', [HEADER.APP_VERSION]: appVersion, 'user-agent': userAgent},
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
          if (credentials) {
            request.headers[HEADER.AUTHORIZATION] = `Bearer ${credentials.accessToken}`
            request.headers[HEADER.UID] = credentials.uid
          }

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
    timeout: {request: timeoutSeconds * 1000},
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

/** Send one request; network failures and timeouts become exit-5 failures. */
export async function send(client: Got, request: ApiRequest, timeoutSeconds = DEFAULT_TIMEOUT_SECONDS): Promise<ApiResponse> {
  let response: Response<Uint8Array>
  try {
    response = await client(request.url, {
      body: request.body,
      headers: {
        ...(request.body === undefined ? {} : {'content-type': 'application/json'}),
        ...request.headers,
      },
      method: request.method as 'GET',
      responseType: 'buffer',
    })
  } catch (error) {
    throw describeNetworkError(error, request.url, timeoutSeconds)
  }

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

function describeNetworkError(error: unknown, url: URL, timeoutSeconds: number): Error {
  // A failure of our own raised inside a hook (a refused refresh, say) keeps its meaning.
  if (error instanceof RequestError && error.cause instanceof CliFailure) return error.cause
  if (error instanceof TimeoutError) {
    return unavailableError(`no complete answer from ${url.origin} within ${timeoutSeconds} s (timeout)`)
  }

  if (error instanceof RequestError) {
    const reason = error.code && error.code !== 'ERR_GOT_REQUEST_ERROR' ? error.code : error.message
    return unavailableError(`request to ${url.origin} failed: ${reason}`)
  }

  return error instanceof Error ? error : new Error(String(error))
}
