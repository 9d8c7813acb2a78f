/**
 * What the message actions (trash, move, star, unstar, label, mark,
 * delete) share: the IDs sent at most BATCH_MAX a request, as go-proton-api
 * chunks every message action (message.go: xslices.Chunk(messageIDs,
 * maxPageSize)), one request after another; and the service's answer read
 * per item. The service answers such a request with Code 1001 and one
 * Response per ID ({"ID", "Response": {"Code", "Error"}}; go-proton-api
 * LabelMessagesRes, message_types.go): an ID it refused is reported on
 * stderr with its error, and the others are done all the same (unlike
 * go-proton-api, which undoes the earlier chunks when one fails). A request
 * refused as a whole refuses each of its IDs; after a failure that later
 * requests would meet as well (authentication, the network, 429, 5xx) the
 * rest are not sent. A signal (SIGINT, SIGTERM, SIGHUP: core/interrupt.ts)
 * aborts the request in flight, whose IDs may or may not have been
 * applied, and no other is sent; the report follows as usual, then the
 * process ends by the signal. The exit status is the gravest of all
 * (exit-status.ts gravest: a network failure's 5 over an earlier 2501's 3).
 *
 * Output: --output json and yaml give the per-item results in the
 * service's own shape, every request's together: {"Code": 1001,
 * "Responses": [{"ID", "Response": {"Code", "Error"}}, …]}; an ID the
 * service did not answer for carries the error and its Outcome, "unknown"
 * (sent, no answer) or "not-sent", and an interrupted run's document says
 * "Interrupted": "SIGINT" (or the signal it was). Text prints nothing on
 * stdout: on stderr, a line per ID not done, then a count of each kind.
 */
import {SUCCESS_CODES} from '../contract/contract.ts'
import {codeText, errorText} from '../output/api-error.ts'
import type {Failure} from '../output/api-answer.ts'
import {type JsonValue, parseExact, stringifyExact} from '../core/json-value.ts'
import {toYaml} from '../output/output.ts'
import {isRecord, type JsonRecord} from '../core/records.ts'
import type {PlannedRequest} from './dry-run.ts'
import {attempt} from './api.ts'
import {showDryRun} from './printer.ts'
import {CliFailure, oneLine} from '../core/errors.ts'
import {EXIT, type ExitStatus, exitStatusForResponse, gravest} from '../core/exit-status.ts'
import {interruptedBy, interruptionText, interruptSignal, reportingInterruption} from '../core/interrupt.ts'
import type {Invocation} from './invocation.ts'

/** At most this many IDs a request: go-proton-api's maxPageSize (paging.go), by which message.go chunks every action. */
export const BATCH_MAX = 150
/** The Code of an answer per item (go-proton-api MultiCode). */
const MULTI_CODE = 1001

export interface BatchAction {
  /** The request for one chunk of IDs. */
  request(ids: string[]): PlannedRequest
  /** The confirmation's verb and what follows the count: "Moved", " to trash". */
  verb: string
  after?: string
  /** What an ID names, in the confirmation and the error lines: "message" (default), "contact". */
  noun?: string
}

export interface ItemResult {
  ID: string
  Response: JsonValue
}

/**
 * What became of an ID the service did not answer for: never sent (after an interruption, or a failure the next
 * request would meet too), or sent without an answer (interrupted, the network, the timeout): it may or may not
 * have been applied.
 */
export type Outcome = 'not-sent' | 'unknown'

export interface Refusal {
  id: string
  /** The cause, for the stderr line. */
  cause: string
  status: ExitStatus
  /** Set when the service did not answer for it. */
  outcome?: Outcome
}

export function chunked<T>(list: readonly T[], size = BATCH_MAX): T[][] {
  const chunks: T[][] = []
  for (let start = 0; start < list.length; start += size) chunks.push(list.slice(start, start + size))
  return chunks
}

const count = (n: number, noun = 'message') => `${n} ${noun}${n === 1 ? '' : 's'}`

/** An item's Response, judged: undefined when it went through, else why not and with which exit status. */
function refusalOf(id: string, response: JsonValue | undefined): Refusal | undefined {
  if (!isRecord(response)) return {cause: 'the answer carries no Response for it', id, status: EXIT.UNAVAILABLE}
  const {Code: code, Error: error} = response
  if (typeof code === 'number' && SUCCESS_CODES.has(code)) return undefined
  const text = typeof error === 'string' && error !== '' ? `: ${errorText(error)}` : ''
  if (typeof code !== 'number' || !Number.isInteger(code)) return {cause: `refused without a Code${text}`, id, status: EXIT.USAGE}
  return {cause: `${codeText(code)}${text}`, id, status: exitStatusForResponse(200, code)}
}

/**
 * The per-item results of one answer for `ids`: its Responses, each ID
 * once; an answer without Responses (a plain Code 1000) accepted them all;
 * an ID its Responses leave out is refused.
 */
export function itemResults(ids: readonly string[], data: JsonValue | undefined, noun = 'message'): ItemResult[] {
  const responses = isRecord(data) && Array.isArray(data.Responses) ? data.Responses.filter((item): item is JsonRecord => isRecord(item)) : undefined
  return ids.map((id) => {
    if (responses === undefined) return {ID: id, Response: {Code: isRecord(data) && typeof data.Code === 'number' ? data.Code : 1000}}
    const item = responses.find((candidate) => candidate.ID === id)
    return {ID: id, Response: item?.Response ?? {Error: `the service’s answer does not mention this ${noun}`}}
  })
}

/** A request refused as a whole: each of its IDs carries its Code and Error (or the error line when it has none). */
function refusedWhole(ids: readonly string[], failure: Failure): ItemResult[] {
  let envelope: JsonValue | undefined
  try {
    envelope = failure.json ? parseExact(failure.json.toString('utf8')) : undefined
  } catch {
    envelope = undefined
  }

  const code = isRecord(envelope) && typeof envelope.Code === 'number' ? envelope.Code : undefined
  const error = isRecord(envelope) && typeof envelope.Error === 'string' ? envelope.Error : failure.message
  const response: JsonRecord = code === undefined ? {Error: error} : {Code: code, Error: error}
  return ids.map((id) => ({ID: id, Response: response}))
}

/** Failures that the next request would meet too: no point sending it. */
const STOPS: ReadonlySet<ExitStatus> = new Set([EXIT.AUTH, EXIT.UNAVAILABLE])

/** Send the action for every ID (chunked), report each refusal, print the results, exit with the gravest status. */
export async function runBatch(invocation: Invocation, ids: readonly string[], action: BatchAction, options: {dryRun: boolean; lookups?: PlannedRequest[]}): Promise<void> {
  const chunks = chunked(ids)
  if (options.dryRun) {
    const noun = action.noun ?? 'message'
    invocation.note(`Not checked: that the ${ids.length === 1 ? `${noun} exists` : `${ids.length} ${noun}s exist`} (the service answers for each ID when the requests are sent).`)
    return showDryRun(invocation, [...(options.lookups ?? []), ...chunks.map((chunk) => action.request(chunk))])
  }

  const signal = interruptSignal()
  const results: ItemResult[] = []
  const refusals: Refusal[] = []
  /** IDs the service did not answer for: `cause` for each, and what became of them. */
  const unanswered = (chunk: readonly string[], cause: string, status: ExitStatus, outcome: Outcome) => {
    results.push(...chunk.map((id) => ({ID: id, Response: {Error: cause, Outcome: outcome}})))
    refusals.push(...chunk.map((id) => ({cause, id, outcome, status})))
  }

  let stopped: {cause: string; status: ExitStatus} | undefined
  // Over many IDs (more than one request), how far it got, on a terminal.
  const progress = invocation.progress()
  let sent = 0
  for (const chunk of chunks) {
    if (!stopped && signal.aborted) stopped = {cause: interruptionText(), status: EXIT.INTERRUPTED}
    if (chunks.length > 1) progress.update(`${sent} of ${ids.length} ${action.noun ?? 'message'}s`)
    sent += chunk.length
    if (stopped) {
      unanswered(chunk, `not sent: ${stopped.cause}`, stopped.status, 'not-sent')
      continue
    }

    let outcome: Awaited<ReturnType<typeof attempt>>
    try {
      outcome = await attempt(invocation, action.request(chunk))
    } catch (error) {
      // The network, the timeout, a signal: the request may or may not have been applied.
      if (!(error instanceof CliFailure)) throw error
      if (error.exitStatus === EXIT.INTERRUPTED) {
        unanswered(chunk, `${interruptionText()} while its request was in flight: it may or may not have been applied`, EXIT.INTERRUPTED, 'unknown')
        stopped = {cause: interruptionText(), status: EXIT.INTERRUPTED}
        continue
      }

      unanswered(chunk, `${oneLine(error.message)} (it may or may not have been applied)`, error.exitStatus, 'unknown')
      stopped = {cause: `an earlier request failed (${oneLine(error.message)})`, status: error.exitStatus}
      continue
    }

    if (!outcome.ok) {
      const {failure} = outcome
      results.push(...refusedWhole(chunk, failure))
      refusals.push(...chunk.map((id) => ({cause: failure.message, id, status: failure.exitStatus})))
      if (STOPS.has(failure.exitStatus)) stopped = {cause: `an earlier request failed (${failure.message})`, status: failure.exitStatus}
      continue
    }

    for (const result of itemResults(chunk, outcome.answer.data, action.noun)) {
      results.push(result)
      const refusal = refusalOf(result.ID, result.Response)
      if (refusal) refusals.push(refusal)
    }
  }

  progress.clear()
  const interrupted = interruptedBy()
  if (interrupted) reportingInterruption()
  const status = gravest(refusals.map((refusal) => refusal.status))
  invocation.expectExit(status)
  const {output} = invocation.flags
  const document = {Code: MULTI_CODE, Responses: results, ...(interrupted ? {Interrupted: interrupted} : {})} as unknown as JsonValue
  if (output === 'json' && invocation.filtering) await invocation.printFiltered([stringifyExact(document)])
  else if (output === 'json') invocation.io.stdout.write(`${stringifyExact(document, 2)}\n`)
  else if (output === 'yaml') invocation.io.stdout.write(await toYaml(document))
  const noun = action.noun ?? 'message'
  for (const refusal of refusals) invocation.note(`Error: ${noun} ${refusal.id}: ${refusal.cause}`)
  invocation.note(summary(ids.length, refusals, action))
  if (interrupted) invocation.io.stderr.write(`Error: ${interruptionText()}\n`)
  if (status !== EXIT.OK) invocation.exit(status)
}

/** The closing line: how many were done, and how many were refused, may or may not have been applied, were not sent. */
export function summary(total: number, refusals: readonly Refusal[], action: Pick<BatchAction, 'after' | 'noun' | 'verb'>): string {
  const counted = (outcome?: Outcome) => refusals.filter((refusal) => refusal.outcome === outcome).length
  const done = total - refusals.length
  const how = done === total ? count(total, action.noun) : `${done} of ${count(total, action.noun)}`
  const parts = [
    [counted(undefined), 'refused'],
    [counted('unknown'), 'may or may not have been applied'],
    [counted('not-sent'), 'not sent'],
  ] as const
  const rest = parts.filter(([n]) => n > 0).map(([n, what]) => `; ${n} ${what}`)
  return `${action.verb} ${how}${action.after ?? ''}${rest.join('')}.`
}
