/**
 * What an API answer means, decided once for every command: empty, not
 * JSON, or JSON with an envelope, and the exit status and error line that
 * go with it. The raw command prints it (Invocation.printAnswer); a
 * dedicated command reads it into data (readAnswer).
 */
import {describeApiError, describeNotJson, statusText} from './api-error.ts'
import {type Envelope, ENVELOPE_MEMBERS, type Sniff, sniffJson, sniffMembers, sniffOf} from './envelope.ts'
import {CAPTURE_MAX_BYTES, scanJson} from './json-scan.ts'
import {RENDER_DEPTH} from './output.ts'
import {EXIT, type ExitStatus, exitStatusForResponse} from '../core/exit-status.ts'
import type {ApiResponse} from '../http/client.ts'
import {type JsonValue, parseExact} from '../core/json-value.ts'
import {isRecord} from '../core/records.ts'

/** The verdict on an answer: its exit status and, for a failure, the one stderr line (without "Error: "). */
export interface Verdict {
  exitStatus: ExitStatus
  message: string
}

export type Classified =
  | (Verdict & {kind: 'empty'})
  | (Verdict & {envelope: Envelope; kind: 'json'})
  /** Always exit 5; `byStatus` is what the HTTP status alone says, for --output-file, which keeps any body. */
  | (Verdict & {byStatus: Verdict; kind: 'not-json'})

/** The verdict on an answer from its status, its length and (only when it has a body) what the JSON check found. */
export function classify(head: Pick<ApiResponse, 'headers' | 'statusCode' | 'statusMessage'>, length: number, sniff: () => Sniff): Classified {
  const {statusCode, statusMessage} = head
  const byStatus: Verdict = {exitStatus: exitStatusForResponse(statusCode, undefined), message: describeApiError(statusCode, statusMessage)}
  if (length === 0) return {...byStatus, kind: 'empty'}
  const sniffed = sniff()
  if (!sniffed.json) {
    return {byStatus, exitStatus: EXIT.UNAVAILABLE, kind: 'not-json', message: describeNotJson(statusCode, statusMessage, head.headers['content-type'], length)}
  }

  const {envelope} = sniffed
  // An envelope of the wrong shape is the service's fault, whatever the status says.
  if (!envelope.valid) {
    return {envelope, exitStatus: EXIT.UNAVAILABLE, kind: 'json', message: `${statusText(statusCode, statusMessage)}: the service's answer is malformed: its envelope's ${envelope.problem}`}
  }

  return {envelope, exitStatus: exitStatusForResponse(statusCode, envelope.code), kind: 'json', message: describeApiError(statusCode, statusMessage, envelope)}
}

/** classify for an answer whole in memory. */
export function classifyAnswer(response: Pick<ApiResponse, 'body' | 'headers' | 'statusCode' | 'statusMessage'>): Classified {
  return classify(response, response.body.length, () => sniffJson(response.body))
}

export interface Answer {
  /** The bytes as received: what --output json prints. */
  body: Buffer
  /** The parsed body; undefined when the body was empty (a 204, say). */
  data: JsonValue | undefined
}

export interface Failure extends Verdict {
  /** The service's JSON error body, printed on stdout with --output json only. */
  json?: Buffer
  /** A body that is not JSON: it goes to stderr, as the raw command does. */
  notJson?: Buffer
}

export type Outcome = {answer: Answer; ok: true} | {failure: Failure; ok: false}

/**
 * Whether no container in `value` lies deeper than `limit` (the top level is 1), as the scanner counts depth. Recursive
 * (at most `limit` frames, RENDER_DEPTH), and allocating nothing: a page of events holds thousands of containers.
 */
function nestedWithin(value: object, limit: number): boolean {
  if (limit < 1) return false
  if (Array.isArray(value)) {
    for (let at = 0; at < value.length; at++) {
      const item: unknown = value[at]
      if (typeof item === 'object' && item !== null && !nestedWithin(item, limit - 1)) return false
    }
  } else {
    for (const key in value) {
      const item: unknown = (value as Record<string, unknown>)[key]
      if (typeof item === 'object' && item !== null && !nestedWithin(item, limit - 1)) return false
    }
  }

  return true
}

/**
 * Containers JSON.parse may build before the depth is known: V8's parser does not recurse, so an answer nested a
 * million levels deep is built whole (some 55 bytes a level) where the scanner refuses it at RENDER_DEPTH without
 * building anything. Past this many brackets (a page of 100 events has some 2,000), the scanner reads the answer.
 */
const QUICK_BRACKETS = 20_000

/** Whether the body has at most `limit` of "[" and "{", strings included. */
function bracketsWithin(body: Buffer, limit: number): boolean {
  let count = 0
  for (const bracket of [0x5b, 0x7b]) for (let at = body.indexOf(bracket); at !== -1 && count <= limit; at = body.indexOf(bracket, at + 1)) count++
  return count <= limit
}

const isNumberByte = (byte: number) => (byte >= 0x30 && byte <= 0x39) || byte === 0x2e || byte === 0x65 || byte === 0x45 || byte === 0x2b || byte === 0x2d

/**
 * Whether the body has a run of CAPTURE_MAX_BYTES bytes a number is written with: the scanner keeps no more of a
 * member's value (a Code cut short is no integer). Any such run covers one of the bytes looked at, half a run apart;
 * each byte of a run is gone over once.
 */
function longNumberIn(body: Buffer): boolean {
  for (let at = 0; at < body.length; at += CAPTURE_MAX_BYTES / 2) {
    if (!isNumberByte(body[at])) continue
    let from = at
    while (from > 0 && isNumberByte(body[from - 1])) from--
    let to = at
    while (to < body.length && isNumberByte(body[to])) to++
    if (to - from >= CAPTURE_MAX_BYTES) return true
    at = to
  }

  return false
}

/**
 * Most answers, read by parseExact alone (the scanner goes over every byte in JavaScript: some 4 ms of a month of
 * events): an object whose envelope is a Code that is a safe integer, nested at most RENDER_DEPTH, with at most
 * QUICK_BRACKETS brackets and no number the scanner would cut. The scanner would find the same (it accepts what
 * JSON.parse accepts on the UTF-8 decoding, and keeps a repeated member's last value, as JSON.parse does); anything
 * else goes to it, which says where and why.
 */
function readQuickly(body: Buffer): {data: JsonValue; code: number} | undefined {
  if (!bracketsWithin(body, QUICK_BRACKETS) || longNumberIn(body)) return undefined
  let data: JsonValue
  try {
    data = parseExact(body.toString('utf8'))
  } catch {
    return undefined
  }

  if (!isRecord(data) || !Number.isSafeInteger(data.Code) || Object.hasOwn(data, 'Error') || Object.hasOwn(data, 'Details') || !nestedWithin(data, RENDER_DEPTH)) return undefined
  return {code: data.Code as number, data}
}

/** What a dedicated command makes of one answer: the data (integers exact) with the bytes kept, or the failure. */
export function readAnswer(response: ApiResponse): Outcome {
  const {body} = response
  let depth = 0
  const quick = body.length > 0 ? readQuickly(body) : undefined
  const answer = classify(response, body.length, () => {
    if (quick) return sniffMembers(new Map([['Code', quick.code]]))
    const scan = scanJson(body, ENVELOPE_MEMBERS)
    if (scan.json) depth = scan.depth
    return sniffOf(scan)
  })
  const {exitStatus, message} = answer
  switch (answer.kind) {
    case 'not-json': {
      return {failure: {exitStatus, message, notJson: body}, ok: false}
    }

    case 'empty': {
      if (exitStatus !== EXIT.OK) return {failure: {exitStatus, message}, ok: false}
      return {answer: {body, data: undefined}, ok: true}
    }

    case 'json': {
      if (exitStatus !== EXIT.OK) return {failure: {exitStatus, json: body, message}, ok: false}
      // Parsing (integers exact) recurses once per level: an answer nested deeper than any real one is refused, in one line.
      if (depth > RENDER_DEPTH) {
        return {failure: {exitStatus: EXIT.UNAVAILABLE, json: body, message: `the answer is nested ${depth} levels deep, more than the ${RENDER_DEPTH} this command reads`}, ok: false}
      }

      return {answer: {body, data: quick ? quick.data : parseExact(body.toString('utf8'))}, ok: true}
    }
  }
}
