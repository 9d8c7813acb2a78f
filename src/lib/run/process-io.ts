/**
 * The process a run belongs to: its streams, environment and clock (Io), the status it exits with when a reader
 * closes stdout early, and a failure reported as the user sees it.
 */
import {describeFailure} from '../core/errors.ts'
import {EXIT} from '../core/exit-status.ts'
import type {OutputStream} from '../output/output.ts'

/** What a run reads and writes, and its clock: the process's, or a test's. */
export interface Io {
  readonly stdin: NodeJS.ReadableStream
  readonly stdout: OutputStream
  readonly stderr: OutputStream
  readonly env: NodeJS.ProcessEnv
  now(): Date
}

export function processIo(): Io {
  return {
    env: process.env,
    now: () => new Date(),
    stderr: process.stderr,
    // Created on first use: most runs never read it.
    get stdin() {
      return process.stdin
    },
    stdout: process.stdout,
  }
}

/** The status a command will exit with, known before its output is written. */
let pendingExitStatus: number = EXIT.OK
let guardingStdout = false

/** Set by Invocation.expectExit. */
export function expectExitStatus(status: number): void {
  pendingExitStatus = status
}

/**
 * A reader that stops early (`| head`) closes the pipe under us: end at once,
 * quietly, with the status the answer already decided.
 */
export function guardStdout(): void {
  if (guardingStdout) return
  guardingStdout = true
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') process.stderr.write(`Error: cannot write to standard output: ${error.code ?? error.message}\n`)
    process.exit(error.code === 'EPIPE' ? pendingExitStatus : EXIT.USAGE)
  })
}

/** Any failure as the user sees it: one line on stderr (a stack only with DEBUG); returns the exit status. */
export function reportFailure(error: unknown, {env, stderr}: Pick<Io, 'env' | 'stderr'> = processIo()): number {
  const {exitStatus, message} = describeFailure(error)
  if (env.DEBUG && error instanceof Error && error.stack) stderr.write(`${error.stack}\n`)
  stderr.write(`Error: ${message}\n`)
  return exitStatus
}
