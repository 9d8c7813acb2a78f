/**
 * Failures the user sees: one line on stderr and an exit status. Anything
 * thrown inside a command ends up in describeFailure, so no stack trace
 * ever reaches the user.
 */
import {EXIT, type ExitStatus} from './exit-status.ts'

export class CliFailure extends Error {
  readonly exitStatus: ExitStatus

  constructor(message: string, exitStatus: ExitStatus = EXIT.USAGE) {
    super(message)
    this.name = 'CliFailure'
    this.exitStatus = exitStatus
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

/** Collapse a message to one printable line (no control characters). */
export function oneLine(text: string, max = 500): string {
  // eslint-disable-next-line no-control-regex
  const flat = text.replaceAll(/[\u0000-\u001F\u007F]+/g, ' ').replaceAll(/\s{2,}/g, ' ').trim()
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
