/**
 * How the dedicated commands (mail, calendar, drive, account) send, as
 * functions over an Invocation: the session read once, one call that keeps
 * the answer's bytes and reports a failure as the raw command does. How
 * they print is printer.ts. DedicatedCommand and ProtonCommand expose both
 * as protected methods for sibling plugins.
 */
import {type Answer, type Failure, type Outcome, readAnswer} from '../output/api-answer.ts'
import {buildRequestUrl} from '../http/api-url.ts'
import type {ApiRequest} from '../http/client.ts'
import type {PlannedRequest} from './dry-run.ts'
import type {ExitStatus} from '../core/exit-status.ts'
import type {Invocation} from './invocation.ts'
import {bodyShape, describeRefusedRedirect} from '../output/api-error.ts'
import {TextEscaper} from '../core/escape.ts'
import {bufferSource} from '../output/spool.ts'
import {writeJsonSource} from '../output/output.ts'
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
export async function attempt(invocation: Invocation, planned: PlannedRequest, options: Pick<ApiRequest, 'retry'> & {silent?: boolean} = {}): Promise<Outcome> {
  const session = await activeSession(invocation)
  const body = planned.body === undefined ? undefined : Buffer.from(JSON.stringify(planned.body))
  const url = buildRequestUrl(session.apiUrl, planned.path, planned.query)
  const response = await invocation.request(session, {body, method: planned.method, retry: options.retry, url})
  // `silent`: not even a refused redirect is said (callQuietly: said, if it matters, when the request is made again).
  if (response.refusedRedirect && !options.silent) invocation.note(describeRefusedRedirect(response.statusCode, response.refusedRedirect))
  return readAnswer(response)
}

/**
 * Send one request and read its answer, reporting nothing: a failure throws. For what is asked ahead of knowing it is
 * wanted (a calendar whose ID only looks like one); asked again with call when it is wanted and failed.
 */
export async function callQuietly(invocation: Invocation, planned: PlannedRequest): Promise<Answer> {
  const outcome = await attempt(invocation, planned, {silent: true})
  if (!outcome.ok) throw new Error(outcome.failure.message)
  return outcome.answer
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

/**
 * Whether there is a session to send with (the environment's, or the
 * profile's file): a dry run then checks what it can with GET requests
 * (label and folder names), and says what it could not check otherwise.
 */
export async function canLookUp(invocation: Invocation): Promise<boolean> {
  const {env} = invocation.io
  return Boolean(env.PROTON_UID || env.PROTON_ACCESS_TOKEN) || (await invocation.sessions.read(invocation.flags.profile)) !== undefined
}
