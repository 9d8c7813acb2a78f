/**
 * `proton sandbox --write-session`: log the sandbox's own account in over
 * HTTP with the tool's own login (unauthenticated session, auth info, SRP
 * proof, TOTP when the account has one), and return the session as the
 * tool stores it.
 */
import {parseBaseUrl} from '../http/api-url.ts'
import {COMMAND_RETRY} from '../session/human-verification.ts'
import {sessionApi, unlockAtLogin} from '../account/login-keys.ts'
import {login} from '../session/login.ts'
import type {StoredSession} from '../session/store.ts'
import {totp} from '../crypto/totp.ts'

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
