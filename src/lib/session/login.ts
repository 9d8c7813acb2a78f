/**
 * Logging in as the service's own clients do: an unauthenticated session,
 * the SRP parameters, the SRP proof (auth versions 3 and 4), the server's
 * proof checked before anything is kept, then a TOTP second factor when the
 * account has one. Human verification (Code 9001) is handed to the caller.
 */
import {timingSafeEqual} from 'node:crypto'

import {describeApiError} from '../output/api-error.ts'
import {baseKey, buildRequestUrl} from '../http/api-url.ts'
import {sniffJson} from '../output/envelope.ts'
import {authError, CliFailure} from '../core/errors.ts'
import {EXIT, exitStatusForResponse} from '../core/exit-status.ts'
import {createTransport, send, type TransportOptions} from '../http/client.ts'
import {challengeIn, type CodeSender, type CompletedVerification, type RetryHint, sendVerified} from './human-verification.ts'
import {SERVICE_CODE} from '../contract/service-codes.ts'
import type {StoredSession} from './store.ts'
import {type ClientProof, clientProof} from './srp/client.ts'
import {srpGroup} from './srp/group.ts'
import {hashPassword} from './srp/password.ts'
import {verifySignedModulus} from './srp/verify-modulus.ts'

export const SUPPORTED_AUTH_VERSIONS: ReadonlySet<number> = new Set([3, 4])

/** Bits of `2FA.Enabled` (SETTINGS_2FA_ENABLED in the contract). */
const TOTP_BIT = 1
const FIDO2_BIT = 2

export type {CompletedVerification} from './human-verification.ts'

export interface LoginInput {
  apiUrl: URL
  username: string
  password: string
  transport: TransportOptions
  /** Asked only when the account has a TOTP second factor. */
  totpCode: () => Promise<string>
  /** A completed human verification given ahead (--hv-token and --hv-type): sent with every login call. */
  humanVerification?: CompletedVerification
  /** How a second run carries a completed verification, for the message when no one can be asked. */
  verificationHint: RetryHint
  /** Whether a person may be asked to verify (default: on a terminal). */
  interactive?: boolean
  /** Opens a verification page in the person's browser (on a terminal). */
  openPage?: (url: string) => void
  /** The other way to sign in, named in the verification's prompts (auth login --web). */
  otherWay?: string
  /** The modulus check; the signature check against the service's key by default. */
  verifyModulus?: (signed: string) => Promise<Buffer>
}

type Answer = Record<string, unknown>

interface Credentials {
  uid: string
  accessToken: string
}

/** Which second factor the answer of POST /core/v4/auth asks for. */
export function secondFactor(answer: Answer): 'fido2-only' | 'none' | 'totp' {
  const enabled = Number((answer['2FA'] as Answer | undefined)?.Enabled ?? 0)
  if (enabled & TOTP_BIT) return 'totp'
  if (enabled & FIDO2_BIT) return 'fido2-only'
  return 'none'
}

function field(answer: Answer, name: string): string {
  const value = answer[name]
  if (typeof value !== 'string' || value === '') throw authError(`the login answer lacks ${name}`)
  return value
}

type Call = (path: string, body: Answer | undefined, credentials?: Credentials) => Promise<Answer>

/**
 * POST one step of the login and read its answer. Human verification
 * (9001, or 12087: verify again) is answered as sendVerified does; once it
 * has been passed, every later call carries its headers, as go-proton-api's
 * login with an HV token does.
 */
function loginCaller(input: LoginInput): Call {
  const {apiUrl, transport} = input
  let verified = input.humanVerification
  const call: Call = async (path, body, credentials) => {
    // The code goes out with the session the challenge came to (go-proton-api manager_user.go SendVerificationCode).
    const sendCode: CodeSender = async (type, destination) => {
      const request = {Destination: type === 'email' ? {Address: destination} : {Phone: destination}, Type: type, Username: input.username}
      const response = await send(createTransport(transport, credentials), {body: Buffer.from(JSON.stringify(request)), method: 'POST', url: buildRequestUrl(apiUrl, '/core/v4/users/code')}, transport)
      const sniff = sniffJson(response.body)
      if (!sniff.json) throw new CliFailure(`the verification code could not be sent: HTTP ${response.statusCode}: the answer is not JSON`, EXIT.UNAVAILABLE)
      if (exitStatusForResponse(response.statusCode, sniff.envelope.code) !== EXIT.OK) {
        throw new CliFailure(`the verification code could not be sent: ${describeApiError(response.statusCode, response.statusMessage, sniff.envelope)}`, EXIT.AUTH)
      }
    }

    const response = await sendVerified(
      (headers) =>
        send(
          createTransport(transport, credentials),
          {
            body: body === undefined ? undefined : Buffer.from(JSON.stringify(body)),
            headers,
            method: 'POST',
            url: buildRequestUrl(apiUrl, path),
          },
          transport,
        ),
      async (answer) => challengeIn(answer, apiUrl),
      {
        // What was accepted goes with the later steps too.
        accepted: (done) => {
          verified = done
        },
        aids: {openPage: input.openPage, otherWay: input.otherWay, sendCode},
        hint: input.verificationHint,
        interactive: input.interactive,
        preset: verified,
      },
    )
    const sniff = sniffJson(response.body)
    if (!sniff.json) throw new CliFailure(`${path}: HTTP ${response.statusCode}: the answer is not JSON`, EXIT.UNAVAILABLE)
    const answer = JSON.parse(response.body.toString('utf8')) as Answer
    const status = exitStatusForResponse(response.statusCode, sniff.envelope.code)
    if (status === EXIT.OK) return answer

    if (sniff.envelope.code === SERVICE_CODE.WRONG_CREDENTIALS) {
      throw authError(path.endsWith('/2fa') ? 'wrong two-factor code' : 'wrong username or password')
    }

    const line = describeApiError(response.statusCode, response.statusMessage, sniff.envelope)
    throw new CliFailure(`login failed at ${path}: ${line}`, status === EXIT.USAGE ? EXIT.AUTH : status)
  }

  return call
}

/** The SRP proof for the parameters the service sent, once its modulus is verified. */
async function proofFor(input: LoginInput, info: Answer): Promise<ClientProof> {
  const version = Number(info.Version)
  if (!SUPPORTED_AUTH_VERSIONS.has(version)) {
    throw authError(`this account uses auth version ${info.Version}, which only the service's own clients can log in with; log in once there to upgrade it`)
  }

  const modulus = await (input.verifyModulus ?? verifySignedModulus)(field(info, 'Modulus'))
  const salt = Buffer.from(field(info, 'Salt'), 'base64')
  try {
    return clientProof(srpGroup(modulus), hashPassword(input.password, salt, modulus), Buffer.from(field(info, 'ServerEphemeral'), 'base64'))
  } catch (error) {
    throw authError(`refusing to log in: ${(error as Error).message}`)
  }
}

/** The server proves it knew the verifier; until then nothing is kept. */
function checkServerProof(auth: Answer, proof: ClientProof): void {
  const serverProof = Buffer.from(typeof auth.ServerProof === 'string' ? auth.ServerProof : '', 'base64')
  if (serverProof.length !== proof.expectedServerProof.length || !timingSafeEqual(serverProof, proof.expectedServerProof)) {
    throw authError('refusing the session: the server did not prove that it knows the password verifier')
  }
}

/** The scopes once the second factor, if the account has one, is passed. */
async function passSecondFactor(call: Call, input: LoginInput, auth: Answer, session: Credentials): Promise<string[]> {
  const scopes = Array.isArray(auth.Scopes) ? auth.Scopes.map(String) : []
  const factor = secondFactor(auth)
  if (factor === 'fido2-only') {
    throw authError('this account’s only second factor is a security key (FIDO2), which this tool cannot use; add an authenticator app (TOTP) in the account’s security settings')
  }

  if (factor !== 'totp') return scopes
  const done = await call('/core/v4/auth/2fa', {TwoFactorCode: await input.totpCode()}, session)
  return Array.isArray(done.Scopes) ? done.Scopes.map(String) : scopes
}

export async function login(input: LoginInput): Promise<StoredSession> {
  const {apiUrl, transport, username} = input
  const call = loginCaller(input)
  const anonymous = await call('/auth/v4/sessions', undefined)
  const start: Credentials = {accessToken: field(anonymous, 'AccessToken'), uid: field(anonymous, 'UID')}
  const info = await call('/core/v4/auth/info', {Username: username}, start)
  const proof = await proofFor(input, info)
  const auth = await call(
    '/core/v4/auth',
    {
      ClientEphemeral: proof.clientEphemeral.toString('base64'),
      ClientProof: proof.clientProof.toString('base64'),
      SRPSession: field(info, 'SRPSession'),
      Username: username,
    },
    start,
  )
  checkServerProof(auth, proof)
  const session: Credentials = {accessToken: field(auth, 'AccessToken'), uid: field(auth, 'UID')}
  const scopes = await passSecondFactor(call, input, auth, session)
  const now = new Date().toISOString()
  return {
    AccessToken: session.accessToken,
    APIURL: baseKey(apiUrl),
    AppVersion: transport.appVersion,
    CreatedAt: now,
    RefreshedAt: now,
    RefreshToken: field(auth, 'RefreshToken'),
    Scopes: scopes,
    UID: session.uid,
    Username: username,
  }
}
