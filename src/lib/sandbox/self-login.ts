/**
 * `proton sandbox --write-session`: log the sandbox's own account in over
 * HTTP, the way a client does (unauthenticated session, auth info, SRP
 * proof, TOTP when the account has it), and return the session as the
 * tool stores it.
 */
import {HEADER} from '../contract.ts'
import {clientProof} from '../srp/client.ts'
import {srpGroup} from '../srp/group.ts'
import {decodeSignedModulus} from '../srp/modulus.ts'
import {hashPassword} from '../srp/password.ts'
import type {StoredSession} from '../session-store.ts'
import {totp} from '../totp.ts'

export interface SelfLogin {
  url: string
  username: string
  password: string
  totpKey?: Buffer
  appVersion: string
}

type Answer = Record<string, unknown>

export async function selfLogin(login: SelfLogin): Promise<StoredSession> {
  const headers: Record<string, string> = {'content-type': 'application/json', [HEADER.APP_VERSION]: login.appVersion}
  const call = async (method: string, path: string, body?: Answer): Promise<Answer> => {
    const response = await fetch(`${login.url}${path}`, {body: body && JSON.stringify(body), headers, method})
    const answer = (await response.json()) as Answer
    if (!response.ok) throw new Error(`the sandbox refused its own login at ${path}: HTTP ${response.status} ${String(answer.Error)}`)
    return answer
  }

  const anonymous = await call('POST', '/auth/v4/sessions')
  headers[HEADER.UID] = String(anonymous.UID)
  headers[HEADER.AUTHORIZATION] = `Bearer ${String(anonymous.AccessToken)}`
  const info = await call('POST', '/core/v4/auth/info', {Username: login.username})
  const modulus = decodeSignedModulus(String(info.Modulus))
  const hashed = hashPassword(login.password, Buffer.from(String(info.Salt), 'base64'), modulus)
  const proof = clientProof(srpGroup(modulus), hashed, Buffer.from(String(info.ServerEphemeral), 'base64'))
  const auth = await call('POST', '/core/v4/auth', {
    ClientEphemeral: proof.clientEphemeral.toString('base64'),
    ClientProof: proof.clientProof.toString('base64'),
    SRPSession: info.SRPSession,
    Username: login.username,
  })
  if (auth.ServerProof !== proof.expectedServerProof.toString('base64')) throw new Error('the sandbox sent a wrong server proof')
  headers[HEADER.UID] = String(auth.UID)
  headers[HEADER.AUTHORIZATION] = `Bearer ${String(auth.AccessToken)}`
  let scopes = auth.Scopes as string[]
  if (login.totpKey) {
    const done = await call('POST', '/core/v4/auth/2fa', {TwoFactorCode: totp(login.totpKey, Date.now() / 1000)})
    scopes = done.Scopes as string[]
  }

  const now = new Date().toISOString()
  return {
    AccessToken: String(auth.AccessToken),
    APIURL: login.url,
    AppVersion: login.appVersion,
    CreatedAt: now,
    RefreshedAt: now,
    RefreshToken: String(auth.RefreshToken),
    Scopes: scopes,
    UID: String(auth.UID),
    Username: login.username,
  }
}
