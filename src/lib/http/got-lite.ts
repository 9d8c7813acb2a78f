/**
 * The part of got's API that src/lib/http/client.ts uses, on node:http
 * (node:https, node:zlib only for a request that needs them), for the fast
 * path alone: scripts/build-fast-path.js bundles it in place of got. got
 * costs some 25 ms of a cold run, twice what the whole fast path may add to
 * a bare request (its own modules, and tls, http2 and crypto, which it loads
 * whatever the request; see README, Speed). The oclif path, hosts and
 * sibling plugins keep got itself.
 *
 * It does what got 16 does where client.ts relies on it, and refuses every
 * other option, so that a new use fails at once rather than differ;
 * test/lib/http/got-lite.test.ts runs client.ts over both and compares
 * what goes on the wire, the answers, the log lines and the failures.
 * - extend() merges headers (names lowercased; a name keeps its place, the
 *   later value wins), appends hooks and merges context.
 * - A request carries got's default user-agent unless replaced, the
 *   content-length of its body, accept-encoding (gzip, deflate, br, and
 *   zstd where Node has it), then what the beforeRequest hooks set.
 * - Redirects (301, 302, 303, 307, 308 with a location) are followed when
 *   followRedirect says so, at most 10; after a 303 a method other than GET
 *   or HEAD becomes a GET without body; then the beforeRedirect hooks run.
 * - An answer: the body as a Buffer, decoded as its Content-Encoding says
 *   (that header and Content-Length then removed, as got does); a body
 *   shorter than its Content-Length is an error; a missing status message
 *   is Node's for the code. The afterResponse hooks run in order; the
 *   retry function they get sends the request again with the options
 *   merged, and without afterResponse hooks.
 * - Failures are RequestError (the code of their cause, else
 *   ERR_GOT_REQUEST_ERROR, or ERR_READING_RESPONSE_STREAM for a body; a
 *   hook's error as the cause), TimeoutError once timeout.request has passed;
 *   the signal, when it aborts, ends the request in flight.
 */
import {type ClientRequest, type IncomingHttpHeaders, type IncomingMessage, request as httpRequest, STATUS_CODES} from 'node:http'

type Headers = Record<string, string | string[] | undefined>

export interface LiteResponse {
  body: Buffer
  rawBody: Buffer
  headers: IncomingHttpHeaders
  httpVersion: string
  statusCode: number
  statusMessage: string
  /** Where the answer came from (after redirects). */
  url: string
  redirectUrls: URL[]
  request: {options: Internals}
}

type BeforeRequestHook = (options: Internals, state: {retryCount: number}) => unknown
type BeforeRedirectHook = (options: Internals, response: LiteResponse) => unknown
type AfterResponseHook = (response: LiteResponse, retryWithMergedOptions: (options: LiteOptions) => Promise<never>) => LiteResponse | Promise<LiteResponse>

export interface LiteOptions {
  allowGetBody?: boolean
  body?: Uint8Array
  context?: Record<string, unknown>
  followRedirect?: boolean | ((response: LiteResponse) => boolean)
  headers?: Headers
  hooks?: {afterResponse?: AfterResponseHook[]; beforeRedirect?: BeforeRedirectHook[]; beforeRequest?: BeforeRequestHook[]}
  method?: string
  responseType?: 'buffer'
  retry?: {limit: 0}
  signal?: AbortSignal
  throwHttpErrors?: false
  timeout?: {request?: number}
}

/** The options of one request, as hooks see them (got's Options, for the members client.ts reads and sets). */
interface Internals {
  allowGetBody: boolean
  body?: Uint8Array
  context: Record<string, unknown>
  followRedirect: boolean | ((response: LiteResponse) => boolean)
  headers: Headers
  hooks: {afterResponse: AfterResponseHook[]; beforeRedirect: BeforeRedirectHook[]; beforeRequest: BeforeRequestHook[]}
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

const SUPPORTED: ReadonlySet<string> = new Set(['allowGetBody', 'body', 'context', 'followRedirect', 'headers', 'hooks', 'method', 'responseType', 'retry', 'signal', 'throwHttpErrors', 'timeout'])
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
  if (options.responseType !== undefined && options.responseType !== 'buffer') throw unsupported(`responseType ${options.responseType}`)
  if (options.retry !== undefined && (options.retry.limit !== 0 || Object.keys(options.retry).length > 1)) throw unsupported('retries of its own')
  if (options.throwHttpErrors !== undefined && options.throwHttpErrors !== false) throw unsupported('throwHttpErrors')
  if (options.timeout && Object.keys(options.timeout).some((key) => key !== 'request')) throw unsupported('timeouts other than request')
  const hooks = options.hooks ?? {}
  if (Object.keys(hooks).some((key) => !['afterResponse', 'beforeRedirect', 'beforeRequest'].includes(key))) throw unsupported(`the hooks ${Object.keys(hooks).join(', ')}`)
  return {
    allowGetBody: options.allowGetBody ?? base.allowGetBody,
    body: 'body' in options ? options.body : base.body,
    context: {...base.context, ...options.context},
    followRedirect: options.followRedirect ?? base.followRedirect,
    headers: mergeHeaders(base.headers, options.headers),
    hooks: {
      afterResponse: [...base.hooks.afterResponse, ...(hooks.afterResponse ?? [])],
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
    if (headers['content-length'] === undefined && headers['transfer-encoding'] === undefined) headers['content-length'] = String(body.byteLength)
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
    request.end(options.body)
  })
}

/** The body as got's promise API hands it over: complete, or an error. */
function collect(native: IncomingMessage, expectedLength: number | undefined): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const mismatch = () =>
      new RequestError(`Content-Length mismatch: expected ${expectedLength} bytes, received ${size} bytes`, undefined, 'ERR_HTTP_CONTENT_LENGTH_MISMATCH')
    native.on('data', (chunk: Buffer) => {
      chunks.push(chunk)
      size += chunk.length
    })
    native.once('aborted', () => reject(expectedLength === undefined ? new RequestError('The server aborted pending request', undefined, 'ECONNRESET') : mismatch()))
    native.once('error', (error: NodeJS.ErrnoException) => reject(new RequestError(error.message, error, error.code ?? READ_ERROR)))
    native.once('end', () => (expectedLength !== undefined && size !== expectedLength ? reject(mismatch()) : resolve(Buffer.concat(chunks, size))))
  })
}

/** The body decoded as got decodes it; undefined when it is left as received. */
async function decode(body: Buffer, contentEncoding: string): Promise<Buffer | undefined> {
  const encodings = contentEncoding
    .toLowerCase()
    .split(',')
    .map((encoding) => encoding.trim())
    .filter((encoding) => encoding.length > 0 && encoding !== 'identity')
    .map((encoding) => (encoding === 'x-gzip' ? 'gzip' : encoding))
  if (encodings.length === 0) return undefined
  const zlib = await import('node:zlib')
  const supported = new Set(['gzip', 'deflate', 'br', ...(typeof zlib.createZstdDecompress === 'function' ? ['zstd'] : [])])
  // One encoding it cannot undo, and got passes the bytes on as received.
  if (encodings.some((encoding) => !supported.has(encoding))) return undefined
  let decoded = body
  for (const encoding of encodings.toReversed()) {
    if (decoded.length === 0) continue
    try {
      if (encoding === 'br') decoded = zlib.brotliDecompressSync(decoded)
      else if (encoding === 'zstd') decoded = zlib.zstdDecompressSync(decoded)
      else if (encoding === 'deflate' && (decoded[0] & 0x08) === 0) decoded = zlib.inflateRawSync(decoded)
      else decoded = zlib.unzipSync(decoded)
    } catch (error) {
      throw new RequestError((error as Error).message, error, READ_ERROR)
    }
  }

  return decoded
}

/** One request with its redirects: the beforeRequest hooks before each, the answer with its body. */
async function exchange(options: Internals): Promise<LiteResponse> {
  const redirectUrls: URL[] = []
  let current: ClientRequest | undefined
  let expired = false
  const limit = options.timeout.request
  const timer =
    limit === undefined
      ? undefined
      : setTimeout(() => {
          expired = true
          current?.destroy(new TimeoutError(limit))
        }, limit)
  // The signal is watched here, as got watches it, rather than handed to http.request, which ties it to the stream
  // with listeners of its own at every request.
  const {signal} = options
  const aborted = () => new RequestError('This operation was aborted', signal?.reason, 'ABORT_ERR')
  const abort = () => current?.destroy(aborted())
  signal?.addEventListener('abort', abort, {once: true})
  try {
    for (;;) {
      prepare(options)
      for (const hook of options.hooks.beforeRequest) {
        if ((await hook(options, {retryCount: 0})) !== undefined) throw unsupported('answers from a beforeRequest hook')
      }

      if (expired) throw new TimeoutError(limit ?? 0)
      if (signal?.aborted) throw aborted()
      const native = await open(options, (request) => {
        current = request
      })
      const statusCode = native.statusCode ?? 0
      const response: LiteResponse = {
        body: Buffer.alloc(0),
        headers: native.headers,
        httpVersion: native.httpVersion,
        rawBody: Buffer.alloc(0),
        redirectUrls,
        request: {options},
        statusCode,
        statusMessage: native.statusMessage || STATUS_CODES[statusCode] || '',
        url: options.url.toString(),
      }
      const location = Array.isArray(native.headers.location) ? native.headers.location[0] : native.headers.location
      const redirect = location !== undefined && location !== '' && REDIRECT_CODES.has(statusCode)
      if (redirect && (typeof options.followRedirect === 'function' ? options.followRedirect(response) : options.followRedirect)) {
        native.resume()
        if (redirectUrls.length >= MAX_REDIRECTS) throw new RequestError(`Redirected ${MAX_REDIRECTS} times. Aborting.`, undefined, 'ERR_TOO_MANY_REDIRECTS')
        const next = new URL(Buffer.from(location, 'binary').toString(), options.url)
        if (next.origin !== options.url.origin) throw unsupported('redirects to another origin')
        if (!location.includes('#')) next.hash = options.url.hash
        if (statusCode === 303 && options.method !== 'GET' && options.method !== 'HEAD') {
          options.method = 'GET'
          options.body = undefined
          for (const name of BODY_HEADERS) Reflect.deleteProperty(options.headers, name)
        }

        redirectUrls.push(next)
        options.url = next
        for (const hook of options.hooks.beforeRedirect) await hook(options, response)
        continue
      }

      const noBody = options.method === 'HEAD' || (statusCode >= 100 && statusCode < 200) || statusCode === 204 || statusCode === 205 || statusCode === 304
      const declared = noBody ? Number.NaN : Number.parseInt(native.headers['content-length'] ?? '', 10)
      const rawBody = await collect(native, Number.isNaN(declared) ? undefined : declared)
      const decoded = noBody ? undefined : await decode(rawBody, native.headers['content-encoding'] ?? '')
      if (decoded) {
        const headers = {...native.headers}
        delete headers['content-encoding']
        delete headers['content-length']
        response.headers = headers
      }

      return {...response, body: decoded ?? rawBody, rawBody}
    }
  } catch (error) {
    // However the end of the time shows (a destroyed socket, an aborted body), it is the timeout.
    if (expired) throw new TimeoutError(limit ?? 0)
    throw error
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', abort)
  }
}

/** A failure as got reports it. */
function asRequestError(error: unknown): RequestError {
  if (error instanceof RequestError) return error
  return new RequestError(error instanceof Error ? error.message : String(error), error)
}

const RETRY = Symbol('retry')

async function run(defaults: Internals, url: string | URL, call: LiteOptions): Promise<LiteResponse> {
  let options = merge({...defaults, url: new URL(url)}, call)
  for (;;) {
    let response: LiteResponse
    let retryWith: LiteOptions | undefined
    try {
      response = await exchange(options)
      for (const hook of options.hooks.afterResponse) {
        response = await hook(response, async (updated) => {
          retryWith = updated
          throw RETRY
        })
      }

      return response
    } catch (error) {
      if (error !== RETRY || !retryWith) throw asRequestError(error)
    }

    // As got: the options of this request (its URL after redirects, the headers its hooks set) merged with the update,
    // and the answer to the new request goes through no afterResponse hook.
    options = merge(options, retryWith)
    options.hooks.afterResponse = []
  }
}

export interface GotLite {
  (url: string | URL, options?: LiteOptions): Promise<LiteResponse>
  extend(options: LiteOptions): GotLite
}

function create(defaults: Internals): GotLite {
  const instance = (url: string | URL, options: LiteOptions = {}) => run(defaults, url, options)
  instance.extend = (options: LiteOptions) => create(merge(defaults, options))
  return instance
}

const got: GotLite = create({
  allowGetBody: false,
  context: {},
  followRedirect: true,
  headers: {'user-agent': 'got (https://github.com/sindresorhus/got)'},
  hooks: {afterResponse: [], beforeRedirect: [], beforeRequest: []},
  method: 'GET',
  timeout: {},
  url: new URL('http://localhost/'),
})

export default got
