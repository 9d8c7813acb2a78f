/** The one stderr line that explains an API error. */
import {API_CODES, nameOf} from '../contract/contract.ts'
import {SERVICE_CODE, SERVICE_CODE_NAMES} from '../contract/service-codes.ts'
import type {Envelope} from './envelope.ts'
import {escapeLine} from '../core/escape.ts'

/** What to do about an answer, where the tool knows: the app version is the user's to change. */
const HINTS: Readonly<Record<number, string>> = {
  [SERVICE_CODE.APP_VERSION_BAD]: 'set --app-version or PROTON_APP_VERSION to a version the service accepts',
  [SERVICE_CODE.APP_VERSION_MISSING]: 'set --app-version or PROTON_APP_VERSION',
}

/** "Code 2501 NOT_FOUND_ERROR": a Code with its name, where the contract or the service's codes give one. */
export function codeText(code: number): string {
  const name = nameOf(API_CODES, code) ?? SERVICE_CODE_NAMES[code]
  return `Code ${code}${name ? ` ${name}` : ''}`
}

/** The service's Error text is cut after this many characters. */
const ERROR_MAX = 500

/** `HTTP 404 Not Found`: the reason phrase is the service's text, escaped (escape.ts). */
export function statusText(statusCode: number, statusMessage: string): string {
  return `HTTP ${statusCode}${statusMessage ? ` ${escapeLine(statusMessage)}` : ''}`
}

/** The service's Error text on one line, every control character (\n too) visible, cut at ERROR_MAX. */
export function errorText(error: string): string {
  const line = escapeLine(error.trim())
  return line.length > ERROR_MAX ? `${line.slice(0, ERROR_MAX - 1)}…` : line
}

export function describeApiError(statusCode: number, statusMessage: string, envelope?: Envelope): string {
  const parts = [statusText(statusCode, statusMessage)]
  if (envelope?.code !== undefined) parts.push(codeText(envelope.code))

  const text = envelope?.error ? `: ${errorText(envelope.error)}` : ''
  const hint = envelope?.code === undefined ? undefined : HINTS[envelope.code]
  return parts.join(', ') + text + (hint ? ` (${hint})` : '')
}

/** A body that is not JSON: the status, its Content-Type and size (the body itself goes to stderr, escaped). */
export function describeNotJson(statusCode: number, statusMessage: string, contentType: string | string[] | undefined, length: number): string {
  return `${statusText(statusCode, statusMessage)}: the answer is not JSON (${escapeLine(String(contentType ?? 'no content type'))}, ${length} bytes)`
}

/**
 * What a body that is not JSON looks like, for the one line a dedicated
 * command prints instead of it: an intermediary's page, JSON cut short (a
 * cut answer may hold anything, an armored key block among it), or text.
 */
export function bodyShape(body: Buffer): string {
  const start = body.subarray(0, 512).toString('latin1').trimStart()
  if (/^<(?:!doctype\s+html|html|head|body|h\d|title|center|p)\b/i.test(start)) return 'an HTML page'
  if (start.startsWith('<')) return 'markup'
  if (start.startsWith('{') || start.startsWith('[')) return 'JSON cut short'
  return 'text'
}

/** A redirect to another origin, answered instead of followed: Location is the service's text. */
export function describeRefusedRedirect(statusCode: number, location: string): string {
  return `HTTP ${statusCode}: redirect to ${escapeLine(location)} not followed (credentials stay with the session's origin)`
}
