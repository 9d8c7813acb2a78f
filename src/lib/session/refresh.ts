/**
 * Renewing an expired access token. Refresh tokens rotate, so of several
 * processes that meet a 401 together only one may refresh: each takes the
 * lock beside the session file, re-reads the session, and refreshes only if
 * its tokens are still the ones that failed; otherwise it adopts the newer
 * ones. A transient failure keeps the session; only a refusal ends it.
 */
import {randomBytes} from 'node:crypto'
import {setTimeout as sleep} from 'node:timers/promises'

import {type CommandNames, commandLine} from '../core/command-names.ts'
import {SUCCESS_CODES} from '../contract/contract.ts'
import {authError, CliFailure, unavailableError} from '../core/errors.ts'
import {EXIT} from '../core/exit-status.ts'
import {interruptedError} from '../core/interrupt.ts'
import {escapeLine} from '../core/escape.ts'
import {retryDelayMs} from '../http/retry-policy.ts'
import {type LockOwner, withLock} from './file-lock.ts'
import {createTransport, DEFAULT_TIMEOUT_SECONDS, send, single, type TransportOptions} from '../http/client.ts'
import {buildRequestUrl} from '../http/api-url.ts'
import {type ActiveSession, sessionExpired} from './session.ts'
import type {SessionStore, StoredSession} from './store.ts'

export const REFRESH_REDIRECT_URI = 'https://protonmail.ch'

export interface RefreshContext {
  session: ActiveSession
  store: SessionStore
  transport: TransportOptions
  names: CommandNames
  /** When the command's --timeout runs out (ms since the epoch): waiting for another process's refresh ends a little before. */
  deadline?: number
}

/** Kept of the deadline for this process to say why it stopped before the transport's timeout does. */
const DEADLINE_MARGIN_MS = 250

interface Tokens {
  AccessToken: string
  RefreshToken: string
  Scopes?: string[]
}

/** The service's refusal of the refresh token (400 or 422, as its own clients read it): the session has ended. */
class RefreshRefused extends Error {}

/**
 * Once sent, a refresh is waited for at least this long, whatever is left
 * of the command's --timeout: abandoning it could spend the refresh token
 * without keeping the new one.
 */
export const REFRESH_ANSWER_MS = 60_000
/** 409 (a race on the service's side), 429 and 5xx: the service did not renew the session; ask again. */
const TRANSIENT = (status: number) => status === 409 || status === 429 || status >= 500
const REFUSED = new Set([400, 422])

/** The budget of a refresh: the command's --timeout, counted from the first ask. */
function budgetMs(transport: TransportOptions): number {
  return (transport.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000
}

async function requestTokens(context: RefreshContext, uid: string, refreshToken: string): Promise<Tokens> {
  const {session, transport} = context
  // As go-proton-api sends it, State included: 32 random characters.
  const body = JSON.stringify({
    GrantType: 'refresh_token',
    RedirectURI: REFRESH_REDIRECT_URI,
    RefreshToken: refreshToken,
    ResponseType: 'token',
    State: randomBytes(24).toString('base64url'),
    UID: uid,
  })
  const deadline = Date.now() + budgetMs(transport)
  const kept = (reason: string) => unavailableError(`could not refresh the session of profile ${session.profile} (${reason}); the session is kept, try again`)
  for (let attempt = 1; ; attempt++) {
    let response
    try {
      // One attempt at a time: the retries of a refresh are decided here, not by the transport.
      response = await send(
        createTransport(transport),
        {
          body: Buffer.from(body),
          headers: {'x-pm-uid': uid},
          method: 'POST',
          url: buildRequestUrl(session.apiUrl, '/auth/v4/refresh'),
        },
        {...transport, retries: 0, timeoutSeconds: Math.max(deadline - Date.now(), REFRESH_ANSWER_MS) / 1000},
      )
    } catch (error) {
      if (error instanceof CliFailure && error.exitStatus !== EXIT.UNAVAILABLE) throw error
      throw kept(error instanceof Error ? error.message : String(error))
    }

    const {statusCode} = response
    let answer: Partial<Tokens> & {Code?: number; Error?: string} = {}
    try {
      answer = JSON.parse(response.body.toString('utf8'))
    } catch {
      // Judged by status.
    }

    // The service's text, for stderr and the session file (auth status shows it): escaped.
    const described = escapeLine(`HTTP ${statusCode}${answer.Code ? `, Code ${answer.Code}` : ''}${answer.Error ? `: ${answer.Error}` : ''}`)
    if (TRANSIENT(statusCode)) {
      const wait = retryDelayMs(attempt, {retryAfter: single(response.headers['retry-after']), status: statusCode})
      if (Date.now() + wait >= deadline) throw kept(described)
      transport.log?.(`(refresh: ${described}; asking again in ${wait} ms)`)
      await sleep(wait, undefined, {signal: transport.signal}).catch(() => {
        throw interruptedError()
      })
      continue
    }

    if (REFUSED.has(statusCode)) throw new RefreshRefused(described)
    if (statusCode >= 300 || (answer.Code !== undefined && !SUCCESS_CODES.has(answer.Code))) throw kept(described)
    if (typeof answer.AccessToken !== 'string' || typeof answer.RefreshToken !== 'string') {
      throw unavailableError(`the refresh of profile ${session.profile} answered without tokens (HTTP ${statusCode}); the session is kept`)
    }

    return {AccessToken: answer.AccessToken, RefreshToken: answer.RefreshToken, Scopes: answer.Scopes}
  }
}

function adopt(session: ActiveSession, stored: StoredSession): void {
  session.accessToken = stored.AccessToken
  session.refreshToken = stored.RefreshToken
  session.stored = stored
}

/** The refresh under way for a session: the requests of one run that meet a 401 together wait for the same one. */
const underWay = new WeakMap<ActiveSession, Promise<void>>()

/**
 * Renew `context.session`'s tokens in place after `failedAccessToken` met a 401. Refresh tokens are spent once: a
 * request sent with a token this run has renewed since is sent again as it is, and requests that fail together wait
 * for one refresh (an environment session's PROTON_REFRESH_TOKEN, spent twice, would be refused the second time).
 */
export async function refreshSession(context: RefreshContext, failedAccessToken: string): Promise<void> {
  const {session} = context
  const running = underWay.get(session)
  if (running) return running
  if (session.accessToken !== failedAccessToken) return
  const renewal = renew(context, failedAccessToken).finally(() => underWay.delete(session))
  underWay.set(session, renewal)
  return renewal
}

async function renew(context: RefreshContext, failedAccessToken: string): Promise<void> {
  const {names, session, store, transport} = context
  if (session.source === 'env') {
    // Environment sessions are renewed in memory only.
    try {
      const tokens = await requestTokens(context, session.uid, session.refreshToken ?? '')
      session.accessToken = tokens.AccessToken
      session.refreshToken = tokens.RefreshToken
    } catch (error) {
      if (error instanceof RefreshRefused) throw authError(`the refresh token from PROTON_REFRESH_TOKEN was refused (${error.message})`)
      throw error
    }

    return
  }

  // Waiting for another process's refresh counts against this command's --timeout.
  const waited = (owner: LockOwner | undefined, waitedMs: number) =>
    unavailableError(
      `waited ${Math.round(waitedMs / 1000)} s for another proton process${owner ? ` (pid ${owner.pid})` : ''} renewing the session of profile ${session.profile}; try again, or allow more with --timeout`,
    )
  await withLock(
    store.lockOf(session.profile),
    async () => {
      const current = await store.read(session.profile)
      if (!current || current.UID !== session.uid) throw sessionExpired(session.profile, names)
      if (current.RefreshRefusedAt) throw sessionExpired(session.profile, names)
      if (current.AccessToken !== failedAccessToken) {
        // Another process refreshed while this one waited for the lock.
        adopt(session, current)
        return
      }

      let tokens: Tokens
      try {
        tokens = await requestTokens(context, current.UID, current.RefreshToken)
      } catch (error) {
        if (!(error instanceof RefreshRefused)) throw error
        // Kept, so that `auth status` can say what happened; the refusal stands even if it cannot be noted.
        await store.write(session.profile, {...current, RefreshError: error.message, RefreshRefusedAt: new Date().toISOString()}).catch(() => {})
        throw sessionExpired(session.profile, names)
      }

      const renewed: StoredSession = {
        ...current,
        AccessToken: tokens.AccessToken,
        RefreshToken: tokens.RefreshToken,
        RefreshedAt: new Date().toISOString(),
        ...(tokens.Scopes ? {Scopes: tokens.Scopes} : {}),
      }
      // The old refresh token is spent now: whatever happens to the file, this process keeps the new ones.
      adopt(session, renewed)
      try {
        await store.write(session.profile, renewed)
      } catch (error) {
        // Said even with --quiet: the user is about to lose the session.
        process.stderr.write(
          `Warning: the renewed session of profile ${session.profile} could not be saved (${error instanceof Error ? error.message : String(error)}); this command goes on with it, but once it ends the profile needs "${commandLine(names, 'auth:login')}" again\n`,
        )
      }
    },
    {waited, waitMs: context.deadline === undefined ? budgetMs(transport) : Math.max(0, context.deadline - Date.now() - DEADLINE_MARGIN_MS)},
  )
}
