/**
 * Headers and Response as much as @protontech/drive-sdk and the drive's HTTP client (DriveHttp) use of them, without
 * Node's undici: the first touch of the global Headers, Response or FormData loads all of undici (some 20 ms idle,
 * 40 to 170 ms on a loaded machine), which `drive ls` paid only for the SDK's request headers
 * (src/internal/apiService/apiService.ts makeRequest, `new Headers({...})`) and the answers handed back to it.
 *
 * The fast path's bundle takes these in place of the globals (scripts/build-fast-path.js, esbuild's inject), so the
 * SDK's own `new Headers` and `new Response(blockStream).arrayBuffer()` (src/internal/download/apiService.ts) land
 * here too; the oclif path keeps Node's. What the SDK reads of an answer: status, statusText, ok, headers.get, json(),
 * body (a block's stream); of request headers: get.
 */

type HeaderSource = Iterable<readonly [string, string]> | Record<string, string> | {forEach(each: (value: string, name: string) => void): void}

export class LightHeaders {
  private readonly map = new Map<string, string>()

  constructor(init?: HeaderSource) {
    if (init === undefined || init === null) return
    if (typeof (init as {forEach?: unknown}).forEach === 'function' && !Array.isArray(init)) {
      ;(init as {forEach(each: (value: string, name: string) => void): void}).forEach((value, name) => this.append(name, value))
    } else if (Symbol.iterator in Object(init)) {
      for (const [name, value] of init as Iterable<readonly [string, string]>) this.append(name, value)
    } else {
      for (const [name, value] of Object.entries(init as Record<string, string>)) this.append(name, value)
    }
  }

  append(name: string, value: string): void {
    const key = String(name).toLowerCase()
    const text = String(value).trim()
    const had = this.map.get(key)
    this.map.set(key, had === undefined ? text : `${had}, ${text}`)
  }

  delete(name: string): void {
    this.map.delete(String(name).toLowerCase())
  }

  /** Name-value pairs sorted by name, as Headers iterates. */
  *entries(): IterableIterator<[string, string]> {
    yield* [...this.map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  }

  forEach(each: (value: string, name: string, headers: this) => void): void {
    for (const [name, value] of this.entries()) each(value, name, this)
  }

  get(name: string): null | string {
    return this.map.get(String(name).toLowerCase()) ?? null
  }

  has(name: string): boolean {
    return this.map.has(String(name).toLowerCase())
  }

  *keys(): IterableIterator<string> {
    for (const [name] of this.entries()) yield name
  }

  set(name: string, value: string): void {
    this.map.set(String(name).toLowerCase(), String(value).trim())
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries()
  }

  *values(): IterableIterator<string> {
    for (const [, value] of this.entries()) yield value
  }
}

type Body = ArrayBuffer | ArrayBufferView | Blob | ReadableStream<Uint8Array> | string

export interface LightResponseInit {
  headers?: HeaderSource
  status?: number
  statusText?: string
}

export class LightResponse {
  readonly headers: LightHeaders
  readonly status: number
  readonly statusText: string
  private source: Body | null
  private used = false

  constructor(body?: Body | null, init: LightResponseInit = {}) {
    const status = init.status ?? 200
    if (!Number.isInteger(status) || status < 200 || status > 599) throw new RangeError(`a response's status must be 200 to 599, not ${status}`)
    if (body !== undefined && body !== null && !isBody(body)) throw new TypeError('a response body must be bytes, text, a Blob or a ReadableStream')
    this.source = body ?? null
    this.status = status
    this.statusText = init.statusText ?? ''
    this.headers = new LightHeaders(init.headers)
  }

  get body(): null | ReadableStream<Uint8Array> {
    if (this.source === null) return null
    if (!(this.source instanceof ReadableStream)) {
      const source = this.source
      this.source = new ReadableStream<Uint8Array>({
        async start(controller) {
          const bytes = await bytesOf(source)
          if (bytes.length > 0) controller.enqueue(bytes)
          controller.close()
        },
      })
    }

    return this.source
  }

  get bodyUsed(): boolean {
    return this.used
  }

  get ok(): boolean {
    return this.status >= 200 && this.status <= 299
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = await this.bytes()
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer
  }

  async bytes(): Promise<Uint8Array> {
    if (this.used) throw new TypeError('the response body has already been read')
    this.used = true
    return this.source === null ? new Uint8Array(0) : bytesOf(this.source)
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text())
  }

  async text(): Promise<string> {
    return new TextDecoder().decode(await this.bytes())
  }
}

function isBody(body: unknown): body is Body {
  return typeof body === 'string' || body instanceof ArrayBuffer || ArrayBuffer.isView(body) || body instanceof Blob || body instanceof ReadableStream
}

async function bytesOf(body: Body): Promise<Uint8Array> {
  if (typeof body === 'string') return new TextEncoder().encode(body)
  if (body instanceof ArrayBuffer) return new Uint8Array(body)
  if (ArrayBuffer.isView(body)) return new Uint8Array(body.buffer, body.byteOffset, body.byteLength)
  if (body instanceof Blob) return new Uint8Array(await body.arrayBuffer())
  const chunks: Uint8Array[] = []
  for await (const chunk of body as AsyncIterable<Uint8Array>) chunks.push(chunk)
  return Buffer.concat(chunks)
}
