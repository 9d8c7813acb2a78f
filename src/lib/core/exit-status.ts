/**
 * The tool's exit statuses and the one place that maps an outcome to them.
 * Every command, the raw one and the dedicated ones, exits through here.
 */
import {CODE, SUCCESS_CODES} from '../contract/contract.ts'

export const EXIT = {
  OK: 0,
  /** Usage and input errors, and API errors not listed below (400, 422 …). */
  USAGE: 1,
  /** Authentication: no session, 401, 403. */
  AUTH: 2,
  /** 404, or Code 2501. */
  NOT_FOUND: 3,
  /** 409, or Code 2500. */
  CONFLICT: 4,
  /** A body that is not JSON, network failure, timeout, 429 and 5xx. */
  UNAVAILABLE: 5,
  /** Ctrl-C (SIGINT), as shells report a process the signal ended. */
  INTERRUPTED: 130,
} as const

export type ExitStatus = (typeof EXIT)[keyof typeof EXIT]

/**
 * The exit status for a JSON answer: its HTTP status and the envelope's
 * `Code` (undefined when the body carries none).
 */
export function exitStatusForResponse(httpStatus: number, code: number | undefined): ExitStatus {
  if (httpStatus === 429 || httpStatus >= 500) return EXIT.UNAVAILABLE
  if (httpStatus === 401 || httpStatus === 403) return EXIT.AUTH
  if (httpStatus === 404 || code === CODE.NOT_FOUND_ERROR) return EXIT.NOT_FOUND
  if (httpStatus === 409 || code === CODE.ALREADY_EXISTS_ERROR) return EXIT.CONFLICT
  if (httpStatus >= 200 && httpStatus < 300 && (code === undefined || SUCCESS_CODES.has(code))) return EXIT.OK
  return EXIT.USAGE
}

/**
 * The statuses from least to most grave. A command with several outcomes (a batch of messages, one request per ID,
 * several attachments) exits with the gravest of them, whatever their order: an interruption, then what left the
 * run incomplete or its outcome unknown and would likely fail again (the network, the timeout, 5xx: 5; the session:
 * 2), then what was refused item by item, a general refusal (1) before the more specific conflict (4) and not found
 * (3), which a script may take for "already done".
 */
const GRAVITY: readonly ExitStatus[] = [EXIT.OK, EXIT.NOT_FOUND, EXIT.CONFLICT, EXIT.USAGE, EXIT.AUTH, EXIT.UNAVAILABLE, EXIT.INTERRUPTED]

/** The gravest of `statuses` (see GRAVITY); OK for none. */
export function gravest(statuses: Iterable<ExitStatus>): ExitStatus {
  let worst: ExitStatus = EXIT.OK
  for (const status of statuses) if (GRAVITY.indexOf(status) > GRAVITY.indexOf(worst)) worst = status
  return worst
}
