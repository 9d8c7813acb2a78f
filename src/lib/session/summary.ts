/**
 * What `auth status` and `auth list` may show of a session: everything but
 * its tokens.
 */
import {age} from '../output/age.ts'
import {alignedRows} from '../output/table.ts'
import {oneLine} from '../core/errors.ts'
import type {StoredSession} from './store.ts'

export interface SessionSummary {
  profile: string
  state: 'active' | 'expired'
  username?: string
  apiUrl: string
  uid: string
  scopes: string[]
  appVersion?: string
  createdAt?: string
  refreshedAt?: string
  refreshRefusedAt?: string
  refreshError?: string
  /** Whether the session keeps the key passphrase (sealed with the session's local key) for reading encrypted mail. */
  keys: 'available' | 'not unlocked'
}

export function summarize(profile: string, session: StoredSession): SessionSummary {
  return {
    apiUrl: session.APIURL,
    appVersion: session.AppVersion,
    createdAt: session.CreatedAt,
    profile,
    refreshedAt: session.RefreshedAt,
    refreshError: session.RefreshError,
    refreshRefusedAt: session.RefreshRefusedAt,
    scopes: Array.isArray(session.Scopes) ? session.Scopes : [],
    state: session.RefreshRefusedAt ? 'expired' : 'active',
    uid: session.UID,
    username: session.Username,
    keys: typeof session.KeyPassphrase === 'string' && session.KeyPassphrase !== '' ? 'available' : 'not unlocked',
  }
}

/** Aligned "label  value" lines. */
export function describeSummary(summary: SessionSummary, now = Date.now()): string {
  const when = (iso?: string) => (iso ? `${iso} (${age(iso, now)})` : undefined)
  const rows: Array<[string, string | undefined]> = [
    ['profile', summary.profile],
    ['user', summary.username],
    ['API URL', summary.apiUrl],
    ['session UID', summary.uid],
    ['scopes', summary.scopes.join(' ') || undefined],
    ['logged in', when(summary.createdAt)],
    ['tokens renewed', when(summary.refreshedAt ?? summary.createdAt)],
    ['keys', summary.keys === 'available' ? 'available (sealed with a key the service holds for this session)' : 'not unlocked: encrypted mail cannot be read (log in with the password)'],
    ['state', summary.state === 'active' ? 'active' : `expired: the service refused to renew it (${oneLine(summary.refreshError ?? 'no reason given')})`],
  ]
  return alignedRows(rows.filter((row): row is [string, string] => row[1] !== undefined))
}
