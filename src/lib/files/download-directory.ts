/**
 * Where a download is written: --dir (a directory, checked; created 0700
 * when it does not exist), the sender's
 * file name made safe inside it (safe-name.ts: one name, never a path), a
 * private temporary file (0600: decrypted mail is private), published under
 * that name or, when a file has it already, under the next free
 * "name (N).ext": an existing file is never replaced.
 */
import {mkdir, stat} from 'node:fs/promises'
import {join, resolve} from 'node:path'

import {AtomicFile} from './atomic-file.ts'
import {alternativeNames, safeFileName} from './safe-name.ts'
import {printable} from '../output/escape.ts'
import {usageError} from '../runtime/errors.ts'

/** How many "name (N).ext" are tried before giving up. */
export const ALTERNATIVE_NAMES = 99
const FALLBACK_NAME = 'attachment'

/** Where a file went: its path, and the safe name when the sender's was not one, the path it did not take when taken. */
export interface Published {
  path: string
  renamedTo?: string
  taken?: string
}

export class DownloadDirectory {
  /**
   * --dir, or the current directory: a usage error unless it is a
   * directory. One that does not exist is created, with any missing parent,
   * readable by the owner only (0700: decrypted mail goes there); `created`
   * is told its path.
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
    return new DownloadDirectory(path)
  }

  readonly path: string

  private constructor(path: string) {
    this.path = path
  }

  /** A temporary file for the sender's `given` name; `failure` makes the error of a write that fails. */
  create(given: unknown, failure: (error: unknown) => Error): Promise<AtomicFile> {
    return AtomicFile.create(this.names(given).names[0], {failure, mode: 0o600})
  }

  /** The file, whole and checked, published under the sender's `given` name made safe, never over an existing file. */
  async publish(file: AtomicFile, given: unknown): Promise<Published> {
    const {name, names} = this.names(given)
    const path = await file.commitNew(names)
    return {path, ...(name === given ? {} : {renamedTo: name}), ...(path === names[0] ? {} : {taken: names[0]})}
  }

  private names(given: unknown): {name: string; names: string[]} {
    const name = safeFileName(given, FALLBACK_NAME)
    return {name, names: [name, ...alternativeNames(name, ALTERNATIVE_NAMES)].map((candidate) => join(this.path, candidate))}
  }
}
