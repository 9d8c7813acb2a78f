/**
 * A request matched to its route and the route called with the access it needs: 404 and 405 as the service answers
 * them, the control secret, the session.
 */
import {timingSafeEqual} from 'node:crypto'
import type {IncomingMessage} from 'node:http'

import {CODE} from '../../lib/contract/contract.ts'
import {SandboxError} from '../backend/api-error.ts'
import {SANDBOX_CODE} from '../backend/codes.ts'
import type {Route, RouteAnswer} from '../backend/route-types.ts'
import type {AuthService} from '../handlers/auth.ts'
import {CONTROL_SECRET_HEADER} from '../handlers/control.ts'
import {header, parseJsonObject} from './http-io.ts'

/** Match a route: the route, or 404 / 405 as the service answers them. */
function findRoute(routes: Route[], method: string, path: string): {route: Route; params: string[]} {
  let allowed: string[] = []
  for (const route of routes) {
    const match = route.path.exec(path)
    if (!match) continue
    if (route.method !== method) {
      allowed = [...allowed, route.method]
      continue
    }

    try {
      return {params: match.slice(1).map((param) => decodeURIComponent(param)), route}
    } catch {
      throw new SandboxError(400, CODE.INVALID_REQUIREMENT_ERROR, 'The path has a malformed percent-encoding')
    }
  }

  if (allowed.length > 0) throw new SandboxError(405, SANDBOX_CODE.NOT_ALLOWED, `${method} is not allowed here (${allowed.join(', ')})`, {allow: allowed.join(', ')})
  throw new SandboxError(404, CODE.NOT_FOUND_ERROR, `No such endpoint: ${method} ${path}`)
}

/** Controls change what every client of the sandbox sees: only who started it (and was told its secret) may use them. */
export function checkControlSecret(request: IncomingMessage, secret: string): void {
  const given = Buffer.from(header(request, CONTROL_SECRET_HEADER) ?? '')
  const expected = Buffer.from(secret)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new SandboxError(403, SANDBOX_CODE.NOT_ALLOWED, `the sandbox's controls need the ${CONTROL_SECRET_HEADER} header it printed at start`)
  }
}

/** The route `routes` has for the request, called: with no session, or the one its access needs. */
export async function callRoute(auth: AuthService, routes: Route[], method: string, url: URL, request: IncomingMessage, body: Buffer): Promise<RouteAnswer> {
  const {params, route} = findRoute(routes, method, url.pathname)
  const input = {body, headers: request.headers, json: () => parseJsonObject(body), params, query: url.searchParams}
  if (route.access === 'none') return route.handle(input)
  return route.handle(input, auth.authenticate(request.headers, route.access === 'full'))
}
