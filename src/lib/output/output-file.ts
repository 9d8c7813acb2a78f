/**
 * --output-file: the body written beside its destination as it arrives,
 * then renamed over it (files/atomic-file.ts), so the file is either the
 * old one or the whole new body, never a part (not even after Ctrl-C,
 * SIGTERM or SIGHUP). The temporary file is 0600 while it is written; the
 * file then keeps the mode of the one it replaces, or a new one gets the
 * user's umask, as a shell's `>` would give it. Temporary files of this
 * path that an earlier run could not remove (SIGKILL) are swept first
 * (files/stale-temporary.ts).
 */
import {basename, dirname} from 'node:path'

import {AtomicFile} from '../files/atomic-file.ts'
import {sweepStaleTemporaries} from '../files/stale-temporary.ts'
import {usageError} from '../runtime/errors.ts'

export async function createOutputFile(path: string): Promise<AtomicFile> {
  await sweepStaleTemporaries(dirname(path), basename(path))
  return AtomicFile.create(path, {
    failure: (error) => usageError(`--output-file cannot write ${JSON.stringify(path)}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`),
  })
}
