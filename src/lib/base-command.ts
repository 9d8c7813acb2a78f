/**
 * The base of every command: global flags, the session, the HTTP client,
 * printing an API answer, and the mapping of every failure to one stderr
 * line and an exit status. Sibling plugins extend it (see the README).
 */
import {Command, Errors, Flags, type Interfaces} from '@oclif/core'

import {describeApiError} from './api-error.ts'
import {sniffJson} from './envelope.ts'
import {authError, describeFailure} from './errors.ts'
import {EXIT, exitStatusForResponse} from './exit-status.ts'
import {type ApiRequest, type ApiResponse, createApiClient, DEFAULT_TIMEOUT_SECONDS, send, type TransportOptions} from './http-client.ts'
import {challengeIn, completeOnTerminal, verificationHeaders} from './human-verification.ts'
import {interruptSignal} from './interrupt.ts'
import {writeFileAtomically} from './output-file.ts'
import {OUTPUT_FORMATS, toYaml, writeJsonBody} from './output.ts'
import {headerLines} from './redact.ts'
import {DEFAULT_RETRIES} from './retry-policy.ts'
import {type ActiveSession, resolveSession} from './session.ts'
import {refreshSession} from './session-refresh.ts'
import {SessionStore} from './session-store.ts'

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

/** How an answer is shown: raw command flags, all off for the other commands. */
export interface Display {
  /** -i: the status line and headers on stderr. */
  include?: boolean
  /** --silent: no body on stdout. */
  silent?: boolean
  /** --output-file: the body goes to this file (atomically), nothing to stdout. */
  outputFile?: string
}

export type ProtonFlags<T extends typeof Command> = Interfaces.InferredFlags<(typeof ProtonCommand)['baseFlags'] & T['flags']>
export type ProtonArgs<T extends typeof Command> = Interfaces.InferredArgs<T['args']>

export abstract class ProtonCommand<T extends typeof Command> extends Command {
  static override baseFlags = {
    'api-url': Flags.string({
      env: 'PROTON_API_URL',
      helpGroup: 'GLOBAL',
      summary: 'Base URL of the API (default: the session’s, else https://mail.proton.me/api).',
    }),
    'app-version': Flags.string({
      default: 'Other',
      env: 'PROTON_APP_VERSION',
      helpGroup: 'GLOBAL',
      summary: 'Value of the x-pm-appversion header.',
    }),
    output: Flags.option({
      default: 'text' as const,
      helpGroup: 'GLOBAL',
      options: OUTPUT_FORMATS,
      summary: 'Output format.',
    })(),
    profile: Flags.string({
      default: 'default',
      env: 'PROTON_PROFILE',
      helpGroup: 'GLOBAL',
      summary: 'Session profile to use.',
    }),
    quiet: Flags.boolean({
      exclusive: ['verbose'],
      helpGroup: 'GLOBAL',
      summary: 'Print no explanatory lines on stderr (the exit status still tells).',
    }),
    retries: Flags.integer({
      default: DEFAULT_RETRIES,
      helpGroup: 'GLOBAL',
      min: 0,
      summary: 'Send a request again up to N times after 429 or 503 (any method), or after a network failure or other 5xx (GET, HEAD, PUT, DELETE, OPTIONS); 0 never.',
    }),
    timeout: Flags.integer({
      default: DEFAULT_TIMEOUT_SECONDS,
      helpGroup: 'GLOBAL',
      min: 1,
      summary: 'Give up on a request (retries and their waits included) after SECONDS, with exit status 5.',
    }),
    verbose: Flags.boolean({
      helpGroup: 'GLOBAL',
      summary: 'Print request and response lines on stderr, secrets redacted, and one line per retry.',
    }),
  }

  protected flags!: ProtonFlags<T>
  protected args!: ProtonArgs<T>
  /** Every positional argument as given, for commands that take a list (static strict = false). */
  protected positionals!: string[]
  /** Flags in the order given on the command line (for flags whose relative order matters). */
  protected flagsInOrder!: Array<{flag: string; input: string}>

  public override async init(): Promise<void> {
    await super.init()
    guardStdout()
    const ctor = this.ctor as typeof ProtonCommand & T
    const {args, argv, flags, raw} = await this.parse({
      args: ctor.args,
      baseFlags: ProtonCommand.baseFlags,
      enableJsonFlag: false,
      flags: ctor.flags,
      strict: ctor.strict,
    })
    this.flags = flags as ProtonFlags<T>
    this.args = args as ProtonArgs<T>
    this.positionals = argv.map(String)
    this.flagsInOrder = raw.flatMap((token) => (token.type === 'flag' ? [{flag: token.flag, input: token.input}] : []))
  }

  /**
   * Exit with a status, silently. Inside a host CLI the error handler is the
   * host's copy of oclif, which does not know our ExitError and would print it.
   */
  public override exit(code = 0): never {
    const exit = new Errors.ExitError(code)
    exit.skipOclifErrorHandling = true
    throw exit
  }

  /** Every failure: one line on stderr, the mapped exit status, no stack trace. */
  protected override async catch(error: Error): Promise<never> {
    if (error instanceof Errors.ExitError) throw error
    const {exitStatus, message} = describeFailure(error)
    if (process.env.DEBUG && error.stack) process.stderr.write(`${error.stack}\n`)
    process.stderr.write(`Error: ${message}\n`)
    this.exit(exitStatus)
  }

  /**
   * Print data the tool composed itself (not a service answer): JSON or
   * YAML as asked, else the text rendering.
   */
  protected async printData(value: unknown, text: () => string): Promise<void> {
    const {output} = this.flags
    if (output === 'json') process.stdout.write(`${JSON.stringify(value, null, 2)}\n`)
    else if (output === 'yaml') process.stdout.write(await toYaml(value))
    else {
      const rendered = text()
      if (rendered) process.stdout.write(`${rendered}\n`)
    }
  }

  /** The status this command will exit with, known before its output is written (see guardStdout). */
  protected expectExit(status: number): void {
    pendingExitStatus = status
  }

  /** An explanatory stderr line, unless --quiet. */
  protected note(line: string): void {
    if (!this.flags.quiet) process.stderr.write(`${line}\n`)
  }

  protected get sessions(): SessionStore {
    return new SessionStore(this.config.configDir)
  }

  protected async session(): Promise<ActiveSession> {
    return resolveSession({
      apiUrl: this.flags['api-url'],
      bin: this.config.bin,
      env: process.env,
      profile: this.flags.profile,
      store: this.sessions,
    })
  }

  /**
   * Send one request with the session (retried as the policy allows);
   * network failures and the timeout throw (exit 5). Human verification
   * (Code 9001) is completed on a terminal and the request sent again.
   */
  protected async request(session: ActiveSession, request: ApiRequest): Promise<ApiResponse> {
    const transport = this.transport()
    // Without a refresh token (an environment session may lack one), or with a token
    // given by -H, a 401 is the answer.
    const refresh = session.refreshToken && request.headers?.authorization === undefined
      ? (failed: string) => refreshSession({bin: this.config.bin, session, store: this.sessions, transport}, failed)
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

  /** Settings every request shares: app version, user agent, retries, timeout, Ctrl-C, --verbose log. */
  protected transport(): TransportOptions {
    return {
      appVersion: this.flags['app-version'],
      log: this.flags.verbose ? (line) => process.stderr.write(`${line}\n`) : undefined,
      retries: this.flags.retries,
      signal: interruptSignal(),
      timeoutSeconds: this.flags.timeout,
      userAgent: `proton-cli/${this.ctor.plugin?.version ?? '0.0.0'} (unofficial)`,
    }
  }

  /**
   * Print an API answer as the raw command does and exit with its status:
   * the JSON body on stdout, an error line on stderr, a non-JSON body on
   * stderr with exit 5. `display` carries the raw command's -i, --silent
   * and --output-file.
   */
  protected async printResponse(response: ApiResponse, display: Display = {}): Promise<void> {
    const {body, refusedRedirect, statusCode, statusMessage} = response
    if (display.include) {
      process.stderr.write(`HTTP/${response.httpVersion} ${statusCode} ${statusMessage}`.trimEnd() + '\n')
      for (const line of headerLines('', response.headers)) process.stderr.write(`${line}\n`)
    }

    if (refusedRedirect) this.note(`HTTP ${statusCode}: redirect to ${refusedRedirect} not followed (credentials stay with the session's origin)`)
    if (display.outputFile !== undefined) return this.saveBody(response, display.outputFile)
    if (body.length === 0) {
      const status = exitStatusForResponse(statusCode, undefined)
      if (status !== EXIT.OK) this.note(`Error: ${describeApiError(statusCode, statusMessage)}`)
      if (status !== EXIT.OK) this.exit(status)
      return
    }

    const sniff = sniffJson(body)
    if (!sniff.json) {
      process.stderr.write(body)
      if (body.at(-1) !== 0x0a) process.stderr.write('\n')
      const type = response.headers['content-type'] ?? 'no content type'
      process.stderr.write(`Error: HTTP ${statusCode}${statusMessage ? ` ${statusMessage}` : ''}: the answer is not JSON (${type}, ${body.length} bytes)\n`)
      this.exit(EXIT.UNAVAILABLE)
    }

    const status = exitStatusForResponse(statusCode, sniff.envelope.code)
    this.expectExit(status)
    if (!display.silent) await writeJsonBody(body, this.flags.output, process.stdout)
    if (!sniff.envelope.valid) this.note('Warning: the answer’s Code is not an integer; its exit status follows the HTTP status')
    if (status !== EXIT.OK) {
      this.note(`Error: ${describeApiError(statusCode, statusMessage, sniff.envelope)}`)
      this.exit(status)
    }
  }

  /**
   * --output-file: a successful answer's body, JSON or not, replaces the file;
   * a failure leaves the file alone and is reported as usual, but on stderr.
   */
  private async saveBody(response: ApiResponse, path: string): Promise<void> {
    const {body, statusCode, statusMessage} = response
    const sniff = sniffJson(body)
    const envelope = sniff.json ? sniff.envelope : undefined
    const status = exitStatusForResponse(statusCode, envelope?.code)
    if (status === EXIT.OK) {
      await writeFileAtomically(path, body)
      return
    }

    this.note(`Error: ${describeApiError(statusCode, statusMessage, envelope)} (${path} left as it was)`)
    this.exit(status)
  }
}
