/**
 * What the SDK throws, as the user sees it: one line and an exit status.
 * The SDK's errors (src/errors.ts, src/internal/apiService/errors.ts) are
 * told apart by name: a failure of our own that the SDK passed on (the
 * network, --timeout, Ctrl-C, a bound; kept by DriveHttp) stands as it is;
 * an error of OpenPGP.js's that the SDK passes on is one line, exit 5.
 */
import {CliFailure} from '../core/errors.ts'
import {EXIT, type ExitStatus} from '../core/exit-status.ts'
import {interruptedError} from '../core/interrupt.ts'
import {CommandExit} from '../run/invocation.ts'
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

/**
 * An error OpenPGP.js threw, which the SDK hands back as it is (a plain Error: "Error decrypting session keys: No
 * decryption key packets found", "Signed digest did not match" …): told by its stack, which runs through OpenPGP.js's
 * own bundle (node_modules/openpgp/dist), it or its cause.
 */
export function isOpenpgpError(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 4; current = current.cause, depth++) {
    if (/[/\\]openpgp[/\\]dist[/\\]/.test(current.stack ?? '')) return true
  }

  return false
}

/** A message as one line (OpenPGP.js's may hold several), at most 300 characters. */
const oneLine = (message: string) => message.replaceAll(/\s+/g, ' ').trim().slice(0, 300)

/**
 * The refusal of a name taken in the folder: the SDK's NodeWithSameNameExistsValidationError (create, upload,
 * move), or its plain ValidationError with the service's Code 2500 (renameNode passes that on as it is:
 * src/internal/nodes/apiService.ts; errorCodes.ts ALREADY_EXISTS).
 */
export function isNameTaken(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NodeWithSameNameExistsValidationError' || (error as {code?: unknown}).code === 2500)
}

/** A name taken, said of the item: "Documents/2026 exists already: nothing created" (exit 4). */
export function nameTaken(what: string, nothing: string, where = ''): CliFailure {
  return new CliFailure(`${what} exists already${where === '' ? '' : ` ${where}`}: ${nothing}`, EXIT.CONFLICT)
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
  // What the service sent did not decrypt or verify: exit 5, as for a tampered block.
  if (isOpenpgpError(error)) {
    const said = `a key or signature from the service did not decrypt or verify (${oneLine(message)})`
    return new CliFailure(subject === undefined ? said : `${subject}: ${said}`, EXIT.UNAVAILABLE)
  }

  const status = code === 2500 ? EXIT.CONFLICT : (STATUS_BY_NAME[name] ?? EXIT.USAGE)
  return new CliFailure(subject === undefined ? message : `${subject}: ${message}`, status)
}
