/**
 * The multipart/form-data body of POST /mail/v4/attachments, as go-proton-api
 * attachment.go UploadAttachment sends it (and WebClients api/attachments.ts
 * uploadAttachment): MessageID, Filename, MIMEType, Disposition as fields;
 * KeyPackets, DataPacket and Signature as binary parts named "blob".
 */
import {randomBytes} from 'node:crypto'

export interface FormPart {
  name: string
  value: string | Uint8Array
}

/** Field names and values are ours or a file's name: quotes, CR and LF in them are escaped as browsers do. */
const quoted = (text: string) => text.replaceAll('"', '%22').replaceAll('\r', '%0D').replaceAll('\n', '%0A')

export function multipartBody(parts: FormPart[]): {body: Buffer; contentType: string} {
  const boundary = `----proton-cli-${randomBytes(16).toString('hex')}`
  const chunks: Buffer[] = []
  for (const {name, value} of parts) {
    const file = typeof value !== 'string'
    const head = [`--${boundary}`, `Content-Disposition: form-data; name="${quoted(name)}"${file ? '; filename="blob"' : ''}`]
    if (file) head.push('Content-Type: application/octet-stream')
    chunks.push(Buffer.from(`${head.join('\r\n')}\r\n\r\n`), Buffer.from(value), Buffer.from('\r\n'))
  }

  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return {body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}`}
}
