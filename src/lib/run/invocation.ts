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
import {type ReceiveOptions, sendKept, sendStreamed, sendWhole, transportFor} from './exchange.ts'
import type {ApiRequest, ApiResponse, Received, Receiver, ResponseHead, TransportOptions} from '../http/client.ts'
import {Progress} from '../output/progress.ts'
import type {GlobalFlags} from '../cli/global-flags.ts'
import type {ReceivedBody} from '../output/received.ts'
import {type ActiveSession, resolveSession} from '../session/session.ts'
import {type ByteSource, Spool} from '../output/spool.ts'
import {SessionStore} from '../session/store.ts'
import {expectExitStatus, guardStdout, type Io, processIo} from './process-io.ts'
import {StructuredOutput} from './structured-output.ts'

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

/** Thrown to end a command with a status once everything it had to say is said. */
export class CommandExit extends Error {
  readonly status: number

  constructor(status: number) {
    super(`exit ${status}`)
    this.name = 'CommandExit'
    this.status = status
  }
}

export class Invocation {
  readonly flags: GlobalFlags
  readonly context: RunContext
  readonly io: Io

  constructor(flags: GlobalFlags, context: RunContext, io: Io = processIo()) {
    this.flags = flags
    this.context = context
    this.io = io
    this.data = new StructuredOutput(flags, context.cacheDir, io)
    if (io.stdout === process.stdout) guardStdout()
  }

  /** --output json|yaml and --jq (StructuredOutput). */
  private readonly data: StructuredOutput

  /** --jq given: the JSON this command prints goes through the filter. */
  get filtering(): boolean {
    return this.flags.jq !== undefined
  }

  /** Before the command does anything: with --jq, its --jq-arg checked and jq loading (StructuredOutput.prepare). */
  async prepare(): Promise<void> {
    return this.data.prepare()
  }

  /** With --jq, compile the filter now, once (StructuredOutput.checkFilter). */
  async checkFilter(): Promise<void> {
    return this.data.checkFilter()
  }

  /** After the command: see checkFilter. */
  async finish(): Promise<void> {
    await this.checkFilter()
  }

  /** JSON documents through the --jq filter, the results on stdout (StructuredOutput.printFiltered). */
  async printFiltered(documents: ReadonlyArray<ByteSource | Uint8Array | string>): Promise<void> {
    return this.data.printFiltered(documents)
  }

  /** Data the tool composed (not a service answer) as JSON or YAML, as --output asks, or through --jq. */
  async printStructured(value: unknown): Promise<void> {
    return this.data.printStructured(value)
  }

  /** End the command with this status (see CommandExit). */
  exit(status: number): never {
    throw new CommandExit(status)
  }

  /** The status this command will exit with, known before its output is written (see guardStdout). */
  expectExit(status: number): void {
    expectExitStatus(status)
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
