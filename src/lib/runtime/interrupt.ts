/**
 * Ctrl-C (SIGINT): abort what is in flight and exit 130, with nothing
 * partial on stdout (answers are written only once complete). Requests take
 * the signal; whatever does not listen is ended by the fallback exit.
 */
import {CliFailure} from './errors.ts'
import {EXIT} from './exit-status.ts'

/** How long the aborted work has to unwind (remove its temporary files) before the process ends anyway. */
const UNWIND_MS = 1000

let controller: AbortController | undefined

export function interruptedError(): CliFailure {
  return new CliFailure('interrupted', EXIT.INTERRUPTED)
}

/** The process-wide signal that Ctrl-C aborts; the handler is installed on first use. */
export function interruptSignal(): AbortSignal {
  if (!controller) {
    const own = new AbortController()
    controller = own
    process.once('SIGINT', () => {
      own.abort()
      setTimeout(() => {
        process.stderr.write('Error: interrupted\n')
        process.exit(EXIT.INTERRUPTED)
      }, UNWIND_MS).unref()
    })
  }

  return controller.signal
}
