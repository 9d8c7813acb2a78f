/**
 * --output-file: the body written beside its destination as it arrives,
 * then renamed over it (files/atomic-file.ts), so the file is either the
 * old one or the whole new body, never a part (not even after Ctrl-C,
 * SIGTERM or SIGHUP). The temporary file is 0600 while it is written;
 * decrypted content (drive download, contacts export: `mode`
 * PRIVATE_FILE_MODE) stays 0600, new or replaced, whatever the umask, as
 * --dir writes it; an API answer (proton api) keeps the mode of the file it
 * replaces, or a new one gets the user's umask, as a shell's `>` would give
 * it. Temporary files of this
 * path that an earlier run could not remove (SIGKILL) are swept first
 * (files/stale-temporary.ts). A file that cannot be written is one plain
 * line naming it and why.
 */
import {stat} from 'node:fs/promises'
import {basename, dirname} from 'node:path'

import {AtomicFile} from '../files/atomic-file.ts'
import {sweepStaleTemporaries} from '../files/stale-temporary.ts'
import {usageError} from '../core/errors.ts'

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

/** The mode of decrypted content written to a file: the owner's only (issue 40: 0644 under umask 022 was readable by all). */
export const PRIVATE_FILE_MODE = 0o600

export async function createOutputFile(path: string, mode?: number): Promise<AtomicFile> {
  // A directory is said as such before a temporary file is tried beside it (where another error would come first).
  if ((await stat(path).catch(() => undefined))?.isDirectory()) throw usageError(`--output-file ${JSON.stringify(path)}: ${whyNotWritten(path, Object.assign(new Error('EISDIR'), {code: 'EISDIR'}))}`)
  await sweepStaleTemporaries(dirname(path), basename(path))
  return AtomicFile.create(path, {failure: (error) => usageError(`--output-file ${JSON.stringify(path)}: ${whyNotWritten(path, error)}`), mode})
}
