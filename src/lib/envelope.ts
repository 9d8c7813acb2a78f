/**
 * The JSON sniff: does the body parse, and what is its envelope's Code? The
 * envelope check is an ajv validator compiled at build time
 * (scripts/build-validators.js), so no schema is compiled at run time.
 */
import validateEnvelope from './generated/envelope-validator.ts'

export interface Envelope {
  /** The envelope's Code when it is an integer. */
  code?: number
  /** The service's Error text, when present. */
  error?: string
  /** False when the body is an object whose Code is not an integer. */
  valid: boolean
}

export type Sniff = {envelope: Envelope; json: true} | {json: false; reason: string}

/** Parse the body as JSON and read its envelope. */
export function sniffJson(body: Buffer): Sniff {
  let value: unknown
  try {
    value = JSON.parse(body.toString('utf8'))
  } catch {
    return {json: false, reason: body.length === 0 ? 'empty' : 'not JSON'}
  }

  if (value === null || typeof value !== 'object' || Array.isArray(value)) return {envelope: {valid: true}, json: true}
  const valid = validateEnvelope(value) as boolean
  const record = value as {Code?: unknown; Error?: unknown}
  return {
    envelope: {
      code: valid && typeof record.Code === 'number' ? record.Code : undefined,
      error: typeof record.Error === 'string' ? record.Error : undefined,
      valid,
    },
    json: true,
  }
}
