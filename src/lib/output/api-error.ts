/** The one stderr line that explains an API error. */
import {API_CODES, nameOf} from '../contract/contract.ts'
import {oneLine} from '../runtime/errors.ts'
import type {Envelope} from './envelope.ts'

export function describeApiError(statusCode: number, statusMessage: string, envelope?: Envelope): string {
  const parts = [`HTTP ${statusCode}${statusMessage ? ` ${statusMessage}` : ''}`]
  if (envelope?.code !== undefined) {
    const name = nameOf(API_CODES, envelope.code)
    parts.push(`Code ${envelope.code}${name ? ` ${name}` : ''}`)
  }

  const text = envelope?.error ? `: ${oneLine(envelope.error)}` : ''
  return parts.join(', ') + text
}
