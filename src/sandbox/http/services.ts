/** What a running sandbox serves, made from its options: the state, login, forks, verifications, faults and counters. */
import {randomBytes} from 'node:crypto'

import {keyPassphrase} from '../../lib/crypto/passphrase.ts'
import {type Account, AuthService} from '../handlers/auth.ts'
import {ForkService} from '../handlers/forks.ts'
import {Verifications} from '../handlers/verification.ts'
import {FaultTable} from './faults.ts'
import type {SandboxKeys} from '../backend/keys.ts'
import {SandboxState} from '../backend/state.ts'
import {SandboxStats} from '../backend/stats.ts'

export interface SandboxOptions {
  host?: string
  port?: number
  username?: string
  password?: string
  /** Two-password mode: the user key is locked with a passphrase from this instead of from the password. */
  mailboxPassword?: string
  totpKey?: Buffer
  tokenTtlSeconds?: number
  maxBodyBytes?: number
  /** Milliseconds since the epoch; tests move time with it. */
  clock?: () => number
  /** What /__sandbox/ controls must carry in X-Sandbox-Secret (default: a new random one). */
  controlSecret?: string
  /** Told about an unexpected error (a sandbox bug), which was answered 500. */
  onError?: (error: unknown, method: string, path: string) => void
}

export const DEFAULTS = {host: '127.0.0.1', password: 'demo', tokenTtlSeconds: 3600, username: 'demo'} as const
/** What a running sandbox serves: its state, login, faults and counters. */
export interface Services {
  controlSecret: string
  state: SandboxState
  auth: AuthService
  faults: FaultTable
  stats: SandboxStats
  forks: ForkService
  verifications: Verifications
  /** The account's key passphrase (what an approving device hands a fork), derived on first use. */
  keyPassword: () => string
}

export function services(options: SandboxOptions, clock: () => number, keys: SandboxKeys): Services {
  const username = options.username ?? DEFAULTS.username
  const state = new SandboxState(username, keys)
  const stats = new SandboxStats()
  const account: Account = {email: String(state.user.Email), password: options.password ?? DEFAULTS.password, totpKey: options.totpKey, username}
  const auth = new AuthService({account, clock, stats, tokenTtlSeconds: options.tokenTtlSeconds ?? DEFAULTS.tokenTtlSeconds})
  const forks = new ForkService({clock, openChild: () => auth.openChild(), userId: () => String(state.user.ID)})
  let passphrase: string | undefined
  const keyPassword = () => (passphrase ??= keyPassphrase(options.mailboxPassword ?? account.password, keys.keySalt))
  return {auth, controlSecret: options.controlSecret ?? randomBytes(18).toString('base64url'), faults: new FaultTable(), forks, keyPassword, state, stats, verifications: new Verifications()}
}
