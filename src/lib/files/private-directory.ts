/**
 * A directory of the tool's own under the user's cache directory (the
 * spool, the code caches): created 0700, and refused when it is a link,
 * not a directory, or another user's. What is read back from such a
 * directory is run (compiled code) or printed (answers), so a directory
 * someone else could have written to is never used; one that is ours but
 * wider than 0700 is narrowed.
 */
import {chmodSync, lstatSync, mkdirSync} from 'node:fs'

export function ensurePrivateDirectory(directory: string): void {
  mkdirSync(directory, {mode: 0o700, recursive: true})
  const stat = lstatSync(directory)
  const uid = process.getuid?.()
  if (!stat.isDirectory() || (uid !== undefined && stat.uid !== uid)) throw new Error('not a directory of this user')
  if ((stat.mode & 0o077) !== 0) chmodSync(directory, 0o700)
}
