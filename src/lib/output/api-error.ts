/** The one stderr line that explains an API error. */
import {API_CODES, nameOf} from '../contract/contract.ts'
import {SERVICE_CODE, SERVICE_CODE_NAMES} from '../contract/service-codes.ts'
import {oneLine} from '../runtime/errors.ts'
import type {Envelope} from './envelope.ts'

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

export function describeApiError(statusCode: number, statusMessage: string, envelope?: Envelope): string {
  const parts = [`HTTP ${statusCode}${statusMessage ? ` ${statusMessage}` : ''}`]
  if (envelope?.code !== undefined) parts.push(codeText(envelope.code))

  const text = envelope?.error ? `: ${oneLine(envelope.error)}` : ''
  const hint = envelope?.code === undefined ? undefined : HINTS[envelope.code]
  return parts.join(', ') + text + (hint ? ` (${hint})` : '')
}
