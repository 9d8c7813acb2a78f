/**
 * The `proton sandbox` command's glue, the one sandbox file that imports the client: its flags turned into options
 * (with the client's one-line usage errors), waiting for SIGINT or SIGTERM, and `--write-session`, which logs the
 * sandbox's own account in over HTTP with the tool's own login (unauthenticated session, auth info, SRP proof, TOTP
 * when the account has one) and returns the session as the tool stores it. The server side imports none of this.
 */
import {isLoopbackHost, parseBaseUrl} from '../lib/http/api-url.ts'
import {sessionApi, unlockAtLogin} from '../lib/account/login-keys.ts'
import {usageError} from '../lib/core/errors.ts'
import {COMMAND_RETRY} from '../lib/session/human-verification.ts'
import {login} from '../lib/session/login.ts'
import type {StoredSession} from '../lib/session/store.ts'
import {decodeBase32, totp} from '../lib/crypto/totp.ts'

export function checkHost(host: string): string {
  if (!isLoopbackHost(host)) throw usageError(`--host must be a loopback address (127.0.0.1, ::1, localhost): the sandbox speaks plain HTTP, not ${JSON.stringify(host)}`)
  return host
}

export function totpKeyOf(secret: string | undefined): Buffer | undefined {
  if (secret === undefined) return undefined
  try {
    return decodeBase32(secret)
  } catch (error) {
    throw usageError(`--totp-secret: ${(error as Error).message}`)
  }
}

/** A listen failure as the user should read it. */
export function listenFailure(error: unknown, host: string, port: number): Error {
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'EADDRINUSE') return usageError(`cannot listen on ${host}:${port}: the port is in use (--port 0 picks a free one)`)
  if (code === 'EACCES') return usageError(`cannot listen on ${host}:${port}: permission denied`)
  if (code === 'EADDRNOTAVAIL') return usageError(`cannot listen on ${host}: no such address on this machine`)
  return error instanceof Error ? error : new Error(String(error))
}

/** Resolves on the first SIGINT or SIGTERM. */
export function untilStopped(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off('SIGINT', stop)
      process.off('SIGTERM', stop)
      resolve(signal)
    }

    process.on('SIGINT', stop)
    process.on('SIGTERM', stop)
  })
}

export interface SelfLogin {
  url: string
  username: string
  password: string
  /** Two-password mode: what unlocks the keys. */
  mailboxPassword?: string
  totpKey?: Buffer
  appVersion: string
}

export async function selfLogin(own: SelfLogin): Promise<StoredSession> {
  const {totpKey} = own
  const apiUrl = parseBaseUrl(own.url)
  const transport = {appVersion: own.appVersion, userAgent: 'proton-cli sandbox'}
  const session = await login({
    apiUrl,
    password: own.password,
    totpCode: async () => {
      if (!totpKey) throw new Error('the sandbox asked for a second factor its account does not have')
      return totp(totpKey, Date.now() / 1000)
    },
    transport,
    username: own.username,
    interactive: false,
    verificationHint: COMMAND_RETRY,
  })
  // As auth login does: the keys unlocked and the key passphrase sealed with the session's local key.
  const keys = await unlockAtLogin(sessionApi(apiUrl, transport, session), own.mailboxPassword ?? own.password, session.UID, own.mailboxPassword !== undefined)
  return {...session, ...keys.fields}
}
