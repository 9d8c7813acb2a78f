/**
 * The account's own names that shell completion offers as flag values
 * (--label, --to, --add/--remove, --parent, --calendar, the arguments of
 * `mail labels delete`), kept by the commands that fetch them (every label
 * lookup, `calendar list`) in <cacheDir>/completion/names/<kind>, one name
 * a line: TAB reads a file with a shell built-in, never starts Node, and
 * never asks the service. The names are the user's, so the directory is
 * private (private-directory.ts) and the files 0600; a file is written only
 * when its names changed. A cache: a failure costs only the completion.
 */
import {closeSync, constants, fstatSync, openSync, readSync} from 'node:fs'
import {join} from 'node:path'

import {replaceFileSync} from '../files/atomic-file.ts'
import {ensurePrivateDirectory} from '../files/private-directory.ts'

export type NameKind = 'calendars' | 'folders' | 'labels'

export function namesDir(cacheDir: string): string {
  return join(cacheDir, 'completion', 'names')
}

/** At most this much of a file is compared (a list larger than that is written again). */
const COMPARED_MAX = 1024 * 1024

function currentText(file: string): string | undefined {
  try {
    const fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK)
    try {
      const stat = fstatSync(fd)
      const {size} = stat
      if (!stat.isFile() || size > COMPARED_MAX) return undefined
      const buffer = Buffer.alloc(size)
      return buffer.toString('utf8', 0, readSync(fd, buffer, 0, size, 0))
    } finally {
      closeSync(fd)
    }
  } catch {
    return undefined
  }
}

/** Keep `names` (one line each; names holding a line break or a control character are left out) as the list of `kind`. */
export function rememberNames(cacheDir: string, kind: NameKind, names: readonly unknown[]): void {
  // eslint-disable-next-line no-control-regex
  const usable = [...new Set(names.filter((name): name is string => typeof name === 'string' && name.trim() !== '' && !/[\u0000-\u001F\u007F]/.test(name)))].sort()
  const text = usable.length === 0 ? '' : `${usable.join('\n')}\n`
  const dir = namesDir(cacheDir)
  const file = join(dir, kind)
  if (currentText(file) === text) return
  try {
    ensurePrivateDirectory(dir)
    replaceFileSync(file, text, {mode: 0o600})
  } catch {
    // Not kept: TAB offers what it found before.
  }
}
