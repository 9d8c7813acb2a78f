/**
 * --output-file: the body written beside its destination under a temporary
 * name as it arrives, flushed, then renamed over it, so the file is either
 * the old one or the whole new body, never a part (not even after Ctrl-C:
 * the temporary file is removed, at exit at the latest).
 */
import {randomBytes} from 'node:crypto'
import {rmSync} from 'node:fs'
import {type FileHandle, open, rename, rm} from 'node:fs/promises'
import {basename, dirname, join} from 'node:path'

import {usageError} from '../runtime/errors.ts'

/** Temporary files not yet renamed or removed: removed at exit whatever happens. */
const pending = new Set<string>()
let removingAtExit = false

function cannotWrite(path: string, error: unknown): Error {
  return usageError(`--output-file cannot write ${JSON.stringify(path)}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`)
}

export class AtomicFile {
  readonly path: string
  private readonly temporary: string
  private handle: FileHandle | undefined
  private position = 0

  private constructor(path: string, temporary: string, handle: FileHandle) {
    this.path = path
    this.temporary = temporary
    this.handle = handle
  }

  /** A temporary file beside `path`, for the new body. */
  static async create(path: string): Promise<AtomicFile> {
    const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`)
    let handle
    try {
      handle = await open(temporary, 'wx', 0o644)
    } catch (error) {
      throw cannotWrite(path, error)
    }

    pending.add(temporary)
    if (!removingAtExit) {
      removingAtExit = true
      process.once('exit', () => {
        for (const name of pending) rmSync(name, {force: true})
      })
    }

    return new AtomicFile(path, temporary, handle)
  }

  /** Bytes written so far. */
  get length(): number {
    return this.position
  }

  async write(chunk: Uint8Array): Promise<void> {
    try {
      const handle = this.handle as FileHandle
      for (let done = 0; done < chunk.length; ) {
        const {bytesWritten} = await handle.write(chunk, done, chunk.length - done, this.position)
        done += bytesWritten
        this.position += bytesWritten
      }
    } catch (error) {
      await this.abandon()
      throw cannotWrite(this.path, error)
    }
  }

  /** Start again from nothing (an attempt that failed partway is retried). */
  async reset(): Promise<void> {
    await this.handle?.truncate(0)
    this.position = 0
  }

  /** Flush and rename over the destination. */
  async commit(): Promise<void> {
    const handle = this.handle
    if (!handle) throw cannotWrite(this.path, new Error('already closed'))
    try {
      await handle.sync()
      await handle.close()
      this.handle = undefined
      await rename(this.temporary, this.path)
      pending.delete(this.temporary)
    } catch (error) {
      await this.abandon()
      throw cannotWrite(this.path, error)
    }
  }

  /** Remove the temporary file; the destination stays as it was. Safe to call more than once. */
  async abandon(): Promise<void> {
    const handle = this.handle
    this.handle = undefined
    await handle?.close().catch(() => {})
    if (!pending.delete(this.temporary)) return
    await rm(this.temporary, {force: true})
  }
}

export async function writeFileAtomically(path: string, body: Uint8Array): Promise<void> {
  const file = await AtomicFile.create(path)
  await file.write(body)
  await file.commit()
}
