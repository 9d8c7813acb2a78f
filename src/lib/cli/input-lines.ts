/**
 * Secrets read from standard input a line at a time, so that they never
 * need to be on the command line (where every local user sees them in
 * `ps`): `auth login --password-stdin --totp-stdin` takes the password from
 * the first line and the TOTP code from the second, both from one pipe.
 * Whatever a read brings beyond its line is kept for the next one.
 */
import {StringDecoder} from 'node:string_decoder'

export class InputLines {
  private readonly stream: () => NodeJS.ReadableStream
  private chunks?: AsyncIterator<string | Buffer>
  private readonly decoder = new StringDecoder('utf8')
  private pending = ''
  private ended = false

  /** A getter: standard input is opened only when a line is read. */
  constructor(stream: () => NodeJS.ReadableStream) {
    this.stream = stream
  }

  /** The next line without its line ending (\n or \r\n); the rest of the input when it has no newline; undefined once it is used up. */
  async next(): Promise<string | undefined> {
    for (;;) {
      const newline = this.pending.indexOf('\n')
      if (newline !== -1) {
        const line = this.pending.slice(0, newline)
        this.pending = this.pending.slice(newline + 1)
        return line.endsWith('\r') ? line.slice(0, -1) : line
      }

      if (this.ended) {
        const rest = this.pending
        this.pending = ''
        return rest === '' ? undefined : rest
      }

      this.chunks ??= this.stream()[Symbol.asyncIterator]()
      const chunk = await this.chunks.next()
      if (chunk.done) {
        this.ended = true
        this.pending += this.decoder.end()
      } else {
        this.pending += typeof chunk.value === 'string' ? chunk.value : this.decoder.write(chunk.value)
      }
    }
  }

  /** Stop reading: the stream is released, so a pipe left open keeps nothing waiting. */
  async close(): Promise<void> {
    this.pending = ''
    await this.chunks?.return?.()
  }
}
