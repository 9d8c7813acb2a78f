/**
 * Signing in by session fork ("sign in with another device"), as Proton's
 * own clients do: the service gives a selector and a user code (GET
 * /auth/v4/sessions/forks); the person approves the code on a device
 * already signed in (the link opens account.proton.me's /desktop/login, or
 * a Proton app reads the code); that device pushes a child session with
 * the key passphrase sealed under a key only this side and the code know;
 * this side polls GET /auth/v4/sessions/forks/{Selector} (422 until then)
 * and opens the payload (fork-payload.ts). No password is typed here, and
 * any CAPTCHA is left to Proton's own page.
 *
 * Followed: WebClients packages/account/signInWithAnotherDevice/
 * signInWithAnotherDevicePull.ts (a fresh 32-byte key per fork, 422 means
 * "not yet", the code as qrCodePayload.ts serializeQrCodePayload writes it:
 * `0:UserCode:base64(key):ChildClientID`), the official Drive CLI
 * (ProtonDriveApps/sdk incubating/account/js/src/authWeb.ts
 * generateSignInUrl: `/desktop/login?app=…&pv=3#payload=<code>`, the code
 * percent-encoded in the fragment, which browsers never send; ten minutes
 * of polling) and protonpass/pass-cli pass-auth/src/web_login.rs.
 */
import {randomBytes} from 'node:crypto'

import {buildRequestUrl, baseKey} from '../http/api-url.ts'
import {type ApiResponse, createTransport, send, type TransportOptions} from '../http/client.ts'
import {describeApiError} from '../output/api-error.ts'
import {sniffJson} from '../output/envelope.ts'
import {authError, CliFailure, unavailableError} from '../core/errors.ts'
import {EXIT} from '../core/exit-status.ts'
import {interruptedError, reportingInterruption} from '../core/interrupt.ts'
import {endUnkeptSession} from './end-session.ts'
import {FORK_KEY_BYTES, ForkPayloadError, openForkPayload} from './fork-payload.ts'
import {appBeside} from './human-verification.ts'
import type {StoredSession} from './store.ts'

/** The production API's sign-in page; any other API gets the account app beside it (appBeside). */
const PRODUCTION_ACCOUNT = 'https://account.proton.me'

/** How the tool names itself to the service (x-pm-appversion) and to the approving device (ChildClientID, app). */
export interface ForkIdentity {
  /** The link's `app` (drive, mail …). */
  app: string
  /** `external-<app>`: the client ID the child session is for. */
  childClientId: string
  /** x-pm-appversion, for the fork's requests and every later one of the profile. */
  appVersion: string
}

const APP_NAME = /^[a-z][a-z0-9_]{0,31}$/
/** This tool's {name} in the external form (lower-case letters and underscores). */
const TOOL_NAME = 'proton_cli'

/**
 * The identity of a fork, in the form Proton asks of third-party clients (ProtonDriveApps/sdk README.md: x-pm-appversion
 * `external-drive-{name}@{semver}-{channel}`; cli/src/config.ts: ChildClientID `external-drive` for third parties). Only
 * drive's form is documented; `app` and `appVersion` are settings for what the service may accept for others.
 */
export function forkIdentity(app: string, appVersion: string | undefined, toolVersion: string): ForkIdentity {
  if (!APP_NAME.test(app)) throw new CliFailure(`--app must be a lower-case app name such as drive or mail, not ${JSON.stringify(app)}`, EXIT.USAGE)
  const semver = /^\d+\.\d+\.\d+/.exec(toolVersion)?.[0] ?? '0.0.0'
  const childClientId = `external-${app}`
  return {app, appVersion: appVersion ?? `${childClientId}-${TOOL_NAME}@${semver}-stable`, childClientId}
}

/** Whether an app version names the client the fork is for: `external-drive-name@…` is of `external-drive`. */
export function ofClient(identity: ForkIdentity): boolean {
  const {appVersion, childClientId} = identity
  return appVersion === childClientId || appVersion.startsWith(`${childClientId}-`) || appVersion.startsWith(`${childClientId}@`)
}

/** What the person is shown to approve the sign-in: the link (the key in its fragment only) and the code a Proton app reads. */
export interface SignInRequest {
  link: string
  /** `0:UserCode:base64(key):ChildClientID` (serializeQrCodePayload). */
  code: string
  userCode: string
}

export function signInRequest(apiUrl: URL, identity: ForkIdentity, userCode: string, key: Buffer): SignInRequest {
  const code = ['0', userCode, key.toString('base64'), identity.childClientId].join(':')
  const account = new URL(apiUrl.hostname === 'mail.proton.me' || apiUrl.hostname === 'api.proton.me' ? PRODUCTION_ACCOUNT : appBeside(apiUrl, 'account').origin)
  account.pathname = '/desktop/login'
  account.search = new URLSearchParams({app: identity.app, pv: '3'}).toString()
  return {code, link: `${account.toString()}#payload=${encodeURIComponent(code)}`, userCode}
}

export interface WebLoginTiming {
  /** Between polls (WebClients polls every 3 s). */
  pollMs: number
  /** How long to wait for an approval (the Drive CLI and pass-cli wait ten minutes). */
  limitMs: number
  now: () => number
}

export const WEB_LOGIN_TIMING: WebLoginTiming = {limitMs: 10 * 60_000, now: Date.now, pollMs: 3000}
/** The longest wait after a 429 without Retry-After, the interval doubling up to it. */
const BACKOFF_MAX_MS = 60_000

export interface WebLoginInput {
  apiUrl: URL
  /** Its appVersion is the identity's. */
  transport: TransportOptions
  identity: ForkIdentity
  /** The sign-in request to show (link, code, QR code), once the service made it. */
  show: (request: SignInRequest) => Promise<void> | void
  /** About once a second while waiting: the milliseconds left (a spinner). */
  tick?: (leftMs: number) => void
  /** Told when the wait ends, whatever ended it (the spinner's line cleared). */
  done?: () => void
  timing?: WebLoginTiming
}

export interface WebLogin {
  session: StoredSession
  /** The key passphrase the approval carried: it unlocks the user key as it is. */
  keyPassword: string
}

type Json = Record<string, unknown>

function parse(response: ApiResponse, what: string): Json {
  const sniff = sniffJson(response.body)
  if (!sniff.json) throw unavailableError(`${what}: HTTP ${response.statusCode}: the answer is not JSON`)
  const answer = JSON.parse(response.body.toString('utf8')) as unknown
  if (answer === null || typeof answer !== 'object' || Array.isArray(answer)) throw unavailableError(`${what}: the answer is not a JSON object`)
  if (response.statusCode >= 400) {
    throw new CliFailure(
      `${what}: ${describeApiError(response.statusCode, response.statusMessage, sniff.envelope)}`,
      response.statusCode === 429 || response.statusCode >= 500 ? EXIT.UNAVAILABLE : EXIT.AUTH,
    )
  }

  return answer as Json
}

/** A string field of the service's answer, of the characters expected: nothing else reaches a URL, a terminal or a file. */
function token(answer: Json, name: string, pattern = /^[\w+/=.~-]{1,1024}$/): string {
  const value = answer[name]
  if (typeof value !== 'string' || !pattern.test(value)) throw unavailableError(`the service's fork answer has no usable ${name}`)
  return value
}

function spanText(ms: number): string {
  const [count, unit] = ms < 120_000 ? [Math.round(ms / 1000), 'second'] : [Math.round(ms / 60_000), 'minute']
  return `${count} ${unit}${count === 1 ? '' : 's'}`
}

/** A failure while waiting, the fork already withdrawn (or tried to be). */
class WithdrawnFailure extends CliFailure {}

/** Wait `ms`, ticking each second, until done or aborted (the loop then sees signal.aborted). */
async function pause(ms: number, signal: AbortSignal | undefined, tick: () => void): Promise<void> {
  const end = Date.now() + ms
  while (!signal?.aborted && Date.now() < end) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(finish, Math.min(1000, end - Date.now()))
      function finish() {
        clearTimeout(timer)
        signal?.removeEventListener('abort', finish)
        resolve()
      }

      signal?.addEventListener('abort', finish, {once: true})
    })
    tick()
  }
}

function retryAfterMs(response: ApiResponse): number | undefined {
  const value = response.headers['retry-after']
  const seconds = Number(Array.isArray(value) ? value[0] : value)
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds * 1000, BACKOFF_MAX_MS) : undefined
}

/**
 * Create the fork, show it, wait for its approval, and open what it carries. Ctrl-C (SIGINT, SIGTERM, SIGHUP), the
 * time limit and any failure while waiting withdraw the fork (DELETE of its selector) before the failure is reported.
 */
export async function loginWithFork(input: WebLoginInput): Promise<WebLogin> {
  const {apiUrl, transport} = input
  const timing = input.timing ?? WEB_LOGIN_TIMING
  const call = (method: string, path: string, options: TransportOptions = transport) => send(createTransport(options), {method, url: buildRequestUrl(apiUrl, path)}, options)
  const fork = parse(await call('GET', '/auth/v4/sessions/forks'), 'GET /auth/v4/sessions/forks')
  const selector = token(fork, 'Selector')
  const userCode = token(fork, 'UserCode', /^[A-Za-z0-9]{1,64}$/)
  const key = randomBytes(FORK_KEY_BYTES)
  const path = `/auth/v4/sessions/forks/${encodeURIComponent(selector)}`

  // Past an interruption the transport's signal is aborted: the withdrawal goes on its own, brief and never retried;
  // the interrupt handler's one-second fallback is held off for it (a second Ctrl-C still ends the process at once).
  const withdraw = async (): Promise<boolean> => {
    if (transport.signal?.aborted) reportingInterruption()
    try {
      const response = await call('DELETE', path, {...transport, retries: 0, signal: undefined, timeoutSeconds: 5})
      return response.statusCode < 400
    } catch {
      return false
    }
  }

  const withdrawn = async (line: string, status: CliFailure['exitStatus']): Promise<CliFailure> =>
    new WithdrawnFailure(`${line}; ${(await withdraw()) ? 'the sign-in request was withdrawn' : 'the sign-in request could not be withdrawn (it expires by itself)'}`, status)

  await input.show(signInRequest(apiUrl, input.identity, userCode, key))
  const start = timing.now()
  const left = () => start + timing.limitMs - timing.now()
  const tick = () => input.tick?.(Math.max(0, left()))
  let interval = timing.pollMs
  let approved: Json
  try {
    for (;;) {
      await pause(interval, transport.signal, tick)
      if (transport.signal?.aborted) throw await withdrawn(interruptedError().message, EXIT.INTERRUPTED)
      if (left() <= 0) throw await withdrawn(`no approval within ${spanText(timing.limitMs)}; start again for a new code`, EXIT.UNAVAILABLE)
      let response: ApiResponse
      try {
        response = await call('GET', path)
      } catch (error) {
        if (transport.signal?.aborted) throw await withdrawn(interruptedError().message, EXIT.INTERRUPTED)
        throw error
      }

      if (response.statusCode === 422) {
        interval = timing.pollMs
        continue
      }

      if (response.statusCode === 429) {
        interval = retryAfterMs(response) ?? Math.min(interval * 2, BACKOFF_MAX_MS)
        continue
      }

      approved = parse(response, `GET /auth/v4/sessions/forks/{Selector}`)
      break
    }
  } catch (error) {
    input.done?.()
    key.fill(0)
    if (error instanceof WithdrawnFailure) throw error
    const message = error instanceof Error ? error.message : String(error)
    throw await withdrawn(message, error instanceof CliFailure ? error.exitStatus : EXIT.UNAVAILABLE)
  }

  input.done?.()
  const credentials = {accessToken: token(approved, 'AccessToken'), uid: token(approved, 'UID')}
  let keyPassword: string
  try {
    keyPassword = openForkPayload(approved.Payload, key)
  } catch (error) {
    key.fill(0)
    if (!(error instanceof ForkPayloadError)) throw error
    // The child session exists on the service: it is ended rather than left behind unused.
    const ended = await endUnkeptSession(apiUrl, transport, credentials)
    throw authError(`refusing the approved session: ${error.message}; ${ended ? 'it was ended' : 'it could not be ended'}`)
  }

  // The key has done its work: it leaves no copy in memory longer than needed.
  key.fill(0)
  const now = new Date().toISOString()
  return {
    keyPassword,
    session: {
      AccessToken: credentials.accessToken,
      APIURL: baseKey(apiUrl),
      AppVersion: transport.appVersion,
      CreatedAt: now,
      RefreshedAt: now,
      RefreshToken: token(approved, 'RefreshToken'),
      Scopes: Array.isArray(approved.Scopes) ? approved.Scopes.map(String) : [],
      UID: credentials.uid,
    },
  }
}
