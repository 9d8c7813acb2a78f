/**
 * -H/--header 'Name: value': checked before anything is sent (a malformed
 * header or a CR/LF in a value would let a request be smuggled), and never
 * silent when it replaces a header the session sets.
 */
import {HEADER} from '../contract/contract.ts'
import {usageError} from '../core/errors.ts'

/** RFC 9110 token characters. */
const TOKEN = /^[!#$%&'*+.^`|~\w-]+$/

const SESSION_HEADERS: ReadonlySet<string> = new Set([HEADER.APP_VERSION, HEADER.AUTHORIZATION, HEADER.UID])

/**
 * Headers that frame the message itself: the client computes them from the
 * body and the URL, and a value given by hand would break the request's
 * framing (or the next one's on the same connection).
 */
const FRAMING: ReadonlySet<string> = new Set(['connection', 'content-length', 'expect', 'host', 'keep-alive', 'te', 'trailer', 'transfer-encoding', 'upgrade'])

/**
 * A header value as it may go on the wire: printable ASCII and tabs. CR,
 * LF and NUL would split or end the header; other bytes have no agreed
 * encoding (a byte that is not UTF-8 reaches us as U+FFFD), so they are
 * refused rather than sent as something else than what was written.
 */
export function checkHeaderValue(what: string, value: string): string {
  if (/[\r\n]/.test(value)) throw usageError(`${what}: the value must not contain CR or LF`)
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000A-\u001F\u007F]/.test(value)) throw usageError(`${what}: the value must not contain control characters`)
  if (/[^\t\u0020-\u007E]/.test(value)) {
    throw usageError(`${what}: the value must be ASCII text (${value.includes('\uFFFD') ? 'it holds bytes that are not UTF-8' : 'encode other text first, e.g. percent-encoded'})`)
  }

  return value
}

export function parseHeader(text: string): [string, string] {
  const at = text.indexOf(':')
  const name = at === -1 ? text : text.slice(0, at)
  if (at === -1 || !TOKEN.test(name)) throw usageError(`-H/--header takes 'Name: value' with a valid header name, got ${JSON.stringify(text)}`)
  if (FRAMING.has(name.toLowerCase())) throw usageError(`-H/--header ${name}: the client sets this header itself (it frames the request)`)
  return [name, checkHeaderValue(`-H/--header ${name}`, text.slice(at + 1).trim())]
}

/** The headers as a record, with a warning for each session header replaced; a name given twice is refused. */
export function parseHeaders(texts: readonly string[], warn: (line: string) => void): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const text of texts) {
    const [name, value] = parseHeader(text)
    const lower = name.toLowerCase()
    if (Object.hasOwn(headers, lower)) throw usageError(`-H/--header ${name} is given twice: give it once (values joined by ", " where the header allows a list)`)
    if (SESSION_HEADERS.has(lower)) warn(`Warning: -H ${name} replaces the ${lower} header the session would send`)
    headers[lower] = value
  }

  return headers
}
