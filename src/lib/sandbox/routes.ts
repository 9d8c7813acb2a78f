/**
 * The API routes the sandbox serves. Each says which session it needs:
 * none (the login calls), any live one (2FA, logout) or a full one.
 */
import type {IncomingHttpHeaders} from 'node:http'

import {CODE, LABEL_TYPE} from '../contract/contract.ts'
import type {AuthService, Session} from './auth.ts'
import {mailboxRoutes} from './mailbox.ts'
import type {SandboxState} from './state.ts'

import {calendarInput, integerParameter, type JsonObject, labelInput} from './validation.ts'

export interface RouteRequest {
  params: string[]
  query: URLSearchParams
  headers: IncomingHttpHeaders
  /** The body parsed as a JSON object ({} when empty). */
  json(): JsonObject
}

interface RouteShape {
  method: string
  /** Whole-path pattern; its groups become params (percent-decoded). */
  path: RegExp
}

/** A route that needs no session, or one that gets the live session the request names. */
export type Route =
  | (RouteShape & {access: 'none'; handle(request: RouteRequest): JsonObject})
  | (RouteShape & {access: 'full' | 'session'; handle(request: RouteRequest, session: Session): JsonObject})

export const MESSAGES_PAGE_SIZE_MAX = 150
const ID = '([^/]+)'

export function apiRoutes(state: SandboxState, auth: AuthService): Route[] {
  const success = {Code: CODE.SINGLE_SUCCESS}
  const labelRoutes = (prefix: string): Route[] => [
    {
      access: 'full',
      handle: ({query}) => {
        const type = query.has('Type') ? integerParameter(query, 'Type', 1, 1, Object.keys(LABEL_TYPE).length) : undefined
        return {...success, Labels: state.listLabels(type)}
      },
      method: 'GET',
      path: new RegExp(`^${prefix}$`),
    },
    {access: 'full', handle: (request) => ({...success, Label: state.createLabel(labelInput(request.json()))}), method: 'POST', path: new RegExp(`^${prefix}$`)},
    {
      access: 'full',
      handle: ({params}) => {
        state.deleteLabel(params[0])
        return success
      },
      method: 'DELETE',
      path: new RegExp(`^${prefix}/${ID}$`),
    },
  ]

  // The login calls at both places the official clients use: the web client's /core/v4/auth…, go-proton-api's /auth/v4….
  const login = (prefix: string): Route[] => [
    {access: 'none', handle: (request) => auth.info(request.json()), method: 'POST', path: new RegExp(`^${prefix}/info$`)},
    {access: 'none', handle: (request) => auth.login(request.json(), request.headers), method: 'POST', path: new RegExp(`^${prefix}$`)},
    {access: 'session', handle: (request, session) => auth.secondFactor(session, request.json()), method: 'POST', path: new RegExp(`^${prefix}/2fa$`)},
    {access: 'session', handle: (_request, session) => auth.logout(session), method: 'DELETE', path: new RegExp(`^${prefix}$`)},
  ]

  return [
    {access: 'none', handle: () => auth.createSession(), method: 'POST', path: /^\/auth\/v4\/sessions$/},
    {access: 'full', handle: (_request, session) => auth.listSessions(session), method: 'GET', path: /^\/auth\/v4\/sessions$/},
    ...login('/core/v4/auth'),
    ...login('/auth/v4'),
    {access: 'none', handle: (request) => auth.refresh(request.json(), request.headers), method: 'POST', path: /^\/auth\/v4\/refresh$/},
    {access: 'full', handle: () => ({...success, User: state.user}), method: 'GET', path: /^\/core\/v4\/users$/},
    {access: 'full', handle: () => ({...success, Addresses: state.addresses, Total: state.addresses.length}), method: 'GET', path: /^\/core\/v4\/addresses$/},
    {access: 'full', handle: () => ({...success, Volumes: state.volumes}), method: 'GET', path: /^\/drive\/volumes$/},
    {
      access: 'full',
      handle: ({query}) => {
        const page = integerParameter(query, 'Page', 0, 0, 1_000_000)
        const size = integerParameter(query, 'PageSize', 50, 1, MESSAGES_PAGE_SIZE_MAX)
        const label = query.get('LabelID')
        const matching = state.messages.filter((message) => label === null || (message.LabelIDs as string[]).includes(label))
        return {...success, Messages: matching.slice(page * size, (page + 1) * size), Total: matching.length}
      },
      method: 'GET',
      path: /^\/mail\/v4\/messages$/,
    },
    ...labelRoutes('/mail/v4/labels'),
    ...labelRoutes('/core/v4/labels'),
    {access: 'full', handle: () => ({...success, Calendars: state.listCalendars()}), method: 'GET', path: /^\/calendar\/v1$/},
    {
      access: 'full',
      handle: (request) => ({...success, Calendar: state.createCalendar(calendarInput(request.json(), state.addressIds))}),
      method: 'POST',
      path: /^\/calendar\/v1$/,
    },
    ...mailboxRoutes(state),
  ]
}
