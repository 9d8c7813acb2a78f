/**
 * The Pass routes the sandbox serves, as the official Pass CLI calls them (protonpass/pass-cli, crate `pass`:
 * share/list.rs, share/keys.rs, item/list.rs, item/get_one.rs, item/create/common.rs, item/update.rs, item/trash.rs,
 * item/delete.rs, vault/create.rs, vault/delete.rs, item/alias/options.rs, item/alias/create.rs), and their controls
 * under /__sandbox/pass/ (hostile keys and items added by tests, a concurrent edit on demand, and the store read back
 * as clients wrote it).
 */
import {CODE} from '../../../lib/contract/contract.ts'
import {SandboxError} from '../../backend/api-error.ts'
import type {AuthService} from '../auth.ts'
import {SANDBOX_CODE} from '../../backend/codes.ts'
import type {Route} from '../../backend/route-types.ts'
import type {JsonObject} from '../../backend/validation.ts'
import {ACTIVE, invalid, type PassStore, TRASHED} from '../../backend/pass-store.ts'

const SHARE = '/pass/v1/share/([^/]+)'
const success = {Code: CODE.SINGLE_SUCCESS}

/** An integer query parameter from `low` to `high`, `fallback` when absent. */
function integer(query: URLSearchParams, name: string, low: number, high: number, fallback: number): number {
  const given = query.get(name)
  if (given === null) return fallback
  const value = /^\d{1,7}$/.test(given) ? Number(given) : Number.NaN
  if (!(value >= low && value <= high)) throw invalid(`${name} must be an integer from ${low} to ${high}`)
  return value
}

export function passRoutes(store: PassStore, addressIds: () => ReadonlySet<string>, mailboxes: () => ReadonlyArray<{ID: string; Email: string}>): Route[] {
  return guarded([
    {access: 'full', handle: () => ({...success, Shares: store.listShares()}) as JsonObject, method: 'GET', path: /^\/pass\/v1\/share$/},
    {
      access: 'full',
      handle: ({params, query}) => {
        const {keys, total} = store.keyPage(params[0], integer(query, 'Page', 0, 1_000_000, 0), integer(query, 'PageSize', 1, 1000, 100))
        return {...success, ShareKeys: {Keys: keys, Total: total}} as JsonObject
      },
      method: 'GET',
      path: new RegExp(`^${SHARE}/key$`),
    },
    {
      access: 'full',
      handle: ({params, query}) => {
        const {items, last, total} = store.itemPage(params[0], query.get('Since'), integer(query, 'PageSize', 1, 1000, 100))
        return {...success, Items: {LastToken: last, RevisionsData: items, Total: total}} as JsonObject
      },
      method: 'GET',
      path: new RegExp(`^${SHARE}/item$`),
    },
    {access: 'full', handle: ({params}) => ({...success, Item: store.item(params[0], params[1])}) as JsonObject, method: 'GET', path: new RegExp(`^${SHARE}/item/([^/]+)$`)},
    {access: 'full', handle: (request) => ({...success, Item: store.createItem(request.params[0], request.json())}) as JsonObject, method: 'POST', path: new RegExp(`^${SHARE}/item$`)},
    {
      access: 'full',
      handle: (request) => ({...success, Item: store.updateItem(request.params[0], request.params[1], request.json())}) as JsonObject,
      method: 'PUT',
      path: new RegExp(`^${SHARE}/item/([^/]+)$`),
    },
    {access: 'full', handle: (request) => ({...success, Items: store.setState(request.params[0], request.json(), TRASHED)}) as JsonObject, method: 'POST', path: new RegExp(`^${SHARE}/item/trash$`)},
    {access: 'full', handle: (request) => ({...success, Items: store.setState(request.params[0], request.json(), ACTIVE)}) as JsonObject, method: 'POST', path: new RegExp(`^${SHARE}/item/untrash$`)},
    {
      access: 'full',
      handle: (request) => {
        store.deleteItems(request.params[0], request.json())
        return success
      },
      method: 'DELETE',
      path: new RegExp(`^${SHARE}/item$`),
    },
    {access: 'full', handle: (request) => ({...success, Share: store.createVault(request.json(), addressIds())}) as JsonObject, method: 'POST', path: /^\/pass\/v1\/vault$/},
    {
      access: 'full',
      handle: ({params}) => {
        store.deleteVault(params[0])
        return success
      },
      method: 'DELETE',
      path: /^\/pass\/v1\/vault\/([^/]+)$/,
    },
    {access: 'full', handle: ({params}) => ({...success, Options: store.aliasOptions(params[0], mailboxes())}) as JsonObject, method: 'GET', path: new RegExp(`^${SHARE}/alias/options$`)},
    {
      access: 'full',
      handle: (request) => ({...success, Item: store.createAlias(request.params[0], request.json(), mailboxes().length)}) as JsonObject,
      method: 'POST',
      path: new RegExp(`^${SHARE}/alias/custom$`),
    },
  ])
}

/** Every Pass route needs the session's `pass` scope, which a session of an account with an extra Pass password lacks. */
function guarded(routes: Route[]): Route[] {
  return routes.map((route) =>
    route.access === 'none'
      ? route
      : {
          ...route,
          handle(request, session) {
            if (!session.Scopes.includes('pass')) throw new SandboxError(403, SANDBOX_CODE.NOT_ALLOWED, 'Pass is locked by the extra password: unlock it at /pass/v1/user/srp/auth')
            return route.handle(request, session)
          },
        },
  )
}

export function passControlRoutes(store: PassStore, auth: AuthService): Route[] {
  return [
    {
      access: 'none',
      handle: (request) => {
        const enabled = request.json().Enabled
        if (typeof enabled !== 'boolean') throw invalid('Enabled must be true or false')
        auth.passLocked = enabled
        return success
      },
      method: 'POST',
      path: /^\/__sandbox\/pass\/extra-password$/,
    },
    {access: 'none', handle: () => ({...success, Shares: store.dump()}) as unknown as JsonObject, method: 'GET', path: /^\/__sandbox\/pass\/shares$/},
    {
      access: 'none',
      handle: (request) => {
        store.addKey(request.params[0], request.json())
        return success
      },
      method: 'POST',
      path: /^\/__sandbox\/pass\/shares\/([^/]+)\/keys$/,
    },
    {
      access: 'none',
      handle: (request) => {
        store.race(request.params[0])
        return success
      },
      method: 'POST',
      path: /^\/__sandbox\/pass\/items\/([^/]+)\/race$/,
    },
    {access: 'none', handle: (request) => ({...success, ItemIDs: store.addItems(request.params[0], request.json())}), method: 'POST', path: /^\/__sandbox\/pass\/shares\/([^/]+)\/items$/},
  ]
}
