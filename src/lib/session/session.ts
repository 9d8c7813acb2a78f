/**
 * Which session a command uses and where it may be sent. The environment
 * (PROTON_UID + PROTON_ACCESS_TOKEN) wins over the profile's file; a stored
 * session goes only to the base URL it was created for.
 */
import {baseKey, parseBaseUrl} from '../http/api-url.ts'
import {DEFAULT_API_URL} from '../contract/contract.ts'
import {type CommandNames, commandLine} from '../core/command-names.ts'
import {authError, type CliFailure} from '../core/errors.ts'
import type {SessionStore, StoredSession} from './store.ts'

export interface ActiveSession {
  uid: string
  accessToken: string
  refreshToken?: string
  apiUrl: URL
  profile: string
  /** Where the tokens came from: env sessions are never written back. */
  source: 'env' | 'file'
  stored?: StoredSession
}

export interface SessionRequest {
  profile: string
  /** --api-url or PROTON_API_URL, when given. */
  apiUrl?: string
  env: NodeJS.ProcessEnv
  store: SessionStore
  /** How to name `auth login` in messages. */
  names: CommandNames
}

/** How messages name a session given by the environment. */
export const ENVIRONMENT_SESSION = 'the session from PROTON_UID/PROTON_ACCESS_TOKEN'

/** Whether the environment gives a session (or half of one, which resolveSession refuses): it wins over the profile. */
export function hasEnvironmentSession(env: NodeJS.ProcessEnv): boolean {
  return Boolean(env.PROTON_UID || env.PROTON_ACCESS_TOKEN)
}

export function sessionExpired(profile: string, names: CommandNames): CliFailure {
  return authError(`session expired (profile ${profile}): run "${commandLine(names, 'auth:login')}"`)
}

export async function resolveSession(request: SessionRequest): Promise<ActiveSession> {
  const {apiUrl, env, names, profile, store} = request
  const named = apiUrl === undefined ? undefined : parseBaseUrl(apiUrl)
  const uid = env.PROTON_UID
  const accessToken = env.PROTON_ACCESS_TOKEN
  if (hasEnvironmentSession(env)) {
    if (!uid || !accessToken) {
      throw authError(`PROTON_UID and PROTON_ACCESS_TOKEN go together; only ${uid ? 'PROTON_UID' : 'PROTON_ACCESS_TOKEN'} is set`)
    }

    return {
      accessToken,
      apiUrl: named ?? parseBaseUrl(DEFAULT_API_URL),
      profile,
      refreshToken: env.PROTON_REFRESH_TOKEN || undefined,
      source: 'env',
      uid,
    }
  }

  const stored = await store.read(profile)
  if (!stored) throw authError(`not logged in (profile ${profile}): run "${commandLine(names, 'auth:login')}"`)
  // The service refused to renew it: no request can succeed until a new login.
  if (stored.RefreshRefusedAt) throw sessionExpired(profile, names)
  const own = parseBaseUrl(stored.APIURL, `the session of profile ${profile}: APIURL`)
  if (named && baseKey(named) !== baseKey(own)) {
    throw authError(`the session of profile ${profile} belongs to ${baseKey(own)} and is never sent elsewhere; ` + `to use ${baseKey(named)}, log in there with another --profile`)
  }

  return {
    accessToken: stored.AccessToken,
    apiUrl: own,
    profile,
    refreshToken: stored.RefreshToken,
    source: 'file',
    stored,
    uid: stored.UID,
  }
}
