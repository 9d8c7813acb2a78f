/**
 * Where a download is written: --dir (a directory, checked; created 0700
 * when it does not exist), the sender's
 * file name made safe inside it (safe-name.ts: one name, never a path), a
 * private temporary file (0600: decrypted mail is private), published under
 * that name or, when a file has it already, under the next free
 * "name (N).ext": an existing file is never replaced. Temporary files that
 * an earlier download could not remove (SIGKILL, a crash: decrypted
 * plaintext, perhaps unchecked) are swept when the directory is opened
 * (stale-temporary.ts).
 */
import {mkdir, stat} from 'node:fs/promises'
import {join, resolve} from 'node:path'

import {AtomicFile} from './atomic-file.ts'
import {sweepStaleTemporaries} from './stale-temporary.ts'
import {alternativeNames, safeFileName} from './safe-name.ts'
import {printable} from '../core/escape.ts'
import {usageError} from '../core/errors.ts'

const FALLBACK_NAME = 'attachment'

/** Where a file went: its path, and the safe name when the sender's was not one, the path it did not take when taken. */
export interface Published {
  path: string
  renamedTo?: string
  taken?: string
}

function* candidates(directory: string, name: string): Generator<string> {
  yield join(directory, name)
  for (const alternative of alternativeNames(name)) yield join(directory, alternative)
}

export class DownloadDirectory {
  /**
   * --dir, or the current directory: a usage error unless it is a
   * directory. One that does not exist is created, with any missing parent,
   * readable by the owner only (0700: decrypted mail goes there); `created`
   * is told its path. Its stale temporary files are swept.
   */
  static async open(given: string | undefined, created?: (path: string) => void): Promise<DownloadDirectory> {
    const path = resolve(given ?? '.')
    let found = await stat(path).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? undefined : null))
    if (found === undefined && given !== undefined) {
      try {
        await mkdir(path, {mode: 0o700, recursive: true})
      } catch (error) {
        throw usageError(`--dir ${JSON.stringify(printable(given))} cannot be created: ${(error as NodeJS.ErrnoException).code ?? String(error)}`)
      }

      created?.(path)
      found = await stat(path).catch(() => undefined)
    }

    if (!found?.isDirectory()) throw usageError(`--dir ${JSON.stringify(printable(given ?? '.'))} is not a directory`)
    return new DownloadDirectory(path, await sweepStaleTemporaries(path))
  }

  readonly path: string
  /** The temporary files of earlier runs swept when it was opened. */
  readonly swept: readonly string[]

  private constructor(path: string, swept: readonly string[]) {
    this.path = path
    this.swept = swept
  }

  /** A temporary file for the sender's `given` name; `failure` makes the error of a write that fails. */
  create(given: unknown, failure: (error: unknown) => Error): Promise<AtomicFile> {
    return AtomicFile.create(this.names(given).first, {failure, mode: 0o600})
  }

  /** The file, whole and checked, published under the sender's `given` name made safe, never over an existing file. */
  async publish(file: AtomicFile, given: unknown): Promise<Published> {
    const {first, name, names} = this.names(given)
    const path = await file.commitNew(names)
    return {path, ...(name === given ? {} : {renamedTo: name}), ...(path === first ? {} : {taken: first})}
  }

  /** The safe name, its path, and the paths to try in turn (see alternativeNames). */
  private names(given: unknown): {first: string; name: string; names: Iterable<string>} {
    const name = safeFileName(given, FALLBACK_NAME)
    const first = join(this.path, name)
    return {first, name, names: candidates(this.path, name)}
  }
}
