/**
 * One run of a command, free of the command framework: its global flags,
 * where the tool keeps its files, its streams, environment and clock (Io),
 * and what every command does with them (the session, sending a request,
 * printing an answer, explanatory lines, the exit status). Every command's
 * plain function runs on it: under oclif (ProtonCommand) and on the fast
 * path of bin/run.js, which loads no oclif, so nothing here may import
 * @oclif/core.
 */
import {type Classified, classifyAnswer} from '../output/api-answer.ts'
import type {CommandNames} from './command-names.ts'
import {authError, describeFailure} from './errors.ts'
import {EXIT} from './exit-status.ts'
import {type ApiRequest, type ApiResponse, createApiClient, send, type TransportOptions} from '../http/client.ts'
import {challengeIn, completeOnTerminal, verificationHeaders} from '../session/human-verification.ts'
import {interruptSignal} from './interrupt.ts'
import {writeFileAtomically} from '../output/output-file.ts'
import {type OutputStream, writeJsonBody} from '../output/output.ts'
import type {GlobalFlags} from './global-flags.ts'
import {headerLines} from '../http/redact.ts'
import {type ActiveSession, resolveSession} from '../session/session.ts'
import {refreshSession} from '../session/refresh.ts'
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

  /** End the command with this status (see CommandExit). */
  exit(status: number): never {
    throw new CommandExit(status)
  }

  /** The status this command will exit with, known before its output is written (see guardStdout). */
  expectExit(status: number): void {
    pendingExitStatus = status
  }

  /** An explanatory stderr line, unless --quiet. */
  note(line: string): void {
    if (!this.flags.quiet) this.io.stderr.write(`${line}\n`)
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

  /** Settings every request shares: app version, user agent, retries, timeout, Ctrl-C, --verbose log. */
  transport(): TransportOptions {
    return {
      appVersion: this.flags['app-version'],
      log: this.flags.verbose ? (line) => this.io.stderr.write(`${line}\n`) : undefined,
      retries: this.flags.retries,
      signal: interruptSignal(),
      timeoutSeconds: this.flags.timeout,
      userAgent: `proton-cli/${this.context.version} (unofficial)`,
    }
  }

  /**
   * Send one request with the session (retried as the policy allows);
   * network failures and the timeout throw (exit 5). Human verification
   * (Code 9001) is completed on a terminal and the request sent again.
   */
  async request(session: ActiveSession, request: ApiRequest): Promise<ApiResponse> {
    const transport = this.transport()
    // Without a refresh token (an environment session may lack one), or with a token
    // given by -H, a 401 is the answer.
    const refresh = session.refreshToken && request.headers?.authorization === undefined
      ? (failed: string) => refreshSession({names: this.context.names, session, store: this.sessions, transport}, failed)
      : undefined
    const client = createApiClient({...transport, refresh, session})
    const response = await send(client, request, transport)
    const challenge = challengeIn(response)
    if (!challenge) return response
    const method = await completeOnTerminal(challenge, 'complete it, then run the command again from a terminal')
    const again = await send(client, {...request, headers: {...request.headers, ...verificationHeaders(challenge, method)}}, transport)
    if (challengeIn(again)) throw authError('the service did not accept the human verification')
    return again
  }

  /**
   * Print an API answer as the raw command does and exit with its status:
   * the JSON body on stdout, an error line on stderr, a non-JSON body on
   * stderr with exit 5. `display` carries the raw command's -i, --silent
   * and --output-file.
   */
  async printResponse(response: ApiResponse, display: Display = {}): Promise<void> {
    const {body, refusedRedirect, statusCode, statusMessage} = response
    const {stderr} = this.io
    if (display.include) {
      stderr.write(`HTTP/${response.httpVersion} ${statusCode} ${statusMessage}`.trimEnd() + '\n')
      for (const line of headerLines('', response.headers)) stderr.write(`${line}\n`)
    }

    if (refusedRedirect) this.note(`HTTP ${statusCode}: redirect to ${refusedRedirect} not followed (credentials stay with the session's origin)`)
    const answer = classifyAnswer(response)
    if (display.outputFile !== undefined) return this.saveBody(body, answer, display.outputFile)
    if (answer.kind === 'not-json') {
      stderr.write(body)
      if (body.at(-1) !== 0x0a) stderr.write('\n')
      stderr.write(`Error: ${answer.message}\n`)
      this.exit(answer.exitStatus)
    }

    const status = answer.exitStatus
    if (answer.kind === 'json') {
      this.expectExit(status)
      if (!display.silent) await writeJsonBody(body, this.flags.output, this.io.stdout, this.io.env)
      if (!answer.envelope.valid) this.note('Warning: the answer’s Code is not an integer; its exit status follows the HTTP status')
    }

    if (status !== EXIT.OK) {
      this.note(`Error: ${answer.message}`)
      this.exit(status)
    }
  }

  /**
   * --output-file: a successful answer's body, JSON or not, replaces the file;
   * a failure leaves the file alone and is reported as usual, but on stderr.
   */
  private async saveBody(body: Buffer, answer: Classified, path: string): Promise<void> {
    const verdict = answer.kind === 'not-json' ? answer.byStatus : answer
    if (verdict.exitStatus === EXIT.OK) {
      await writeFileAtomically(path, body)
      return
    }

    this.note(`Error: ${verdict.message} (${path} left as it was)`)
    this.exit(verdict.exitStatus)
  }
}
