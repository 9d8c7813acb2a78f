/**
 * SIGINT (Ctrl-C), SIGTERM (kill, timeout, systemd) and SIGHUP (a closed
 * terminal) are handled alike: what is in flight is aborted and unwinds
 * (temporary files removed, nothing partial on stdout; a batch reports what
 * was done, see message-batch.ts), then the process ends by that same
 * signal, re-raised once the clean-ups (exit-cleanup.ts) have run. A shell
 * then reports 128 + its number ($? is 130, 143, 129), and a shell script
 * that ran the command stops as it does for any program the signal ended
 * (bash goes on with a script whose command merely exited 130: it takes the
 * signal as handled). Work that does not listen is ended by the fallback
 * after UNWIND_MS; a second signal ends the process at once (clean-ups
 * still run). Requests take the signal; the handlers are installed on
 * first use.
 */
import {CliFailure} from './errors.ts'
import {EXIT} from './exit-status.ts'
import {runExitCleanups} from './exit-cleanup.ts'

/** How long the aborted work has to unwind (remove its temporary files, report) before the process ends anyway. */
const UNWIND_MS = 1000

/** The signals handled, with their numbers (the same on Linux, macOS and the BSDs; node:os is not loaded for them). */
const NUMBERS = {SIGHUP: 1, SIGINT: 2, SIGTERM: 15} as const
export type InterruptingSignal = keyof typeof NUMBERS
export const INTERRUPTING_SIGNALS = Object.keys(NUMBERS) as InterruptingSignal[]

let controller: AbortController | undefined
let received: InterruptingSignal | undefined
let fallback: NodeJS.Timeout | undefined

/** The signal that interrupted this run, if one did. */
export function interruptedBy(): InterruptingSignal | undefined {
  return received
}

/** "interrupted" (Ctrl-C), "interrupted by SIGTERM" … */
export function interruptionText(): string {
  return received === undefined || received === 'SIGINT' ? 'interrupted' : `interrupted by ${received}`
}

export function interruptedError(): CliFailure {
  return new CliFailure(interruptionText(), EXIT.INTERRUPTED)
}

/** The status a shell reports for a process this signal ended: 128 + its number. */
export function signalStatus(signal: InterruptingSignal): number {
  return 128 + NUMBERS[signal]
}

/** At exit after a signal: the clean-ups, then the same signal with its default action, so the process ends by it. */
function endBySignal(): void {
  const signal = received as InterruptingSignal
  runExitCleanups()
  for (const name of INTERRUPTING_SIGNALS) process.removeListener(name, onSignal)
  // Should the signal not end the process (someone else listens to it), the status says the same.
  process.exitCode = signalStatus(signal)
  process.kill(process.pid, signal)
}

function onSignal(signal: InterruptingSignal): void {
  if (received !== undefined) {
    // A second signal: no more waiting.
    process.exit(EXIT.INTERRUPTED)
  }

  received = signal
  process.once('exit', endBySignal)
  controller?.abort()
  fallback = setTimeout(() => {
    process.stderr.write(`Error: ${interruptionText()}\n`)
    process.exit(EXIT.INTERRUPTED)
  }, UNWIND_MS).unref()
}

/** The process-wide signal that SIGINT, SIGTERM and SIGHUP abort; the handlers are installed on first use. */
export function interruptSignal(): AbortSignal {
  if (!controller) {
    controller = new AbortController()
    for (const name of INTERRUPTING_SIGNALS) process.on(name, onSignal)
  }

  return controller.signal
}

/**
 * The command reports what the interruption left (a batch: what was done, what may have been, what was not sent)
 * and then ends with EXIT.INTERRUPTED: the fallback's bare line is not needed, and must not cut the report short.
 */
export function reportingInterruption(): void {
  clearTimeout(fallback)
}
