/**
 * The once-per-start check of <configDir>/sessions: the directory 0700,
 * session files 0600 (older versions, a copy or a restore may have left
 * them wider), and no leftover temporary files of atomic writes that were
 * interrupted (a crash between open and rename). Synchronous calls: a few
 * local system calls at every start, where the asynchronous ones would
 * first start libuv's thread pool (about a millisecond) and wait a turn of
 * the event loop each.
 */
import {chmodSync, lstatSync, readdirSync, rmSync, statSync} from 'node:fs'
import {join} from 'node:path'

import {processIsGone} from '../files/stale-temporary.ts'

/** <profile>.json.<pid>.<random>.tmp, as SessionStore.write names them. */
const TEMPORARY = /^[^/]+\.json\.(\d+)\.[0-9a-f]+\.tmp$/
/** No write takes this long: older temporary files are leftovers even if their pid is in use again. */
export const LEFTOVER_AGE_MS = 10 * 60 * 1000

export interface DirectoryReport {
  /** Paths whose mode was narrowed. */
  tightened: string[]
  /** Leftover temporary files removed. */
  removed: string[]
}

function narrow(path: string, mode: number, report: DirectoryReport): void {
  const info = lstatSync(path)
  // chmod would follow a symbolic link into a file that is not ours: links are left alone.
  if (info.isSymbolicLink() || (info.mode & 0o777 & ~mode) === 0) return
  chmodSync(path, info.mode & 0o777 & mode)
  report.tightened.push(path)
}

/** A temporary file is a leftover when its writer is gone or it is too old to be a write in progress. */
function isLeftover(path: string, pid: number, now: number): boolean {
  if (processIsGone(pid)) return true
  return now - statSync(path).mtimeMs > LEFTOVER_AGE_MS
}

/** Check and repair the sessions directory; a missing directory is left alone. */
export async function checkSessionDirectory(directory: string, now = Date.now()): Promise<DirectoryReport> {
  const report: DirectoryReport = {removed: [], tightened: []}
  let names: string[]
  try {
    if (lstatSync(directory).isSymbolicLink()) return report
    names = readdirSync(directory)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return report
    throw error
  }

  narrow(directory, 0o700, report)
  for (const name of names) {
    const path = join(directory, name)
    const temporary = TEMPORARY.exec(name)
    if (temporary) {
      if (isLeftover(path, Number(temporary[1]), now)) {
        rmSync(path, {force: true})
        report.removed.push(path)
      }
    } else if (name.endsWith('.json')) {
      narrow(path, 0o600, report)
    }
  }

  return report
}
