/**
 * -H/--header 'Name: value': checked before anything is sent (a malformed
 * header or a CR/LF in a value would let a request be smuggled), and never
 * silent when it replaces a header the session sets.
 */
import {HEADER} from '../contract/contract.ts'
import {usageError} from '../runtime/errors.ts'

/** RFC 9110 token characters. */
const TOKEN = /^[!#$%&'*+.^`|~\w-]+$/

const SESSION_HEADERS: ReadonlySet<string> = new Set([HEADER.APP_VERSION, HEADER.AUTHORIZATION, HEADER.UID])

export function parseHeader(text: string): [string, string] {
  const at = text.indexOf(':')
  const name = at === -1 ? text : text.slice(0, at)
  if (at === -1 || !TOKEN.test(name)) throw usageError(`-H/--header takes 'Name: value' with a valid header name, got ${JSON.stringify(text)}`)
  const value = text.slice(at + 1).trim()
  if (/[\r\n]/.test(value)) throw usageError(`-H/--header ${name}: the value must not contain CR or LF`)
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000A-\u001F\u007F]/.test(value)) throw usageError(`-H/--header ${name}: the value must not contain control characters`)
  return [name, value]
}

/** The headers as a record (a repeated name: the last wins), with a warning for each session header replaced. */
export function parseHeaders(texts: readonly string[], warn: (line: string) => void): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const text of texts) {
    const [name, value] = parseHeader(text)
    const lower = name.toLowerCase()
    if (SESSION_HEADERS.has(lower)) warn(`Warning: -H ${name} replaces the ${lower} header the session would send`)
    headers[lower] = value
  }

  return headers
}
