/**
 * The message IDs an action works on: its arguments, where "-" stands for
 * standard input, or standard input itself when no argument is given and it
 * is not a terminal; one ID per line there (blank lines skipped), so
 * `… --output json | jq -r '.Messages[].ID' | proton mail trash -` works.
 * Standard input is read once, through StandardInput. Each ID once, in the
 * order first given. An ID as a table showed it on a terminal (cut with
 * "…") is made whole from that listing (last-listing.ts).
 */
import {escapeLine} from '../output/escape.ts'
import {pathId} from '../request/path-segment.ts'
import {StandardInput} from '../request/stdin.ts'
import {usageError} from '../runtime/errors.ts'
import type {Invocation} from '../runtime/invocation.ts'
import {type ListingKind, wholeId} from '../files/last-listing.ts'

/** An ID as the service writes them: no spaces, no control characters (C0, DEL and C1: U+009B is a CSI of its own). */
const ID = /^[^\s\p{Cc}]+$/u

/** What was given in place of an ID, quoted for the error line: every control character escaped (escape.ts). */
const quoted = (text: string) => escapeLine(JSON.stringify(text))

function idsOfLines(text: string, kind: ListingKind): string[] {
  const ids: string[] = []
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim()
    if (line === '') continue
    if (!ID.test(line)) throw usageError(`line ${index + 1} of standard input is not a ${kind} ID: ${quoted(line.length > 60 ? `${line.slice(0, 59)}…` : line)} (one ID per line)`)
    ids.push(line)
  }

  return ids
}

const isTerminal = (stream: unknown) => Boolean((stream as {isTTY?: boolean}).isTTY)

/** The IDs the line names (see above); none is a usage error. `kind` names them in messages and picks the listing a cut one is made whole from. */
export async function messageIds(invocation: Invocation, argv: readonly string[], kind: ListingKind = 'message', {anyText = false} = {}): Promise<string[]> {
  const stdin = new StandardInput(() => invocation.io.stdin)
  const fromStdin = async () => idsOfLines((await stdin.read('the ID "-"')).toString('utf8'), kind)
  let ids: string[]
  if (argv.length === 0) {
    if (isTerminal(invocation.io.stdin)) throw usageError(`no ${kind} IDs: give them as arguments, or pipe them one per line (or give "-" to read them from standard input)`)
    ids = await fromStdin()
    if (ids.length === 0) throw usageError(`no ${kind} IDs: none given as arguments, and standard input held none`)
  } else {
    ids = []
    for (const argument of argv) {
      if (argument === '-') {
        ids.push(...(await fromStdin()))
        continue
      }

      if (argument.trim() === '') throw usageError(`a ${kind} ID must not be empty`)
      // anyText: an argument is sent as it is, percent-encoded (the per-ID commands check it with pathId); a message ID must look like one.
      if (!anyText && !ID.test(argument)) throw usageError(`${quoted(argument)} is not a ${kind} ID (IDs hold no spaces or control characters)`)
      ids.push(argument)
    }

    if (ids.length === 0) throw usageError(`no ${kind} IDs: standard input ("-") held none`)
  }

  return [...new Set(ids.map((id) => wholeId(invocation.context.cacheDir, kind, id)))]
}

/**
 * The ID of a command that takes one (mail read, attachments, download):
 * "-" reads it from standard input (one line); a cut one is made whole.
 */
export async function oneId(invocation: Invocation, given: string, kind: ListingKind = 'message'): Promise<string> {
  if (given.trim() === '') throw usageError(`give the ID of a ${kind} (see "${kind === 'message' ? 'mail list' : 'mail attachments'}")`)
  // An argument is checked as pathId checks the ID it goes into the path as (one line saying why it is none).
  if (given !== '-') pathId(given, `the ${kind} ID`)
  const ids = await messageIds(invocation, [given], kind)
  if (ids.length > 1) throw usageError(`standard input ("-") held ${ids.length} ${kind} IDs: this command takes one`)
  return ids[0]
}
