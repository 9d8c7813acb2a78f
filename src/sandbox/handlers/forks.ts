/**
 * Session forks, as the service serves them to "sign in with another
 * device" (the routes WebClients packages/shared/lib/api/auth.ts getForks,
 * pullForkSession and pushForkSession call; the Drive SDK's
 * incubating/account/js/src/accountApi.ts sessionForksInit and
 * sessionForksStatus):
 * - GET /auth/v4/sessions/forks: a new fork, {Selector, UserCode};
 * - GET /auth/v4/sessions/forks/{Selector}: 422 until a signed-in device
 *   approved it, then once the child session {UID, AccessToken,
 *   RefreshToken, Scopes, UserID, LocalID, Payload};
 * - DELETE /auth/v4/sessions/forks/{Selector}: withdrawn;
 * - POST /auth/v4/sessions/forks, with a full session: {Payload,
 *   ChildClientID, Independent, UserCode} approves the fork of that code
 *   (without UserCode, a new fork for that child, its Selector answered).
 * The Payload is carried as it came: the sandbox cannot read it, as the
 * service cannot. Its own checks, documented as the sandbox's: a fork
 * lives FORK_TTL_MS, and the pulling client's x-pm-appversion must be of
 * the ChildClientID it was approved for (`external-drive` and
 * `external-drive-name@1.0.0-stable`).
 *
 * The offline approval (a control route) plays the signed-in device: it
 * reads the code a client shows (`0:UserCode:base64(key):ChildClientID`),
 * seals the account's key passphrase under its key as a v3 payload
 * (AES-256-GCM, 12-byte IV, associated data "fork"), and approves.
 */
import type {IncomingHttpHeaders} from 'node:http'

import {createCipheriv, randomBytes, randomInt} from 'node:crypto'

import {CODE, HEADER} from '../../lib/contract/contract.ts'
import {SandboxError} from '../backend/api-error.ts'
import {newToken} from '../backend/ids.ts'
import type {JsonObject} from '../backend/validation.ts'

export const FORK_TTL_MS = 15 * 60_000
const FORK_LIMIT = 1000
const PAYLOAD_MAX = 16 * 1024
/** Crockford's base32, as the service's 8-character user codes are written. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

export interface ChildSession {
  UID: string
  AccessToken: string
  RefreshToken: string
  Scopes: string[]
}

interface Fork {
  selector: string
  userCode: string
  createdAt: number
  approved?: {child: ChildSession; childClientId: string; payload?: string}
}

function invalid(message: string): SandboxError {
  return new SandboxError(422, CODE.INVALID_REQUIREMENT_ERROR, message)
}

function userCode(): string {
  let code = ''
  for (let index = 0; index < 8; index++) code += CROCKFORD[randomInt(CROCKFORD.length)]
  return code
}

/** Whether an app version is of a client ID: the ID itself, or it followed by "-" (external-…) or "@" (web-mail@5…). */
function versionOfClient(appVersion: string, clientId: string): boolean {
  return appVersion === clientId || appVersion.startsWith(`${clientId}-`) || appVersion.startsWith(`${clientId}@`)
}

/** Seal {type, keyPassword} as a v3 fork payload (the sandbox's own code, for the offline approval). */
export function sealForkPayload(keyPassword: string, key: Buffer): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from('fork', 'utf8'))
  const sealed = Buffer.concat([iv, cipher.update(JSON.stringify({keyPassword, type: 'default'}), 'utf8'), cipher.final(), cipher.getAuthTag()])
  return sealed.toString('base64')
}

export class ForkService {
  private readonly forks = new Map<string, Fork>()
  private readonly clock: () => number
  private readonly openChild: () => ChildSession
  private readonly userId: () => string

  constructor(options: {clock: () => number; openChild: () => ChildSession; userId: () => string}) {
    this.clock = options.clock
    this.openChild = options.openChild
    this.userId = options.userId
  }

  /** GET /auth/v4/sessions/forks */
  create(): JsonObject {
    const fork = this.add()
    return {Code: CODE.SINGLE_SUCCESS, Selector: fork.selector, UserCode: fork.userCode}
  }

  /** GET /auth/v4/sessions/forks/{Selector}: 422 until approved; the child session once. */
  pull(selector: string, headers: IncomingHttpHeaders): JsonObject {
    const fork = this.live(selector)
    if (!fork) throw new SandboxError(422, CODE.INVALID_REQUIREMENT_ERROR, 'Invalid selector')
    if (!fork.approved) throw new SandboxError(422, CODE.INVALID_REQUIREMENT_ERROR, 'The fork has not been approved yet')
    const appVersion = String(headers[HEADER.APP_VERSION] ?? '')
    if (!versionOfClient(appVersion, fork.approved.childClientId)) {
      throw new SandboxError(400, CODE.INVALID_REQUIREMENT_ERROR, `The fork was approved for ${fork.approved.childClientId}, not for ${appVersion}`)
    }

    this.forks.delete(selector)
    const {child, payload} = fork.approved
    return {
      Code: CODE.SINGLE_SUCCESS,
      ...child,
      LocalID: 0,
      ...(payload === undefined ? {} : {Payload: payload}),
      UserID: this.userId(),
    }
  }

  /** DELETE /auth/v4/sessions/forks/{Selector} */
  remove(selector: string): JsonObject {
    if (!this.live(selector)) throw new SandboxError(422, CODE.INVALID_REQUIREMENT_ERROR, 'Invalid selector')
    this.forks.delete(selector)
    return {Code: CODE.SINGLE_SUCCESS}
  }

  /** POST /auth/v4/sessions/forks: a signed-in device approves (its session checked by the route). */
  push(body: JsonObject): JsonObject {
    const childClientId = body.ChildClientID
    if (typeof childClientId !== 'string' || !/^[a-z][a-z0-9_-]{0,63}$/.test(childClientId)) throw invalid('ChildClientID is required (a client ID)')
    if (body.Independent !== 0 && body.Independent !== 1) throw invalid('Independent must be 0 or 1')
    const payload = body.Payload ?? undefined
    if (payload !== undefined && (typeof payload !== 'string' || payload.length > PAYLOAD_MAX || !/^[A-Za-z0-9+/]*={0,2}$/.test(payload))) {
      throw invalid(`Payload must be base64, at most ${PAYLOAD_MAX} characters`)
    }

    let fork: Fork | undefined
    if (body.UserCode === undefined || body.UserCode === null) fork = this.add()
    else {
      if (typeof body.UserCode !== 'string') throw invalid('UserCode must be a string')
      const code = body.UserCode.toUpperCase()
      fork = [...this.forks.values()].find((candidate) => candidate.userCode === code && this.live(candidate.selector))
      if (!fork || fork.approved) throw invalid('Invalid code')
    }

    fork.approved = {child: this.openChild(), childClientId, ...(payload === undefined ? {} : {payload})}
    return {Code: CODE.SINGLE_SUCCESS, Selector: fork.selector}
  }

  /** The control route's approval: the code a client shows, approved with `keyPassword` sealed under its key. */
  approveCode(code: unknown, keyPassword: string): JsonObject {
    const parts = typeof code === 'string' ? code.trim().split(':') : []
    const key = Buffer.from(parts[2] ?? '', 'base64')
    if (parts.length !== 4 || parts[0] !== '0' || !parts[1] || key.length !== 32 || !parts[3]) {
      throw invalid('Code must be the code the client shows: 0:UserCode:base64 of a 32-byte key:ChildClientID')
    }

    const pushed = this.push({ChildClientID: parts[3], Independent: 1, Payload: sealForkPayload(keyPassword, key), UserCode: parts[1]})
    return {Code: pushed.Code}
  }

  private add(): Fork {
    const fork: Fork = {createdAt: this.clock(), selector: newToken(), userCode: userCode()}
    this.forks.set(fork.selector, fork)
    if (this.forks.size > FORK_LIMIT) this.forks.delete(this.forks.keys().next().value as string)
    return fork
  }

  private live(selector: string): Fork | undefined {
    const fork = this.forks.get(selector)
    if (fork && this.clock() - fork.createdAt > FORK_TTL_MS) {
      this.forks.delete(selector)
      return undefined
    }

    return fork
  }
}
