/**
 * Clean-ups that must run however the process ends (short of SIGKILL): at
 * exit, and before a signal ends it (interrupt.ts), since a process that a
 * signal ends emits no 'exit'. Synchronous: nothing asynchronous runs then.
 */
const cleanups: Array<() => void> = []
let listening = false

/** Run `cleanup` as the process ends; it must not throw (an error is ignored). */
export function atExit(cleanup: () => void): void {
  cleanups.push(cleanup)
  if (listening) return
  listening = true
  process.once('exit', runExitCleanups)
}

/** Run every clean-up registered so far, once. */
export function runExitCleanups(): void {
  for (const cleanup of cleanups.splice(0)) {
    try {
      cleanup()
    } catch {
      // The others still run: nothing can be reported while the process ends.
    }
  }
}
