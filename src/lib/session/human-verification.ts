/**
 * Human verification (Code 9001): the service wants a person to prove they
 * are one before it goes on. The challenge is shown on stderr; on a terminal
 * the person completes it in a browser and presses Enter, and the request is
 * sent again with the verification headers. Without a terminal: exit 2.
 * Used by login and by every authenticated request.
 */
import {sniffJson} from '../output/envelope.ts'
import {escapeLine} from '../output/escape.ts'
import {authError} from '../runtime/errors.ts'
import type {ApiResponse} from '../http/client.ts'
import {ask, canPrompt} from '../runtime/prompt.ts'
import {HUMAN_VERIFICATION_HEADER, SERVICE_CODE} from '../contract/service-codes.ts'

export interface HumanVerification {
  methods: string[]
  token: string
  url?: string
}

/** The challenge in an answer's Details. */
export function challengeOf(answer: Record<string, unknown>): HumanVerification {
  const details = (answer.Details ?? {}) as Record<string, unknown>
  const methods = Array.isArray(details.HumanVerificationMethods) ? details.HumanVerificationMethods.map(String) : []
  return {
    methods,
    token: typeof details.HumanVerificationToken === 'string' ? details.HumanVerificationToken : '',
    url: typeof details.WebUrl === 'string' ? details.WebUrl : undefined,
  }
}

/**
 * Show the challenge; on a terminal wait for Enter and resolve with the
 * method completed, else throw an exit-2 failure saying what to do instead.
 */
export async function completeOnTerminal(challenge: HumanVerification, otherwise: string): Promise<string> {
  // The URL and the methods are the service's text (Details): escaped.
  const where = challenge.url ? ` at ${escapeLine(challenge.url)}` : ''
  const methods = escapeLine(challenge.methods.join(', ')) || 'unspecified'
  process.stderr.write(`Human verification required (methods: ${methods}): complete it in a browser${where}\n`)
  if (!canPrompt()) throw authError(`human verification required; ${otherwise}`)
  await ask('Press Enter once it is done: ')
  return challenge.methods.includes('captcha') ? 'captcha' : (challenge.methods[0] ?? 'captcha')
}

/** The headers that answer the challenge with the method completed. */
export function verificationHeaders(challenge: HumanVerification, method: string): Record<string, string> {
  return {[HUMAN_VERIFICATION_HEADER.TOKEN]: challenge.token, [HUMAN_VERIFICATION_HEADER.TYPE]: method}
}

/** Only small answers are looked at: a challenge is a short JSON error. */
export const CHALLENGE_MAX_BYTES = 64 * 1024

/** The challenge when the answer is a Code 9001 error, else undefined. */
export function challengeIn(response: ApiResponse): HumanVerification | undefined {
  if (response.statusCode < 400 || response.body.length > CHALLENGE_MAX_BYTES) return undefined
  const sniff = sniffJson(response.body)
  if (!sniff.json || sniff.envelope.code !== SERVICE_CODE.HUMAN_VERIFICATION_REQUIRED) return undefined
  return challengeOf(JSON.parse(response.body.toString('utf8')) as Record<string, unknown>)
}
