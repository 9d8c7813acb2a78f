/**
 * Failures the user sees: one line on stderr and an exit status. Anything
 * thrown inside a command ends up in describeFailure, so no stack trace
 * ever reaches the user.
 */
import {EXIT, type ExitStatus} from './exit-status.ts'
import {escapeLine} from './escape.ts'

export class CliFailure extends Error {
  readonly exitStatus: ExitStatus

  constructor(message: string, exitStatus: ExitStatus = EXIT.USAGE) {
    super(message)
    this.name = 'CliFailure'
    this.exitStatus = exitStatus
  }
}

/** No complete answer within --timeout: exit 5, and callers that bound several requests can tell it apart. */
export class TimeoutFailure extends CliFailure {
  constructor(message: string) {
    super(message, EXIT.UNAVAILABLE)
    this.name = 'TimeoutFailure'
  }
}

/** Bad input from the user: exit 1, nothing sent. */
export function usageError(message: string): CliFailure {
  return new CliFailure(message, EXIT.USAGE)
}

/** No usable session, or the session cannot be used here: exit 2. */
export function authError(message: string): CliFailure {
  return new CliFailure(message, EXIT.AUTH)
}

/** The service could not be reached or did not answer usably: exit 5. */
export function unavailableError(message: string): CliFailure {
  return new CliFailure(message, EXIT.UNAVAILABLE)
}

const FILE_REASONS: Readonly<Record<string, string>> = {
  EACCES: 'permission denied',
  EDQUOT: 'disk quota exceeded',
  ELOOP: 'it is a symbolic link, which is not followed',
  ENOSPC: 'no space left on the device',
  EPERM: 'permission denied',
  EROFS: 'read-only file system',
}

/**
 * A file the tool could not write or read (disk full, read-only, no
 * permission …): exit 1, never taken for the network's failure and never
 * retried as one. `action` says what was being done: "save the session of
 * profile work to".
 */
export function fileFailure(action: string, path: string, error: unknown): CliFailure {
  if (error instanceof CliFailure) return error
  const code = (error as NodeJS.ErrnoException)?.code
  const reason = code ? `${FILE_REASONS[code] ?? 'failed'} (${code})` : error instanceof Error ? error.message : String(error)
  return new CliFailure(`cannot ${action} ${path}: ${reason}`, EXIT.USAGE)
}

/**
 * Collapse a message to one printable line: line breaks and tabs become
 * spaces, any other control character visible text (escape.ts), so text
 * the service sent cannot drive the terminal.
 */
export function oneLine(text: string, max = 500): string {
  const flat = escapeLine(
    text
      .replaceAll(/[\t\n\v\f\r]+/g, ' ')
      .replaceAll(/\s{2,}/g, ' ')
      .trim(),
  )
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat
}

/** A failure as the user sees it: one line and the exit status. */
export function describeFailure(error: unknown): {exitStatus: ExitStatus; message: string} {
  if (error instanceof CliFailure) return {exitStatus: error.exitStatus, message: oneLine(error.message)}
  if (error instanceof Error) {
    // Anything else (oclif's parse errors arrive as ParseFailure, see
    // parse-errors.ts) is ours to report as a usage error: oclif would exit
    // 2, which means authentication here.
    const lines = error.message
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
    return {exitStatus: EXIT.USAGE, message: oneLine(lines.join('; '))}
  }

  return {exitStatus: EXIT.USAGE, message: oneLine(String(error))}
}
