/**
 * A ReadableStream fed by pushes, one chunk in flight: write() resolves only
 * once the reader has asked for more, so a producer that awaits it (the
 * socket of a download) waits while the consumer (OpenPGP.js, which reads
 * Web streams) works, and nothing piles up in memory between them.
 */
export class PushedStream {
  readonly stream: ReadableStream<Uint8Array>
  private controller!: ReadableStreamDefaultController<Uint8Array>
  /** The writer waiting for the reader to ask for more, or a request for more that came first. */
  private waiting: {resolve: () => void; reject: (error: unknown) => void} | undefined
  private asked = false
  private failure: unknown
  private closed = false

  /** `first`: bytes the stream begins with, before anything is written. */
  constructor(first: Uint8Array) {
    this.stream = new ReadableStream<Uint8Array>(
      {
        pull: () => {
          if (this.waiting) this.waiting.resolve()
          else this.asked = true
          this.waiting = undefined
        },
        start: (controller) => {
          this.controller = controller
          controller.enqueue(first)
        },
      },
      // Nothing is queued ahead of a read.
      {highWaterMark: 0},
    )
  }

  /** The next chunk, once the reader asks for it; the failure given to fail(), if any, instead. */
  async write(chunk: Uint8Array): Promise<void> {
    // The reason fail() was given, thrown as it came (a stream's reason need not be an Error).
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    if (this.failure !== undefined) throw this.failure
    if (!this.asked) await new Promise<void>((resolve, reject) => (this.waiting = {reject, resolve}))
    this.asked = false
    this.controller.enqueue(chunk)
  }

  /** The end of the input. */
  close(): void {
    if (this.closed) return
    this.closed = true
    try {
      this.controller.close()
    } catch {
      // The reader cancelled the stream already (it gave up on a failure of its own).
    }
  }

  /** The reader fails with `reason`, and so does a writer waiting or to come. */
  fail(reason: unknown): void {
    this.failure ??= reason
    this.waiting?.reject(reason)
    this.waiting = undefined
    if (this.closed) return
    this.closed = true
    try {
      this.controller.error(reason)
    } catch {
      // Cancelled already: nothing to stop.
    }
  }
}
