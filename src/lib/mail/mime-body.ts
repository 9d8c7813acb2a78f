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
 * when there is one (see mail/commands/read.ts).
 *
 * The parser is postal-mime (zero dependencies, maintained by the author of
 * nodemailer), loaded only here, for a multipart body.
 */
import type {Attachment, Email} from 'postal-mime'

import {sizeText} from '../http/max-size.ts'

/**
 * An embedded attachment, named as the service names an attachment's fields (a type, so that it is JSON as it is).
 * ID: "mime:N", the Nth attachment of the MIME tree in the order its parts occur (1 the first; the signature of a
 * multipart/signed not counted): stable for a message, whose tree never changes, and never a service attachment's ID,
 * which is URL-safe base64 and so never holds a ":".
 */
export type MimeAttachment = {
  ID: string
  Name: string
  MIMEType: string
  Size: number
  Disposition: string | null
  ContentID: string | null
}

/**
 * Why an embedded attachment's content cannot be trusted to be the sender's: its base64 body is damaged
 * (characters outside the alphabet, or a length no base64 has). postal-mime, as mail readers do, decodes such a body
 * leniently, skipping what is not base64; mail download refuses to write what that gives.
 */
export type Damage = string

export interface MimeBody {
  /** The text/plain part(s), decoded; absent when the tree has none. */
  text?: string
  /** The text/html part(s), decoded; absent when the tree has none. */
  html?: string
  /** The embedded attachments (the inner signature of a multipart/signed not among them). */
  attachments: MimeAttachment[]
  /** Their decoded content, in the same order. */
  contents: Uint8Array[]
  /** In the same order: why each one's content is damaged, or undefined (see Damage). */
  damage: Array<Damage | undefined>
  /**
   * The protected subject (pmcrypto processMIME's encryptedSubject): the Subject of a memory-hole
   * text/rfc822-headers part whose From is the sender, else the Subject header of the top entity (the signed one of
   * a multipart/signed); absent when there is neither.
   */
  subject?: string
  /** An outer multipart/signed: the signed entity (canonical CRLF line ends) and its armored detached signature. */
  signed?: {data: Uint8Array; signature: string}
}

/** A body that is not a MIME tree, or one without a text part: its message says why. */
export class MimeBodyError extends Error {}

/** A body larger than the parser is given (MAX_MIME_LINES, MAX_MIME_PARTS): the sender's choice, refused before it costs memory. */
export class MimeBoundError extends MimeBodyError {}

/**
 * The most lines a MIME body may have to be taken apart. postal-mime holds each line of a part that is neither
 * base64 nor quoted-printable as an object of its own and joins them through a Blob of two parts a line: some 2 KiB
 * and 5 to 50 µs a line (two million empty lines, 7 KiB of compressed mail, took 3.7 GB and 13 s). At this bound the
 * parse stays under some 250 MiB; a 7 MiB attachment in base64 (76 characters a line) has 100,000 lines.
 */
export const MAX_MIME_LINES = 100_000

/**
 * The most bytes a MIME body may have to be taken apart: parsing holds it some ten times over (the text, postal-mime's
 * copy, the decoded parts and their strings: 60 MiB in one text part peaked at 720 MiB), so that the 64 MiB a
 * decrypted body may have would pass the 512 MiB any message is read in. Mail services take messages of 25 MB.
 */
export const MAX_MIME_BYTES = 32 * 1024 * 1024

/** The most parts (leaves and multiparts) a MIME tree may have: real mail has a few dozen. */
export const MAX_MIME_PARTS = 10_000

/** The prefix of an embedded attachment's ID ("mime:2"). */
export const MIME_ID_PREFIX = 'mime:'

/** A memory-hole header part larger than this is an attachment like any other (pmcrypto MAX_ENC_HEADER_LENGTH). */
const MAX_HEADER_PART = 1024

/** What pmcrypto names a memory-hole header part (its headerFilename, ".txt" added). */
const HEADER_PART_NAME = 'Encrypted Headers.txt'

/** A multipart message: its decrypted Body is a whole MIME tree (PGP/MIME). */
export const isMimeMessage = (message: {MIMEType?: unknown}) => typeof message.MIMEType === 'string' && message.MIMEType.toLowerCase().startsWith('multipart/')

/** Beyond this nesting the tree is refused (real mail nests a handful of levels). */
const MAX_NESTING = 64
/**
 * How postal-mime takes a body apart. A forwarded message (message/rfc822) stays one attachment, to list and save
 * as it is, rather than being parsed in: postal-mime parses each nested message with a parser of its own, whatever
 * the nesting limit, and a few KiB of compressed mail nesting 40,000 of them took 22 s and 800 MB.
 */
const PARSE_OPTIONS = {attachmentEncoding: 'arraybuffer', forceRfc822Attachments: true, maxNestingDepth: MAX_NESTING} as const

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

/** How many lines the bytes hold (line feeds, and a last line without one). */
function lineCount(bytes: Uint8Array): number {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let count = 0
  for (let at = buffer.indexOf(0x0a); at !== -1; at = buffer.indexOf(0x0a, at + 1)) count++
  return count + (buffer.length > 0 && buffer.at(-1) !== 0x0a ? 1 : 0)
}

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')

/** The top-level header block's end (the first empty line), or -1 when the body has none. */
function headerEnd(text: string): number {
  const match = /\r?\n\r?\n/.exec(text)
  return match ? match.index : -1
}

/**
 * The two parts of a multipart/signed (RFC 3156 5: exactly two, the signed entity and the signature), CRLF line
 * ends, the CRLF before each delimiter excluded; undefined unless there are exactly two parts, the second an
 * application/pgp-signature, and a closing delimiter. Any other part is outside the signature: shown beside a
 * "verified" line it would lend the sender's signature to text and files the sender never signed.
 */
function signedParts(text: string, boundary: string): {entity: string; signature: string} | undefined {
  const delimiter = `--${boundary}`
  const parts: string[][] = []
  let current: string[] | undefined
  let closed = false
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trimEnd()
    if (trimmed === delimiter || trimmed === `${delimiter}--`) {
      if (current) parts.push(current)
      current = []
      closed = trimmed !== delimiter
      if (closed) break
    } else current?.push(line)
  }

  if (!closed || parts.length !== 2) return undefined
  const [entity, signaturePart] = parts.map((part) => part.join('\r\n'))
  const end = headerEnd(signaturePart)
  if (end < 0 || !/^content-type:[ \t]*application\/pgp-signature\b/im.test(signaturePart.slice(0, end))) return undefined
  return {entity, signature: signaturePart.slice(end).trim()}
}

const bytesOf = (content: Attachment['content']): Uint8Array => (typeof content === 'string' ? Buffer.from(content) : content instanceof Uint8Array ? content : new Uint8Array(content))

export interface ParseOptions {
  /** The sender's address: a memory-hole header part names a subject only when its From is the sender. */
  sender?: string
  /** Refuse a tree without a text part (mail read); listing and saving attachments take it as it is. Default: true. */
  requireText?: boolean
}

/** A memory-hole header part (text/rfc822-headers, no file name, small): its Subject when its From is the sender. */
async function headerPartSubject(PostalMime: typeof import('postal-mime').default, attachment: Attachment, sender: string | undefined): Promise<string | undefined> {
  if (sender === undefined) return undefined
  const headers = await PostalMime.parse(bytesOf(attachment.content)).catch(() => undefined)
  const from = headers?.from && 'address' in headers.from ? headers.from.address : undefined
  if (!headers?.subject || !from || from.toLowerCase() !== sender.toLowerCase()) return undefined
  return headers.subject
}

/** A leaf of the tree as its boundaries give it: its type, its disposition, and for a base64 body, what is wrong with it. */
interface RawLeaf {
  type: string
  attachment: boolean
  damage?: Damage
}

/** The header block of an entity, unfolded: lower-cased names to their first value. */
function rawHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>()
  for (const line of block.replaceAll(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon <= 0) continue
    const name = line.slice(0, colon).trim().toLowerCase()
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim())
  }

  return headers
}

/** What is wrong with a base64 body, if anything: a character outside the alphabet, padding inside, a length no base64 has. */
function base64Damage(body: string): Damage | undefined {
  const lines = body.split(/\r?\n/)
  for (const [index, line] of lines.entries()) {
    const bad = /[^A-Za-z0-9+/=\s]/.exec(line)
    if (bad) return `its base64 body holds ${JSON.stringify(bad[0])} on line ${index + 1}`
  }

  const compact = body.replaceAll(/\s+/g, '')
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact)) return 'its base64 body has padding before its end'
  if (compact.length % 4 !== 0) return `its base64 body is cut short (${compact.length} characters, not a multiple of 4)`
  return undefined
}

/** Where rawLeaves puts the leaves it finds, and how many parts it has seen. */
interface Walk {
  leaves: RawLeaf[]
  parts: number
}

/**
 * The leaves of an entity in the order they occur, walked by its boundaries (RFC 2046) into `walk.leaves` (pushed
 * one by one: a tree of 200,000 parts has no room in the stack as arguments), each classified as postal-mime
 * classifies it: an inline text/plain or text/html part is body text, every other leaf an attachment. False when
 * the walk cannot follow the tree (a message/rfc822 part is not followed, see damagedParts); throws MimeBoundError
 * past MAX_MIME_PARTS.
 */
function rawLeaves(entity: string, parentType: string, depth: number, walk: Walk): boolean {
  if (depth > MAX_NESTING) return false
  if (++walk.parts > MAX_MIME_PARTS) throw new MimeBoundError(`its MIME tree has more than the ${MAX_MIME_PARTS} parts this tool takes apart`)
  const end = headerEnd(entity)
  const headers = rawHeaders(end < 0 ? entity : entity.slice(0, end))
  const body = end < 0 ? '' : entity.slice(end).replace(/^\r?\n\r?\n/, '')
  const contentType = parseContentType(headers.get('content-type') ?? (parentType === 'multipart/digest' ? 'message/rfc822' : 'text/plain'))
  const type = contentType.type
  if (type === 'message/rfc822') return false
  if (type.startsWith('multipart/')) {
    const boundary = contentType.params.get('boundary')
    if (!boundary) return false
    const parts: string[][] = []
    let current: string[] | undefined
    for (const line of body.split(/\r?\n/)) {
      const trimmed = line.trimEnd()
      if (trimmed === `--${boundary}--`) break
      if (trimmed === `--${boundary}`) parts.push((current = []))
      else current?.push(line)
    }

    return parts.every((part) => rawLeaves(part.join('\r\n'), type, depth + 1, walk))
  }

  const disposition = parseContentType(headers.get('content-disposition') ?? '').type
  const attachment = disposition === 'attachment' || (type !== 'text/plain' && type !== 'text/html')
  const encoding = (/[\w-]+/.exec((headers.get('content-transfer-encoding') ?? '').toLowerCase()) ?? [''])[0]
  const damage = attachment && encoding === 'base64' ? base64Damage(body) : undefined
  walk.leaves.push({attachment, type, ...(damage === undefined ? {} : {damage})})
  return true
}

/** The tree walked by its boundaries: its leaves, or undefined when the walk cannot follow it (see rawLeaves). */
function walkTree(text: string): RawLeaf[] | undefined {
  const walk: Walk = {leaves: [], parts: 0}
  return rawLeaves(text, '', 0, walk) ? walk.leaves : undefined
}

/**
 * Which embedded attachments have a damaged base64 body, found by walking the tree by its boundaries beside
 * postal-mime (which decodes leniently and keeps no raw body). The walk is trusted only when it finds the very
 * attachments postal-mime found, of the same types in the same order; a tree it does not follow as postal-mime does
 * (a nested message/rfc822 part, a boundary nested in another's) marks none.
 */
function damagedParts(walked: RawLeaf[] | undefined, types: readonly string[]): Array<Damage | undefined> {
  const none = types.map(() => undefined)
  // A multipart/signed's signature is never among them: the tree walked is the signed entity alone (parseMimeBody).
  const leaves = walked?.filter((leaf) => leaf.attachment)
  if (leaves === undefined || leaves.length !== types.length || leaves.some((leaf, index) => leaf.type !== types[index])) return none
  return leaves.map((leaf) => leaf.damage)
}

const isHeaderPart = (attachment: Attachment) => !attachment.filename && attachment.mimeType === 'text/rfc822-headers' && bytesOf(attachment.content).byteLength <= MAX_HEADER_PART

/**
 * The decrypted body of a multipart message taken apart. Throws MimeBodyError when it is not a MIME entity (no
 * header block with a Content-Type, a multipart without a boundary, or whose boundary never occurs), when the
 * parser refuses it, and when the tree holds neither a text/plain nor a text/html part.
 */
export async function parseMimeBody(bytes: Uint8Array, {requireText = true, sender}: ParseOptions = {}): Promise<MimeBody> {
  if (bytes.byteLength > MAX_MIME_BYTES) throw new MimeBoundError(`its MIME body is ${sizeText(bytes.byteLength)}, more than the ${sizeText(MAX_MIME_BYTES)} this tool takes apart`)
  const lines = lineCount(bytes)
  if (lines > MAX_MIME_LINES) throw new MimeBoundError(`its MIME body has ${lines} lines, more than the ${MAX_MIME_LINES} this tool takes apart`)
  const text = latin1(bytes)
  const end = headerEnd(text)
  if (end < 0) throw new MimeBodyError('the decrypted body is not MIME (no header block)')
  const {default: PostalMime} = await import('postal-mime')
  const parse = async (source: Uint8Array): Promise<Email> => {
    try {
      return await PostalMime.parse(source, PARSE_OPTIONS)
    } catch (error) {
      throw new MimeBodyError(`the decrypted body is not valid MIME (${error instanceof Error ? error.message : String(error)})`)
    }
  }

  // The header block alone first: it says which entity is taken apart (the whole body, or a multipart/signed's
  // signed entity), and that one is parsed once.
  const top = await parse(Buffer.from(`${text.slice(0, end)}\r\n\r\n`, 'latin1'))
  const header = top.headers.find(({key}) => key === 'content-type')
  if (!header) throw new MimeBodyError('the decrypted body is not MIME (no Content-Type header)')
  const contentType = parseContentType(header.value)
  if (!/^[\w.+-]+\/[\w.+-]+$/.test(contentType.type)) throw new MimeBodyError(`the decrypted body is not MIME (Content-Type "${contentType.type.slice(0, 60)}")`)
  let signed: MimeBody['signed']
  /** The text of the tree taken apart: the whole body, or a multipart/signed's signed entity. */
  let treeText = text
  if (contentType.type.startsWith('multipart/')) {
    const boundary = contentType.params.get('boundary')
    if (!boundary) throw new MimeBodyError(`the decrypted body is not valid MIME (${contentType.type} without a boundary)`)
    if (!text.slice(end).includes(`--${boundary}`)) throw new MimeBodyError(`the decrypted body is not valid MIME (its ${contentType.type} boundary never occurs)`)
    const parts = contentType.type === 'multipart/signed' && contentType.params.get('protocol')?.toLowerCase() === 'application/pgp-signature' ? signedParts(text, boundary) : undefined
    if (parts) {
      signed = {data: Buffer.from(parts.entity, 'latin1'), signature: parts.signature}
      // What is shown, listed and saved is what was signed: the signed entity alone, parsed on its own (pmcrypto
      // processMIME parses what verifySignature hands it).
      treeText = parts.entity
    }
  }

  // Walked by its boundaries first: a tree of more parts than MAX_MIME_PARTS is refused before postal-mime holds them.
  const walked = walkTree(treeText)
  const email = await parse(signed ? signed.data : bytes)
  const topSubject = email.subject

  let headerSubject: string | undefined
  const attachments: MimeAttachment[] = []
  for (const [index, attachment] of email.attachments.entries()) {
    const headerPart = isHeaderPart(attachment)
    if (headerPart) headerSubject ??= await headerPartSubject(PostalMime, attachment, sender)
    attachments.push({
      ID: `${MIME_ID_PREFIX}${index + 1}`,
      ContentID: attachment.contentId ?? null,
      Disposition: attachment.disposition,
      MIMEType: attachment.mimeType,
      Name: attachment.filename ?? (headerPart ? HEADER_PART_NAME : 'attachment'),
      Size: bytesOf(attachment.content).byteLength,
    })
  }

  const contents = email.attachments.map((attachment) => bytesOf(attachment.content))
  const damage = damagedParts(
    walked,
    attachments.map(({MIMEType}) => MIMEType),
  )
  const subject = headerSubject ?? (topSubject || undefined)
  if (requireText && email.text === undefined && email.html === undefined) {
    const what = attachments.length === 0 ? 'nothing else either' : `only ${attachments.length} attachment${attachments.length === 1 ? '' : 's'}`
    throw new MimeBodyError(`its MIME tree has no text part (${what})`)
  }

  return {
    attachments,
    contents,
    damage,
    ...(email.html === undefined ? {} : {html: email.html}),
    ...(email.text === undefined ? {} : {text: email.text}),
    ...(signed ? {signed} : {}),
    ...(subject === undefined ? {} : {subject}),
  }
}
