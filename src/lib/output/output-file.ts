/**
 * --output-file: the body written beside its destination as it arrives,
 * then renamed over it (files/atomic-file.ts), so the file is either the
 * old one or the whole new body, never a part (not even after Ctrl-C). An
 * existing file keeps its mode; a new one gets the user's umask, as a
 * shell's `>` would give it. A file that cannot be written is one plain
 * line naming it and why.
 */
import {stat} from 'node:fs/promises'
import {dirname} from 'node:path'

import {AtomicFile} from '../files/atomic-file.ts'
import {usageError} from '../runtime/errors.ts'

/** Why a path cannot be written, in words (the code after them). */
export function whyNotWritten(path: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code
  const words: Record<string, string> = {
    EACCES: 'permission denied',
    EISDIR: 'it is a directory',
    ENOENT: `no directory ${JSON.stringify(dirname(path))}`,
    ENOSPC: 'no space left on the device',
    ENOTDIR: `${JSON.stringify(dirname(path))} is not a directory`,
    EPERM: 'permission denied',
    EROFS: 'the file system is read-only',
  }
  return code === undefined ? String(error) : `${words[code] ?? 'cannot write there'} (${code})`
}

export async function createOutputFile(path: string): Promise<AtomicFile> {
  // A directory is said as such before a temporary file is tried beside it (where another error would come first).
  if ((await stat(path).catch(() => undefined))?.isDirectory()) throw usageError(`--output-file ${JSON.stringify(path)}: ${whyNotWritten(path, Object.assign(new Error('EISDIR'), {code: 'EISDIR'}))}`)
  return AtomicFile.create(path, {failure: (error) => usageError(`--output-file ${JSON.stringify(path)}: ${whyNotWritten(path, error)}`)})
}
