/**
 * The sandbox's side of HTTP: a request body read within bounds, a JSON
 * body parsed as the service parses it, and JSON answers written whole (or
 * cut in half, for the truncate fault).
 */
import type {IncomingMessage, ServerResponse} from 'node:http'

import {CODE} from '../../lib/contract/contract.ts'
import {SandboxError} from '../backend/api-error.ts'
import type {JsonObject} from '../backend/validation.ts'
import {RawAnswer, type RouteAnswer} from '../backend/route-types.ts'

export const MAX_BODY_BYTES = 1024 * 1024
/** POST /mail/v4/attachments takes a MaxUpload (25 MiB) of data, its encryption's few bytes more and the form's parts. */
export const ATTACHMENTS_PATH = '/mail/v4/attachments'
export const ATTACHMENT_MAX_BODY_BYTES = 26 * 1024 * 1024
/** Past this, the rest of a body is not even read: the connection is closed after the 413. */
export const DRAIN_LIMIT_BYTES = 64 * MAX_BODY_BYTES
export const JSON_TYPE = 'application/json; charset=utf-8'

export interface Body {
  bytes: Buffer
  size: number
  complete: boolean
}

export function readBody(request: IncomingMessage, limit: number): Promise<Body> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let size = 0
    const finish = (complete: boolean) => resolve({bytes: Buffer.concat(chunks), complete, size})
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= limit) chunks.push(chunk)
      else if (size > DRAIN_LIMIT_BYTES) {
        request.pause()
        finish(false)
      }
    })
    request.on('end', () => finish(true))
    request.on('error', () => finish(false))
  })
}

export function parseJsonObject(bytes: Buffer): JsonObject {
  const text = bytes.toString('utf8')
  if (text.trim() === '') return {}
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new SandboxError(400, CODE.INVALID_REQUIREMENT_ERROR, 'The body is not valid JSON')
  }

  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new SandboxError(422, CODE.INVALID_REQUIREMENT_ERROR, 'The body must be a JSON object')
  }

  return value as JsonObject
}

export function writeJson(response: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}, truncate = false): void {
  if (response.headersSent || response.destroyed) return
  let bytes = Buffer.from(JSON.stringify(value), 'utf8')
  // The truncate fault: a complete HTTP answer whose JSON stops halfway.
  if (truncate) bytes = bytes.subarray(0, Math.max(1, Math.floor(bytes.length / 2)))
  response.writeHead(status, {...headers, 'content-length': String(bytes.length), 'content-type': JSON_TYPE})
  response.end(bytes)
}

export function envelope(error: SandboxError): JsonObject {
  return {Code: error.code, Error: error.message, ...(error.details ? {Details: error.details} : {})}
}

export function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name]
  return typeof value === 'string' ? value : undefined
}

/** A 200: JSON, or the bytes of a raw answer (the truncate fault cuts either in half). */
export function writeAnswer(response: ServerResponse, answer: RouteAnswer, truncate = false): void {
  if (!(answer instanceof RawAnswer)) {
    writeJson(response, 200, answer, {}, truncate)
    return
  }

  const bytes = truncate ? answer.bytes.subarray(0, Math.max(1, Math.floor(answer.bytes.length / 2))) : answer.bytes
  response.writeHead(200, {'content-length': String(bytes.length), 'content-type': answer.type})
  response.end(bytes)
}
