/**
 * The JSON sniff: is the body JSON, and what is its envelope's Code? The
 * body is checked by the scanner (json-scan.ts) as it arrives, without being
 * parsed into objects; of the envelope only the top-level Code, Error and
 * Details are captured, and checked against the envelope's JSON Schema
 * (envelope.schema.json) by the validator ajv generated at build time
 * (scripts/build-envelope-check.js): no run loads ajv. An envelope of the
 * wrong shape (a Code that is not an integer, an Error that is not a
 * string) is the service's fault: exit 5 (api-answer.ts).
 */
import {type EnvelopeSchemaError, validateEnvelope} from '../generated/envelope-check.ts'
import {type ScanResult, scanJson} from './json-scan.ts'

export interface Envelope {
  /** The envelope's Code when it is an integer. */
  code?: number
  /** The service's Error text, when present. */
  error?: string
  /** False when the body is an object whose envelope members have the wrong types (see `problem`). */
  valid: boolean
  /** What is wrong with an invalid envelope: `Code must be integer`. */
  problem?: string
}

export type Sniff = {envelope: Envelope; json: true} | {json: false; reason: string}

/** The top-level members the envelope check reads. */
export const ENVELOPE_MEMBERS: ReadonlySet<string> = new Set(['Code', 'Details', 'Error'])

const check = validateEnvelope as ((data: unknown) => boolean) & {errors?: EnvelopeSchemaError[] | null}

/** The sniff of a finished scan that captured ENVELOPE_MEMBERS. */
export function sniffOf(scan: ScanResult): Sniff {
  if (!scan.json) return {json: false, reason: scan.length === 0 ? 'empty' : 'not JSON'}
  return sniffMembers(scan.object ? scan.members : undefined)
}

/** The sniff of JSON whose top level is an object with these of ENVELOPE_MEMBERS, or is no object (undefined). */
export function sniffMembers(members: ReadonlyMap<string, unknown> | undefined): Sniff & {json: true} {
  if (!members) return {envelope: {valid: true}, json: true}
  const code = members.get('Code')
  const error = members.get('Error')
  const valid = check(Object.fromEntries(members))
  const envelope: Envelope = {
    code: Number.isInteger(code) ? (code as number) : undefined,
    error: typeof error === 'string' ? error : undefined,
    valid,
  }
  if (!valid) envelope.problem = (check.errors ?? []).map(({instancePath, message}) => `${instancePath.slice(1)} ${message ?? 'is not valid'}`).join(', ')
  return {envelope, json: true}
}

/** Is this whole body JSON, and what is its envelope's Code? */
export function sniffJson(body: Uint8Array): Sniff {
  return sniffOf(scanJson(body, ENVELOPE_MEMBERS))
}
