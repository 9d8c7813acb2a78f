/**
 * Sending one request of a run with its session, for Invocation's request,
 * stream and receive: the transport every request shares, a refresh on a
 * 401, human verification, and the answer whole in memory, streamed to a
 * writer, or kept in a spool or the --output-file.
 */
import {type ApiRequest, type ApiResponse, collectBody, createApiClient, DEFAULT_TIMEOUT_SECONDS, type Received, type Receiver, sendTo, type TransportOptions} from '../http/client.ts'
import {heldBound, maxBytesOf, type SizeBound} from '../http/max-size.ts'
import {createOutputFile} from '../output/output-file.ts'
import {fileWriter, type ReceivedBody, spoolWriter} from '../output/received.ts'
import {readAll, type Spool} from '../output/spool.ts'
import {checkHeaderValue} from '../http/headers.ts'
import {CHALLENGE_MAX_BYTES, challengeIn, COMMAND_RETRY, presetVerification, sendVerified} from '../session/human-verification.ts'
import {refreshSession} from '../session/refresh.ts'
import type {ActiveSession} from '../session/session.ts'
import {interruptSignal} from '../core/interrupt.ts'
import type {Invocation} from './invocation.ts'

/** How receive() keeps an answer, and until when it may wait for it. */
export interface ReceiveOptions {
  /** --output-file: a successful answer goes straight to the temporary file beside it. */
  outputFile?: string
  /** When the answer must be in (Date.now() milliseconds): a run of requests that --timeout bounds as one (--paginate). */
  deadline?: number
  /** An answer the command will hold whole in memory: heldBound rather than --max-size. */
  bound?: SizeBound
}

/** What x-pm-appversion says when nobody chose: what python-proton-core sends by default (proton/session/api.py). */
export const DEFAULT_APP_VERSION = 'Other'

/**
 * The app version a request announces: the one given (--app-version or
 * PROTON_APP_VERSION), else the one the session's profile logged in with
 * (kept in its file as AppVersion, as python-proton-core keeps its
 * appversion with the session), else Other.
 */
export function appVersionFor(given: string | undefined, session?: Pick<ActiveSession, 'stored'>): string {
  return given ?? session?.stored?.AppVersion ?? DEFAULT_APP_VERSION
}

/** Requests that change nothing: sent before a --jq filter is compiled (it compiles as it runs on the answer). */
const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Settings every request shares: the app version (for requests of
 * `session`, see appVersionFor), user agent, retries, timeout, Ctrl-C,
 * --verbose log.
 */
export function transportFor(invocation: Invocation, session?: ActiveSession): TransportOptions {
  return {
    appVersion: checkHeaderValue('--app-version', appVersionFor(invocation.flags['app-version'], session)),
    log: invocation.flags.verbose ? (line) => invocation.io.stderr.write(`${line}\n`) : undefined,
    maxBytes: maxBytesOf(invocation.flags['max-size']),
    retries: invocation.flags.retries,
    signal: interruptSignal(),
    timeoutSeconds: invocation.flags.timeout,
    userAgent: `proton-cli/${invocation.context.version} (unofficial)`,
  }
}

/**
 * Send one request with the session (retried as the policy allows);
 * network failures and the timeout throw (exit 5). Human verification
 * (Code 9001, or 12087: verify again) is answered with PROTON_HV_TOKEN and
 * PROTON_HV_TYPE when given, else completed on a terminal, and the request
 * sent again (see human-verification.ts). The
 * answer comes whole in memory: for answers small by nature, at most
 * heldBound (64 MiB unless --max-size is smaller; more is exit 5).
 */
export async function sendWhole(invocation: Invocation, session: ActiveSession, request: ApiRequest): Promise<ApiResponse> {
  return exchange(invocation, session, request, collectBody, (body) => body, undefined, heldBound(invocation.flags['max-size']))
}

/**
 * Send one request as `request` does, the answer's body handed chunk by chunk to the writer `receive` makes
 * once its head is in (never whole in memory; at most --max-size of it, see sendTo). `bytesOf` gives back the
 * bytes of an error answer the writer kept, to look for a human verification challenge in.
 */
export async function sendStreamed<B>(
  invocation: Invocation,
  session: ActiveSession,
  request: ApiRequest,
  receive: Receiver<B>,
  bytesOf: (body: B) => Promise<Buffer | undefined>,
): Promise<Received<B>> {
  return exchange(invocation, session, request, receive, bytesOf)
}

/**
 * Send one request as `request` does, the answer of any size checked as it
 * arrives and kept in `spool`, never whole in memory. Print it with
 * printAnswer.
 *
 * Why stdout never gets bytes as they arrive: a body that is not JSON, is
 * cut short, is retried or is interrupted must leave stdout empty, and the
 * exit status must be known before the first byte is written (a closed
 * pipe exits with it). Neither is known before the last byte: the Code may
 * follow a 400 MiB list, and any byte may break the JSON. The status line
 * does not decide it either: a 5xx's JSON body still goes to stdout, a body
 * that is not JSON to stderr. What a pipe or a terminal got cannot be taken
 * back, and a file on stdout cannot be cut back cleanly (Node has no lseek:
 * the shell's shared offset would stay past the cut). With `outputFile`, a
 * 2xx answer does go straight to the temporary file beside it: nothing is
 * published before the rename, which happens only once the Code is known
 * to be a success. Other statuses never replace the file, so their bodies
 * go to the spool, for their Error text and a verification challenge.
 */
export async function sendKept(invocation: Invocation, session: ActiveSession, request: ApiRequest, spool: Spool, options: ReceiveOptions = {}): Promise<Received<ReceivedBody>> {
  const {bound, deadline, outputFile} = options
  const receiver: Receiver<ReceivedBody> = async (head) =>
    outputFile !== undefined && head.statusCode >= 200 && head.statusCode < 300 ? fileWriter(await createOutputFile(outputFile)) : spoolWriter(spool)
  // A challenge is a short error answer: only such a body is read back to look for one.
  return exchange(invocation, session, request, receiver, async ({length, source}) => (source && length <= CHALLENGE_MAX_BYTES ? readAll(source) : undefined), deadline, bound)
}

async function exchange<B>(
  invocation: Invocation,
  session: ActiveSession,
  request: ApiRequest,
  receive: Receiver<B>,
  bytesOf: (body: B) => Buffer | Promise<Buffer | undefined>,
  runDeadline?: number,
  bound?: SizeBound,
): Promise<Received<B>> {
  if (!SAFE_METHODS.has(request.method.toUpperCase())) await invocation.checkFilter()

  const transport = {...invocation.transport(session), ...(bound ? {maxBytes: bound.bytes, maxBytesName: bound.name} : {})}
  const sending = {...transport, deadline: runDeadline}
  // Without a refresh token (an environment session may lack one), or with a token
  // given by -H, a 401 is the answer.
  // Waiting for another process's refresh ends when this request's --timeout does.
  const deadline = runDeadline ?? Date.now() + (transport.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000
  const refresh =
    session.refreshToken && request.headers?.authorization === undefined
      ? (failed: string) => refreshSession({deadline, names: invocation.context.names, session, store: invocation.sessions, transport}, failed)
      : undefined
  const client = createApiClient({...transport, refresh, session})
  const challengeOf = async (response: Received<B>) => {
    if (response.statusCode < 400) return undefined
    const body = await bytesOf(response.body)
    return body && challengeIn({...response, body}, session.apiUrl)
  }

  // Human verification: a completed one given ahead (a second run), else the person at the terminal.
  const preset = presetVerification(invocation.io.env.PROTON_HV_TOKEN, invocation.io.env.PROTON_HV_TYPE)
  const send = (verified: Record<string, string>) => sendTo(client, {...request, headers: {...verified, ...request.headers}}, receive, sending)
  return sendVerified(send, challengeOf, {hint: COMMAND_RETRY, preset, stderr: invocation.io.stderr})
}
