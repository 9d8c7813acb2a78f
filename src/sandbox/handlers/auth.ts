/**
 * Authentication as the service does it: unauthenticated sessions, SRP
 * login (auth info, then the client's proof), TOTP second factor, refresh
 * with rotating tokens, logout, and the bearer check every other route
 * makes. Tokens live in memory and expire after the token TTL.
 */
import type {IncomingHttpHeaders} from 'node:http'

import {createHmac, randomBytes} from 'node:crypto'

import {CODE, HEADER} from '../../lib/contract/contract.ts'
import {decodeSignedModulus} from '../../lib/session/srp/modulus.ts'
import {encode, type SrpGroup, srpGroup} from '../../lib/session/srp/group.ts'
import {SrpServer} from '../backend/srp-server.ts'
import {computeVerifier} from '../../lib/session/srp/verifier.ts'
import {checkTotp} from '../../lib/crypto/totp.ts'
import {SandboxError} from '../backend/api-error.ts'
import {SANDBOX_CODE} from '../backend/codes.ts'
import {newToken} from '../backend/ids.ts'
import {SIGNED_MODULUS} from '../backend/signed-modulus.ts'
import type {SandboxStats} from '../backend/stats.ts'
import type {JsonObject} from '../backend/validation.ts'

export const SRP_VERSION = 4
export const FULL_SCOPES = ['full', 'self', 'user', 'loggedin', 'mail', 'calendar', 'drive', 'pass', 'settings', 'keys', 'nondelinquent', 'verified']
/** A session whose password was right but whose second factor is still owed. */
export const TWO_FACTOR_SCOPES = ['twofactor']
/** Each kind of session is bounded on its own, so a flood of unauthenticated sessions never evicts a logged-in one. */
const SESSION_LIMIT = 10_000
const SRP_ATTEMPT_LIMIT = 1000

export interface Account {
  username: string
  email: string
  password: string
  /** The TOTP key; when set, logins need a second factor. */
  totpKey?: Buffer
}

export interface Session {
  UID: string
  AccessToken: string
  RefreshToken: string
  Scopes: string[]
  /** Milliseconds since the epoch. */
  expiresAt: number
  /** An unauthenticated session from POST /auth/v4/sessions. */
  anonymous: boolean
  /** Unix seconds: when the session was opened (kept across refreshes). */
  createdAt: number
}

interface SrpAttempt {
  server: SrpServer
  username: string
  known: boolean
}

function invalid(message: string): SandboxError {
  return new SandboxError(422, CODE.INVALID_REQUIREMENT_ERROR, message)
}

function unauthorized(message: string): SandboxError {
  return new SandboxError(401, SANDBOX_CODE.UNAUTHORIZED, message)
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name]
  return typeof value === 'string' && value !== '' ? value : undefined
}

function requiredString(body: JsonObject, field: string): string {
  const value = body[field]
  if (typeof value !== 'string' || value === '') throw invalid(`${field} is required (a string)`)
  return value
}

function base64Field(body: JsonObject, field: string): Buffer {
  const text = requiredString(body, field)
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) throw invalid(`${field} must be base64`)
  return Buffer.from(text, 'base64')
}

/** Insert, dropping the oldest entry past the limit (bounded memory under any load). */
function remember<T>(map: Map<string, T>, key: string, value: T, limit: number): void {
  map.set(key, value)
  if (map.size > limit) map.delete(map.keys().next().value as string)
}

export class AuthService {
  private readonly account: Account
  private readonly group: SrpGroup = srpGroup(decodeSignedModulus(SIGNED_MODULUS))
  private readonly salt = randomBytes(10)
  private readonly fakeSaltKey = randomBytes(32)
  private verifier?: Buffer
  /** Logged-in sessions (a login needs the password, so nobody can flood this map). */
  private readonly sessions = new Map<string, Session>()
  /** Unauthenticated sessions: anyone may open them, so they are evicted among themselves. */
  private readonly anonymous = new Map<string, Session>()
  private readonly attempts = new Map<string, SrpAttempt>()
  /**
   * The account locks Pass behind an extra password (a control): a login then gets every full scope but `pass`, so
   * the Pass routes refuse its session (pass-cli pass-auth/src/store.rs needs_extra_password).
   */
  passLocked = false
  /** Each logged-in session's local key (PUT /auth/v4/sessions/local/key), by UID; gone with the session. */
  private readonly localKeys = new Map<string, string>()
  private readonly tokenTtlMs: number
  private readonly clock: () => number
  private readonly stats: SandboxStats

  constructor(options: {account: Account; tokenTtlSeconds: number; clock: () => number; stats: SandboxStats}) {
    this.account = options.account
    this.tokenTtlMs = options.tokenTtlSeconds * 1000
    this.clock = options.clock
    this.stats = options.stats
  }

  /** POST /auth/v4/sessions: an unauthenticated session, for the login calls. */
  createSession(): JsonObject {
    const session = this.issue(newToken(), [], true)
    return {Code: CODE.SINGLE_SUCCESS, ...this.tokens(session)}
  }

  /** POST /core/v4/auth/info: the SRP parameters and a fresh server ephemeral. */
  info(body: JsonObject): JsonObject {
    const username = requiredString(body, 'Username')
    const known = this.isAccount(username)
    // An unknown name gets parameters that look the same and can never succeed.
    const salt = known ? this.salt : createHmac('sha256', this.fakeSaltKey).update(username.toLowerCase()).digest().subarray(0, 10)
    const verifier = known ? this.passwordVerifier() : encode(BigInt(`0x${randomBytes(255).toString('hex')}`))
    const server = new SrpServer(this.group, verifier)
    const id = newToken()
    remember(this.attempts, id, {known, server, username}, SRP_ATTEMPT_LIMIT)
    return {
      Code: CODE.SINGLE_SUCCESS,
      Modulus: SIGNED_MODULUS,
      Salt: salt.toString('base64'),
      ServerEphemeral: server.serverEphemeral.toString('base64'),
      SRPSession: id,
      Version: SRP_VERSION,
    }
  }

  private fullScopes(): string[] {
    return this.passLocked ? FULL_SCOPES.filter((scope) => scope !== 'pass') : FULL_SCOPES
  }

  /** POST /core/v4/auth: check the client's SRP proof and open (or upgrade) a session. */
  login(body: JsonObject, headers: IncomingHttpHeaders): JsonObject {
    const username = requiredString(body, 'Username')
    const id = requiredString(body, 'SRPSession')
    const clientEphemeral = base64Field(body, 'ClientEphemeral')
    const clientProof = base64Field(body, 'ClientProof')
    const attempt = this.attempts.get(id)
    if (!attempt) throw invalid('SRPSession is unknown or already used')
    this.attempts.delete(id)
    if (attempt.username.toLowerCase() !== username.toLowerCase()) throw invalid('Username does not match the SRPSession')
    const serverProof = attempt.known ? attempt.server.verify(clientEphemeral, clientProof) : undefined
    if (!serverProof) throw new SandboxError(422, SANDBOX_CODE.WRONG_CREDENTIALS, 'Incorrect login credentials. Please try again.')
    const twoFactor = this.account.totpKey !== undefined
    const scopes = twoFactor ? TWO_FACTOR_SCOPES : this.fullScopes()
    // A login made with an unauthenticated session upgrades that session.
    const uid = header(headers, HEADER.UID)
    const anonymous = uid === undefined ? undefined : this.anonymous.get(uid)
    const session = this.issue(anonymous?.anonymous ? anonymous.UID : newToken(), scopes, false)
    return {
      Code: CODE.SINGLE_SUCCESS,
      ...this.tokens(session),
      '2FA': {Enabled: twoFactor ? 1 : 0, FIDO2: {AuthenticationOptions: null, RegisteredKeys: []}, TOTP: twoFactor ? 1 : 0},
      PasswordMode: 1,
      ServerProof: serverProof.toString('base64'),
      TemporaryPassword: 0,
    }
  }

  /** POST /core/v4/auth/2fa: the TOTP code lifts a session to full scope. */
  secondFactor(session: Session, body: JsonObject): JsonObject {
    const key = this.account.totpKey
    if (!key || session.anonymous || !session.Scopes.includes(TWO_FACTOR_SCOPES[0])) {
      throw new SandboxError(422, SANDBOX_CODE.NOT_ALLOWED, 'This session does not need a second factor')
    }

    const code = requiredString(body, 'TwoFactorCode')
    if (!checkTotp(key, code, this.clock() / 1000)) {
      throw new SandboxError(422, SANDBOX_CODE.WRONG_CREDENTIALS, 'Incorrect login credentials. Please try again.')
    }

    session.Scopes = this.fullScopes()
    return {Code: CODE.SINGLE_SUCCESS, Scopes: session.Scopes}
  }

  /**
   * POST /auth/v4/refresh: rotate both tokens; the old refresh token is dead
   * afterwards. The session is named as either official client names it: UID
   * in the body (go-proton-api), or the x-pm-uid header (python-proton-core).
   */
  refresh(body: JsonObject, headers: IncomingHttpHeaders): JsonObject {
    try {
      const fromHeader = header(headers, HEADER.UID)
      const fromBody = body.UID === undefined ? undefined : requiredString(body, 'UID')
      if (fromHeader !== undefined && fromBody !== undefined && fromHeader !== fromBody) throw invalid(`UID does not match the ${HEADER.UID} header`)
      const uid = fromBody ?? fromHeader
      if (!uid) throw invalid(`UID is required, in the body or the ${HEADER.UID} header`)
      if (body.ResponseType !== 'token') throw invalid('ResponseType must be "token"')
      if (body.GrantType !== 'refresh_token') throw invalid('GrantType must be "refresh_token"')
      requiredString(body, 'RedirectURI')
      const token = requiredString(body, 'RefreshToken')
      const session = this.find(uid)
      if (!session || session.RefreshToken !== token) {
        throw new SandboxError(422, SANDBOX_CODE.REFRESH_TOKEN_INVALID, 'Invalid refresh token')
      }

      const fresh = this.issue(uid, session.Scopes, session.anonymous, session.createdAt)
      this.stats.refreshes++
      return {Code: CODE.SINGLE_SUCCESS, ...this.tokens(fresh)}
    } catch (error) {
      this.stats.refreshesRefused++
      throw error
    }
  }

  /** GET /auth/v4/sessions: the account's logged-in sessions, as go-proton-api reads them. */
  listSessions(current: Session): JsonObject {
    const Sessions = [...this.sessions.values()].map((session) => ({
      ClientID: 'proton-cli-sandbox',
      CreateTime: session.createdAt,
      LocalizedClientName: session.UID === current.UID ? 'This session' : 'Another session',
      MemberID: 'sandbox-member',
      Revocable: 1,
      UID: session.UID,
    }))
    return {Code: CODE.SINGLE_SUCCESS, Sessions}
  }

  /**
   * PUT /auth/v4/sessions/local/key with {Key}: the key a client keeps with the service for this session (the web
   * client's persisted-session ClientKey: WebClients packages/shared/lib/api/auth.ts setLocalKey,
   * authentication/clientKey.ts, base64 of a 256-bit AES-GCM key).
   */
  setLocalKey(session: Session, body: JsonObject): JsonObject {
    const key = base64Field(body, 'Key')
    if (key.length < 16 || key.length > 64) throw invalid('Key must be base64 of 16 to 64 bytes')
    remember(this.localKeys, session.UID, key.toString('base64'), SESSION_LIMIT)
    return {Code: CODE.SINGLE_SUCCESS}
  }

  /** GET /auth/v4/sessions/local/key: {ClientKey} (WebClients LocalKeyResponse), or 2501 when this session stored none. */
  getLocalKey(session: Session): JsonObject {
    const key = this.localKeys.get(session.UID)
    if (key === undefined) throw new SandboxError(404, CODE.NOT_FOUND_ERROR, 'This session has no local key')
    return {ClientKey: key, Code: CODE.SINGLE_SUCCESS}
  }

  /** DELETE /core/v4/auth (and /auth/v4): end the session, and its local key with it. */
  logout(session: Session): JsonObject {
    this.forget(session.UID)
    this.localKeys.delete(session.UID)
    return {Code: CODE.SINGLE_SUCCESS}
  }

  /** The live session a request names; `full` demands a finished login. */
  authenticate(headers: IncomingHttpHeaders, full: boolean): Session {
    const authorization = header(headers, HEADER.AUTHORIZATION)
    const uid = header(headers, HEADER.UID)
    const match = authorization === undefined ? null : /^Bearer (\S+)$/i.exec(authorization)
    if (!match) throw unauthorized('Authorization: Bearer <access token> is required')
    if (!uid) throw unauthorized(`the ${HEADER.UID} header is required`)
    const session = this.find(uid)
    if (!session || session.AccessToken !== match[1]) throw unauthorized('Invalid access token')
    if (this.clock() >= session.expiresAt) throw unauthorized('Access token expired')
    if (full && !session.Scopes.includes('full')) {
      const owed = session.Scopes.includes(TWO_FACTOR_SCOPES[0]) ? 'the second factor is still owed' : 'log in first'
      throw new SandboxError(403, SANDBOX_CODE.NOT_ALLOWED, `Access token does not have sufficient scope: ${owed}`)
    }

    return session
  }

  /** A new logged-in session of the account: the child of an approved fork (forks.ts). */
  openChild(): {UID: string; AccessToken: string; RefreshToken: string; Scopes: string[]} {
    const session = this.issue(newToken(), FULL_SCOPES, false)
    return {AccessToken: session.AccessToken, RefreshToken: session.RefreshToken, Scopes: session.Scopes, UID: session.UID}
  }

  /** Fault: make access tokens (one session's, or all) expire now. */
  expireAccessTokens(uid?: string): number {
    let count = 0
    for (const session of [...this.sessions.values(), ...this.anonymous.values()]) {
      if (uid !== undefined && session.UID !== uid) continue
      session.expiresAt = 0
      count++
    }

    return count
  }

  private isAccount(name: string): boolean {
    const lower = name.toLowerCase()
    return lower === this.account.username.toLowerCase() || lower === this.account.email.toLowerCase()
  }

  /** Computed on first use: bcrypt takes a noticeable moment, and many runs never log in. */
  private passwordVerifier(): Buffer {
    this.verifier ??= computeVerifier(this.account.password, this.salt, this.group.modulusBytes)
    return this.verifier
  }

  private issue(uid: string, scopes: string[], anonymous: boolean, createdAt = Math.floor(this.clock() / 1000)): Session {
    const session: Session = {
      AccessToken: newToken(),
      anonymous,
      createdAt,
      expiresAt: this.clock() + this.tokenTtlMs,
      RefreshToken: newToken(),
      Scopes: scopes,
      UID: uid,
    }
    this.forget(uid)
    remember(anonymous ? this.anonymous : this.sessions, uid, session, SESSION_LIMIT)
    return session
  }

  private find(uid: string): Session | undefined {
    return this.sessions.get(uid) ?? this.anonymous.get(uid)
  }

  private forget(uid: string): void {
    this.sessions.delete(uid)
    this.anonymous.delete(uid)
  }

  private tokens(session: Session): JsonObject {
    return {
      AccessToken: session.AccessToken,
      ExpiresIn: Math.round(this.tokenTtlMs / 1000),
      RefreshToken: session.RefreshToken,
      Scope: session.Scopes.join(' '),
      Scopes: session.Scopes,
      TokenType: 'Bearer',
      UID: session.UID,
    }
  }
}
