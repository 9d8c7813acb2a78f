/**
 * The sandbox's own control routes under /__sandbox/ (never part of the
 * service): read the request log and refresh counts, set and clear faults,
 * expire access tokens now. They need no session, only the sandbox's own
 * secret (X-Sandbox-Secret), and are never faulted.
 */
import {CODE} from '../contract/contract.ts'
import {SandboxError} from './api-error.ts'
import type {AuthService} from './auth.ts'
import type {FaultTable} from './faults.ts'
import type {Route} from './routes.ts'
import type {SandboxStats} from './stats.ts'

export const CONTROL_PREFIX = '/__sandbox/'
export const CONTROL_SECRET_HEADER = 'x-sandbox-secret'

export function controlRoutes(stats: SandboxStats, faults: FaultTable, auth: AuthService): Route[] {
  const success = {Code: CODE.SINGLE_SUCCESS}
  return [
    {access: 'none', handle: () => ({...success, ...stats.toJSON()}), method: 'GET', path: /^\/__sandbox\/stats$/},
    {
      access: 'none',
      handle: () => {
        stats.reset()
        return success
      },
      method: 'DELETE',
      path: /^\/__sandbox\/stats$/,
    },
    {access: 'none', handle: () => ({...success, Faults: faults.list()}), method: 'GET', path: /^\/__sandbox\/faults$/},
    {access: 'none', handle: (request) => ({...success, Fault: faults.add(request.json())}), method: 'POST', path: /^\/__sandbox\/faults$/},
    {
      access: 'none',
      handle: () => {
        faults.clear()
        return success
      },
      method: 'DELETE',
      path: /^\/__sandbox\/faults$/,
    },
    {
      access: 'none',
      handle: (request) => {
        const uid = request.json().UID
        if (uid !== undefined && typeof uid !== 'string') throw new SandboxError(422, CODE.INVALID_REQUIREMENT_ERROR, 'UID must be a string')
        return {...success, Expired: auth.expireAccessTokens(uid)}
      },
      method: 'POST',
      path: /^\/__sandbox\/expire-tokens$/,
    },
  ]
}
