/**
 * The IDs of the last table of each kind shown on a terminal (messages,
 * labels, calendars …), kept in <cacheDir>/listing/<kind> (a private
 * directory, see private-directory.ts;
 * the file opened without following a link), so that an ID as the table
 * showed it (a stem cut with "…") can be given to the next command: a stem
 * that begins exactly one of them stands for that one. A cache: when it
 * cannot be written or read, only this convenience is lost.
 */
import {closeSync, constants, fstatSync, openSync, readSync} from 'node:fs'
import {join} from 'node:path'

import {CliFailure} from '../core/errors.ts'
import {EXIT} from '../core/exit-status.ts'
import {replaceFileSync} from './atomic-file.ts'
import {ensurePrivateDirectory} from './private-directory.ts'

/** A listing of more than this is not kept (a mail list --all of a huge mailbox): 100,000 IDs of 88 characters. */
const MAX_BYTES = 9 * 1024 * 1024
/** A stem given without "…" must be at least this long to stand for an ID (shorter ones are typos more often than not). */
const BARE_STEM_MIN = 6

/** What a listing lists; also the noun of an ID in messages ("message W0vah…: …"). */
export type ListingKind = 'address' | 'attachment' | 'calendar' | 'contact' | 'event' | 'filter' | 'label' | 'message' | 'node' | 'volume'

const fileOf = (cacheDir: string, kind: ListingKind) => join(cacheDir, 'listing', kind)

export function rememberListing(cacheDir: string, kind: ListingKind, ids: readonly string[]): void {
  const text = `${ids.join('\n')}\n`
  if (ids.length === 0 || text.length > MAX_BYTES) return
  try {
    ensurePrivateDirectory(join(cacheDir, 'listing'))
    replaceFileSync(fileOf(cacheDir, kind), text, {mode: 0o600})
  } catch {
    // Not kept: a cut ID of this listing cannot be given back, a whole one still can.
  }
}

/** The remembered IDs, read once per run; none when the file is missing, a link, not a regular file of ours, or too large. */
const read = new Map<string, readonly string[]>()

function remembered(cacheDir: string, kind: ListingKind): readonly string[] {
  const file = fileOf(cacheDir, kind)
  const known = read.get(file)
  if (known) return known
  let ids: string[] = []
  try {
    const fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK)
    try {
      const stat = fstatSync(fd)
      const uid = process.getuid?.()
      if (stat.isFile() && stat.size <= MAX_BYTES && (uid === undefined || stat.uid === uid) && (stat.mode & 0o022) === 0) {
        const buffer = Buffer.alloc(stat.size)
        const length = readSync(fd, buffer, 0, stat.size, 0)
        ids = buffer.toString('utf8', 0, length).split('\n').filter(Boolean)
      }
    } finally {
      closeSync(fd)
    }
  } catch {
    // No listing kept.
  }

  read.set(file, ids)
  return ids
}

/** An ID ending with "…" (or "...", as some terminals copy it): the stem before it. */
export function cutStem(given: string): string | undefined {
  if (given.endsWith('…')) return given.slice(0, -1)
  if (given.endsWith('...')) return given.slice(0, -3)
  return undefined
}

/**
 * A drive node as a terminal's table shows it, "~LINK" (the volume left out; cut or not): the whole UID
 * (VOLUME~LINK) of the last listing of nodes whose link ID it begins, when exactly one does; undefined when it is
 * not of that form, or no listed node matches (then it is a path, "~notes" a name). Several: refused as wholeId
 * refuses them.
 */
export function listedNodeUid(cacheDir: string, given: string): string | undefined {
  if (!given.startsWith('~')) return undefined
  const stem = (cutStem(given) ?? given).slice(1)
  if (stem === '' || stem.includes('~')) return undefined
  const matches = remembered(cacheDir, 'node').filter((uid) => uid.slice(uid.indexOf('~') + 1).startsWith(stem))
  if (matches.length <= 1) return matches[0]
  throw new CliFailure(`node ${given}: it begins ${matches.length} UIDs of the last listing: give more of it`, EXIT.NOT_FOUND)
}

/**
 * The whole ID `given` stands for: itself, unless it is a stem of the
 * IDs of the last listing of its kind. A stem cut with "…" that begins none of them, or
 * several, is refused in one line naming it (exit 3); a bare stem is
 * taken only when it begins exactly one and is not itself listed.
 */
export function wholeId(cacheDir: string, kind: ListingKind, given: string): string {
  const cut = cutStem(given)
  const stem = cut ?? given
  if (cut === undefined && stem.length < BARE_STEM_MIN) return given
  const listed = remembered(cacheDir, kind)
  if (cut === undefined && listed.includes(given)) return given
  const matches = stem === '' ? [] : listed.filter((id) => id.startsWith(stem))
  if (matches.length === 1) return matches[0]
  if (cut === undefined) return given
  const why = matches.length === 0 ? 'no ID of the last listing begins with it' : `it begins ${matches.length} IDs of the last listing: give more of it`
  throw new CliFailure(`${kind} ${given}: ${why} (list again, or give the whole ID: piped, tables print whole values)`, EXIT.NOT_FOUND)
}
