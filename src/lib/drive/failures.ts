/**
 * What the SDK throws, as the user sees it: one line and an exit status.
 * The SDK's errors (src/errors.ts, src/internal/apiService/errors.ts) are
 * told apart by name: a failure of our own that the SDK passed on (the
 * network, --timeout, Ctrl-C, a bound; kept by DriveHttp) stands as it is.
 */
import {CliFailure} from '../runtime/errors.ts'
import {EXIT, type ExitStatus} from '../runtime/exit-status.ts'
import {interruptedError} from '../runtime/interrupt.ts'
import {CommandExit} from '../runtime/invocation.ts'
import type {DriveHttp} from './http.ts'

/** Exit statuses of the SDK's errors by name; anything else is a usage error (exit 1). */
const STATUS_BY_NAME: Readonly<Record<string, ExitStatus>> = {
  APICodeError: EXIT.UNAVAILABLE,
  APIHTTPError: EXIT.UNAVAILABLE,
  ConnectionError: EXIT.UNAVAILABLE,
  // A block, a name or a key that does not decrypt or verify: what the service sent is not what was written.
  DecryptionError: EXIT.UNAVAILABLE,
  IntegrityError: EXIT.UNAVAILABLE,
  NodeWithSameNameExistsValidationError: EXIT.CONFLICT,
  NotFoundAPIError: EXIT.NOT_FOUND,
  RateLimitedError: EXIT.UNAVAILABLE,
  ServerError: EXIT.UNAVAILABLE,
}

export function driveFailure(error: unknown, http?: DriveHttp, subject?: string): Error {
  // The command's own ending (invocation.exit) is not a failure to describe.
  if (error instanceof CommandExit) return error
  const ours = http?.failure ?? (error instanceof CliFailure ? error : undefined)
  if (ours instanceof CliFailure) return subject === undefined ? ours : new CliFailure(`${subject}: ${ours.message}`, ours.exitStatus)
  if (error instanceof Error && error.name === 'AbortError') return interruptedError()
  const name = error instanceof Error ? error.name : ''
  const message = error instanceof Error ? error.message : String(error)
  const code = (error as {code?: unknown}).code
  const status = code === 2500 ? EXIT.CONFLICT : (STATUS_BY_NAME[name] ?? EXIT.USAGE)
  return new CliFailure(subject === undefined ? message : `${subject}: ${message}`, status)
}
