/**
 * The API routes the sandbox serves. Each says which session it needs:
 * none (the login calls), any live one (2FA, logout) or a full one.
 */
import {CODE} from '../../lib/contract/contract.ts'
import {SandboxError} from '../backend/api-error.ts'
import type {AuthService} from '../handlers/auth.ts'
import type {ForkService} from '../handlers/forks.ts'
import type {Verifications} from '../handlers/verification.ts'
import {calendarEventRoutes} from '../handlers/calendar/routes.ts'
import {contactRoutes} from '../handlers/contacts/routes.ts'
import {driveRoutes} from '../handlers/drive/routes.ts'
import {passRoutes} from '../handlers/pass/routes.ts'
import {mailboxRoutes} from '../handlers/mail/mailbox.ts'
import {mailRoutes} from '../handlers/mail/routes.ts'
import type {SandboxState} from '../backend/state.ts'
import type {Route} from '../backend/route-types.ts'
import {calendarInput, calendarKeySetup} from '../backend/validation.ts'

const ID = '([^/]+)'

export function apiRoutes(state: SandboxState, auth: AuthService, forks: ForkService, verifications: Verifications): Route[] {
  const success = {Code: CODE.SINGLE_SUCCESS}
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
    // Human verification by a code (verification.ts): asked for during a login, with its unauthenticated session.
    {access: 'none', handle: (request) => verifications.sendCode(request.json()), method: 'POST', path: /^\/core\/v4\/users\/code$/},
    // Session forks ("sign in with another device": forks.ts); the pulling side has no session yet.
    {access: 'none', handle: () => forks.create(), method: 'GET', path: /^\/auth\/v4\/sessions\/forks$/},
    {access: 'full', handle: (request) => forks.push(request.json()), method: 'POST', path: /^\/auth\/v4\/sessions\/forks$/},
    {access: 'none', handle: ({headers, params}) => forks.pull(params[0], headers), method: 'GET', path: new RegExp(`^/auth/v4/sessions/forks/${ID}$`)},
    {access: 'none', handle: ({params}) => forks.remove(params[0]), method: 'DELETE', path: new RegExp(`^/auth/v4/sessions/forks/${ID}$`)},
    {access: 'full', handle: (request, session) => auth.setLocalKey(session, request.json()), method: 'PUT', path: /^\/auth\/v4\/sessions\/local\/key$/},
    {access: 'full', handle: (_request, session) => auth.getLocalKey(session), method: 'GET', path: /^\/auth\/v4\/sessions\/local\/key$/},
    {access: 'full', handle: () => ({...success, KeySalts: state.keySalts}), method: 'GET', path: /^\/core\/v4\/keys\/salts$/},
    {
      access: 'full',
      // The web client's getAllPublicKeys (WebClients packages/shared/lib/api/keys.ts); see src/sandbox/backend/outbox.ts publicKeys.
      handle: ({query}) => {
        const email = query.get('Email')
        if (!email) throw new SandboxError(422, CODE.INVALID_REQUIREMENT_ERROR, 'Email is required')
        return state.outbox.publicKeys(email)
      },
      method: 'GET',
      path: /^\/core\/v4\/keys\/all$/,
    },
    {access: 'full', handle: () => ({...success, User: state.user}), method: 'GET', path: /^\/core\/v4\/users$/},
    {access: 'full', handle: () => ({...success, Addresses: state.addresses, Total: state.addresses.length}), method: 'GET', path: /^\/core\/v4\/addresses$/},
    ...mailRoutes(state),
    {access: 'full', handle: () => ({...success, Calendars: state.calendars.list()}), method: 'GET', path: /^\/calendar\/v1$/},
    {
      access: 'full',
      handle: (request) => ({...success, Calendar: state.createCalendar(calendarInput(request.json(), state.addressIds))}),
      method: 'POST',
      path: /^\/calendar\/v1$/,
    },
    {access: 'full', handle: ({params}) => ({...success, Calendar: state.calendars.get(params[0])}), method: 'GET', path: new RegExp(`^/calendar/v1/${ID}$`)},
    {access: 'full', handle: ({params}) => ({...success, Members: state.calendars.members(params[0])}), method: 'GET', path: new RegExp(`^/calendar/v1/${ID}/members$`)},
    {access: 'full', handle: ({params}) => ({...success, Keys: state.calendars.keys(params[0])}), method: 'GET', path: new RegExp(`^/calendar/v1/${ID}/keys$`)},
    {
      access: 'full',
      handle: (request) => state.calendars.setUpKeys(request.params[0], calendarKeySetup(request.json())),
      method: 'POST',
      path: new RegExp(`^/calendar/v1/${ID}/keys$`),
    },
    ...calendarEventRoutes(state),
    ...mailboxRoutes(state),
    ...contactRoutes(state.contacts),
    ...driveRoutes(
      state.drive,
      () => state.driveOwner(),
      () => state.volumes,
    ),
    ...passRoutes(
      state.pass,
      () => state.addressIds,
      () => state.mailboxes,
    ),
  ]
}
