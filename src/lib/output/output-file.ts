/**
 * --output-file: the body written beside its destination as it arrives,
 * then renamed over it (files/atomic-file.ts), so the file is either the
 * old one or the whole new body, never a part (not even after Ctrl-C). An
 * existing file keeps its mode; a new one gets the user's umask, as a
 * shell's `>` would give it.
 */
import {AtomicFile} from '../files/atomic-file.ts'
import {usageError} from '../runtime/errors.ts'

export async function createOutputFile(path: string): Promise<AtomicFile> {
  return AtomicFile.create(path, {
    failure: (error) => usageError(`--output-file cannot write ${JSON.stringify(path)}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`),
  })
}
