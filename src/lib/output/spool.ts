/**
 * Where an answer waits while it is checked, before any of it is printed:
 * in memory while the run's answers are small (MEMORY_BUDGET in all), the
 * rest in one private file under <cacheDir>/spool/ (never a shared /tmp).
 * The directory is 0700 and this user's, the file is created 0600 with
 * O_EXCL and O_NOFOLLOW, and it is unlinked as soon as it is open: the data
 * lives on through the descriptor, so no name is left behind whatever ends
 * the process, even SIGKILL. Where an open file cannot be unlinked
 * (Windows), it is removed on close and at exit instead.
 *
 * Several entries (the pages of --paginate, fetched four at a time) share
 * the file: each write takes the room at its end, and an entry remembers its
 * pieces in order.
 */
import {randomBytes} from 'node:crypto'
import {constants, rmSync} from 'node:fs'
import {type FileHandle, open, readdir, rm, unlink} from 'node:fs/promises'
import {join} from 'node:path'

import {usageError} from '../core/errors.ts'
import {ensurePrivateDirectory} from '../files/private-directory.ts'

/** Bytes of answers kept in memory before the rest goes to the file. */
export const MEMORY_BUDGET = 4 * 1024 * 1024
/** Bytes read back from the file at a time. */
const READ_SIZE = 256 * 1024

/**
 * Bytes to read back, in order, as often as needed: all of them, or
 * [start, end). A chunk is only lent: it may be overwritten once the next
 * one is asked for (the spool reads the file into one buffer), so a reader
 * that keeps bytes copies them, and a writer waits until they are written.
 */
export interface ByteSource {
  readonly length: number
  chunks(start?: number, end?: number): AsyncIterable<Buffer>
}

/** A piece of an entry: in memory, or at a place in the file. */
type Piece = Buffer | {length: number; position: number}

/** Names of spool files that could not be unlinked while open, removed at exit at the latest. */
const leftovers = new Set<string>()
let removingAtExit = false

function removeAtExit(path: string): void {
  leftovers.add(path)
  if (removingAtExit) return
  removingAtExit = true
  process.once('exit', () => {
    for (const name of leftovers) rmSync(name, {force: true})
  })
}

function problem(directory: string, error: unknown): Error {
  const reason = (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error))
  return usageError(`cannot keep the answer in ${directory}: ${reason} (the cache directory must be writable, with room for the answer)`)
}

/** Spool files of processes that are gone (only ever left where unlinking an open file failed). */
async function sweep(directory: string): Promise<void> {
  for (const name of await readdir(directory)) {
    const pid = Number(/^(\d+)-[\da-f]+$/.exec(name)?.[1])
    if (!pid || pid === process.pid) continue
    try {
      process.kill(pid, 0)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ESRCH') await rm(join(directory, name), {force: true})
    }
  }
}

async function openSpoolFile(directory: string): Promise<{handle: FileHandle; leftover?: string}> {
  ensurePrivateDirectory(directory)
  await sweep(directory)
  const path = join(directory, `${process.pid}-${randomBytes(8).toString('hex')}`)
  const flags = constants.O_RDWR | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0)
  const handle = await open(path, flags, 0o600)
  try {
    await unlink(path)
    return {handle}
  } catch {
    removeAtExit(path)
    return {handle, leftover: path}
  }
}

export class Spool {
  readonly directory: string
  private readonly budget: number
  private file: Promise<{handle: FileHandle; leftover?: string}> | undefined
  /** Bytes of the file taken so far. */
  private size = 0
  /** Bytes of all entries held in memory. */
  private held = 0

  constructor(directory: string, budget = MEMORY_BUDGET) {
    this.directory = directory
    this.budget = budget
  }

  entry(): SpoolEntry {
    return new SpoolEntry(this)
  }

  /** Room in memory for `length` more bytes: taken if there is. */
  hold(length: number): boolean {
    if (this.held + length > this.budget) return false
    this.held += length
    return true
  }

  release(length: number): void {
    this.held -= length
  }

  /** Write `bytes` at the end of the file (opened on first use). */
  async append(bytes: Uint8Array): Promise<{length: number; position: number}> {
    const position = this.size
    this.size += bytes.length
    try {
      const {handle} = await (this.file ??= openSpoolFile(this.directory))
      for (let done = 0; done < bytes.length;) {
        const {bytesWritten} = await handle.write(bytes, done, bytes.length - done, position + done)
        done += bytesWritten
      }
    } catch (error) {
      throw problem(this.directory, error)
    }

    return {length: bytes.length, position}
  }

  /** Read `length` bytes at `position` into the start of `buffer`. */
  async read(position: number, buffer: Buffer, length: number): Promise<void> {
    const {handle} = await (this.file as NonNullable<Spool['file']>)
    for (let done = 0; done < length;) {
      const {bytesRead} = await handle.read(buffer, done, length - done, position + done)
      if (bytesRead === 0) throw new Error(`the spool file ended early (${position + done} of ${position + length} bytes)`)
      done += bytesRead
    }
  }

  /** Close the file (its name is gone already, or goes now). */
  async close(): Promise<void> {
    const file = this.file
    this.file = undefined
    this.size = 0
    if (!file) return
    const opened = await file.catch(() => undefined)
    await opened?.handle.close().catch(() => {})
    if (opened?.leftover) {
      await rm(opened.leftover, {force: true})
      leftovers.delete(opened.leftover)
    }
  }
}

/** One body in the spool: written once, in order, then read back as often as needed. */
export class SpoolEntry implements ByteSource {
  private readonly spool: Spool
  private pieces: Piece[] = []
  private inMemory = 0
  private spilled = false
  length = 0
  /** The body's last byte (a terminal gets a newline after a body without one). */
  lastByte: number | undefined

  constructor(spool: Spool) {
    this.spool = spool
  }

  async write(chunk: Buffer): Promise<void> {
    if (chunk.length === 0) return
    this.length += chunk.length
    this.lastByte = chunk.at(-1)
    if (!this.spilled && this.spool.hold(chunk.length)) {
      this.pieces.push(chunk)
      this.inMemory += chunk.length
      return
    }

    // Over the budget: this entry goes to the file, what it held first.
    if (!this.spilled) {
      this.spilled = true
      const held = this.pieces as Buffer[]
      this.pieces = []
      for (const piece of held) this.add(await this.spool.append(piece))
      this.spool.release(this.inMemory)
      this.inMemory = 0
    }

    this.add(await this.spool.append(chunk))
  }

  /** Forget what was written (an attempt that failed partway). */
  discard(): void {
    this.spool.release(this.inMemory)
    this.inMemory = 0
    this.pieces = []
    this.spilled = false
    this.length = 0
    this.lastByte = undefined
  }

  async *chunks(start = 0, end = this.length): AsyncGenerator<Buffer> {
    let offset = 0
    let buffer: Buffer | undefined
    for (const piece of this.pieces) {
      const from = Math.max(start - offset, 0)
      const to = Math.min(end - offset, piece.length)
      offset += piece.length
      if (to <= from) {
        if (offset >= end) return
        continue
      }

      if (Buffer.isBuffer(piece)) {
        yield piece.subarray(from, to)
        continue
      }

      // One buffer for every read: no garbage piles up between collections while a big body is copied out.
      buffer ??= Buffer.allocUnsafe(Math.min(READ_SIZE, this.length))
      for (let at = from; at < to; at += buffer.length) {
        const length = Math.min(buffer.length, to - at)
        await this.spool.read(piece.position + at, buffer, length)
        yield buffer.subarray(0, length)
      }
    }
  }

  private add(extent: {length: number; position: number}): void {
    const last = this.pieces.at(-1)
    if (last && !Buffer.isBuffer(last) && last.position + last.length === extent.position) last.length += extent.length
    else this.pieces.push(extent)
  }
}

/** A body already in memory, as a source. */
export function bufferSource(buffer: Buffer): ByteSource {
  return {
    async *chunks(start = 0, end = buffer.length) {
      if (end > start) yield buffer.subarray(start, end)
    },
    length: buffer.length,
  }
}

/** Literal bytes and ranges of sources, one after another, as one source. */
export function joinSources(parts: ReadonlyArray<Buffer | {end: number; source: ByteSource; start: number}>): ByteSource {
  const ranges = parts.map((part) => (Buffer.isBuffer(part) ? {end: part.length, source: bufferSource(part), start: 0} : part))
  const length = ranges.reduce((sum, range) => sum + range.end - range.start, 0)
  return {
    async *chunks(start = 0, end = length) {
      let offset = 0
      for (const range of ranges) {
        const size = range.end - range.start
        const from = Math.max(start - offset, 0)
        const to = Math.min(end - offset, size)
        offset += size
        if (to > from) yield* range.source.chunks(range.start + from, range.start + to)
        if (offset >= end) return
      }
    },
    length,
  }
}

/** A whole source in one buffer (for what must parse it: pretty text, YAML). */
export async function readAll(source: ByteSource): Promise<Buffer> {
  const whole = Buffer.allocUnsafe(source.length)
  let offset = 0
  for await (const chunk of source.chunks()) {
    chunk.copy(whole, offset)
    offset += chunk.length
  }

  return whole.subarray(0, offset)
}
