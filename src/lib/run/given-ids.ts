/**
 * The IDs (or drive paths) a command works on, read one way for every
 * command that takes them: its arguments, where "-" stands for standard
 * input, or standard input itself when a command may be given no argument
 * (the message actions) and it is not a terminal; one per line there (blank
 * lines skipped), so `… --output json | jq -r '.Messages[].ID' | proton
 * mail trash -` works. Standard input is read once, through StandardInput.
 * Each ID once, in the order first given. An ID as a table showed it on a
 * terminal (cut with "…") is made whole from that listing (last-listing.ts).
 * Standard input that holds none is nothing to do: a note, exit 0 (a
 * nightly `… | proton mail trash -` on a quiet day).
 */
import {escapeLine} from '../core/escape.ts'
import {pathId} from '../http/path-segment.ts'
import {StandardInput} from '../core/stdin.ts'
import {usageError} from '../core/errors.ts'
import {EXIT} from '../core/exit-status.ts'
import type {Invocation} from './invocation.ts'
import {type ListingKind, wholeId} from '../files/last-listing.ts'

/** What is read, for messages and for making a cut ID whole. */
export interface IdKind {
  /** What one names in messages: "message", "contact", "file or folder". */
  noun: string
  /** The listing a cut ID is made whole from; none: taken as given. */
  listing?: ListingKind
  /** An argument is sent as it is, percent-encoded (the per-ID commands check it with pathId); else it must look like an ID. */
  anyText?: boolean
  /** A line of standard input is a drive path, taken whole (spaces kept), not an ID. */
  paths?: boolean
}

/** The IDs of a listing's kind: its noun is the kind. */
export const idsOf = (listing: ListingKind, anyText = false): IdKind => ({anyText, listing, noun: listing})

/** Drive's files and folders: paths under My Files, or node UIDs; a line of standard input is one path. */
export const DRIVE_PATHS: IdKind = {anyText: true, noun: 'file or folder', paths: true}

/** An ID as the service writes them: no spaces, no control characters (C0, DEL and C1: U+009B is a CSI of its own). */
const ID = /^[^\s\p{Cc}]+$/u
/** A path on a line of its own: any text but control characters. */
const PATH = /^[^\p{Cc}]+$/u

/** What was given in place of an ID, quoted for the error line: every control character escaped (escape.ts). */
const quoted = (text: string) => escapeLine(JSON.stringify(text))

function linesOf(text: string, {noun, paths}: IdKind): string[] {
  const given: string[] = []
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    // A path keeps its spaces (a name may begin or end with one); an ID is trimmed.
    const line = paths ? raw : raw.trim()
    if (line.trim() === '') continue
    if (!(paths ? PATH : ID).test(line)) {
      const what = paths ? `a ${noun} (a path or an ID)` : `a ${noun} ID`
      throw usageError(`line ${index + 1} of standard input is not ${what}: ${quoted(line.length > 60 ? `${line.slice(0, 59)}…` : line)} (one ${paths ? '' : 'ID '}per line)`)
    }

    given.push(line)
  }

  return given
}

const isTerminal = (stream: unknown) => Boolean((stream as {isTTY?: boolean}).isTTY)

/** Standard input held nothing to act on: said on stderr, and the command ends with exit 0. */
function nothingToDo(invocation: Invocation, {noun, paths}: IdKind): never {
  invocation.note(`Nothing to do: standard input held no ${paths ? 'paths' : `${noun} IDs`}.`)
  invocation.exit(EXIT.OK)
}

/** The IDs the line names (see above); none given at all is a usage error, an empty standard input nothing to do. */
export async function readIds(invocation: Invocation, argv: readonly string[], kind: IdKind = idsOf('message')): Promise<string[]> {
  const {anyText = false, listing, noun} = kind
  const stdin = new StandardInput(() => invocation.io.stdin)
  const fromStdin = async () => linesOf((await stdin.read('the ID "-"')).toString('utf8'), kind)
  const given: string[] = []
  if (argv.length === 0) {
    if (isTerminal(invocation.io.stdin)) throw usageError(`no ${noun} IDs: give them as arguments, or pipe them one per line (or give "-" to read them from standard input)`)
    given.push(...(await fromStdin()))
  } else {
    for (const argument of argv) {
      if (argument === '-') {
        given.push(...(await fromStdin()))
        continue
      }

      if (argument.trim() === '') throw usageError(`a ${noun} ID must not be empty`)
      if (!anyText && !ID.test(argument)) throw usageError(`${quoted(argument)} is not a ${noun} ID (IDs hold no spaces or control characters)`)
      given.push(argument)
    }
  }

  if (given.length === 0) nothingToDo(invocation, kind)
  const whole = listing === undefined ? given : given.map((id) => wholeId(invocation.context.cacheDir, listing, id))
  return [...new Set(whole)]
}

/**
 * The ID of a command that takes one (mail attachments, calendar events
 * update, drive info …): "-" reads it from standard input (one line); a cut
 * one is made whole. `check`: how an argument is checked before standard
 * input is read (default: as pathId checks an ID that goes into a path).
 */
export async function readOneId(invocation: Invocation, given: string, kind: IdKind = idsOf('message'), check: (id: string) => unknown = (id) => pathId(id, `the ${kind.noun} ID`)): Promise<string> {
  if (given.trim() === '') throw usageError(`give the ID of a ${kind.noun}`)
  if (given !== '-') check(given)
  const ids = await readIds(invocation, [given], {anyText: true, ...kind})
  if (ids.length > 1) throw usageError(`standard input ("-") held ${ids.length} ${kind.noun} IDs: this command takes one`)
  return ids[0]
}
