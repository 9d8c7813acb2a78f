/**
 * One run of a command, free of the command framework: its global flags,
 * where the tool keeps its files, its streams, environment and clock (Io),
 * and what every command does with them (the session, sending a request,
 * printing an answer, explanatory lines, the exit status). Every command's
 * plain function runs on it: under oclif (ProtonCommand) and on the fast
 * path of bin/run.js, which loads no oclif, so nothing here may import
 * @oclif/core.
 */
import {join} from 'node:path'

import {type Classified, classify} from '../output/api-answer.ts'
import {checkHeaderValue} from '../request/headers.ts'
import type {CommandNames} from './command-names.ts'
import {describeFailure} from './errors.ts'
import {EXIT} from './exit-status.ts'
import {type ApiRequest, type ApiResponse, collectBody, createApiClient, DEFAULT_TIMEOUT_SECONDS, type Received, type Receiver, type ResponseHead, sendTo, type TransportOptions} from '../http/client.ts'
import {describeRefusedRedirect} from '../output/api-error.ts'
import {CHALLENGE_MAX_BYTES, challengeIn, COMMAND_RETRY, presetVerification, sendVerified} from '../session/human-verification.ts'
import {interruptedError, interruptSignal} from './interrupt.ts'
import {createOutputFile} from '../output/output-file.ts'
import type {JqFilter} from '../output/jq.ts'
import {Progress} from '../output/progress.ts'
import {bodyFormat, type OutputStream, structuredText, writeEscapedSource, writeJsonSource, writeSource} from '../output/output.ts'
import type {GlobalFlags} from './global-flags.ts'
import {fileWriter, receivedFromBuffer, type ReceivedBody, spoolWriter} from '../output/received.ts'
import {heldBound, maxBytesOf, type SizeBound} from '../http/max-size.ts'
import {responseHeadLines} from '../http/redact.ts'
import {type ActiveSession, resolveSession} from '../session/session.ts'
import {refreshSession} from '../session/refresh.ts'
import {type ByteSource, bufferSource, readAll, Spool} from '../output/spool.ts'
import {escapeLine} from '../output/escape.ts'
import {SessionStore} from '../session/store.ts'

export type {GlobalFlags} from './global-flags.ts'

/** Where the command runs: the CLI's name and directories (the host's, inside a host CLI). */
export interface RunContext {
  /** How messages name our commands (`proton auth login`, `heroku proton:auth:login`). */
  names: CommandNames
  cacheDir: string
  configDir: string
  /** This plugin's version, for the user agent. */
  version: string
}

/** How an answer is shown: raw command flags, all off for the other commands. */
export interface Display {
  /** -i: the status line and headers on stderr. */
  include?: boolean
  /** --silent: no body on stdout. */
  silent?: boolean
  /** --output-file: the body goes to this file (atomically), nothing to stdout. */
  outputFile?: string
}

/** What a run reads and writes, and its clock: the process's, or a test's. */
export interface Io {
  readonly stdin: NodeJS.ReadableStream
  readonly stdout: OutputStream
  readonly stderr: OutputStream
  readonly env: NodeJS.ProcessEnv
  now(): Date
}

export function processIo(): Io {
  return {
    env: process.env,
    now: () => new Date(),
    stderr: process.stderr,
    // Created on first use: most runs never read it.
    get stdin() {
      return process.stdin
    },
    stdout: process.stdout,
  }
}

/** How receive() keeps an answer, and until when it may wait for it. */
export interface ReceiveOptions {
  /** --output-file: a successful answer goes straight to the temporary file beside it. */
  outputFile?: string
  /** When the answer must be in (Date.now() milliseconds): a run of requests that --timeout bounds as one (--paginate). */
  deadline?: number
  /** An answer the command will hold whole in memory: heldBound rather than --max-size. */
  bound?: SizeBound
}

/** Thrown to end a command with a status once everything it had to say is said. */
export class CommandExit extends Error {
  readonly status: number

  constructor(status: number) {
    super(`exit ${status}`)
    this.name = 'CommandExit'
    this.status = status
  }
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

/** The status a command will exit with, known before its output is written. */
let pendingExitStatus: number = EXIT.OK
let guardingStdout = false

/**
 * A reader that stops early (`| head`) closes the pipe under us: end at once,
 * quietly, with the status the answer already decided.
 */
function guardStdout(): void {
  if (guardingStdout) return
  guardingStdout = true
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') process.stderr.write(`Error: cannot write to standard output: ${error.code ?? error.message}\n`)
    process.exit(error.code === 'EPIPE' ? pendingExitStatus : EXIT.USAGE)
  })
}

/** Any failure as the user sees it: one line on stderr (a stack only with DEBUG); returns the exit status. */
export function reportFailure(error: unknown, {env, stderr}: Pick<Io, 'env' | 'stderr'> = processIo()): number {
  const {exitStatus, message} = describeFailure(error)
  if (env.DEBUG && error instanceof Error && error.stack) stderr.write(`${error.stack}\n`)
  stderr.write(`Error: ${message}\n`)
  return exitStatus
}

export class Invocation {
  readonly flags: GlobalFlags
  readonly context: RunContext
  readonly io: Io

  constructor(flags: GlobalFlags, context: RunContext, io: Io = processIo()) {
    this.flags = flags
    this.context = context
    this.io = io
    if (io.stdout === process.stdout) guardStdout()
  }

  /** jq loading (from prepare), for --jq. */
  private jq?: Promise<JqFilter>
  /** True once the filter has been compiled or run. */
  private jqUsed = false

  /** --jq given: the JSON this command prints goes through the filter. */
  get filtering(): boolean {
    return this.flags.jq !== undefined
  }

  /**
   * Before the command does anything: with --jq, its --jq-arg checked and
   * jq loading, its WebAssembly compiled off the main thread while the
   * command reads its session and sends. The filter is compiled before any
   * request that changes something (exchange), and otherwise as it runs, so
   * a broken one is refused (exit 1) before anything irreversible happens.
   */
  async prepare(): Promise<void> {
    const {jq: filter} = this.flags
    if (filter === undefined) return
    const {JqFilter, jqArg} = await import('../output/jq.ts')
    const pairs = (this.flags['jq-arg'] ?? []).map((text) => jqArg(text))
    // jq-wasm's JavaScript (130 KB) compiled once, then from Node's compile cache in the user's cache directory.
    const {enableOwnCompileCache} = await import('./compile-cache.ts')
    enableOwnCompileCache(this.context.cacheDir, this.io.env)
    this.jq = JqFilter.load(filter, pairs)
    // Awaited where it is used; a failure to load is reported there.
    this.jq.catch(() => undefined)
  }

  /**
   * With --jq, compile the filter now (once): before a request that changes
   * something, before a dry run prints, and at the end of a command nothing
   * was printed through, so a broken filter always exits 1 with nothing on stdout.
   */
  async checkFilter(): Promise<void> {
    if (!this.jq || this.jqUsed) return
    ;(await this.jq).check()
    this.jqUsed = true
  }

  /** After the command: see checkFilter. */
  async finish(): Promise<void> {
    await this.checkFilter()
  }

  /**
   * JSON documents (each the bytes --output json prints) through the --jq
   * filter, which reads them in a row as jq reads its input; the results on
   * stdout by gh's rules (jq.ts). The whole input is read first: a filter
   * that fails prints nothing.
   */
  async printFiltered(documents: ReadonlyArray<ByteSource | Uint8Array | string>): Promise<void> {
    const {JQ_INPUT_LIMIT, formatResults} = await import('../output/jq.ts')
    if (!this.jq) throw new Error('internal: --jq output before the filter was prepared')
    const jq = await this.jq
    this.jqUsed = true
    const sizes = documents.map((document) => (typeof document === 'string' ? Buffer.byteLength(document) : document.length))
    const bytes = sizes.reduce((sum, size) => sum + size + 1, 0)
    // Over the limit, run() refuses it without the bytes being read into memory.
    const texts = bytes > JQ_INPUT_LIMIT ? [] : await Promise.all(documents.map(async (document) => (typeof document === 'string' ? document : Buffer.from(document instanceof Uint8Array ? document : await readAll(document)).toString('utf8'))))
    const {results, warnings} = jq.run(texts.join('\n'), bytes)
    const {env, stderr, stdout} = this.io
    for (const line of warnings) stderr.write(`${escapeLine(line)}\n`)
    const terminal = Boolean(stdout.isTTY)
    const text = formatResults(results, terminal, terminal && !env.NO_COLOR && env.TERM !== 'dumb')
    if (text !== '') await writeSource(bufferSource(Buffer.from(text)), stdout, interruptSignal())
  }

  /** Data the tool composed (not a service answer) as JSON or YAML, as --output asks, or through --jq. */
  async printStructured(value: unknown): Promise<void> {
    const {output} = this.flags
    if (output !== 'json' && output !== 'yaml') throw new Error(`internal: printStructured with --output ${output}`)
    if (this.filtering) return this.printFiltered([JSON.stringify(value)])
    this.io.stdout.write(await structuredText(value, output, Boolean(this.io.stdout.isTTY)))
  }

  /** End the command with this status (see CommandExit). */
  exit(status: number): never {
    throw new CommandExit(status)
  }

  /** The status this command will exit with, known before its output is written (see guardStdout). */
  expectExit(status: number): void {
    pendingExitStatus = status
  }

  /** An explanatory stderr line, unless --quiet (a progress line on show is erased first). */
  note(line: string): void {
    if (this.flags.quiet) return
    this.shownProgress?.clear()
    this.io.stderr.write(`${line}\n`)
  }

  private shownProgress?: Progress

  /**
   * A progress line for long work (progress.ts): drawn only when stderr is
   * a terminal and --quiet is not given; clear() it when the work is done.
   */
  progress(): Progress {
    const {stderr} = this.io
    const progress = new Progress(stderr.isTTY && !this.flags.quiet ? stderr : undefined)
    this.shownProgress = progress
    return progress
  }

  get sessions(): SessionStore {
    return new SessionStore(this.context.configDir)
  }

  async session(): Promise<ActiveSession> {
    return resolveSession({
      apiUrl: this.flags['api-url'],
      names: this.context.names,
      env: this.io.env,
      profile: this.flags.profile,
      store: this.sessions,
    })
  }

  /**
   * Settings every request shares: the app version (for requests of
   * `session`, see appVersionFor), user agent, retries, timeout, Ctrl-C,
   * --verbose log.
   */
  transport(session?: ActiveSession): TransportOptions {
    return {
      appVersion: checkHeaderValue('--app-version', appVersionFor(this.flags['app-version'], session)),
      log: this.flags.verbose ? (line) => this.io.stderr.write(`${line}\n`) : undefined,
      maxBytes: maxBytesOf(this.flags['max-size']),
      retries: this.flags.retries,
      signal: interruptSignal(),
      timeoutSeconds: this.flags.timeout,
      userAgent: `proton-cli/${this.context.version} (unofficial)`,
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
  async request(session: ActiveSession, request: ApiRequest): Promise<ApiResponse> {
    return this.exchange(session, request, collectBody, (body) => body, undefined, heldBound(this.flags['max-size']))
  }

  /**
   * Send one request as `request` does, the answer's body handed chunk by chunk to the writer `receive` makes
   * once its head is in (never whole in memory; at most --max-size of it, see sendTo). `bytesOf` gives back the
   * bytes of an error answer the writer kept, to look for a human verification challenge in.
   */
  async stream<B>(session: ActiveSession, request: ApiRequest, receive: Receiver<B>, bytesOf: (body: B) => Promise<Buffer | undefined>): Promise<Received<B>> {
    return this.exchange(session, request, receive, bytesOf)
  }

  /** A spool for this run's answers, under <cacheDir>/spool (see spool.ts); close it when done. */
  spool(): Spool {
    return new Spool(join(this.context.cacheDir, 'spool'))
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
  async receive(session: ActiveSession, request: ApiRequest, spool: Spool, options: ReceiveOptions = {}): Promise<Received<ReceivedBody>> {
    const {bound, deadline, outputFile} = options
    const receiver: Receiver<ReceivedBody> = async (head) =>
      outputFile !== undefined && head.statusCode >= 200 && head.statusCode < 300 ? fileWriter(await createOutputFile(outputFile)) : spoolWriter(spool)
    // A challenge is a short error answer: only such a body is read back to look for one.
    return this.exchange(session, request, receiver, async ({length, source}) => (source && length <= CHALLENGE_MAX_BYTES ? readAll(source) : undefined), deadline, bound)
  }

  private async exchange<B>(
    session: ActiveSession,
    request: ApiRequest,
    receive: Receiver<B>,
    bytesOf: (body: B) => Buffer | Promise<Buffer | undefined>,
    runDeadline?: number,
    bound?: SizeBound,
  ): Promise<Received<B>> {
    if (!SAFE_METHODS.has(request.method.toUpperCase())) await this.checkFilter()

    const transport = {...this.transport(session), ...(bound ? {maxBytes: bound.bytes, maxBytesName: bound.name} : {})}
    const sending = {...transport, deadline: runDeadline}
    // Without a refresh token (an environment session may lack one), or with a token
    // given by -H, a 401 is the answer.
    // Waiting for another process's refresh ends when this request's --timeout does.
    const deadline = runDeadline ?? Date.now() + (transport.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000
    const refresh = session.refreshToken && request.headers?.authorization === undefined
      ? (failed: string) => refreshSession({deadline, names: this.context.names, session, store: this.sessions, transport}, failed)
      : undefined
    const client = createApiClient({...transport, refresh, session})
    const challengeOf = async (response: Received<B>) => {
      if (response.statusCode < 400) return undefined
      const body = await bytesOf(response.body)
      return body && challengeIn({...response, body}, session.apiUrl)
    }

    // Human verification: a completed one given ahead (a second run), else the person at the terminal.
    const preset = presetVerification(this.io.env.PROTON_HV_TOKEN, this.io.env.PROTON_HV_TYPE)
    const send = (verified: Record<string, string>) => sendTo(client, {...request, headers: {...verified, ...request.headers}}, receive, sending)
    return sendVerified(send, challengeOf, {hint: COMMAND_RETRY, preset, stderr: this.io.stderr})
  }

  /**
   * Print an API answer as the raw command does and exit with its status:
   * the JSON body on stdout, an error line on stderr, a non-JSON body on
   * stderr with exit 5. `display` carries the raw command's -i, --silent
   * and --output-file.
   */
  async printResponse(response: ApiResponse, display: Display = {}): Promise<void> {
    return this.printAnswer({...response, body: receivedFromBuffer(response.body)}, display)
  }

  /**
   * printResponse for an answer that was checked while it arrived (receive):
   * its status is known before a byte of it is printed, and the bytes are
   * copied from where they wait, chunk by chunk.
   */
  async printAnswer(answer: Received<ReceivedBody>, display: Display = {}): Promise<void> {
    const {body, refusedRedirect, statusCode} = answer
    const {stderr, stdout} = this.io
    if (display.include) this.printHead(answer)
    if (refusedRedirect) this.note(describeRefusedRedirect(statusCode, refusedRedirect))
    const verdict = classify(answer, body.length, () => body.sniff)
    if (display.outputFile !== undefined) return this.saveBody(body, verdict, display.outputFile)
    const {signal} = this.transport()
    if (verdict.kind === 'not-json') {
      // Shown for a person to read, its control characters escaped: it is the service's text on a terminal.
      if (body.source) await writeEscapedSource(body.source, stderr, signal)
      if (body.lastByte !== 0x0a) stderr.write('\n')
      stderr.write(`Error: ${verdict.message}\n`)
      this.exit(verdict.exitStatus)
    }

    const status = verdict.exitStatus
    if (verdict.kind === 'json') {
      this.expectExit(status)
      const note = (line: string) => this.note(line)
      // With --jq a successful answer is filtered; an error's body is printed as received, as gh does.
      if (!display.silent && body.source && this.filtering && status === EXIT.OK) await this.printFiltered([body.source])
      else if (!display.silent && body.source) await writeJsonSource(body.source, bodyFormat(this.flags.output), stdout, {depth: body.depth, env: this.io.env, note, signal})
    }

    if (status !== EXIT.OK) {
      this.note(`Error: ${verdict.message}`)
      this.exit(status)
    }
  }

  /** -i: an answer's status line and headers on stderr, escaped. */
  printHead(head: ResponseHead): void {
    for (const line of responseHeadLines('', head)) this.io.stderr.write(`${line}\n`)
  }

  /**
   * --output-file: a successful answer's body, JSON or not, replaces the file;
   * a failure leaves the file alone and is reported as usual, but on stderr.
   */
  private async saveBody(body: ReceivedBody, answer: Classified, path: string): Promise<void> {
    const verdict = answer.kind === 'not-json' ? answer.byStatus : answer
    if (verdict.exitStatus === EXIT.OK) {
      // Streamed into the temporary file already, or (a merged --paginate answer) written now.
      const file = body.file ?? (await createOutputFile(path))
      try {
        const {signal} = this.transport()
        for await (const chunk of body.file ? [] : (body.source?.chunks() ?? [])) {
          if (signal?.aborted) throw interruptedError()
          await file.write(chunk)
        }

        await file.commit()
      } catch (error) {
        await file.abandon()
        throw error
      }

      return
    }

    await body.file?.abandon()
    this.note(`Error: ${verdict.message} (${path} left as it was)`)
    this.exit(verdict.exitStatus)
  }
}
