/**
 * Progress of long work on one stderr line that updates in place (a
 * carriage return, the text, erase to the end of the line) and is erased
 * when the work is done: pages of --paginate, messages of mail list --all,
 * the IDs of a batch action, a download's bytes and rate. Only when stderr
 * is a terminal and --quiet is not given (Invocation.progress decides):
 * piped or redirected, nothing is written. Redrawn at most every
 * REDRAW_MS, so a fast run costs nothing; cut to the terminal's width, so
 * it never wraps onto a second line it could not take back.
 */
import {byteSize} from './byte-size.ts'
import type {OutputStream} from './output.ts'

const REDRAW_MS = 100
const ERASE = '\r\u001B[K'

export interface ProgressStream extends OutputStream {
  columns?: number
}

export class Progress {
  private readonly stream: ProgressStream | undefined
  private readonly now: () => number
  private shown = false
  private last = Number.NEGATIVE_INFINITY
  private pending: string | undefined

  /** `stream` undefined: a progress that shows nothing (not a terminal, or --quiet). */
  constructor(stream: ProgressStream | undefined, now: () => number = Date.now) {
    this.stream = stream
    this.now = now
  }

  /** The line now says `text` (drawn now, or at the next update REDRAW_MS after the last drawing). */
  update(text: string): void {
    if (!this.stream) return
    this.pending = text
    if (this.now() - this.last < REDRAW_MS) return
    this.draw()
  }

  /** Erase the line, for another line to be written (the next update draws it again), or for good when done. */
  clear(): void {
    if (!this.stream || !this.shown) return
    this.stream.write(ERASE)
    this.shown = false
    this.last = Number.NEGATIVE_INFINITY
  }

  private draw(): void {
    const {stream, pending} = this
    if (!stream || pending === undefined) return
    // A terminal that does not say its width (0, as a pseudo-terminal nobody sized) is taken as 80 columns.
    const width = Math.max(10, (stream.columns || 80) - 1)
    stream.write(`${ERASE}${pending.length > width ? `${pending.slice(0, width - 1)}…` : pending}`)
    this.shown = true
    this.last = this.now()
  }
}

/** `3.2 MiB of 10.0 MiB, 1.1 MiB/s`: bytes so far (of a known total), and the rate since `startedAt`. */
export function transferText(bytes: number, total: number | undefined, elapsedMs: number): string {
  const rate = elapsedMs > 0 ? `, ${byteSize(Math.round((bytes * 1000) / elapsedMs))}/s` : ''
  return `${byteSize(bytes)}${total === undefined ? '' : ` of ${byteSize(total)}`}${rate}`
}
