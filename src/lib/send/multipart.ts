/**
 * The multipart/form-data body of POST /mail/v4/attachments, as go-proton-api
 * attachment.go UploadAttachment sends it (and WebClients
 * packages/shared/lib/api/attachments.ts uploadAttachment): MessageID,
 * Filename, MIMEType, Disposition as fields; KeyPackets, DataPacket and
 * Signature as binary parts named "blob". Made as a stream: a part may be a
 * stream of its own (the data packet, encrypted as the file is read), taken
 * only as fast as the request sends it.
 */
import {randomBytes} from 'node:crypto'
import {Readable} from 'node:stream'

export interface FormPart {
  name: string
  /** A field's text, or a binary part's bytes (whole, or as they come). */
  value: string | Uint8Array | AsyncIterable<Uint8Array>
}

/** Field names and values are ours or a file's name: quotes, CR and LF in them are escaped as browsers do. */
const quoted = (text: string) => text.replaceAll('"', '%22').replaceAll('\r', '%0D').replaceAll('\n', '%0A')

/** A boundary no part holds (random, as browsers make them). */
export const newBoundary = () => `----proton-cli-${randomBytes(16).toString('hex')}`

export const formContentType = (boundary: string) => `multipart/form-data; boundary=${boundary}`

async function* formChunks(boundary: string, parts: readonly FormPart[]): AsyncGenerator<Uint8Array> {
  for (const {name, value} of parts) {
    const file = typeof value !== 'string'
    const head = [`--${boundary}`, `Content-Disposition: form-data; name="${quoted(name)}"${file ? '; filename="blob"' : ''}`]
    if (file) head.push('Content-Type: application/octet-stream')
    yield Buffer.from(`${head.join('\r\n')}\r\n\r\n`)
    if (typeof value === 'string' || value instanceof Uint8Array) yield Buffer.from(value)
    else for await (const chunk of value) yield chunk
    yield Buffer.from('\r\n')
  }

  yield Buffer.from(`--${boundary}--\r\n`)
}

/** The form as a stream: each part read only when the one before it is sent; a part's failure fails the stream. */
export function multipartStream(boundary: string, parts: readonly FormPart[]): Readable {
  return Readable.from(formChunks(boundary, parts), {objectMode: false})
}
