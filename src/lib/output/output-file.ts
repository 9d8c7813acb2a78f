/**
 * --output-file: the body written beside its destination under a temporary
 * name, flushed, then renamed over it, so the file is either the old one or
 * the whole new body, never a part (not even after Ctrl-C).
 */
import {randomBytes} from 'node:crypto'
import {open, rename, rm} from 'node:fs/promises'
import {basename, dirname, join} from 'node:path'

import {usageError} from '../runtime/errors.ts'

export async function writeFileAtomically(path: string, body: Uint8Array): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`)
  let handle
  try {
    handle = await open(temporary, 'wx', 0o644)
  } catch (error) {
    throw usageError(`--output-file cannot write ${JSON.stringify(path)}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`)
  }

  try {
    await handle.writeFile(body)
    await handle.sync()
    await handle.close()
    await rename(temporary, path)
  } catch (error) {
    await handle.close().catch(() => {})
    await rm(temporary, {force: true})
    throw usageError(`--output-file cannot write ${JSON.stringify(path)}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`)
  }
}
