/** Named pipes (mkfifo) for tests, and a writer that never blocks the test's process. */
import {execFileSync} from 'node:child_process'
import {closeSync, constants, openSync, writeSync} from 'node:fs'
import {setTimeout as sleep} from 'node:timers/promises'

/** A FIFO at `path` (in a private directory of the test's), mode 0600. */
export function makeFifo(path: string): string {
  execFileSync('mkfifo', ['-m', '600', path])
  return path
}

/**
 * Write `data` into the FIFO once a reader has opened it, then close it (the
 * reader's end of file). Opening for writing without a reader fails at once
 * with O_NONBLOCK (ENXIO), so this polls, boundedly, instead of blocking a
 * thread of the test process until a reader comes. For data that fits the
 * pipe's buffer (64 KiB on Linux).
 */
export async function feedFifo(path: string, data: Buffer | string, withinMs = 20_000): Promise<void> {
  const until = Date.now() + withinMs
  for (;;) {
    let fd: number
    try {
      fd = openSync(path, constants.O_WRONLY | constants.O_NONBLOCK)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENXIO' || Date.now() > until) throw error
      await sleep(20)
      continue
    }

    try {
      writeSync(fd, typeof data === 'string' ? Buffer.from(data) : data)
    } finally {
      closeSync(fd)
    }

    return
  }
}
