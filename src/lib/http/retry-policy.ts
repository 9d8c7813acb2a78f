/**
 * When to send a request again, and after how long. 429 and 503 mean the
 * service did not process the request, so any method is retried; other 5xx
 * and network failures may have left it half done, so only idempotent
 * methods are. The wait is the service's Retry-After (capped); without one,
 * after 429 or 503 the official clients wait seconds, with jitter
 * (python-proton-core proton/session/api.py __sleep_for_exception: 3 s plus up
 * to 5 s; go-proton-api response.go catchRetryAfter: 10 s plus up to 9 s),
 * and so does the tool, as python-proton-core does; after a network failure
 * or another 5xx, a capped exponential backoff with jitter. The caller never
 * starts a wait that would pass its deadline (--timeout).
 */

export const DEFAULT_RETRIES = 3
/** The bound on a whole request, retries and their waits included, unless the caller says otherwise. */
export const DEFAULT_TIMEOUT_SECONDS = 120
/** The first backoff wait; it doubles with each retry, up to BACKOFF_CAP_MS. */
export const BACKOFF_BASE_MS = 500
export const BACKOFF_CAP_MS = 8000
/** A Retry-After longer than this is cut to it: the tool never sleeps for hours. */
export const RETRY_AFTER_CAP_MS = 60_000

/** 429 or 503 without Retry-After: this long, plus up to NOT_PROCESSED_JITTER_MS at random (python-proton-core). */
export const NOT_PROCESSED_WAIT_MS = 3000
export const NOT_PROCESSED_JITTER_MS = 5000

const IDEMPOTENT: ReadonlySet<string> = new Set(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PUT'])
const NOT_PROCESSED: ReadonlySet<number> = new Set([429, 503])

/** What came back from one attempt: an HTTP status, or a network failure's code. */
export type Outcome = {networkError: string} | {status: number; retryAfter?: string}

/** Why this outcome may be retried for this method, or undefined when it may not. */
export function retryReason(method: string, outcome: Outcome): string | undefined {
  const idempotent = IDEMPOTENT.has(method.toUpperCase())
  if ('networkError' in outcome) return idempotent ? outcome.networkError : undefined
  if (NOT_PROCESSED.has(outcome.status)) return `HTTP ${outcome.status}`
  if (outcome.status >= 500 && idempotent) return `HTTP ${outcome.status}`
  return undefined
}

/** Retry-After as milliseconds from `now`: delay-seconds or an HTTP date; undefined when unusable. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined
  const text = value.trim()
  if (/^\d+$/.test(text)) return Math.min(Number(text) * 1000, RETRY_AFTER_CAP_MS)
  // An HTTP date names its day and month ("Wed, 21 Oct 2015 07:28:00 GMT"); Date.parse alone takes "-1".
  const date = /[a-z]{3}/i.test(text) ? Date.parse(text) : Number.NaN
  if (Number.isNaN(date)) return undefined
  return Math.min(Math.max(0, date - now), RETRY_AFTER_CAP_MS)
}

/**
 * The backoff before retry number `retry` (1 for the first): the capped
 * exponential step, of which a random half is kept ("equal jitter"), so
 * clients that failed together do not come back together.
 */
export function backoffMs(retry: number, random: () => number = Math.random): number {
  const step = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (retry - 1))
  return Math.round(step / 2 + (random() * step) / 2)
}

/** The wait after a 429 or 503 that gave no usable Retry-After: 3 to 8 seconds, as python-proton-core waits. */
export function notProcessedWaitMs(random: () => number = Math.random): number {
  return Math.round(NOT_PROCESSED_WAIT_MS + random() * NOT_PROCESSED_JITTER_MS)
}

/** The wait before retry number `retry` after `outcome`. */
export function retryDelayMs(retry: number, outcome: Outcome, now = Date.now(), random: () => number = Math.random): number {
  if (!('status' in outcome)) return backoffMs(retry, random)
  const serverSays = parseRetryAfter(outcome.retryAfter, now)
  if (serverSays !== undefined) return serverSays
  return NOT_PROCESSED.has(outcome.status) ? notProcessedWaitMs(random) : backoffMs(retry, random)
}
