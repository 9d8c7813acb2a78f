/**
 * Human verification as a person completes it, for the human-verification
 * fault with Strict: the service's email and sms codes (POST
 * /core/v4/users/code sends one: go-proton-api manager_user.go
 * SendVerificationCode {Username, Type, Destination: {Address | Phone}};
 * the retry carries `<address>:<code>` as its token, the method as its
 * type), and the captcha page: /__sandbox/verify?token=… (the fault's
 * WebUrl) marks its token solved with a button, as verify.proton.me marks a
 * token once its captcha is passed. The codes the sandbox "sent" are read
 * back from GET /__sandbox/verification-codes (controls' secret), as a test
 * reads its mail.
 */
import {randomInt} from 'node:crypto'

import {CODE} from '../../lib/contract/contract.ts'
import {SandboxError} from '../backend/api-error.ts'
import {RawAnswer} from '../backend/route-types.ts'
import type {JsonObject} from '../backend/validation.ts'

/** The page's path: the one control route that needs no secret (a person opens it in a browser). */
export const VERIFY_PATH = '/__sandbox/verify'
const LIMIT = 1000

interface SentCode {
  Type: 'email' | 'sms'
  Destination: string
  Code: string
}

function invalid(message: string): SandboxError {
  return new SandboxError(422, CODE.INVALID_REQUIREMENT_ERROR, message)
}

function html(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;')
}

export class Verifications {
  private readonly solved = new Set<string>()
  private readonly codes: SentCode[] = []

  /** POST /core/v4/users/code */
  sendCode(body: JsonObject): JsonObject {
    const type = body.Type
    if (type !== 'email' && type !== 'sms') throw invalid('Type must be email or sms')
    const destination = (body.Destination ?? {}) as JsonObject
    const to = type === 'email' ? destination.Address : destination.Phone
    if (typeof to !== 'string' || to === '' || to.length > 254) throw invalid(`Destination.${type === 'email' ? 'Address' : 'Phone'} is required`)
    this.codes.push({Code: String(randomInt(1_000_000)).padStart(6, '0'), Destination: to, Type: type})
    if (this.codes.length > LIMIT) this.codes.shift()
    return {Code: CODE.SINGLE_SUCCESS}
  }

  /** GET /__sandbox/verification-codes */
  sent(): JsonObject {
    return {Code: CODE.SINGLE_SUCCESS, Codes: this.codes.map((code) => ({...code}))}
  }

  /** GET /__sandbox/verify?token=…: the page with its button. */
  page(token: string | null): RawAnswer {
    const shown = html(token ?? '')
    const body = `<!doctype html><meta charset="utf-8"><title>Sandbox verification</title><h1>Sandbox human verification</h1><form method="post" action="${VERIFY_PATH}"><input type="hidden" name="token" value="${shown}"><button>I am human</button></form>\n`
    return new RawAnswer(Buffer.from(body), 'text/html; charset=utf-8')
  }

  /** POST /__sandbox/verify with token=… (a form): the token is solved. */
  solve(body: Buffer): RawAnswer {
    const token = new URLSearchParams(body.toString('utf8')).get('token')
    if (!token || token.length > 256) throw invalid('token is required')
    this.solved.add(token)
    if (this.solved.size > LIMIT) this.solved.delete(this.solved.values().next().value as string)
    return new RawAnswer(Buffer.from('<!doctype html><meta charset="utf-8"><title>Verified</title><p>Verified. Go back to the terminal and press Enter.</p>\n'), 'text/html; charset=utf-8')
  }

  /**
   * Whether the strict fault's challenge is passed: the captcha by its token once solved (the type the methods
   * offered, joined or one of them), email and sms by `<destination>:<code>` of a code sent.
   */
  passes(token: string | undefined, type: string | undefined, issued: string, methods: readonly string[]): boolean {
    if (token === undefined || type === undefined) return false
    const types = type.split(',')
    if (!types.every((method) => methods.includes(method))) return false
    if (types.length === 1 && (type === 'email' || type === 'sms')) {
      const cut = token.lastIndexOf(':')
      return this.codes.some((sent) => sent.Type === type && sent.Destination === token.slice(0, cut) && sent.Code === token.slice(cut + 1))
    }

    return types.includes('captcha') && token === issued && this.solved.has(issued)
  }
}
