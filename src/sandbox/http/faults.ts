/**
 * Faults for tests and demos: rules that make matching requests misbehave.
 * A rule matches by path prefix and, optionally, method; it lets the first
 * `After` matching calls through, then hits the next `Count` (0: every one
 * until the rules are cleared). Latency rules add up and the request then
 * goes on; of the other kinds, the first eligible rule decides.
 */
import {CODE} from '../../lib/contract/contract.ts'
import {SandboxError} from '../backend/api-error.ts'
import type {JsonObject} from '../backend/validation.ts'

export const FAULT_KINDS = ['html-502', 'rate-limit', 'unavailable', 'status', 'latency', 'truncate', 'drop', 'human-verification', 'app-version'] as const
export type FaultKind = (typeof FAULT_KINDS)[number]

export interface FaultRule {
  ID: number
  Kind: FaultKind
  Path: string
  Method?: string
  Count: number
  After: number
  /** latency: milliseconds added. */
  DelayMs?: number
  /** rate-limit, unavailable: the Retry-After seconds (absent: no Retry-After header). */
  RetryAfter?: number
  /** status: the HTTP status and JSON body answered. */
  Status?: number
  Body?: unknown
  /** human-verification: the methods offered (default captcha, email), and whether Details carries a WebUrl (default true). */
  Methods?: string[]
  WebUrl?: boolean
  /** human-verification: passed only as a person passes it (verification.ts): the captcha page solved, or an email or sms code sent. */
  Strict?: boolean
  Seen: number
  Applied: number
}

/** What happens to one request. */
export interface FaultPlan {
  delayMs: number
  rule?: FaultRule
}

export const MAX_DELAY_MS = 60_000

function invalid(message: string): SandboxError {
  return new SandboxError(422, CODE.INVALID_REQUIREMENT_ERROR, message)
}

function integer(body: JsonObject, field: string, fallback: number, min: number, max: number): number {
  const value = body[field] ?? fallback
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw invalid(`${field} must be an integer from ${min} to ${max}`)
  }

  return value
}

export class FaultTable {
  private rules: FaultRule[] = []
  private nextId = 1

  /** Check a rule as posted to /__sandbox/faults and add it. */
  add(body: JsonObject): FaultRule {
    const kind = body.Kind
    if (typeof kind !== 'string' || !(FAULT_KINDS as readonly string[]).includes(kind)) {
      throw invalid(`Kind must be one of ${FAULT_KINDS.join(', ')}`)
    }

    const path = body.Path ?? '/'
    if (typeof path !== 'string' || !path.startsWith('/')) throw invalid('Path must be a path prefix beginning with "/"')
    const method = body.Method
    if (method !== undefined && (typeof method !== 'string' || !/^[A-Za-z]{1,16}$/.test(method))) throw invalid('Method must be an HTTP method')
    const rule: FaultRule = {
      After: integer(body, 'After', 0, 0, 1_000_000),
      Applied: 0,
      Count: integer(body, 'Count', 1, 0, 1_000_000),
      ID: this.nextId++,
      Kind: kind as FaultKind,
      Method: method?.toUpperCase(),
      Path: path,
      Seen: 0,
    }
    if (kind === 'latency') rule.DelayMs = integer(body, 'DelayMs', 0, 1, MAX_DELAY_MS)
    // rate-limit: Retry-After 1 unless given, none for null; unavailable: none unless given.
    const retryAfterGiven = body.RetryAfter !== undefined && body.RetryAfter !== null
    if ((kind === 'rate-limit' && body.RetryAfter !== null) || (kind === 'unavailable' && retryAfterGiven)) rule.RetryAfter = integer(body, 'RetryAfter', 1, 0, 86_400)
    if (kind === 'human-verification') {
      const methods = body.Methods ?? ['captcha', 'email']
      if (!Array.isArray(methods) || methods.length === 0 || methods.length > 8 || !methods.every((method) => typeof method === 'string' && /^[a-z]{1,16}$/.test(method))) {
        throw invalid('Methods must be a list of method names (captcha, email, sms …)')
      }

      if (body.WebUrl !== undefined && typeof body.WebUrl !== 'boolean') throw invalid('WebUrl must be true or false')
      rule.Methods = methods as string[]
      rule.WebUrl = body.WebUrl !== false
      if (body.Strict !== undefined && typeof body.Strict !== 'boolean') throw invalid('Strict must be true or false')
      rule.Strict = body.Strict === true
    }

    if (kind === 'status') {
      rule.Status = integer(body, 'Status', 0, 200, 599)
      rule.Body = body.Body ?? {Code: rule.Status, Error: `Sandbox fault: HTTP ${rule.Status}`}
    }

    this.rules.push(rule)
    return rule
  }

  list(): FaultRule[] {
    return this.rules
  }

  clear(): void {
    this.rules = []
  }

  /** Count this request against every matching rule and say what it gets. */
  plan(method: string, path: string): FaultPlan {
    const plan: FaultPlan = {delayMs: 0}
    for (const rule of this.rules) {
      if (!path.startsWith(rule.Path) || (rule.Method !== undefined && rule.Method !== method)) continue
      rule.Seen++
      const eligible = rule.Seen > rule.After && (rule.Count === 0 || rule.Applied < rule.Count)
      if (!eligible) continue
      if (rule.Kind === 'latency') {
        rule.Applied++
        plan.delayMs = Math.min(MAX_DELAY_MS, plan.delayMs + (rule.DelayMs ?? 0))
      } else if (plan.rule === undefined) {
        rule.Applied++
        plan.rule = rule
      }
    }

    return plan
  }
}
