/**
 * What a dedicated command makes of one answer: the parsed data (integers
 * exact) with the raw bytes kept for --output json, or the failure the raw
 * command would report, with the same exit status and error line.
 */
import {describeApiError, describeNotJson} from './api-error.ts'
import {ENVELOPE_MEMBERS, sniffOf} from './envelope.ts'
import {scanJson} from './json-scan.ts'
import {RENDER_DEPTH} from './output.ts'
import {EXIT, type ExitStatus, exitStatusForResponse} from '../runtime/exit-status.ts'
import type {ApiResponse} from '../http/client.ts'
import {type JsonValue, parseExact} from './json-value.ts'

export interface Answer {
  /** The bytes as received: what --output json prints. */
  body: Buffer
  /** The parsed body; undefined when the body was empty (a 204, say). */
  data: JsonValue | undefined
  /** False when the body is an object whose Code is not an integer. */
  validEnvelope: boolean
}

export interface Failure {
  exitStatus: ExitStatus
  /** The one stderr line, without the "Error: " prefix. */
  message: string
  /** The service's JSON error body, printed on stdout with --output json only. */
  json?: Buffer
  /** A body that is not JSON: it goes to stderr, as the raw command does. */
  notJson?: Buffer
}

export type Outcome = {answer: Answer; ok: true} | {failure: Failure; ok: false}

export function readAnswer(response: ApiResponse): Outcome {
  const {body, statusCode, statusMessage} = response
  if (body.length === 0) {
    const exitStatus = exitStatusForResponse(statusCode, undefined)
    if (exitStatus === EXIT.OK) return {answer: {body, data: undefined, validEnvelope: true}, ok: true}
    return {failure: {exitStatus, message: describeApiError(statusCode, statusMessage)}, ok: false}
  }

  const scan = scanJson(body, ENVELOPE_MEMBERS)
  const sniff = sniffOf(scan)
  if (!sniff.json) {
    return {
      failure: {exitStatus: EXIT.UNAVAILABLE, message: describeNotJson(statusCode, statusMessage, response.headers['content-type'], body.length), notJson: body},
      ok: false,
    }
  }

  const exitStatus = exitStatusForResponse(statusCode, sniff.envelope.code)
  if (exitStatus !== EXIT.OK) {
    return {failure: {exitStatus, json: body, message: describeApiError(statusCode, statusMessage, sniff.envelope)}, ok: false}
  }

  // Parsing (integers exact) recurses once per level: an answer nested deeper than any real one is refused, in one line.
  const depth = scan.json ? scan.depth : 0
  if (depth > RENDER_DEPTH) {
    return {failure: {exitStatus: EXIT.UNAVAILABLE, json: body, message: `the answer is nested ${depth} levels deep, more than the ${RENDER_DEPTH} this command reads`}, ok: false}
  }

  return {answer: {body, data: parseExact(body.toString('utf8')), validEnvelope: sniff.envelope.valid}, ok: true}
}
