/**
 * A PGP/MIME body: what a message whose MIMEType is multipart/* (mail from
 * an external PGP/MIME sender) decrypts to is a whole MIME entity, headers
 * and parts. It is taken apart as Proton's web client does (pmcrypto
 * processMIME, after WebClients messageDecrypt.ts decryptMimeMessage): an
 * outer multipart/signed with an application/pgp-signature part (RFC 3156)
 * gives the signed entity and its detached signature, to be checked with
 * the sender's keys; the tree is then parsed into its text/plain and
 * text/html bodies (transfer encodings and charsets decoded, nested
 * multiparts followed) and its embedded attachments. The web client shows
 * the HTML, since it renders HTML; a terminal shows the text/plain part
 * when there is one (see commands/mail-read.ts).
 *
 * The parser is postal-mime (zero dependencies, maintained by the author of
 * nodemailer), loaded only here, for a multipart body.
 */
import type {Email} from 'postal-mime'

/** An embedded attachment, named as the service names an attachment's fields (a type, so that it is JSON as it is). */
export type MimeAttachment = {
  Name: string
  MIMEType: string
  Size: number
  Disposition: string | null
  ContentID: string | null
}

export interface MimeBody {
  /** The text/plain part(s), decoded; absent when the tree has none. */
  text?: string
  /** The text/html part(s), decoded; absent when the tree has none. */
  html?: string
  /** The embedded attachments (the inner signature of a multipart/signed not among them). */
  attachments: MimeAttachment[]
  /** An outer multipart/signed: the signed entity (canonical CRLF line ends) and its armored detached signature. */
  signed?: {data: Uint8Array; signature: string}
}

/** A body that is not a MIME tree, or one without a text part: its message says why. */
export class MimeBodyError extends Error {}

/** Beyond this nesting the tree is refused (real mail nests a handful of levels). */
const MAX_NESTING = 64

interface ContentType {
  type: string
  params: Map<string, string>
}

/** A Content-Type header value: the type, lower-cased, and its parameters (quoted strings unquoted). */
export function parseContentType(value: string): ContentType {
  const [type = '', ...rest] = splitParams(value)
  const params = new Map<string, string>()
  for (const param of rest) {
    const equals = param.indexOf('=')
    if (equals <= 0) continue
    const raw = param.slice(equals + 1).trim()
    const unquoted = raw.startsWith('"') && raw.endsWith('"') && raw.length >= 2 ? raw.slice(1, -1).replaceAll(/\\(.)/g, '$1') : raw
    params.set(param.slice(0, equals).trim().toLowerCase(), unquoted)
  }

  return {params, type: type.trim().toLowerCase()}
}

/** Splits at the semicolons that are not inside a quoted string. */
function splitParams(value: string): string[] {
  const parts: string[] = []
  let current = ''
  let quoted = false
  for (let index = 0; index < value.length; index++) {
    const char = value[index]
    if (quoted && char === '\\') {
      current += char + (value[index + 1] ?? '')
      index++
    } else if (char === '"') {
      quoted = !quoted
      current += char
    } else if (char === ';' && !quoted) {
      parts.push(current)
      current = ''
    } else current += char
  }

  parts.push(current)
  return parts
}

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')

/** The top-level header block's end (the first empty line), or -1 when the body has none. */
function headerEnd(text: string): number {
  const match = /\r?\n\r?\n/.exec(text)
  return match ? match.index : -1
}

/** The signed entity of a multipart/signed (its first part, CRLF line ends, the CRLF before the delimiter excluded). */
function signedEntity(text: string, boundary: string): string | undefined {
  const delimiter = `--${boundary}`
  const lines = text.split(/\r?\n/)
  const first = lines.findIndex((line) => line.trimEnd() === delimiter)
  if (first < 0) return undefined
  const next = lines.findIndex((line, index) => index > first && (line.trimEnd() === delimiter || line.trimEnd() === `${delimiter}--`))
  if (next < 0) return undefined
  return lines.slice(first + 1, next).join('\r\n')
}

const byteSize = (content: ArrayBuffer | Uint8Array | string) => (typeof content === 'string' ? Buffer.byteLength(content) : content.byteLength)

/**
 * The decrypted body of a multipart message taken apart. Throws MimeBodyError when it is not a MIME entity (no
 * header block with a Content-Type, a multipart without a boundary, or whose boundary never occurs), when the
 * parser refuses it, and when the tree holds neither a text/plain nor a text/html part.
 */
export async function parseMimeBody(bytes: Uint8Array): Promise<MimeBody> {
  const text = latin1(bytes)
  const end = headerEnd(text)
  if (end < 0) throw new MimeBodyError('the decrypted body is not MIME (no header block)')
  const {default: PostalMime} = await import('postal-mime')
  let email: Email
  try {
    email = await PostalMime.parse(bytes, {attachmentEncoding: 'arraybuffer', maxNestingDepth: MAX_NESTING})
  } catch (error) {
    throw new MimeBodyError(`the decrypted body is not valid MIME (${error instanceof Error ? error.message : String(error)})`)
  }

  const header = email.headers.find(({key}) => key === 'content-type')
  if (!header) throw new MimeBodyError('the decrypted body is not MIME (no Content-Type header)')
  const contentType = parseContentType(header.value)
  if (!/^[\w.+-]+\/[\w.+-]+$/.test(contentType.type)) throw new MimeBodyError(`the decrypted body is not MIME (Content-Type "${contentType.type.slice(0, 60)}")`)
  let signed: MimeBody['signed']
  if (contentType.type.startsWith('multipart/')) {
    const boundary = contentType.params.get('boundary')
    if (!boundary) throw new MimeBodyError(`the decrypted body is not valid MIME (${contentType.type} without a boundary)`)
    const entity = contentType.type === 'multipart/signed' ? signedEntity(text, boundary) : undefined
    if (!text.slice(end).includes(`--${boundary}`)) throw new MimeBodyError(`the decrypted body is not valid MIME (its ${contentType.type} boundary never occurs)`)
    const signature = email.attachments.find((attachment) => attachment.mimeType === 'application/pgp-signature')
    if (entity !== undefined && signature && contentType.params.get('protocol')?.toLowerCase() === 'application/pgp-signature') {
      signed = {data: Buffer.from(entity, 'latin1'), signature: Buffer.from(signature.content as ArrayBuffer).toString('utf8')}
      email.attachments = email.attachments.filter((attachment) => attachment !== signature)
    }
  }

  const attachments = email.attachments.map((attachment) => ({
    ContentID: attachment.contentId ?? null,
    Disposition: attachment.disposition,
    MIMEType: attachment.mimeType,
    Name: attachment.filename ?? 'attachment',
    Size: byteSize(attachment.content),
  }))
  if (email.text === undefined && email.html === undefined) {
    const what = attachments.length === 0 ? 'nothing else either' : `only ${attachments.length} attachment${attachments.length === 1 ? '' : 's'}`
    throw new MimeBodyError(`its MIME tree has no text part (${what})`)
  }

  return {attachments, ...(email.html === undefined ? {} : {html: email.html}), ...(email.text === undefined ? {} : {text: email.text}), ...(signed ? {signed} : {})}
}
