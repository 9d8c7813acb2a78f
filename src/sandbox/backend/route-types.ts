/**
 * What a sandbox route is: its shape, the request it gets and the answers it gives. Apart from the
 * route table (apiRoutes) so that handlers which answer raw bytes import no table that imports them.
 */
import type {IncomingHttpHeaders} from 'node:http'

import type {Session} from '../handlers/auth.ts'
import type {JsonObject} from './validation.ts'

export interface RouteRequest {
  params: string[]
  query: URLSearchParams
  headers: IncomingHttpHeaders
  /** The body's bytes (a multipart upload). */
  body: Buffer
  /** The body parsed as a JSON object ({} when empty). */
  json(): JsonObject
}

interface RouteShape {
  method: string
  /** Whole-path pattern; its groups become params (percent-decoded). */
  path: RegExp
}

/** An answer that is not JSON: bytes as they are (GET /mail/v4/attachments/ID answers the data packet so). */
export class RawAnswer {
  readonly bytes: Buffer
  readonly type: string
  constructor(bytes: Buffer, type = 'application/octet-stream') {
    this.bytes = bytes
    this.type = type
  }
}

export type RouteAnswer = JsonObject | RawAnswer
/** What a handler returns: an answer, or one on its way (a send opens packages with OpenPGP.js). */
type Handled = Promise<RouteAnswer> | RouteAnswer

/** A route that needs no session, or one that gets the live session the request names. */
export type Route = (RouteShape & {access: 'none'; handle(request: RouteRequest): Handled}) | (RouteShape & {access: 'full' | 'session'; handle(request: RouteRequest, session: Session): Handled})
