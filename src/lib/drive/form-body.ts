/**
 * A FormData as a multipart/form-data body (RFC 7578) streamed from its parts: the SDK posts each 4 MiB block as
 * a form with one Blob field (src/internal/upload/apiService.ts uploadBlock). Encoding it through the platform's
 * Request and reading that whole made two more copies of every block; here the envelope is written around the
 * Blob's own stream, and the length is known beforehand (sent as Content-Length, not chunked).
 */
import {randomBytes} from 'node:crypto'
import {Readable} from 'node:stream'

export interface FormBody {
  contentType: string
  length: number
  /** The body, anew for each attempt. */
  open(): Readable
}

/** A quoted name or file name as browsers and Node's own FormData write them (the WHATWG HTML form encoding). */
const quoted = (text: string) => `"${text.replaceAll('"', '%22').replaceAll('\r', '%0D').replaceAll('\n', '%0A')}"`

export function formBody(form: FormData): FormBody {
  const boundary = `----proton-cli-${randomBytes(16).toString('hex')}`
  const parts: Array<Buffer | Blob> = []
  for (const [name, value] of form) {
    const disposition = `Content-Disposition: form-data; name=${quoted(name)}`
    if (typeof value === 'string') {
      parts.push(Buffer.from(`--${boundary}\r\n${disposition}\r\n\r\n${value}\r\n`))
      continue
    }

    parts.push(Buffer.from(`--${boundary}\r\n${disposition}; filename=${quoted(value.name)}\r\nContent-Type: ${value.type || 'application/octet-stream'}\r\n\r\n`), value, Buffer.from('\r\n'))
  }

  parts.push(Buffer.from(`--${boundary}--\r\n`))
  async function* chunks(): AsyncGenerator<Uint8Array> {
    for (const part of parts) {
      if (Buffer.isBuffer(part)) yield part
      else yield* part.stream()
    }
  }

  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length: parts.reduce((sum, part) => sum + (Buffer.isBuffer(part) ? part.length : part.size), 0),
    open: () => Readable.from(chunks(), {objectMode: false}),
  }
}
