/**
 * The MIME tree of a PGP/MIME package (ClearMIME and PGP/MIME), as the web client makes it (WebClients
 * packages/shared/lib/mail/send/helpers.ts constructMime, sendTopPackages.ts generateMimePackage): multipart/mixed,
 * the body first, then each attachment inside (base64, its name in Content-Type and Content-Disposition, quoted
 * as JSON.stringify quotes it, so no CR or LF of a name reaches a header), and a trailing CRLF after the closing
 * boundary (helpers.ts: without it outlook.com adds one and breaks PGP/MIME signatures). The body part is base64
 * (the web client writes quoted-printable; both are 7-bit and any reader decodes either).
 */
import {randomBytes} from 'node:crypto'

export interface MimeAttachment {
  name: string
  mimeType: string
  data: Uint8Array
}

/** Base64 in lines of 76 (RFC 2045 6.8). */
const base64Lines = (bytes: Uint8Array) =>
  (
    Buffer.from(bytes)
      .toString('base64')
      .match(/.{1,76}/g) ?? ['']
  ).join('\r\n')

/** A media type as a header may carry it (anything else: application/octet-stream). */
const safeType = (type: string) => (/^[\w.+-]+\/[\w.+-]+$/.test(type) ? type : 'application/octet-stream')

export function mimeTree(body: string, mimeType: 'text/html' | 'text/plain', attachments: readonly MimeAttachment[]): string {
  const boundary = `---------------------${randomBytes(16).toString('hex')}`
  const parts = [
    [`Content-Type: ${mimeType}; charset=utf-8`, 'Content-Transfer-Encoding: base64', '', base64Lines(Buffer.from(body, 'utf8'))].join('\r\n'),
    ...attachments.map(({data, mimeType: type, name}) => {
      const quoted = JSON.stringify(name)
      return [
        `Content-Type: ${safeType(type)}; filename=${quoted}; name=${quoted}`,
        'Content-Transfer-Encoding: base64',
        `Content-Disposition: attachment; filename=${quoted}; name=${quoted}`,
        '',
        base64Lines(data),
      ].join('\r\n')
    }),
  ]
  return `Content-Type: multipart/mixed; boundary="${boundary}"\r\n\r\n${parts.map((part) => `--${boundary}\r\n${part}\r\n`).join('')}--${boundary}--\r\n\r\n`
}
