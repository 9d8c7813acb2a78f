/**
 * Commands that send one request per ID (calendar delete, mail filters
 * delete/enable/disable): a deletion confirmed first (on a terminal, or by
 * --yes), then each ID in turn. Every error names its ID and the cause; an
 * API error leaves the other IDs to go on, a failure that is not the
 * service's answer (the network, the timeout) stops there and names the IDs
 * not attempted; so does a signal (SIGINT, SIGTERM, SIGHUP: interrupt.ts),
 * the ID whose request was in flight said to be perhaps done, perhaps not.
 * The exit status is the gravest of all (exit-status.ts gravest).
 */
import {printable} from '../core/escape.ts'
import {CommandExit, type Invocation} from './invocation.ts'
import {CliFailure, describeFailure, usageError} from '../core/errors.ts'
import {EXIT, type ExitStatus, gravest} from '../core/exit-status.ts'
import {interruptionText, interruptSignal, reportingInterruption} from '../core/interrupt.ts'
import type {PlannedRequest} from './dry-run.ts'
import {ask, canPrompt} from '../core/prompt.ts'
import {attempt, canLookUp, settle} from './api.ts'
import {show, showDryRun} from './printer.ts'
import {pathId} from '../http/path-segment.ts'
import {plainCommand, type PlainCommand} from './plain-command.ts'
import type {ListingKind} from '../files/last-listing.ts'
import {idsOf, readIds} from './given-ids.ts'
import {plural} from '../output/plural.ts'

export interface PerId {
  /** What an ID names, for messages: "calendar", "filter". */
  noun: string
  request(id: string): PlannedRequest
  /** The stderr line of a success: "Deleted calendar X." */
  done(id: string): string
}

/** More IDs than this are counted in the question, not listed (a batch of messages may hold thousands). */
const LISTED_MAX = 5

/**
 * Before deleting: --yes goes on; on a terminal the person is asked (y or
 * yes goes on); without one nothing is sent and the command ends with exit 1.
 * `how` follows what is deleted in the question (" permanently").
 */
export async function confirmDeletion(noun: string, ids: readonly string[], yes: boolean, how = ''): Promise<void> {
  const listed = ids.length <= LISTED_MAX ? ` (${ids.join(', ')})` : ''
  const what = (ids.length === 1 ? `${noun} ${ids[0]}` : `${plural(ids.length, noun)}${listed}`) + how
  await confirmWhat(what, ids.length === 1 ? 'nothing' : `none of the ${plural(ids.length, noun)}`, yes)
}

/** confirmDeletion with the question's words given: `what` is deleted ("folder Invoices and its 2 sub-folders"), `nothing` when not confirmed. */
export async function confirmWhat(what: string, nothing: string, yes: boolean): Promise<void> {
  if (yes) return
  if (!canPrompt()) throw usageError(`refusing to delete ${what} without confirmation: standard input is not a terminal (add --yes)`)
  const answer = await ask(`Delete ${what}? [y/N] `)
  if (!/^\s*y(es)?\s*$/i.test(answer)) throw usageError(`not confirmed: ${nothing} deleted`)
}

/** Failures that are not about one ID (no session, a refused refresh) end the command as they are. */
function concernsAll(error: unknown): boolean {
  return error instanceof CommandExit || !(error instanceof CliFailure) || error.exitStatus === EXIT.AUTH
}

/**
 * A run of one request per ID stopped by `error` (the network, the timeout, a signal) while it sent the request
 * for `subject`: say so, name the IDs not attempted (`rest`); the failure's exit status.
 */
export function stoppedAt(invocation: Invocation, subject: string, error: unknown, rest: readonly string[]): ExitStatus {
  const {exitStatus, message} = describeFailure(error)
  if (exitStatus !== EXIT.INTERRUPTED) {
    invocation.io.stderr.write(`Error: ${subject}: ${message}\n`)
    if (rest.length > 0) invocation.note(`Not attempted: ${rest.join(', ')}`)
    return exitStatus
  }

  invocation.io.stderr.write(`Error: ${subject}: ${message} while its request was in flight: it may or may not have been applied\n`)
  return interruptedBefore(invocation, rest)
}

/** A signal came before the requests for `rest` were sent: name them, then the one line an interruption always gets. */
export function interruptedBefore(invocation: Invocation, rest: readonly string[]): ExitStatus {
  reportingInterruption()
  if (rest.length > 0) invocation.note(`Not attempted (${interruptionText()}): ${rest.join(', ')}`)
  invocation.io.stderr.write(`Error: ${interruptionText()}\n`)
  return EXIT.INTERRUPTED
}

/**
 * Each ID in turn: on success its answer (text: the ID alone on stdout)
 * and the `done` line on stderr. Several answers in json: one document, an
 * array of the answers in the order of the IDs, the failures' too (jq
 * '.[]'); --jq filters that array once, as --paginate's merged answer (so
 * `length` counts the IDs); in yaml a stream of documents, one per ID.
 */
export async function eachId(invocation: Invocation, ids: readonly string[], action: PerId): Promise<void> {
  const {stdout} = invocation.io
  const {output} = invocation.flags
  const several = ids.length > 1
  // Written as it goes for plain json; with --jq kept, then filtered once whole.
  const array = several && output === 'json' && !invocation.filtering
  const filtered: Array<Buffer | string> | undefined = several && invocation.filtering ? [] : undefined
  const signal = interruptSignal()
  let status: ExitStatus = EXIT.OK
  const progress = invocation.progress()
  for (const [index, id] of ids.entries()) {
    if (signal.aborted) {
      // The array so far is closed, whole, before the command ends.
      if (array && index > 0) stdout.write(']\n')
      invocation.exit(interruptedBefore(invocation, ids.slice(index)))
    }

    const subject = `${action.noun} ${printable(id)}`
    if (several) progress.update(`${index} of ${ids.length} done`)
    if (several && output === 'yaml') stdout.write('---\n')
    if (array) stdout.write(index === 0 ? '[' : ',')
    let outcome: Awaited<ReturnType<typeof settle>>
    try {
      const attempted = await attempt(invocation, action.request(id))
      // In the array, an answer with no JSON to show (its text went to stderr) stands as null.
      if (array && !attempted.ok && attempted.failure.json === undefined) stdout.write('null')
      if (filtered && !attempted.ok) filtered.push(attempted.failure.json ?? 'null')
      // Under --jq the failure's JSON goes through the filter with the rest, not on stdout by itself.
      outcome = await settle(invocation, filtered && !attempted.ok ? {...attempted, failure: {...attempted.failure, json: undefined}} : attempted, subject)
    } catch (error) {
      // Nothing of this ID was shown: the array is closed, whole, before the command ends.
      if (array) stdout.write('null]\n')
      if (concernsAll(error)) throw error
      invocation.exit(gravest([status, stoppedAt(invocation, subject, error, ids.slice(index + 1))]))
    }

    if (typeof outcome === 'number') {
      status = gravest([status, outcome])
    } else {
      progress.clear()
      if (filtered) filtered.push(outcome.body.length > 0 ? outcome.body : 'null')
      else await show(invocation, outcome, () => id)
      invocation.note(action.done(id))
    }
  }

  progress.clear()
  if (array) stdout.write(']\n')
  if (filtered) await invocation.printFiltered([`[${filtered.map((body) => body.toString()).join(',')}]`])
  if (status !== EXIT.OK) invocation.exit(status)
}

/** A command of this kind: its noun, the request for an ID (the ID as a path segment), and the verb of its success line. */
export interface PerIdSpec {
  noun: ListingKind
  request(segment: string): PlannedRequest
  /** "Deleted": the stderr line of a success is "Deleted calendar X." */
  done: string
  /** A deletion: confirmed first (--yes, or asked on a terminal). */
  confirm?: boolean
  /** The IDs for names given in their place (calendar delete Work), looked up before anything else; a dry run without a session keeps them as given. */
  resolve?(invocation: Invocation, given: readonly string[]): Promise<string[]>
}

/** The plain function of such a command: IDs read (given-ids.ts) and checked, --dry-run, the confirmation if any, then eachId. */
export function perIdCommand({confirm = false, done, noun, request: requestFor, resolve}: PerIdSpec): PlainCommand<{dryRun: boolean; ids: readonly string[]; yes: boolean}> {
  const request = (id: string) => requestFor(pathId(id, `a ${noun} ID`))
  return plainCommand({
    options: (line) => ({dryRun: line.boolean('dry-run'), ids: line.line.argv, yes: confirm && line.boolean('yes')}),
    async run(invocation, {dryRun, ids: given, yes}) {
      // "-" reads IDs from standard input, one per line; an ID cut in a table is made whole.
      const read = await readIds(invocation, given, idsOf(noun, true))
      // Checked before any lookup: what could not go into a path is refused with nothing sent (a name is checked as an ID is).
      for (const id of read) pathId(id, `a ${noun} ID`)
      // Asked first, as given (a refusal sends nothing, not even the lookup); then names become IDs.
      if (!dryRun && confirm) await confirmDeletion(noun, read, yes)
      const ids = resolve && (!dryRun || (await canLookUp(invocation))) ? [...new Set(await resolve(invocation, read))] : read
      for (const id of ids) pathId(id, `a ${noun} ID`)
      if (dryRun)
        return showDryRun(
          invocation,
          ids.map((id) => request(id)),
        )
      // The ID as typed (or read from standard input) is echoed: bidirectional overrides shown as "?" (printable).
      await eachId(invocation, ids, {done: (id) => `${done} ${noun} ${printable(id)}.`, noun, request})
    },
  })
}
