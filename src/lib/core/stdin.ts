/**
 * Standard input, read whole, once: by `--body -`, `--input -` or one
 * `-F key=@-`. A second reader would get nothing and send an empty value
 * the user never wrote, so it is refused, naming the first.
 */
import {usageError} from './errors.ts'

export async function readAll(stdin: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)
  return Buffer.concat(chunks)
}

export class StandardInput {
  /** A getter: standard input is opened only when a flag reads it (-, @-), and most requests never do. */
  private readonly stream: () => NodeJS.ReadableStream
  private readBy?: string

  constructor(stream: () => NodeJS.ReadableStream = () => process.stdin) {
    this.stream = stream
  }

  /** The whole of standard input, for `reader` (how the user asked for it: "-F Note=@-"). */
  async read(reader: string): Promise<Buffer> {
    if (this.readBy !== undefined) throw usageError(`${reader}: standard input was already read by ${this.readBy}; it can be read once`)
    this.readBy = reader
    return readAll(this.stream())
  }
}
