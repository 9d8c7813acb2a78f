/**
 * The sandbox's own control routes under /__sandbox/ (never part of the
 * service): read the request log and refresh counts, set and clear faults,
 * expire access tokens now, add a message (tests bring their own
 * encrypted bodies and attachments), lock the account's keys again (PUT /__sandbox/keys), read what sends carried (GET /__sandbox/sent),
 * and drive's (src/sandbox/handlers/drive/control.ts: recorded request bodies, a tampered block, no volume), and Pass's (src/sandbox/handlers/pass/routes.ts: keys and
 * items added as given, the store read back). They need no session, only the sandbox's own
 * secret (X-Sandbox-Secret), and are never faulted.
 */
import {calendarControlRoutes} from './calendar/routes.ts'
import {driveControlRoutes} from './drive/control.ts'
import {CODE} from '../../lib/contract/contract.ts'
import {passControlRoutes} from './pass/routes.ts'
import {SandboxError} from '../backend/api-error.ts'
import type {AuthService} from './auth.ts'
import type {FaultTable} from '../http/faults.ts'
import type {ForkService} from './forks.ts'
import type {Verifications} from './verification.ts'
import type {Route} from '../backend/route-types.ts'
import type {NewMessage, SandboxState} from '../backend/state.ts'
import type {SandboxStats} from '../backend/stats.ts'
import type {JsonObject} from '../backend/validation.ts'

export const CONTROL_PREFIX = '/__sandbox/'
export const CONTROL_SECRET_HEADER = 'x-sandbox-secret'

function invalid(message: string): SandboxError {
  return new SandboxError(422, CODE.INVALID_REQUIREMENT_ERROR, message)
}

const isBase64 = (value: unknown): value is string => typeof value === 'string' && /^[A-Za-z0-9+/]*={0,2}$/.test(value)

/**
 * POST /__sandbox/messages: {Subject, Body (armored), MIMEType?, Sender?: {Name, Address, PublicKey?}, Attachments?:
 * [{Name, MIMEType?, KeyPackets, Data, Signature?, ID?}]}. A Sender.PublicKey (armored) is served for Sender.Address from
 * then on; an attachment's Signature (armored, detached) is listed as it is, and so is its ID when given (a hostile
 * one, for the client's tests; else a new one).
 */
function newMessage(fields: JsonObject): NewMessage {
  const text = (value: unknown, name: string, fallback?: string): string => {
    if (value === undefined && fallback !== undefined) return fallback
    if (typeof value !== 'string') throw invalid(`${name} must be a string`)
    return value
  }

  const sender = (fields.Sender ?? {}) as JsonObject
  const list = fields.Attachments ?? []
  if (!Array.isArray(list)) throw invalid('Attachments must be a list')
  const attachments = list.map((item: unknown, index) => {
    const attachment = (item ?? {}) as JsonObject
    if (!isBase64(attachment.KeyPackets) || !isBase64(attachment.Data)) throw invalid(`Attachments[${index}]: KeyPackets and Data must be base64`)
    const signature = attachment.Signature ?? null
    if (signature !== null && typeof signature !== 'string') throw invalid(`Attachments[${index}]: Signature must be a string`)
    return {
      Data: attachment.Data,
      ...(attachment.ID === undefined ? {} : {ID: text(attachment.ID, 'ID')}),
      KeyPackets: attachment.KeyPackets,
      MIMEType: text(attachment.MIMEType, 'MIMEType', 'application/octet-stream'),
      Name: text(attachment.Name, 'Name'),
      Signature: signature,
    }
  })
  return {
    attachments,
    body: text(fields.Body, 'Body'),
    mimeType: text(fields.MIMEType, 'MIMEType', 'text/plain'),
    senderAddress: text(sender.Address, 'Sender.Address', 'tester@example.test'),
    ...(sender.PublicKey === undefined ? {} : {senderPublicKey: text(sender.PublicKey, 'Sender.PublicKey')}),
    senderName: text(sender.Name, 'Sender.Name', 'Tester'),
    subject: text(fields.Subject, 'Subject', 'Test message'),
  }
}

const ARMORED_PRIVATE_KEY = /^-----BEGIN PGP PRIVATE KEY BLOCK-----\r?\n[\s\S]*-----END PGP PRIVATE KEY BLOCK-----\s*$/

/** PUT /__sandbox/keys: {UserKey?, AddressKeys?: [by address]}, each an armored private key block (not parsed: the client reads them). */
function relockedKeys(state: SandboxState, fields: JsonObject): number {
  const armored = (value: unknown, name: string): string => {
    if (typeof value !== 'string' || !ARMORED_PRIVATE_KEY.test(value)) throw invalid(`${name} must be an armored private key`)
    return value
  }

  const list = fields.AddressKeys ?? []
  if (!Array.isArray(list)) throw invalid('AddressKeys must be a list')
  return state.relockKeys(
    fields.UserKey === undefined ? undefined : armored(fields.UserKey, 'UserKey'),
    list.map((key: unknown, index) => armored(key, `AddressKeys[${index}]`)),
  )
}

export function controlRoutes(
  stats: SandboxStats,
  faults: FaultTable,
  auth: AuthService,
  state: SandboxState,
  signIn: {forks: ForkService; keyPassword: () => string; verifications: Verifications},
): Route[] {
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
    {access: 'none', handle: (request) => ({...success, Message: state.addMessage(newMessage(request.json()))}), method: 'POST', path: /^\/__sandbox\/messages$/},
    {access: 'none', handle: (request) => ({...success, Replaced: relockedKeys(state, request.json())}), method: 'PUT', path: /^\/__sandbox\/keys$/},
    // Human verification as a person completes it (verification.ts): the captcha page, and the codes "sent".
    {access: 'none', handle: ({query}) => signIn.verifications.page(query.get('token')), method: 'GET', path: /^\/__sandbox\/verify$/},
    {access: 'none', handle: ({body}) => signIn.verifications.solve(body), method: 'POST', path: /^\/__sandbox\/verify$/},
    {access: 'none', handle: () => signIn.verifications.sent(), method: 'GET', path: /^\/__sandbox\/verification-codes$/},
    // {Code}: approve the sign-in a client shows (auth login --web) as the account's signed-in device would (forks.ts).
    {access: 'none', handle: (request) => signIn.forks.approveCode(request.json().Code, signIn.keyPassword()), method: 'POST', path: /^\/__sandbox\/forks\/approve$/},
    ...calendarControlRoutes(state),
    ...driveControlRoutes(state.drive),
    ...passControlRoutes(state.pass, auth),
    // What each send carried (its Packages) and the plain mail its clear packages made (src/sandbox/backend/outbox.ts).
    {access: 'none', handle: () => ({...success, Mail: state.outbox.mail, Sends: state.outbox.sends}) as JsonObject, method: 'GET', path: /^\/__sandbox\/sent$/},
  ]
}
