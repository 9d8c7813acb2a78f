/**
 * Renewing an expired access token. Refresh tokens rotate, so of several
 * processes that meet a 401 together only one may refresh: each takes the
 * lock beside the session file, re-reads the session, and refreshes only if
 * its tokens are still the ones that failed; otherwise it adopts the newer
 * ones. A transient failure keeps the session; only a refusal ends it.
 */
import type {CommandNames} from '../runtime/command-names.ts'
import {SUCCESS_CODES} from '../contract/contract.ts'
import {authError, unavailableError} from '../runtime/errors.ts'
import {withLock} from './file-lock.ts'
import {createTransport, send, type TransportOptions} from '../http/client.ts'
import {buildRequestUrl} from '../http/api-url.ts'
import {type ActiveSession, sessionExpired} from './session.ts'
import type {SessionStore, StoredSession} from './store.ts'

export const REFRESH_REDIRECT_URI = 'https://protonmail.ch'

export interface RefreshContext {
  session: ActiveSession
  store: SessionStore
  transport: TransportOptions
  names: CommandNames
}

interface Tokens {
  AccessToken: string
  RefreshToken: string
  Scopes?: string[]
}

/** A refusal by the service (4xx): the refresh token is no good. */
class RefreshRefused extends Error {}

async function requestTokens(context: RefreshContext, uid: string, refreshToken: string): Promise<Tokens> {
  const {session, transport} = context
  const body = JSON.stringify({
    GrantType: 'refresh_token',
    RedirectURI: REFRESH_REDIRECT_URI,
    RefreshToken: refreshToken,
    ResponseType: 'token',
    UID: uid,
  })
  let response
  try {
    response = await send(createTransport(transport), {
      body: Buffer.from(body),
      headers: {'x-pm-uid': uid},
      method: 'POST',
      url: buildRequestUrl(session.apiUrl, '/auth/v4/refresh'),
    }, transport)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw unavailableError(`could not refresh the session of profile ${session.profile} (${reason}); the session is kept, try again`)
  }

  const {statusCode} = response
  if (statusCode === 429 || statusCode >= 500) {
    throw unavailableError(`could not refresh the session of profile ${session.profile} (HTTP ${statusCode}); the session is kept, try again`)
  }

  let answer: Partial<Tokens> & {Code?: number; Error?: string} = {}
  try {
    answer = JSON.parse(response.body.toString('utf8'))
  } catch {
    // Judged below by status.
  }

  if (statusCode >= 400 || (answer.Code !== undefined && !SUCCESS_CODES.has(answer.Code))) {
    throw new RefreshRefused(`HTTP ${statusCode}${answer.Code ? `, Code ${answer.Code}` : ''}${answer.Error ? `: ${answer.Error}` : ''}`)
  }

  if (typeof answer.AccessToken !== 'string' || typeof answer.RefreshToken !== 'string') {
    throw unavailableError(`the refresh of profile ${session.profile} answered without tokens (HTTP ${statusCode}); the session is kept`)
  }

  return {AccessToken: answer.AccessToken, RefreshToken: answer.RefreshToken, Scopes: answer.Scopes}
}

function adopt(session: ActiveSession, stored: StoredSession): void {
  session.accessToken = stored.AccessToken
  session.refreshToken = stored.RefreshToken
  session.stored = stored
}

/** Renew `context.session`'s tokens in place after `failedAccessToken` met a 401. */
export async function refreshSession(context: RefreshContext, failedAccessToken: string): Promise<void> {
  const {names, session, store} = context
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

  await withLock(`${store.pathOf(session.profile)}.lock`, async () => {
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
      // Kept, so that `auth status` can say what happened.
      await store.write(session.profile, {...current, RefreshError: error.message, RefreshRefusedAt: new Date().toISOString()})
      throw sessionExpired(session.profile, names)
    }

    const renewed: StoredSession = {
      ...current,
      AccessToken: tokens.AccessToken,
      RefreshToken: tokens.RefreshToken,
      RefreshedAt: new Date().toISOString(),
      ...(tokens.Scopes ? {Scopes: tokens.Scopes} : {}),
    }
    await store.write(session.profile, renewed)
    adopt(session, renewed)
  })
}

