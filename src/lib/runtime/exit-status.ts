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
