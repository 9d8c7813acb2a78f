/**
 * The JSON sniff: is the body JSON, and what is its envelope's Code? The
 * envelope check is an ajv validator compiled at build time
 * (scripts/build-validators.js), so no schema is compiled at run time.
 */
import validateEnvelope from '../generated/envelope-validator.ts'
import {scanJson} from './json-scan.ts'

export interface Envelope {
  /** The envelope's Code when it is an integer. */
  code?: number
  /** The service's Error text, when present. */
  error?: string
  /** False when the body is an object whose Code is not an integer. */
  valid: boolean
}

export type Sniff = {envelope: Envelope; json: true} | {json: false; reason: string}

const ENVELOPE_MEMBERS: ReadonlySet<string> = new Set(['Code', 'Error'])

/**
 * Is the body JSON, and what is its envelope's Code? The body is checked
 * without being parsed into objects (see json-scan.ts); the validator sees
 * only the top-level Code.
 */
export function sniffJson(body: Buffer): Sniff {
  const scan = scanJson(body, ENVELOPE_MEMBERS)
  if (!scan.json) return {json: false, reason: body.length === 0 ? 'empty' : 'not JSON'}
  if (!scan.object) return {envelope: {valid: true}, json: true}
  const code = scan.members.get('Code')
  const error = scan.members.get('Error')
  const valid = validateEnvelope(scan.members.has('Code') ? {Code: code} : {}) as boolean
  return {
    envelope: {
      code: valid && typeof code === 'number' ? code : undefined,
      error: typeof error === 'string' ? error : undefined,
      valid,
    },
    json: true,
  }
}
