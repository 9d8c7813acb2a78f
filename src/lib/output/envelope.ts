/**
 * The JSON sniff: is the body JSON, and what is its envelope's Code? The
 * body is checked by the scanner (json-scan.ts) as it arrives, without being
 * parsed into objects; of the envelope only the top-level Code and Error
 * are read.
 */
import {type ScanResult, scanJson} from './json-scan.ts'

export interface Envelope {
  /** The envelope's Code when it is an integer. */
  code?: number
  /** The service's Error text, when present. */
  error?: string
  /** False when the body is an object whose Code is not an integer. */
  valid: boolean
}

export type Sniff = {envelope: Envelope; json: true} | {json: false; reason: string}

/** The top-level members the envelope check reads. */
export const ENVELOPE_MEMBERS: ReadonlySet<string> = new Set(['Code', 'Error'])

/** The sniff of a finished scan that captured ENVELOPE_MEMBERS. */
export function sniffOf(scan: ScanResult): Sniff {
  if (!scan.json) return {json: false, reason: scan.length === 0 ? 'empty' : 'not JSON'}
  if (!scan.object) return {envelope: {valid: true}, json: true}
  const code = scan.members.get('Code')
  const error = scan.members.get('Error')
  const valid = !scan.members.has('Code') || Number.isInteger(code)
  return {
    envelope: {
      code: valid && typeof code === 'number' ? code : undefined,
      error: typeof error === 'string' ? error : undefined,
      valid,
    },
    json: true,
  }
}

/** Is this whole body JSON, and what is its envelope's Code? */
export function sniffJson(body: Uint8Array): Sniff {
  return sniffOf(scanJson(body, ENVELOPE_MEMBERS))
}
