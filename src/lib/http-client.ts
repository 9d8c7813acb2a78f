/**
 * The one HTTP client: a got instance whose hooks attach the session's
 * headers, refuse to carry them to another origin, and log redacted request
 * and response lines for --verbose. Every command sends through here.
 */
import got, {type Got, RequestError, type Response, TimeoutError} from 'got'

import type {ActiveSession} from './session.ts'

import {HEADER} from './contract.ts'
import {unavailableError} from './errors.ts'
import {headerLines} from './redact.ts'

/** The whole request, connection to last byte, unless the caller says otherwise. */
export const DEFAULT_TIMEOUT_SECONDS = 120

export interface ClientOptions {
  session: ActiveSession
  appVersion: string
  userAgent: string
  timeoutSeconds?: number
  /** Receives --verbose lines (already redacted); absent when not verbose. */
  log?: (line: string) => void
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

export function createApiClient(options: ClientOptions): Got {
  const {appVersion, log, session, userAgent} = options
  const timeoutSeconds = options.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS
  return got.extend({
    allowGetBody: true,
    // Only same-origin redirects are followed: credentials stay with the session's origin.
    followRedirect: (response) => sameOrigin({headers: response.headers, url: response.url}),
    headers: {accept: 'application/vnd.protonmail.v1+json', 'user-agent': userAgent},
    hooks: {
      afterResponse: [
        (response) => {
          if (log) {
            log(`< HTTP/${response.httpVersion} ${response.statusCode} ${response.statusMessage ?? ''}`.trimEnd())
            for (const line of headerLines('< ', response.headers)) log(line)
          }

          return response
        },
        // The sessions work adds its refresh-on-401 hook here, before the
        // response reaches the command.
      ],
      beforeRedirect: [
        (next, response) => log?.(`< HTTP ${response.statusCode}: following redirect to ${next.url?.toString()}`),
      ],
      beforeRequest: [
        (request) => {
          request.headers[HEADER.AUTHORIZATION] = `Bearer ${session.accessToken}`
          request.headers[HEADER.UID] = session.uid
          request.headers[HEADER.APP_VERSION] = appVersion
          if (log) {
            log(`> ${request.method} ${request.url?.toString()}`)
            for (const line of headerLines('> ', request.headers as Record<string, string>)) log(line)
            const body = request.body
            if (body !== undefined) log(`> (body: ${Buffer.byteLength(body as Buffer | string)} bytes)`)
          }
        },
      ],
    },
    responseType: 'buffer',
    retry: {limit: 0},
    throwHttpErrors: false,
    timeout: {request: timeoutSeconds * 1000},
  })
}

/** Send one request; network failures and timeouts become exit-5 failures. */
export async function send(client: Got, request: ApiRequest, timeoutSeconds = DEFAULT_TIMEOUT_SECONDS): Promise<ApiResponse> {
  let response: Response<Uint8Array>
  try {
    response = (await client(request.url, {
      body: request.body,
      headers: {
        ...(request.body === undefined ? {} : {'content-type': 'application/json'}),
        ...request.headers,
      },
      method: request.method as 'GET',
      responseType: 'buffer',
    }))
  } catch (error) {
    throw describeNetworkError(error, request.url, timeoutSeconds)
  }

  const redirected = response.statusCode >= 300 && response.statusCode < 400 && typeof response.headers.location === 'string'
  const raw = response.body
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
  if (error instanceof TimeoutError) {
    return unavailableError(`no complete answer from ${url.origin} within ${timeoutSeconds} s (timeout)`)
  }

  if (error instanceof RequestError) {
    const reason = error.code && error.code !== 'ERR_GOT_REQUEST_ERROR' ? error.code : error.message
    return unavailableError(`request to ${url.origin} failed: ${reason}`)
  }

  return error instanceof Error ? error : new Error(String(error))
}
