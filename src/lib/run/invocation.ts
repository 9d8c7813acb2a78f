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

import {printAnswer, printHead, printResponse} from './answer-printer.ts'
import type {CommandNames} from '../core/command-names.ts'
import {describeFailure} from '../core/errors.ts'
import {sendKept, sendStreamed, sendWhole, transportFor} from './exchange.ts'
import {EXIT} from '../core/exit-status.ts'
import type {ApiRequest, ApiResponse, Received, Receiver, ResponseHead, TransportOptions} from '../http/client.ts'
import type {SizeBound} from '../http/max-size.ts'
import {interruptSignal} from '../core/interrupt.ts'
import type {JqFilter} from './jq.ts'
import {Progress} from '../output/progress.ts'
import {type OutputStream, structuredText, writeSource} from '../output/output.ts'
import type {GlobalFlags} from '../cli/global-flags.ts'
import type {ReceivedBody} from '../output/received.ts'
import {type ActiveSession, resolveSession} from '../session/session.ts'
import {type ByteSource, bufferSource, readAll, Spool} from '../output/spool.ts'
import {escapeLine} from '../core/escape.ts'
import {SessionStore} from '../session/store.ts'

export type {GlobalFlags} from '../cli/global-flags.ts'

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
    const {JqFilter, jqArg} = await import('./jq.ts')
    const pairs = (this.flags['jq-arg'] ?? []).map((text) => jqArg(text))
    // jq-wasm's JavaScript (130 KB) compiled once, then from Node's compile cache in the user's cache directory.
    const {enableOwnCompileCache} = await import('../files/compile-cache.ts')
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
    const {JQ_INPUT_LIMIT, formatResults} = await import('./jq.ts')
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
    return transportFor(this, session)
  }

  /** One request, its answer whole in memory (exchange.ts: sendWhole). */
  async request(session: ActiveSession, request: ApiRequest): Promise<ApiResponse> {
    return sendWhole(this, session, request)
  }

  /** One request, its answer's body handed to the writer `receive` makes (exchange.ts: sendStreamed). */
  async stream<B>(session: ActiveSession, request: ApiRequest, receive: Receiver<B>, bytesOf: (body: B) => Promise<Buffer | undefined>): Promise<Received<B>> {
    return sendStreamed(this, session, request, receive, bytesOf)
  }

  /** A spool for this run's answers, under <cacheDir>/spool (see spool.ts); close it when done. */
  spool(): Spool {
    return new Spool(join(this.context.cacheDir, 'spool'))
  }

  /** One request, its answer of any size kept in `spool` (or the --output-file), never whole in memory (exchange.ts: sendKept). */
  async receive(session: ActiveSession, request: ApiRequest, spool: Spool, options: ReceiveOptions = {}): Promise<Received<ReceivedBody>> {
    return sendKept(this, session, request, spool, options)
  }

  /** Print an API answer as the raw command does and exit with its status (answer-printer.ts: printResponse). */
  async printResponse(response: ApiResponse, display: Display = {}): Promise<void> {
    return printResponse(this, response, display)
  }

  /** printResponse for an answer that was checked while it arrived (receive): see answer-printer.ts, printAnswer. */
  async printAnswer(answer: Received<ReceivedBody>, display: Display = {}): Promise<void> {
    return printAnswer(this, answer, display)
  }

  /** -i: an answer's status line and headers on stderr, escaped. */
  printHead(head: ResponseHead): void {
    printHead(this, head)
  }
}
