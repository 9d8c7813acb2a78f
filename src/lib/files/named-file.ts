/**
 * A file named by a flag (--input FILE, --body @FILE, -F key=@FILE,
 * --sieve-file FILE), read
 * whole. A regular file is read at once. A named pipe (FIFO) or a device
 * (a terminal among them) may never be written to or closed, so it is read
 * as a stream that gives up at the deadline (--timeout, exit 5) or on Ctrl-C.
 *
 * Opening never blocks: with O_NONBLOCK, open() of a FIFO returns at once
 * even before any program opens it for writing. A blocking open would wait
 * for a writer inside a thread of libuv's pool, where nothing can abandon
 * it, and keep the process alive. The FIFO's reads then wait in the event
 * loop (a pipe handle, as Node reads a piped standard input), where
 * destroying the stream ends them.
 */
import {closeSync, constants, createReadStream, fstatSync, openSync, readFileSync, type Stats} from 'node:fs'
import {Socket} from 'node:net'
import type {Readable} from 'node:stream'

import {interruptedError} from '../core/interrupt.ts'
import {unavailableError, usageError} from '../core/errors.ts'

export interface ReadLimit {
  /** When to stop waiting, in Date.now() milliseconds; none: as long as it takes. */
  deadline?: number
  /** --timeout, for the message. */
  timeoutSeconds?: number
  /** Ctrl-C's signal, asked for only when a read may wait (it installs the SIGINT handler). */
  interrupt?: () => AbortSignal
}

/** The limit of one command line: --timeout from now, and Ctrl-C. */
export function readLimit(timeoutSeconds: number, interrupt?: () => AbortSignal, now = Date.now()): ReadLimit {
  return {deadline: now + timeoutSeconds * 1000, interrupt, timeoutSeconds}
}

function cannotRead(flag: string, path: string, error: unknown): Error {
  const code = (error as NodeJS.ErrnoException).code ?? 'error'
  const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code
  return usageError(`${flag} cannot read ${JSON.stringify(path)}: ${reason}`)
}

/** A file that is not a regular one, as a stream (which closes `fd` when destroyed), and what it is. */
async function streamOf(fd: number, stats: Stats): Promise<{kind: string; stream: Readable}> {
  // A FIFO's reads wait in the event loop, as a pipe's.
  if (stats.isFIFO()) return {kind: 'a named pipe', stream: new Socket({fd, readable: true, writable: false})}
  // A terminal, likewise: a thread of the pool blocked in its read would hold even process.exit.
  // (node:tty only here: most runs never need it.)
  const tty = await import('node:tty')
  if (tty.isatty(fd)) return {kind: 'a terminal', stream: new tty.ReadStream(fd)}
  // Other devices (/dev/null, /dev/urandom) answer every read at once.
  return {kind: 'a device', stream: createReadStream('', {fd})}
}

export async function readNamedFile(path: string, flag: string, limit: ReadLimit = {}): Promise<Buffer> {
  let fd: number
  let stats: Stats
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK)
  } catch (error) {
    throw cannotRead(flag, path, error)
  }

  try {
    stats = fstatSync(fd)
  } catch (error) {
    closeSync(fd)
    throw cannotRead(flag, path, error)
  }

  // A regular file has all its bytes there (a directory fails here: EISDIR).
  if (stats.isFile() || stats.isDirectory()) {
    try {
      return readFileSync(fd)
    } catch (error) {
      throw cannotRead(flag, path, error)
    } finally {
      closeSync(fd)
    }
  }

  let opened: {kind: string; stream: Readable}
  try {
    opened = await streamOf(fd, stats)
  } catch (error) {
    closeSync(fd)
    throw cannotRead(flag, path, error)
  }

  return readUntilEnd(opened, flag, path, limit)
}

/** Every byte of `stream` until its end, unless the deadline or Ctrl-C comes first. */
function readUntilEnd({kind, stream}: {kind: string; stream: Readable}, flag: string, path: string, {deadline, interrupt, timeoutSeconds}: ReadLimit): Promise<Buffer> {
  const signal = interrupt?.()
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let length = 0
    let timer: NodeJS.Timeout | undefined
    let done = false
    const finish = (failure?: Error) => {
      if (done) return
      done = true
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
      stream.destroy()
      if (failure) reject(failure)
      else resolve(Buffer.concat(chunks, length))
    }

    const onAbort = () => finish(interruptedError())
    if (signal?.aborted) return finish(interruptedError())
    signal?.addEventListener('abort', onAbort, {once: true})
    if (deadline !== undefined) {
      const waited = timeoutSeconds === undefined ? '' : ` after ${timeoutSeconds} s`
      const timedOut = () => {
        const none = kind === 'a named pipe' ? 'nothing was written to it' : kind === 'a terminal' ? 'nothing was typed (end with Ctrl-D)' : 'nothing came'
        const got = length === 0 ? none : `${length} bytes came, but it did not end`
        finish(unavailableError(`gave up waiting for ${flag} ${JSON.stringify(path)} (${kind})${waited}: ${got} (timeout; see --timeout)`))
      }

      timer = setTimeout(timedOut, Math.max(0, deadline - Date.now()))
    }

    stream.on('data', (chunk: Buffer) => {
      chunks.push(chunk)
      length += chunk.length
    })
    stream.once('end', () => finish())
    stream.once('error', (error) => finish(cannotRead(flag, path, error)))
  })
}
