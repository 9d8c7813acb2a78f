/**
 * The part of got's API that src/lib/http/client.ts uses, on node:http
 * (node:https, node:zlib only for a request that needs them), for the fast
 * path alone: scripts/build-fast-path.js bundles it in place of got. got
 * costs some 25 ms of a cold run, twice what the whole fast path may add to
 * a bare request (its own modules, and tls, http2 and crypto, which it loads
 * whatever the request; see docs/speed.md). The oclif path, hosts and
 * sibling plugins keep got itself.
 *
 * It does what got 16's stream API does where client.ts relies on it, and
 * refuses every other option, so that a new use fails at once rather than
 * differ; test/lib/http/got-lite.test.ts runs client.ts over both and
 * compares what goes on the wire, the answers, the log lines and the
 * failures.
 * - extend() merges headers (names lowercased; a name keeps its place, the
 *   later value wins), appends hooks and merges context.
 * - A request carries got's default user-agent unless replaced, the
 *   content-length of its body (a stream's is sent chunked), accept-encoding (gzip, deflate, br, and
 *   zstd where Node has it), then what the beforeRequest hooks set.
 * - Redirects (301, 302, 303, 307, 308 with a location) are followed when
 *   followRedirect says so, at most 10; after a 303 a method other than GET
 *   or HEAD becomes a GET without body; then the beforeRedirect hooks run.
 * - The stream emits 'response' once the headers of the answer that stands
 *   are in, then its body, decoded as its Content-Encoding says (that header
 *   and Content-Length then gone from the response, as got does), chunk by
 *   chunk with backpressure: a body that inflates a thousandfold is never
 *   whole in memory. A body shorter than its Content-Length is an error; a
 *   missing status message is Node's for the code.
 * - Failures are RequestError (the code of their cause, else
 *   ERR_GOT_REQUEST_ERROR, or ERR_READING_RESPONSE_STREAM for a body; a
 *   hook's error as the cause), TimeoutError once timeout.request has passed
 *   (the body included); the signal, when it aborts, ends the request.
 */
import {type ClientRequest, type IncomingHttpHeaders, type IncomingMessage, request as httpRequest, STATUS_CODES} from 'node:http'
import {PassThrough, Readable, Transform} from 'node:stream'

type Headers = Record<string, string | string[] | undefined>

type BeforeRequestHook = (options: Internals, state: {retryCount: number}) => unknown
type BeforeRedirectHook = (options: Internals, response: LiteResponse) => unknown

export interface LiteOptions {
  allowGetBody?: boolean
  body?: Uint8Array | Readable
  context?: Record<string, unknown>
  followRedirect?: boolean | ((response: LiteResponse) => boolean)
  headers?: Headers
  hooks?: {beforeRedirect?: BeforeRedirectHook[]; beforeRequest?: BeforeRequestHook[]}
  method?: string
  retry?: {limit: 0}
  signal?: AbortSignal
  throwHttpErrors?: false
  timeout?: {request?: number}
}

/** The options of one request, as hooks see them (got's Options, for the members client.ts reads and sets). */
interface Internals {
  allowGetBody: boolean
  body?: Uint8Array | Readable
  context: Record<string, unknown>
  followRedirect: boolean | ((response: LiteResponse) => boolean)
  headers: Headers
  hooks: {beforeRedirect: BeforeRedirectHook[]; beforeRequest: BeforeRequestHook[]}
  method: string
  signal?: AbortSignal
  timeout: {request?: number}
  url: URL
}

export class RequestError extends Error {
  readonly code: string

  constructor(message: string, cause?: unknown, code?: string) {
    super(message, {cause})
    this.name = 'RequestError'
    this.code = code ?? ((cause as {code?: unknown} | undefined)?.code as string | undefined) ?? 'ERR_GOT_REQUEST_ERROR'
  }
}

export class TimeoutError extends RequestError {
  constructor(milliseconds: number) {
    super(`Timeout awaiting 'request' for ${milliseconds}ms`, undefined, 'ETIMEDOUT')
    this.name = 'TimeoutError'
  }
}

const SUPPORTED: ReadonlySet<string> = new Set(['allowGetBody', 'body', 'context', 'followRedirect', 'headers', 'hooks', 'method', 'retry', 'signal', 'throwHttpErrors', 'timeout'])
/** got's code for a body that could not be read or decoded. */
const READ_ERROR = 'ERR_READING_RESPONSE_STREAM'
const REDIRECT_CODES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308])
const MAX_REDIRECTS = 10
/** What got removes from a request whose body a redirect drops. */
const BODY_HEADERS = ['content-length', 'content-encoding', 'content-language', 'content-location', 'content-type', 'transfer-encoding', 'digest', 'content-digest', 'repr-digest', 'last-modified']

function unsupported(what: string): TypeError {
  return new TypeError(`got-lite does not do ${what}; extend src/lib/http/got-lite.ts (and its test) first`)
}

function mergeHeaders(base: Headers, more: Headers = {}): Headers {
  const headers = {...base}
  for (const [name, value] of Object.entries(more)) {
    if (value === undefined) Reflect.deleteProperty(headers, name.toLowerCase())
    else headers[name.toLowerCase()] = value
  }

  return headers
}

function merge(base: Internals, options: LiteOptions): Internals {
  const unknown = Object.keys(options).filter((key) => !SUPPORTED.has(key))
  if (unknown.length > 0) throw unsupported(`the option ${unknown.join(', ')}`)
  if (options.retry !== undefined && (options.retry.limit !== 0 || Object.keys(options.retry).length > 1)) throw unsupported('retries of its own')
  if (options.throwHttpErrors !== undefined && options.throwHttpErrors !== false) throw unsupported('throwHttpErrors')
  if (options.timeout && Object.keys(options.timeout).some((key) => key !== 'request')) throw unsupported('timeouts other than request')
  const hooks = options.hooks ?? {}
  if (Object.keys(hooks).some((key) => !['beforeRedirect', 'beforeRequest'].includes(key))) throw unsupported(`the hooks ${Object.keys(hooks).join(', ')}`)
  return {
    allowGetBody: options.allowGetBody ?? base.allowGetBody,
    body: 'body' in options ? options.body : base.body,
    context: {...base.context, ...options.context},
    followRedirect: options.followRedirect ?? base.followRedirect,
    headers: mergeHeaders(base.headers, options.headers),
    hooks: {
      beforeRedirect: [...base.hooks.beforeRedirect, ...(hooks.beforeRedirect ?? [])],
      beforeRequest: [...base.hooks.beforeRequest, ...(hooks.beforeRequest ?? [])],
    },
    method: (options.method ?? base.method).toUpperCase(),
    signal: options.signal ?? base.signal,
    timeout: {...base.timeout, ...options.timeout},
    url: base.url,
  }
}

/** What got adds before the hooks: the body's length, and the encodings it can decode. */
function prepare(options: Internals): void {
  const {body, headers, method} = options
  if (body !== undefined) {
    if (method === 'HEAD' || (method === 'GET' && !options.allowGetBody)) throw new TypeError(`The \`${method}\` method cannot be used with a body`)
    // A stream's length is not known: Node sends it chunked, as got does.
    if (body instanceof Uint8Array && headers['content-length'] === undefined && headers['transfer-encoding'] === undefined) headers['content-length'] = String(body.byteLength)
  }

  if (headers['accept-encoding'] === undefined) {
    headers['accept-encoding'] = ['gzip', 'deflate', ...(process.versions.brotli ? ['br'] : []), ...(process.versions.zstd ? ['zstd'] : [])].join(', ')
  }
}

/** One exchange on the wire: the answer once its headers are in. */
async function open(options: Internals, started: (request: ClientRequest) => void): Promise<IncomingMessage> {
  const send = options.url.protocol === 'https:' ? (await import('node:https')).request : httpRequest
  return new Promise((resolve, reject) => {
    const request = send(options.url, {headers: options.headers as Record<string, string | string[]>, method: options.method}, resolve)
    request.once('error', reject)
    started(request)
    const {body} = options
    if (body instanceof Readable) {
      // Piped, so the body is read only as fast as the socket takes it; its failure fails the request.
      body.once('error', (error) => request.destroy(error))
      body.pipe(request)
    } else request.end(body)
  })
}

/** The codings of a Content-Encoding in the order to undo them; undefined when one is unknown (got passes the bytes on as received). */
async function codings(contentEncoding: string): Promise<string[] | undefined> {
  const encodings = contentEncoding
    .toLowerCase()
    .split(',')
    .map((encoding) => encoding.trim())
    .filter((encoding) => encoding.length > 0 && encoding !== 'identity')
    .map((encoding) => (encoding === 'x-gzip' ? 'gzip' : encoding))
  if (encodings.length === 0) return []
  const zlib = await import('node:zlib')
  const supported = new Set(['gzip', 'deflate', 'br', ...(typeof zlib.createZstdDecompress === 'function' ? ['zstd'] : [])])
  return encodings.every((encoding) => supported.has(encoding)) ? encodings.toReversed() : undefined
}

type Zlib = typeof import('node:zlib')

/** A body undone by one coding, through a zlib stream chosen at its first byte (raw deflate or zlib's); an empty body stays empty. */
function undo(zlib: Zlib, encoding: string, source: Readable): Readable {
  const output = new PassThrough()
  let empty = true
  const checker = new Transform({
    flush(callback) {
      if (empty) output.end()
      callback()
    },
    transform(chunk: Buffer, _encoding, callback) {
      if (empty) {
        empty = false
        const decoder =
          encoding === 'br'
            ? zlib.createBrotliDecompress()
            : encoding === 'zstd'
              ? zlib.createZstdDecompress()
              : encoding === 'deflate' && (chunk[0] & 0x08) === 0
                ? zlib.createInflateRaw()
                : zlib.createUnzip()
        decoder.once('error', (error) => output.destroy(error))
        checker.pipe(decoder).pipe(output)
      }

      callback(null, chunk)
    },
  })
  source.once('error', (error) => output.destroy(error))
  source.pipe(checker)
  return output
}

/** A body undone coding by coding, every step piped (so with backpressure). */
async function decoded(body: Readable, encodings: string[]): Promise<Readable> {
  const zlib = await import('node:zlib')
  let stream = body
  for (const encoding of encodings) stream = undo(zlib, encoding, stream)
  return stream
}

/** A failure as got reports it. */
function asRequestError(error: unknown, code?: string): RequestError {
  if (error instanceof RequestError) return error
  return new RequestError(error instanceof Error ? error.message : String(error), error, code)
}

/** What got's stream emits as 'response': the members client.ts reads. */
export interface LiteResponse {
  headers: IncomingHttpHeaders
  httpVersion: string
  statusCode: number
  statusMessage: string
  url: string
}

/** got's stream for one request: 'response' once the answer's headers are in, then its body. */
class LiteRequest extends Readable {
  private readonly options: Internals
  private current?: ClientRequest
  private native?: IncomingMessage
  private body?: Readable
  private timer?: NodeJS.Timeout
  private readonly abort = () => this.destroy(new RequestError('This operation was aborted', this.options.signal?.reason, 'ABORT_ERR'))

  constructor(options: Internals) {
    super()
    this.options = options
    // Started on the next turn, as got does: the caller attaches its listeners first.
    process.nextTick(() => {
      this.start().catch((error: unknown) => this.destroy(asRequestError(error)))
    })
  }

  /** The body is the `body` option's; got's stream waits for end() when there is none, got-lite does not need to. */
  end(): this {
    return this
  }

  override _read(): void {
    this.body?.resume()
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    clearTimeout(this.timer)
    this.options.signal?.removeEventListener('abort', this.abort)
    this.current?.destroy()
    this.body?.destroy()
    this.native?.destroy()
    if (this.options.body instanceof Readable) this.options.body.destroy()
    callback(error)
  }

  private async start(): Promise<void> {
    const {options} = this
    const limit = options.timeout.request
    if (limit !== undefined) this.timer = setTimeout(() => this.destroy(new TimeoutError(limit)), limit)
    // Watched here, as got watches it, rather than handed to http.request, which ties it to the stream with listeners of
    // its own at every request.
    if (options.signal?.aborted) {
      this.abort()
      return
    }

    options.signal?.addEventListener('abort', this.abort, {once: true})
    const redirects: URL[] = []
    for (;;) {
      prepare(options)
      for (const hook of options.hooks.beforeRequest) {
        if ((await hook(options, {retryCount: 0})) !== undefined) throw unsupported('answers from a beforeRequest hook')
      }

      if (this.destroyed) return
      const native = await open(options, (request) => {
        this.current = request
      })
      if (this.destroyed) {
        native.destroy()
        return
      }

      const statusCode = native.statusCode ?? 0
      const response: LiteResponse = {
        headers: native.headers,
        httpVersion: native.httpVersion,
        statusCode,
        statusMessage: native.statusMessage || STATUS_CODES[statusCode] || '',
        url: options.url.toString(),
      }
      const location = Array.isArray(native.headers.location) ? native.headers.location[0] : native.headers.location
      const redirect = location !== undefined && location !== '' && REDIRECT_CODES.has(statusCode)
      if (redirect && (typeof options.followRedirect === 'function' ? options.followRedirect(response) : options.followRedirect)) {
        native.resume()
        if (redirects.length >= MAX_REDIRECTS) throw new RequestError(`Redirected ${MAX_REDIRECTS} times. Aborting.`, undefined, 'ERR_TOO_MANY_REDIRECTS')
        const next = new URL(Buffer.from(location, 'binary').toString(), options.url)
        if (next.origin !== options.url.origin) throw unsupported('redirects to another origin')
        if (options.body instanceof Readable && statusCode !== 303) throw unsupported('a redirect that sends a streamed body again')
        if (!location.includes('#')) next.hash = options.url.hash
        if (statusCode === 303 && options.method !== 'GET' && options.method !== 'HEAD') {
          options.method = 'GET'
          options.body = undefined
          for (const name of BODY_HEADERS) Reflect.deleteProperty(options.headers, name)
        }

        redirects.push(next)
        options.url = next
        for (const hook of options.hooks.beforeRedirect) await hook(options, response)
        continue
      }

      return this.answer(native, response)
    }
  }

  /** The answer that stands: 'response', then the body, decoded, as it is read. */
  private async answer(native: IncomingMessage, response: LiteResponse): Promise<void> {
    this.native = native
    const {statusCode} = response
    const noBody = this.options.method === 'HEAD' || (statusCode >= 100 && statusCode < 200) || statusCode === 204 || statusCode === 205 || statusCode === 304
    const encodings = noBody ? [] : await codings(native.headers['content-encoding'] ?? '')
    if (encodings && encodings.length > 0) {
      const headers = {...native.headers}
      delete headers['content-encoding']
      delete headers['content-length']
      response.headers = headers
    }

    const declared = noBody ? Number.NaN : Number.parseInt(native.headers['content-length'] ?? '', 10)
    const expected = Number.isNaN(declared) ? undefined : declared
    let received = 0
    const mismatch = () => new RequestError(`Content-Length mismatch: expected ${expected} bytes, received ${received} bytes`, undefined, 'ERR_HTTP_CONTENT_LENGTH_MISMATCH')
    native.on('data', (chunk: Buffer) => {
      received += chunk.length
    })
    native.once('aborted', () => this.destroy(expected === undefined ? new RequestError('The server aborted pending request', undefined, 'ECONNRESET') : mismatch()))
    native.once('error', (error: NodeJS.ErrnoException) => this.destroy(new RequestError(error.message, error, error.code ?? READ_ERROR)))
    native.pause()
    this.emit('response', response)
    const body = encodings && encodings.length > 0 ? await decoded(native, encodings) : native
    this.body = body
    if (this.destroyed) return
    if (body !== native) body.once('error', (error) => this.destroy(asRequestError(error, READ_ERROR)))
    body.on('data', (chunk: Buffer) => {
      if (!this.push(chunk)) body.pause()
    })
    body.once('end', () => {
      if (expected !== undefined && received !== expected) this.destroy(mismatch())
      else {
        clearTimeout(this.timer)
        this.push(null)
      }
    })
  }
}

export interface GotLite {
  stream(url: string | URL, options?: LiteOptions): LiteRequest
  extend(options: LiteOptions): GotLite
}

function create(defaults: Internals): GotLite {
  return {
    extend: (options: LiteOptions) => create(merge(defaults, options)),
    stream: (url: string | URL, options: LiteOptions = {}) => new LiteRequest(merge({...defaults, url: new URL(url)}, options)),
  }
}

const got: GotLite = create({
  allowGetBody: false,
  context: {},
  followRedirect: true,
  headers: {'user-agent': 'got (https://github.com/sindresorhus/got)'},
  hooks: {beforeRedirect: [], beforeRequest: []},
  method: 'GET',
  timeout: {},
  url: new URL('http://localhost/'),
})

export default got
