/**
 * What the dedicated commands (mail, calendar, drive, account) do with the
 * runtime, as functions over an Invocation: one call that keeps the
 * answer's bytes and reports a failure as the raw command does, the three
 * output formats of an answer or of data the tool composed, a mutation's
 * ID on stdout, and --dry-run. DedicatedCommand and ProtonCommand expose
 * them as protected methods for sibling plugins.
 */
import {type Answer, type Failure, type Outcome, readAnswer} from '../output/api-answer.ts'
import {buildRequestUrl, parseBaseUrl} from '../http/api-url.ts'
import type {ApiRequest} from '../http/client.ts'
import {commandLine} from './command-names.ts'
import {DEFAULT_API_URL} from '../contract/contract.ts'
import {dryRunEntries, dryRunText, type PlannedRequest} from '../request/dry-run.ts'
import type {ExitStatus} from './exit-status.ts'
import type {Invocation} from './invocation.ts'
import type {JsonValue} from '../output/json-value.ts'
import {bodyShape, describeRefusedRedirect} from '../output/api-error.ts'
import {escapeLine, TextEscaper} from '../output/escape.ts'
import {toYaml, writeJsonSource} from '../output/output.ts'
import {bufferSource} from '../output/spool.ts'
import {type Listing, listingTable, tableStyle, type TableStyle} from '../output/table-style.ts'
import {rememberListing} from '../files/last-listing.ts'
import type {ActiveSession} from '../session/session.ts'

/** One session per run, read on the first call. */
const sessions = new WeakMap<Invocation, Promise<ActiveSession>>()

/** The session this run's requests use, read once. */
export function activeSession(invocation: Invocation): Promise<ActiveSession> {
  let session = sessions.get(invocation)
  if (!session) {
    session = invocation.session()
    sessions.set(invocation, session)
  }

  return session
}

/** Send one request; an API error is reported (after `subject`, when given: see tryCall) and ends the command with its exit status. */
export async function call(invocation: Invocation, planned: PlannedRequest, subject?: string): Promise<Answer> {
  const outcome = await tryCall(invocation, planned, subject)
  if (typeof outcome === 'number') invocation.exit(outcome)
  return outcome
}

/**
 * Send one request; an API error is reported as the raw command reports
 * it (the service's JSON on stdout with --output json only, one line on
 * stderr) and its exit status returned instead of an answer. `subject`
 * (`calendar <id>`) begins the error line, for commands that send one
 * request per ID.
 */
export async function tryCall(invocation: Invocation, planned: PlannedRequest, subject?: string): Promise<Answer | ExitStatus> {
  return settle(invocation, await attempt(invocation, planned), subject)
}

/**
 * Send one request and read its answer, reporting nothing: the answer, or
 * the failure for the caller to report (a command that answers for many
 * items in one request, say). Network failures and the timeout still throw.
 * `retry: false`: never sent twice (see ApiRequest).
 */
export async function attempt(invocation: Invocation, planned: PlannedRequest, options: Pick<ApiRequest, 'retry'> = {}): Promise<Outcome> {
  const session = await activeSession(invocation)
  const body = planned.body === undefined ? undefined : Buffer.from(JSON.stringify(planned.body))
  const url = buildRequestUrl(session.apiUrl, planned.path, planned.query)
  const response = await invocation.request(session, {body, method: planned.method, url, ...options})
  if (response.refusedRedirect) invocation.note(describeRefusedRedirect(response.statusCode, response.refusedRedirect))
  return readAnswer(response)
}

/** An outcome as tryCall gives it: the answer, or the failure reported (after `subject`, when given) and its exit status. */
export async function settle(invocation: Invocation, outcome: Outcome, subject?: string): Promise<Answer | ExitStatus> {
  if (!outcome.ok) {
    await report(invocation, outcome.failure, subject)
    return outcome.failure.exitStatus
  }

  return outcome.answer
}

/**
 * A failure in one line on stderr. A body that is not JSON (an
 * intermediary's page, an answer cut short) is described, not printed: it
 * may be pages long, and a cut answer may hold anything (an armored private
 * key of `account show`'s); --verbose prints it before the line, escaped.
 */
async function report(invocation: Invocation, failure: Failure, subject?: string): Promise<void> {
  const {stderr, stdout} = invocation.io
  const message = subject === undefined ? failure.message : `${subject}: ${failure.message}`
  if (failure.notJson) {
    if (invocation.flags.verbose) {
      // The service's text on a terminal: its control characters escaped.
      const escaper = new TextEscaper()
      stderr.write(escaper.write(failure.notJson) + escaper.end())
      if (failure.notJson.at(-1) !== 0x0a) stderr.write('\n')
    }

    stderr.write(`Error: ${message}: ${bodyShape(failure.notJson)}${invocation.flags.verbose ? '' : ' (--verbose prints it)'}\n`)
    return
  }

  invocation.expectExit(failure.exitStatus)
  // Awaited: the command exits right after, and a pipe takes 64 KiB at a time.
  if (failure.json && invocation.flags.output === 'json') await writeJsonSource(bufferSource(failure.json), 'json', stdout)
  invocation.note(`Error: ${message}`)
}

/** An answer in the chosen format: its bytes (json), YAML with exact integers, or the text rendering. */
export async function show(invocation: Invocation, answer: Answer, text: (data: JsonValue | undefined) => string): Promise<void> {
  const {stdout} = invocation.io
  const {output} = invocation.flags
  if (output === 'json' && invocation.filtering) await invocation.printFiltered([answer.body])
  else if (output === 'json') await writeJsonSource(bufferSource(answer.body), 'json', stdout, {env: invocation.io.env})
  else if (output === 'yaml') stdout.write(await toYaml(answer.data ?? null))
  else {
    const rendered = text(answer.data)
    if (rendered) stdout.write(`${rendered}\n`)
  }
}

/**
 * A list in text (table-style.ts): the table on stdout; its footer after
 * it on a terminal, on stderr when piped; and, on a terminal, its IDs kept
 * so that one cut in the table can be given back (last-listing.ts).
 */
export function writeListing(invocation: Invocation, listing: Listing, style: TableStyle = tableStyle(invocation.io)): void {
  const {stdout} = invocation.io
  const table = listingTable(style, listing)
  if (table) stdout.write(`${table}\n`)
  if (listing.footer !== undefined) {
    if (style.piped) invocation.note(listing.footer)
    else stdout.write(`${listing.footer}\n`)
  }

  if (!style.piped && listing.kind && listing.ids) rememberListing(invocation.context.cacheDir, listing.kind, listing.ids)
}

/** An answer shown as a list: json and yaml as show() prints them, text by writeListing. */
export async function showListing(invocation: Invocation, answer: Answer, view: (data: JsonValue | undefined, style: TableStyle) => Listing): Promise<void> {
  if (invocation.flags.output !== 'text') return show(invocation, answer, () => '')
  const style = tableStyle(invocation.io)
  writeListing(invocation, view(answer.data, style), style)
}

/**
 * A mutation's answer: its new ID alone on stdout in text mode, the confirmation on stderr, escaped: it repeats a
 * name as given (or as the service stored it) and the service's ID, either of which may hold control characters.
 */
export async function showCreated(invocation: Invocation, answer: Answer, id: (data: JsonValue | undefined) => string, confirmation: (id: string) => string): Promise<void> {
  let created: string | undefined
  try {
    created = id(answer.data)
  } catch (error) {
    // --output json|yaml shows the answer whatever its ID: that is where the error line sends the user.
    if (invocation.flags.output === 'text') throw error
  }

  await show(invocation, answer, () => created ?? '')
  if (created !== undefined) invocation.note(escapeLine(confirmation(created)))
}

/**
 * Data the tool composed itself (not a service answer): JSON or YAML as
 * asked, else the text rendering.
 */
export async function printData(invocation: Invocation, value: unknown, text: () => string): Promise<void> {
  const {stdout} = invocation.io
  if (invocation.flags.output !== 'text') await invocation.printStructured(value)
  else {
    const rendered = text()
    if (rendered) stdout.write(`${rendered}\n`)
  }
}

/**
 * --dry-run: the requests, nothing sent, no network. The base URL is the
 * session's when there is one (reading the session file is local), else
 * --api-url or the default, with a note that a real run needs a login.
 */
export async function showDryRun(invocation: Invocation, requests: readonly PlannedRequest[]): Promise<void> {
  await invocation.checkFilter()
  const entries = dryRunEntries(await dryRunBase(invocation), requests)
  await printData(invocation, entries, () => dryRunText(entries))
  invocation.note(`Dry run: ${requests.length === 1 ? 'the request was' : `${requests.length} requests were`} not sent.`)
}

/**
 * Whether there is a session to send with (the environment's, or the
 * profile's file): a dry run then checks what it can with GET requests
 * (label and folder names), and says what it could not check otherwise.
 */
export async function canLookUp(invocation: Invocation): Promise<boolean> {
  const {env} = invocation.io
  return Boolean(env.PROTON_UID || env.PROTON_ACCESS_TOKEN) || (await invocation.sessions.read(invocation.flags.profile)) !== undefined
}

async function dryRunBase(invocation: Invocation): Promise<URL> {
  const {profile} = invocation.flags
  if (await canLookUp(invocation)) return (await activeSession(invocation)).apiUrl
  invocation.note(`Note: not logged in (profile ${profile}); a real run needs "${commandLine(invocation.context.names, 'auth:login')}" first.`)
  return parseBaseUrl(invocation.flags['api-url'] ?? DEFAULT_API_URL)
}
