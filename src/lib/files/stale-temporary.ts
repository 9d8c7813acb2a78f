/**
 * Temporary files a run of ours left behind (SIGKILL, a crash, a power cut:
 * whatever no clean-up outlives), swept from a directory we are about to
 * write into. Only what is certainly ours and certainly abandoned goes: a
 * name of the exact shape atomic-file.ts gives (<name>.<pid>.<12 hex>.tmp),
 * a regular file (a link is never followed: lstat, and unlink removes the
 * name only), owned by this user, whose process is gone. A live process
 * with that pid (its own write in progress, or the pid used again) keeps
 * the file.
 */
import {lstat, readdir, rm} from 'node:fs/promises'
import {join} from 'node:path'

/** <name>.<pid>.<12 hex digits>.tmp: temporaryName's shape (atomic-file.ts). */
const TEMPORARY = /^(.+)\.(\d+)\.[0-9a-f]{12}\.tmp$/

/** No process of that id exists (one of another user's does: kill answers EPERM). */
export function processIsGone(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return false
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH'
  }
}

/** The pid in a name of the temporary files' shape (for the file `of`, when given), else undefined. */
export function temporaryPid(name: string, of?: string): number | undefined {
  const match = TEMPORARY.exec(name)
  if (!match || (of !== undefined && match[1] !== of)) return undefined
  const pid = Number(match[2])
  return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined
}

/**
 * Remove the abandoned temporary files in `directory` (of the file named `of` there, when given); the paths
 * removed. Nothing here stops a command: a directory or a file that cannot be read or removed is left as it is.
 */
export async function sweepStaleTemporaries(directory: string, of?: string): Promise<string[]> {
  const names = await readdir(directory).catch(() => [])
  const uid = process.getuid?.()
  const removed: string[] = []
  for (const name of names) {
    const pid = temporaryPid(name, of)
    if (pid === undefined || pid === process.pid || !processIsGone(pid)) continue
    const path = join(directory, name)
    const found = await lstat(path).catch(() => undefined)
    if (!found?.isFile() || (uid !== undefined && found.uid !== uid)) continue
    if (
      await rm(path).then(
        () => true,
        () => false,
      )
    )
      removed.push(path)
  }

  return removed
}

/**
 * A spool of the tool's own (a private directory of the cache, ensurePrivateDirectory): whatever an earlier run left
 * there, a temporary file or a whole file under another name (runs before issue 40 published a download staged for
 * standard output as "name.bin", "name (1).bin" …), is removed, but a temporary file of a process still running. Only
 * regular files of this user, never through a link; the paths removed.
 */
export async function sweepSpool(directory: string): Promise<string[]> {
  const names = await readdir(directory).catch(() => [])
  const uid = process.getuid?.()
  const removed: string[] = []
  for (const name of names) {
    const pid = temporaryPid(name)
    if (pid !== undefined && (pid === process.pid || !processIsGone(pid))) continue
    const path = join(directory, name)
    const found = await lstat(path).catch(() => undefined)
    if (!found?.isFile() || (uid !== undefined && found.uid !== uid)) continue
    if (
      await rm(path).then(
        () => true,
        () => false,
      )
    )
      removed.push(path)
  }

  return removed
}
