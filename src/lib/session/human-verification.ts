/**
 * Human verification (Code 9001): the service wants a person to prove they
 * are one before it goes on. The challenge (its methods, its token, a link
 * to the verification page) is shown on stderr; the request is then sent
 * again with `x-pm-human-verification-token` and
 * `x-pm-human-verification-token-type`, the latter naming the method the
 * person completed. On a terminal the person says which method once done;
 * elsewhere a second run carries the completed token in PROTON_HV_TOKEN and
 * PROTON_HV_TYPE (auth login also as --hv-token and --hv-type). Code 12087
 * (the token was not accepted) means: verify again. Used by login and by
 * every authenticated request.
 *
 * The link: Details.WebUrl when the service gives one, else the page the web
 * client embeds, built as it builds it (WebClients
 * packages/components/containers/api/humanVerification/EmbeddedVerification.tsx
 * with getAppUrlFromApiUrl and stringifySearchParams in
 * packages/shared/lib/helpers/url.ts): the `verify` host beside the API's
 * (https://mail.proton.me/api gives https://verify.proton.me/), with
 * `?methods=a,b&token=…`. An API on a loopback or IP address has no such
 * host beside it; the session's own origin is used instead.
 */
import {sniffJson} from '../output/envelope.ts'
import {escapeLine} from '../core/escape.ts'
import {shellQuote} from '../output/shell-quote.ts'
import {authError, usageError} from '../core/errors.ts'
import type {ApiResponse} from '../http/client.ts'
import {ask, canPrompt} from '../core/prompt.ts'
import {HUMAN_VERIFICATION_HEADER, SERVICE_CODE} from '../contract/service-codes.ts'

export interface HumanVerification {
  /** 9001 (verification required) or 12087 (the token sent was not accepted). */
  code: number
  methods: string[]
  token: string
  /** Where to complete it: the service's WebUrl, else built as the web client builds it. */
  url: string
}

/** A completed verification: its token and the method completed. */
export interface CompletedVerification {
  token: string
  type: string
}

/** How often a person may try again on a terminal before the command gives up. */
export const VERIFICATION_ATTEMPTS = 3

/** The codes that carry a challenge: verification required, or the token sent not accepted (verify again). */
const CHALLENGE_CODES: ReadonlySet<number> = new Set([SERVICE_CODE.HUMAN_VERIFICATION_REQUIRED, SERVICE_CODE.HUMAN_VERIFICATION_INVALID_TOKEN])

/** What the web client's stringifySearchParams does with {methods, token}: URLSearchParams, a list joined by commas. */
function verifyQuery(methods: string[], token: string): string {
  const search = new URLSearchParams()
  if (methods.length > 0) search.set('methods', methods.join(','))
  if (token) search.set('token', token)
  return search.toString()
}

function looksLikeAddress(hostname: string): boolean {
  // The web client's doesHostnameLookLikeIP, and localhost.
  return hostname === 'localhost' || /\d$/.test(hostname) || hostname.includes(':') || hostname.startsWith('[')
}

/**
 * The origin of one of the service's web apps beside an API base URL, as the web client's getAppUrlFromApiUrl
 * derives it: `app` in place of the API host's first label (mail.proton.me → verify.proton.me, account.proton.me);
 * a bare domain gets it in front; an API on a loopback or IP address is its own origin.
 */
export function appBeside(apiUrl: URL, app: string): URL {
  const page = new URL(apiUrl.origin)
  const {hostname} = page
  if (!looksLikeAddress(hostname) && hostname.includes('.')) {
    const labels = hostname.split('.')
    page.hostname = [app, ...(labels.length > 2 ? labels.slice(1) : labels)].join('.')
  }

  return page
}

/** The verification page for an API base URL, as the web client derives it (see the module comment). */
export function verificationPage(apiUrl: URL): URL {
  return appBeside(apiUrl, 'verify')
}

/** The link to complete a challenge at. */
export function verificationLink(apiUrl: URL, methods: string[], token: string): string {
  const query = verifyQuery(methods, token)
  return `${verificationPage(apiUrl).toString()}${query ? `?${query}` : ''}`
}

/** The challenge in an answer (Code 9001 or 12087), its link built when the answer has no WebUrl. */
export function challengeOf(answer: Record<string, unknown>, apiUrl: URL): HumanVerification {
  const details = (typeof answer.Details === 'object' && answer.Details !== null ? answer.Details : {}) as Record<string, unknown>
  const methods = Array.isArray(details.HumanVerificationMethods) ? details.HumanVerificationMethods.map(String) : []
  const token = typeof details.HumanVerificationToken === 'string' ? details.HumanVerificationToken : ''
  const given = typeof details.WebUrl === 'string' && /^https?:\/\//i.test(details.WebUrl) ? details.WebUrl : undefined
  return {code: Number(answer.Code), methods, token, url: given ?? verificationLink(apiUrl, methods, token)}
}

/** Only small answers are looked at: a challenge is a short JSON error. */
export const CHALLENGE_MAX_BYTES = 64 * 1024

/** The challenge when the answer is a Code 9001 or 12087 error, else undefined. */
export function challengeIn(response: ApiResponse, apiUrl: URL): HumanVerification | undefined {
  if (response.statusCode < 400 || response.body.length > CHALLENGE_MAX_BYTES) return undefined
  const sniff = sniffJson(response.body)
  if (!sniff.json || sniff.envelope.code === undefined || !CHALLENGE_CODES.has(sniff.envelope.code)) return undefined
  return challengeOf(JSON.parse(response.body.toString('utf8')) as Record<string, unknown>, apiUrl)
}

/** The headers that answer a challenge: the completed token, and the method completed. */
export function verificationHeaders(done: CompletedVerification): Record<string, string> {
  return {[HUMAN_VERIFICATION_HEADER.TOKEN]: done.token, [HUMAN_VERIFICATION_HEADER.TYPE]: done.type}
}

/** The method sent when the person does not name one: captcha when offered (what third-party logins get), else the first. */
function defaultMethod(challenge: HumanVerification): string {
  return challenge.methods.includes('captcha') ? 'captcha' : (challenge.methods[0] ?? 'captcha')
}

const TOKEN_TEXT = /^[\u0021-\u007E]{1,4096}$/
const TYPE_TEXT = /^[a-z][a-z0-9_-]{0,31}$/

/**
 * A completed verification given ahead (PROTON_HV_TOKEN and PROTON_HV_TYPE,
 * or auth login's --hv-token and --hv-type), or undefined when none is.
 */
export function presetVerification(token: string | undefined, type: string | undefined, names = {token: 'PROTON_HV_TOKEN', type: 'PROTON_HV_TYPE'}): CompletedVerification | undefined {
  if (!token && !type) return undefined
  if (!token) throw usageError(`${names.type} needs ${names.token}: the token of the verification you completed`)
  if (!type) throw usageError(`${names.token} needs ${names.type}: the method you completed (captcha, email, sms …)`)
  if (!TOKEN_TEXT.test(token)) throw usageError(`${names.token} must be printable ASCII without spaces`)
  if (!TYPE_TEXT.test(type)) throw usageError(`${names.type} must be a method name such as captcha, email or sms, not "${type}"`)
  return {token, type}
}

/** The methods offered, as the service named them: its text, control characters escaped (escape.ts). */
function methodsText(challenge: HumanVerification, none: string): string {
  return escapeLine(challenge.methods.join(', ')) || none
}

function describeChallenge(challenge: HumanVerification): string {
  const what = challenge.code === SERVICE_CODE.HUMAN_VERIFICATION_INVALID_TOKEN ? 'Human verification not accepted (Code 12087), verify again' : 'Human verification required'
  // The methods and the link (Details.WebUrl) are the service's text.
  return `${what} (methods: ${methodsText(challenge, 'unspecified')}): complete it in a browser at ${escapeLine(challenge.url)}\n`
}

/**
 * What a verification token from the service may hold to be shown for a person to paste: base64, base64url, and the
 * dots and colons of composite tokens; nothing a shell acts on. Any other token is not shown (see tokenWords).
 */
const SHOWN_TOKEN = /^[A-Za-z0-9+/=_.:~-]{1,4096}$/

/**
 * How a hint names the token: a shell word (shell-quote.ts) when it is one
 * (SHOWN_TOKEN), else a placeholder: a token the service made of anything
 * else is not printed for a person to paste into a shell.
 */
export function tokenWord(token: string): string {
  return SHOWN_TOKEN.test(token) ? shellQuote(token) : '<the token of the verification page>'
}

/** How a second run carries the completed verification: the command's own words for it. */
export interface RetryHint {
  /** "run the command again", "log in again" */
  again: string
  /** How to give token and method: "PROTON_HV_TOKEN=… PROTON_HV_TYPE=…" or the login flags; `token` is a tokenWord. */
  carry: (token: string, methods: string) => string
}

export const COMMAND_RETRY: RetryHint = {
  again: 'run the command again',
  carry: (token, methods) => `PROTON_HV_TOKEN=${token} and PROTON_HV_TYPE set to the method you completed (${methods})`,
}

/** Where the challenge is shown. */
export interface TextSink {
  write(text: string): unknown
}

/**
 * Sends a verification code (POST /core/v4/users/code, go-proton-api manager_user.go SendVerificationCode: {Username,
 * Type: email|sms, Destination: {Address} or {Phone}}) with the session the challenge came to.
 */
export type CodeSender = (type: 'email' | 'sms', destination: string) => Promise<void>

/** What a person at a terminal can use: a code sent by the service, a page opened in the browser. */
export interface TerminalAids {
  /** Given where the request can send a code (the login): email and sms are then done in the terminal. */
  sendCode?: CodeSender
  /** Opens the verification page in the person's browser, when there is one. */
  openPage?: (url: string) => void
  /** Told of the other way to sign in (the login: auth login --web). */
  otherWay?: string
}

const CODE_TEXT = /^[A-Za-z0-9-]{4,32}$/
const DESTINATION = {email: /^[^\s:@]{1,128}@[^\s:@]{1,253}$/, sms: /^\+?[0-9 ().-]{4,32}$/}

/**
 * Email or sms in the terminal (go-proton-api hv.go, proton-bridge internal/hv; the web client's verification page
 * does the same): the service sends a code to an address (or number) the person gives, the person types it, and the
 * retry carries `<address>:<code>` as the token and the method as its type. undefined when the person leaves the
 * address empty (to take the page instead).
 */
async function byCode(type: 'email' | 'sms', sendCode: CodeSender, stderr: TextSink, fallback: boolean): Promise<CompletedVerification | undefined> {
  const what = type === 'email' ? 'Email address' : 'Phone number'
  const other = fallback ? ' (Enter for the verification page instead)' : ''
  for (let attempt = 1; ; attempt++) {
    const destination = (await ask(`${what} to send a verification code to${other}: `)).trim()
    if (destination === '' && fallback) return undefined
    if (DESTINATION[type].test(destination)) {
      await sendCode(type, destination)
      stderr.write(`A verification code was sent to ${escapeLine(destination)}.\n`)
      for (let tries = 1; ; tries++) {
        const code = (await ask('Verification code: ')).trim()
        if (CODE_TEXT.test(code)) return {token: `${destination}:${code}`, type}
        if (tries >= VERIFICATION_ATTEMPTS) throw usageError('no verification code given')
        stderr.write('The code is the letters and digits of the message.\n')
      }
    }

    if (attempt >= VERIFICATION_ATTEMPTS) throw usageError(`no ${what.toLowerCase()} given`)
    stderr.write(`That is not ${type === 'email' ? 'an email address' : 'a phone number'}.\n`)
  }
}

/**
 * Show the challenge; on a terminal complete it, else throw an exit-2 failure saying how a second run finishes it.
 * With a code sender (the login), email or sms is done in the terminal. Otherwise the page (the captcha): opened in the
 * browser where there is one, then Enter, and the retry carries the same token with the methods offered, joined, as
 * its type (go-proton-api hv.go addHVToRequest, as Bridge does). Where several methods are offered and no code can be
 * sent, the person may name the method completed.
 */
export async function completeOnTerminal(
  challenge: HumanVerification,
  hint: RetryHint,
  interactive = canPrompt(),
  stderr: TextSink = process.stderr,
  aids: TerminalAids = {},
): Promise<CompletedVerification> {
  stderr.write(describeChallenge(challenge))
  const methods = methodsText(challenge, 'captcha')
  if (!interactive) {
    throw authError(
      `human verification required; complete it, then ${hint.again} with ${hint.carry(tokenWord(challenge.token), methods)}, or from a terminal${aids.otherWay ? `, or ${aids.otherWay}` : ''}`,
    )
  }

  const pageOffered = challenge.methods.length === 0 || challenge.methods.some((method) => method !== 'email' && method !== 'sms')
  if (aids.sendCode) {
    for (const type of ['email', 'sms'] as const) {
      if (!challenge.methods.includes(type)) continue
      const done = await byCode(type, aids.sendCode, stderr, pageOffered)
      if (done) return done
      break
    }
  }

  aids.openPage?.(challenge.url)
  if (aids.sendCode || challenge.methods.length <= 1) {
    const other = aids.otherWay ? ` (or Ctrl-C and ${aids.otherWay})` : ''
    await ask(`Press Enter once the verification at the link is done${other}: `)
    return {token: challenge.token, type: challenge.methods.length > 0 ? challenge.methods.join(',') : 'captcha'}
  }

  const fallback = defaultMethod(challenge)
  const question = `Once it is done, press Enter (or type the method you completed: ${methods}) [${fallback}]: `
  for (let attempt = 1; ; attempt++) {
    const answer = (await ask(question)).trim().toLowerCase()
    if (answer === '') return {token: challenge.token, type: fallback}
    if (challenge.methods.includes(answer)) return {token: challenge.token, type: answer}
    if (attempt >= VERIFICATION_ATTEMPTS) throw usageError(`"${answer}" is not one of the methods offered (${methods})`)
    stderr.write(`"${answer}" is not one of the methods offered (${methods}).\n`)
  }
}

/** What a command does with a verification: the one given ahead, and whether a person may be asked. */
export interface VerificationPlan {
  preset?: CompletedVerification
  hint: RetryHint
  /** Told which verification the answer that stands was sent with, when it was sent with one. */
  accepted?: (done: CompletedVerification) => void
  /** Whether a person may be asked (default: when stdin and stderr are a terminal). */
  interactive?: boolean
  /** Where challenges are shown (default: process.stderr). */
  stderr?: TextSink
  /** What a terminal can use besides the page (completeOnTerminal). */
  aids?: TerminalAids
}

/**
 * Send, and answer the service's challenges: first with the verification
 * given ahead (if any), then, on a terminal, with what the person
 * completes, up to VERIFICATION_ATTEMPTS times. A preset the service refuses
 * (12087, or a new 9001) without a terminal is exit 2, saying to verify
 * again.
 */
export async function sendVerified<T>(
  send: (headers: Record<string, string>) => Promise<T>,
  challengeOfAnswer: (answer: T) => Promise<HumanVerification | undefined>,
  plan: VerificationPlan,
): Promise<T> {
  // Asked only once a challenge comes: the first look at process.stdin sets it up (some 3 ms), which an answer without one never needs.
  const interactive = () => plan.interactive ?? canPrompt()
  const stderr = plan.stderr ?? process.stderr
  let sent = plan.preset
  let previous: HumanVerification | undefined
  for (let attempt = 0; ; attempt++) {
    const answer = await send(sent ? verificationHeaders(sent) : {})
    const found = await challengeOfAnswer(answer)
    if (!found) {
      if (sent) plan.accepted?.(sent)
      return answer
    }

    // A 12087 without Details is the same challenge, to be completed again.
    const challenge = found.token || !previous ? found : {...previous, code: found.code}
    if (sent && !interactive()) {
      stderr.write(describeChallenge(challenge))
      const given = sent === plan.preset ? ' given' : ''
      throw authError(
        `the service did not accept the human verification${given} (Code ${challenge.code}); complete it again, then ${plan.hint.again} with ${plan.hint.carry(challenge.token ? tokenWord(challenge.token) : '<the new token>', methodsText(challenge, 'captcha'))}`,
      )
    }

    if (attempt >= VERIFICATION_ATTEMPTS) throw authError(`the service did not accept the human verification after ${VERIFICATION_ATTEMPTS} attempts`)
    sent = await completeOnTerminal(challenge, plan.hint, interactive(), stderr, plan.aids)
    previous = challenge
  }
}
