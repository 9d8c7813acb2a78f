/**
 * The one HTTP client: got instances whose hooks attach the session's
 * headers and refuse to carry them to another origin, and send(), which
 * streams each answer's body to a writer as it arrives (refreshing an
 * expired access token once, retrying as the policy allows, logging
 * redacted lines for --verbose). Every command sends through here.
 */
import got, {type Got, type Request, RequestError, TimeoutError} from 'got'
import type {IncomingMessage} from 'node:http'
import type {Readable} from 'node:stream'
import {setTimeout as sleep} from 'node:timers/promises'

import type {ActiveSession} from '../session/session.ts'

import {HEADER} from '../contract/contract.ts'
import {CliFailure, TimeoutFailure, unavailableError} from '../core/errors.ts'
import {interruptedError} from '../core/interrupt.ts'
import {DEFAULT_MAX_BYTES, sizeText} from './max-size.ts'
import {headerLines, responseHeadLines} from './redact.ts'
import {DEFAULT_RETRIES, DEFAULT_TIMEOUT_SECONDS, type Outcome, retryDelayMs, retryReason} from './retry-policy.ts'

export {DEFAULT_TIMEOUT_SECONDS} from './retry-policy.ts'

/** How one request is sent: the deadline, the retries, what can interrupt it. */
export interface SendOptions {
  /** For the whole request, retries included (default DEFAULT_TIMEOUT_SECONDS). */
  timeoutSeconds?: number
  /** When the request must be answered (Date.now() milliseconds), for a run of several that --timeout bounds as one (--paginate); else timeoutSeconds from now. */
  deadline?: number
  /** How many times a failed attempt may be sent again (default DEFAULT_RETRIES; 0: never). */
  retries?: number
  /** Aborts the request in flight, or the wait before a retry (Ctrl-C). */
  signal?: AbortSignal
  /** Receives --verbose lines (already redacted); absent when not verbose. */
  log?: (line: string) => void
  /** The most bytes an answer's body may have, decoded (default DEFAULT_MAX_BYTES): more ends the request, exit 5. */
  maxBytes?: number
  /** How the error line names that bound (default "--max-size (SIZE)"). */
  maxBytesName?: string
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

/** An answer's status line and headers: known before its body. */
export interface ResponseHead {
  statusCode: number
  statusMessage: string
  httpVersion: string
  headers: Record<string, string | string[] | undefined>
  /** Set when a redirect to another origin was answered instead of followed. */
  refusedRedirect?: string
}

/** An answer whose body went to a BodyWriter, which made `body` of it. */
export type Received<B> = ResponseHead & {body: B}

export type ApiResponse = Received<Buffer>

/**
 * Where the body of the one attempt that is answered goes, chunk by chunk
 * (write is awaited before the next chunk is read: the socket waits, memory
 * stays flat). An attempt that fails partway is discarded before any retry,
 * so nothing of it reaches the user.
 */
export interface BodyWriter<B> {
  write(chunk: Buffer): Promise<void> | void
  end(): B | Promise<B>
  discard(): Promise<void> | void
}

/** Makes the writer for an answer, once its head is in and no retry will follow. */
export type Receiver<B> = (head: ResponseHead) => BodyWriter<B> | Promise<BodyWriter<B>>

/**
 * A body sent as it is made (an attachment, encrypted as its file is read): opened anew for each attempt, since a
 * stream cannot be sent twice; the retry re-reads its source from the start. Sent with chunked transfer coding.
 */
export type StreamedBody = () => Readable

export interface ApiRequest {
  method: string
  url: URL
  body?: Buffer | StreamedBody
  headers?: Record<string, string>
  /**
   * false: sent once, never again after it may have reached the service, whatever the answer (a 429 or 503, a lost
   * connection): the send of a message. A 401 (refresh) and a human verification, which the service answers before
   * doing anything, still send it again.
   */
  retry?: false
}

const ACCEPT = 'application/vnd.protonmail.v1+json'
/** Named here rather than left to the client, so that --dry-run's curl asks for the same encodings. */
export const ACCEPT_ENCODING = 'gzip, deflate, br'

/** The headers every request carries, whatever its session. */
function transportHeaders(options: TransportOptions): Record<string, string> {
  return {accept: ACCEPT, 'accept-encoding': ACCEPT_ENCODING, [HEADER.APP_VERSION]: options.appVersion, 'user-agent': options.userAgent}
}

/** The headers a request with the session carries (for --dry-run; the token in clear, for the caller to redact). */
export function sessionHeaders(session: Pick<ActiveSession, 'accessToken' | 'uid'>, options: TransportOptions, withBody: boolean): Record<string, string> {
  return {
    ...transportHeaders(options),
    [HEADER.AUTHORIZATION]: `Bearer ${session.accessToken}`,
    [HEADER.UID]: session.uid,
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
  const {log} = options
  return got.extend({
    allowGetBody: true,
    // Only same-origin redirects are followed: credentials stay with the session's origin.
    followRedirect: (response) => sameOrigin({headers: response.headers, url: response.url}),
    headers: transportHeaders(options),
    hooks: {
      beforeRedirect: [(next, response) => log?.(`< HTTP ${response.statusCode}: following redirect to ${next.url?.toString()}`)],
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
          if (body !== undefined) log(typeof (body as Readable).pipe === 'function' ? '> (body: streamed)' : `> (body: ${Buffer.byteLength(body as Buffer | string)} bytes)`)
        },
      ],
    },
    retry: {limit: 0},
    throwHttpErrors: false,
  })
}

/** What createApiClient adds to its instance: send() renews the session with it on a 401. */
const refreshers = new WeakMap<Got, {refresh: NonNullable<ClientOptions['refresh']>; session: ActiveSession}>()

/** A client that sends the session's credentials; send() refreshes them once on 401. */
export function createApiClient(options: ClientOptions): Got {
  const {refresh, session} = options
  const client = createTransport(options, session)
  if (refresh) refreshers.set(client, {refresh, session})
  return client
}

/** The first value of a header that may come more than once. */
export function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value
}

interface Opened {
  head: ResponseHead
  stream: Request
}

/**
 * One attempt, up to its status line and headers; the body is left in the
 * stream. A 401 with a refresher renews the session and sends again, once.
 */
async function open(client: Got, request: ApiRequest, timeoutMs: number, options: SendOptions, refreshed = false): Promise<Opened> {
  const {log, signal} = options
  const headers = {
    ...(request.body === undefined ? {} : {'content-type': 'application/json'}),
    ...request.headers,
  }
  const body = typeof request.body === 'function' ? request.body() : request.body
  const refresher = refreshers.get(client)
  // The token this attempt is sent with: a 401 for it after another request renewed it asks for no second refresh.
  const sentWith = refresher?.session.accessToken
  const stream = client.stream(request.url, {
    body,
    context: {ownHeaders: Object.keys(request.headers ?? {}).map((name) => name.toLowerCase())},
    headers,
    method: request.method as 'GET',
    signal,
    timeout: {request: timeoutMs},
  })
  // got's stream waits for a body to be written when the method may carry one.
  if (body === undefined) stream.end()
  // A streamed body not read to its end (an early answer, a failure) closes its source with the exchange.
  else if (!Buffer.isBuffer(body)) stream.once('close', () => body.destroy())
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    // Kept for the stream's life: a failure after the head is the body reader's to report.
    stream.on('error', reject)
    stream.once('response', resolve)
  })
  if (log) {
    const {headers, httpVersion, statusCode = 0, statusMessage} = response
    for (const line of responseHeadLines('< ', {headers, httpVersion, statusCode, statusMessage})) log(line)
  }

  if (response.statusCode === 401 && refresher && !refreshed) {
    stream.destroy()
    await refresher.refresh(sentWith ?? '')
    log?.('(access token refreshed; sending the request again)')
    return open(client, request, timeoutMs, options, true)
  }

  const statusCode = response.statusCode ?? 0
  const redirected = statusCode >= 300 && statusCode < 400 && typeof response.headers.location === 'string'
  return {
    head: {
      headers: response.headers,
      httpVersion: response.httpVersion,
      refusedRedirect: redirected ? String(response.headers.location) : undefined,
      statusCode,
      statusMessage: response.statusMessage ?? '',
    },
    stream,
  }
}

/** An answer over --max-size: one line, exit 5. */
function tooLarge(url: URL, maxBytes: number, name: string | undefined, declared?: number): CliFailure {
  const what = declared === undefined ? 'stopped reading it' : `its Content-Length is ${declared} bytes, not read`
  return unavailableError(`the answer from ${url.origin} is over ${name ?? `--max-size (${sizeText(maxBytes)})`}: ${what}; nothing printed or saved`)
}

/**
 * The body of an answer into its writer, decoded, at most `maxBytes` of it:
 * a larger one (a gzip bomb too, whose bytes are counted as they inflate)
 * stops there. The writer is discarded if anything fails.
 */
async function receiveBody<B>(opened: Opened, receive: Receiver<B>, request: ApiRequest, maxBytes: number, name?: string): Promise<B> {
  let writer: BodyWriter<B> | undefined
  try {
    // A body sent as it is says its size before any of it is read (an answer to HEAD, a 204 or a 304 has none).
    const {headers, statusCode} = opened.head
    const bodiless = request.method === 'HEAD' || statusCode === 204 || statusCode === 304
    const declared = bodiless || headers['content-encoding'] !== undefined ? Number.NaN : Number(single(headers['content-length']))
    if (declared > maxBytes) throw tooLarge(request.url, maxBytes, name, declared)
    writer = await receive(opened.head)
    let received = 0
    for await (const chunk of opened.stream as AsyncIterable<Buffer>) {
      received += chunk.length
      if (received > maxBytes) throw tooLarge(request.url, maxBytes, name)
      await writer.write(chunk)
    }

    return await writer.end()
  } catch (error) {
    opened.stream.destroy()
    await writer?.discard()
    throw error
  }
}

/** Collects a body in memory: for answers that are small by nature (sessions, the dedicated commands). */
export function collectBody(): BodyWriter<Buffer> {
  let chunks: Buffer[] = []
  return {
    discard() {
      chunks = []
    },
    end: () => Buffer.concat(chunks),
    write(chunk) {
      chunks.push(chunk)
    },
  }
}

/**
 * Send one request, again after a failure the retry policy allows, all
 * within the timeout, and hand the body of the answer that stands to the
 * writer `receive` makes. Whether to retry is decided on the status line,
 * before any of the body is read; a body that fails partway (a dropped
 * connection) is discarded, then retried or reported like any network
 * failure. Network failures and the timeout become exit-5 failures, an abort
 * (Ctrl-C) exit 130; an answer that is still a failure after the last retry
 * is returned as it is.
 */
export async function sendTo<B>(client: Got, request: ApiRequest, receive: Receiver<B>, options: SendOptions = {}): Promise<Received<B>> {
  const {log, signal} = options
  const timeoutSeconds = options.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS
  const retries = request.retry === false ? 0 : (options.retries ?? DEFAULT_RETRIES)
  const deadline = options.deadline ?? Date.now() + timeoutSeconds * 1000
  const timedOut = () => new TimeoutFailure(`no complete answer from ${request.url.origin} within ${timeoutSeconds} s (timeout; see --timeout)`)
  for (let retry = 1; ; retry++) {
    /** Why and after how long to send again; undefined: this outcome stands. */
    const plan = (outcome: Outcome) => {
      const reason = retry <= retries ? retryReason(request.method, outcome) : undefined
      if (reason === undefined) return undefined
      const wait = retryDelayMs(retry, outcome)
      // A wait that would run past the deadline is not started: the answer in hand stands.
      if (Date.now() + wait >= deadline) {
        log?.(`(${request.method} ${request.url.pathname}: ${reason}; not retried: waiting ${wait} ms would pass the ${timeoutSeconds} s timeout)`)
        return undefined
      }

      return {reason, wait}
    }

    let again: {reason: string; wait: number} | undefined
    try {
      const opened = await open(client, request, Math.max(1, deadline - Date.now()), options)
      again = plan({retryAfter: single(opened.head.headers['retry-after']), status: opened.head.statusCode})
      if (!again) return {...opened.head, body: await receiveBody(opened, receive, request, options.maxBytes ?? DEFAULT_MAX_BYTES, options.maxBytesName)}
      opened.stream.destroy()
    } catch (error) {
      if (signal?.aborted) throw interruptedError()
      // However the transport reports it (got's TimeoutError, a reset socket), the deadline has passed.
      if (error instanceof TimeoutError || Date.now() >= deadline) throw timedOut()
      const failure = describeNetworkError(error, request.url)
      // A failure of our own (a refused refresh, an answer that cannot be kept) is not the network's.
      if (!(error instanceof RequestError) || error.cause instanceof CliFailure) throw failure
      again = plan({networkError: networkReason(error)})
      if (!again) throw failure
    }

    log?.(`(${request.method} ${request.url.pathname}: ${again.reason}; retry ${retry} of ${retries} in ${again.wait} ms)`)
    try {
      await sleep(again.wait, undefined, {signal})
    } catch {
      throw interruptedError()
    }
  }
}

/** sendTo with the body collected in memory. */
export async function send(client: Got, request: ApiRequest, options: SendOptions = {}): Promise<ApiResponse> {
  return sendTo(client, request, collectBody, options)
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
