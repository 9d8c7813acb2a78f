/**
 * Replacing a file so that its readers see the old content or the whole new
 * one, never a part: the new content goes to a temporary file beside it
 * (<name>.<pid>.<random>.tmp, created exclusively, so never through a link
 * someone placed there, and 0600 while it is written: nobody else opens it
 * meanwhile), is flushed, given its mode, then renamed over it. If anything
 * fails, or the process ends first (a signal included, see
 * core/interrupt.ts), the temporary file is removed (at exit at the
 * latest) and the file stays as it was; what SIGKILL or a crash leaves, the
 * next run sweeps (stale-temporary.ts). Every file the tool writes goes
 * through here: sessions, --output-file, downloads, the stored API
 * description, the completion scripts and word lists.
 */
import {randomBytes} from 'node:crypto'
import {closeSync, fchmodSync, fsyncSync, openSync, renameSync, rmSync, statSync, writeSync} from 'node:fs'
import {type FileHandle, link, open, rename, rm, stat} from 'node:fs/promises'
import {dirname} from 'node:path'

import {atExit} from '../core/exit-cleanup.ts'

export interface ReplaceOptions {
  /** The new file's mode. Default: the replaced file's, else 0666 less the umask (what a shell's `>` creates). */
  mode?: number
  /** Also flush the directory after the rename, so that the rename itself survives a crash (sessions). */
  durable?: boolean
  /** What a failure becomes (one line naming the file); default: the error as it is. */
  failure?: (error: unknown) => Error
}

/** Temporary files not yet renamed or removed: removed at exit whatever happens. */
const pending = new Set<string>()
let removingAtExit = false

function track(temporary: string): void {
  pending.add(temporary)
  if (removingAtExit) return
  removingAtExit = true
  atExit(() => {
    for (const name of pending) rmSync(name, {force: true})
  })
}

/** The name the new content is written under, beside the file it replaces. */
export function temporaryName(path: string): string {
  return `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`
}

const NEW_FILE_MODE = 0o666
/** A temporary file's mode while it is written: its content may be private (a decrypted attachment). */
const WRITING_MODE = 0o600

/**
 * The mode the file gets: the one asked for, else the replaced file's, else what a shell's `>` creates (0666 less
 * the umask; process.umask() only reads it here, in the main thread).
 */
function finalMode(asked: number | undefined, kept: number | undefined): number {
  // Read, not set: process.umask() without an argument has no replacement that reads the mask.
  // eslint-disable-next-line @typescript-eslint/no-deprecated
  return asked ?? kept ?? NEW_FILE_MODE & ~process.umask()
}

export class AtomicFile {
  readonly path: string
  private readonly temporary: string
  private readonly options: ReplaceOptions
  /** The mode given just before the file is published. */
  private readonly mode: number
  private handle: FileHandle | undefined
  private position = 0

  private constructor(path: string, temporary: string, handle: FileHandle, options: ReplaceOptions, mode: number) {
    this.path = path
    this.temporary = temporary
    this.handle = handle
    this.options = options
    this.mode = mode
  }

  /** A temporary file beside `path`, for the new content. */
  static async create(path: string, options: ReplaceOptions = {}): Promise<AtomicFile> {
    const temporary = temporaryName(path)
    const failed = options.failure ?? ((error: unknown) => error as Error)
    let handle: FileHandle
    let mode: number
    try {
      mode = finalMode(
        options.mode,
        await stat(path).then(
          ({mode}) => mode & 0o7777,
          () => undefined,
        ),
      )
      handle = await open(temporary, 'wx', WRITING_MODE)
      track(temporary)
    } catch (error) {
      pending.delete(temporary)
      await rm(temporary, {force: true})
      throw failed(error)
    }

    return new AtomicFile(path, temporary, handle, options, mode)
  }

  /** Bytes written so far. */
  get length(): number {
    return this.position
  }

  async write(chunk: Uint8Array): Promise<void> {
    try {
      const handle = this.handle as FileHandle
      for (let done = 0; done < chunk.length;) {
        const {bytesWritten} = await handle.write(chunk, done, chunk.length - done, this.position)
        done += bytesWritten
        this.position += bytesWritten
      }
    } catch (error) {
      await this.abandon()
      throw this.failed(error)
    }
  }

  /** Start again from nothing (an attempt that failed partway is retried). */
  async reset(): Promise<void> {
    await this.handle?.truncate(0)
    this.position = 0
  }

  /** Flush and rename over the file (and flush the directory, when durable). */
  async commit(): Promise<void> {
    try {
      await this.flushAndClose()
      await rename(this.temporary, this.path)
      pending.delete(this.temporary)
      if (this.options.durable) await syncDirectory(dirname(this.path))
    } catch (error) {
      await this.abandon()
      throw this.failed(error)
    }
  }

  /**
   * Flush and publish under the first of `paths` (beside the temporary file) that does not exist, never over a
   * file, not even one that appears meanwhile: link(2) fails on an existing name. Where hard links are not
   * allowed, an empty file created exclusively holds the name and the content is renamed over it. The path used.
   */
  async commitNew(paths: Iterable<string>): Promise<string> {
    let tried = 0
    try {
      await this.flushAndClose()
      for (const path of paths) {
        tried++
        if (await publishNew(this.temporary, path)) {
          pending.delete(this.temporary)
          return path
        }
      }
    } catch (error) {
      await this.abandon()
      throw this.failed(error)
    }

    await this.abandon()
    throw this.failed(new Error(`${tried} names tried, every one taken`))
  }

  /** The content on disk, its mode given and the file closed, ready to be published. */
  private async flushAndClose(): Promise<void> {
    const handle = this.handle
    if (!handle) throw new Error('already closed')
    // Set as it is (open() would have applied the umask to a mode kept or asked for).
    await handle.chmod(this.mode)
    await handle.sync()
    await handle.close()
    this.handle = undefined
  }

  /**
   * Flush and close, hand the temporary file's path to `read`, then remove it: never published (a download staged
   * for standard output). Removed however `read` ends, and at exit or on a signal at the latest (track).
   */
  async readThenRemove(read: (path: string) => Promise<void>): Promise<void> {
    try {
      await this.flushAndClose().catch((error: unknown) => {
        throw this.failed(error)
      })
      await read(this.temporary)
    } finally {
      await this.abandon()
    }
  }

  /** Remove the temporary file; the file stays as it was. Safe to call more than once. */
  async abandon(): Promise<void> {
    const handle = this.handle
    this.handle = undefined
    await handle?.close().catch(() => {})
    if (!pending.delete(this.temporary)) return
    await rm(this.temporary, {force: true})
  }

  private failed(error: unknown): Error {
    return this.options.failure ? this.options.failure(error) : (error as Error)
  }
}

const code = (error: unknown) => (error as NodeJS.ErrnoException).code

/** The temporary file under `path` if nothing is there: true; false when the name is taken. */
async function publishNew(temporary: string, path: string): Promise<boolean> {
  try {
    await link(temporary, path)
    await rm(temporary, {force: true})
    return true
  } catch (error) {
    if (code(error) === 'EEXIST') return false
    if (!['EPERM', 'ENOTSUP', 'ENOSYS', 'EOPNOTSUPP'].includes(code(error) ?? '')) throw error
  }

  try {
    await (await open(path, 'wx')).close()
  } catch (error) {
    if (code(error) === 'EEXIST') return false
    throw error
  }

  await rename(temporary, path)
  return true
}

async function syncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/** Replace the file with `content`. */
export async function replaceFile(path: string, content: string | Uint8Array, options: ReplaceOptions = {}): Promise<void> {
  const file = await AtomicFile.create(path, options)
  await file.write(typeof content === 'string' ? Buffer.from(content) : content)
  await file.commit()
}

function existingModeSync(path: string): number | undefined {
  try {
    return statSync(path).mode & 0o7777
  } catch {
    return undefined
  }
}

/** replaceFile for callers that cannot wait (the completion hook, the description store). */
export function replaceFileSync(path: string, content: string | Uint8Array, options: Omit<ReplaceOptions, 'durable'> = {}): void {
  const temporary = temporaryName(path)
  let descriptor: number | undefined
  try {
    const mode = finalMode(options.mode, existingModeSync(path))
    descriptor = openSync(temporary, 'wx', WRITING_MODE)
    track(temporary)
    const bytes = typeof content === 'string' ? Buffer.from(content) : content
    for (let done = 0; done < bytes.length;) done += writeSync(descriptor, bytes, done, bytes.length - done)
    fchmodSync(descriptor, mode)
    fsyncSync(descriptor)
    closeSync(descriptor)
    descriptor = undefined
    renameSync(temporary, path)
    pending.delete(temporary)
  } catch (error) {
    if (descriptor !== undefined) closeSync(descriptor)
    pending.delete(temporary)
    rmSync(temporary, {force: true})
    throw options.failure ? options.failure(error) : error
  }
}
