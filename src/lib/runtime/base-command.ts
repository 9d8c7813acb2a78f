/**
 * The base of every command: the global flags, parsed into an Invocation
 * (src/lib/runtime/invocation.ts: the session, the HTTP client, printing an API
 * answer, explanatory lines), and the mapping of every failure to one
 * stderr line and an exit status. Sibling plugins extend it (see the README).
 */
import {Command, Errors, Flags, type Interfaces} from '@oclif/core'

import {type CommandNames, commandLine, HOST_TOPIC} from './command-names.ts'
import {type ApiRequest, type ApiResponse, DEFAULT_TIMEOUT_SECONDS, type TransportOptions} from '../http/client.ts'
import {CommandExit, type Display, Invocation, reportFailure} from './invocation.ts'
import {OUTPUT_FORMATS, structuredText} from '../output/output.ts'
import {ParseFailure, parseProblems} from './parse-errors.ts'
import {DEFAULT_MAX_SIZE} from '../http/max-size.ts'
import {DEFAULT_RETRIES} from '../http/retry-policy.ts'
import type {ActiveSession} from '../session/session.ts'
import type {SessionStore} from '../session/store.ts'

export type {Display} from './invocation.ts'

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
    'max-size': Flags.string({
      default: DEFAULT_MAX_SIZE,
      helpGroup: 'GLOBAL',
      summary: 'Refuse an answer larger than SIZE once decoded (bytes, or 10MiB, 1GiB …), with exit status 5.',
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
  /** This run, free of oclif: what the methods below delegate to. */
  protected invocation!: Invocation

  public override async init(): Promise<void> {
    await super.init()
    const ctor = this.ctor as typeof ProtonCommand & T
    const definitions = {
      args: ctor.args,
      baseFlags: ProtonCommand.baseFlags,
      enableJsonFlag: false,
      flags: ctor.flags,
      strict: ctor.strict,
    }
    let parsed
    try {
      parsed = await this.parse(definitions)
    } catch (error) {
      // Whatever the parser refuses is a usage error, said in our words (see parse-errors.ts).
      const {bin, topicSeparator} = this.config
      const command = [bin, (this.id ?? '').split(':').join(topicSeparator ?? ' ')].filter(Boolean).join(' ')
      throw new ParseFailure(parseProblems(error, {flags: {...ProtonCommand.baseFlags, ...ctor.flags}}), `See "${command} --help".`)
    }

    const {args, argv, flags, raw} = parsed
    this.flags = flags as ProtonFlags<T>
    const {config} = this
    this.invocation = new Invocation(this.flags, {cacheDir: config.cacheDir, configDir: config.configDir, names: this.names, version: ctor.plugin?.version ?? '0.0.0'})
    this.args = args as ProtonArgs<T>
    this.positionals = argv.map(String)
    this.flagsInOrder = raw.flatMap((token) => (token.type === 'flag' ? [{flag: token.flag, input: token.input}] : []))
  }

  /** How this CLI spells our commands: inside a host they sit under the `proton` topic. */
  protected get names(): CommandNames {
    const {config} = this
    const prefix = config.findCommand(`${HOST_TOPIC}:api`) ? `${HOST_TOPIC}:` : ''
    return {bin: config.bin, prefix, separator: config.topicSeparator}
  }

  /** The command line of our command `id` (`auth:login`) in this CLI, for messages. */
  protected commandLine(id: string): string {
    return commandLine(this.names, id)
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
    if (error instanceof ParseFailure) {
      for (const problem of error.problems) process.stderr.write(`Error: ${problem}\n`)
      process.stderr.write(`${error.hint}\n`)
      this.exit(error.exitStatus)
    }

    this.exit(error instanceof CommandExit ? error.status : reportFailure(error))
  }

  /**
   * Print data the tool composed itself (not a service answer): JSON or
   * YAML as asked, else the text rendering.
   */
  protected async printData(value: unknown, text: () => string): Promise<void> {
    const {output} = this.flags
    if (output !== 'text') process.stdout.write(await structuredText(value, output))
    else {
      const rendered = text()
      if (rendered) process.stdout.write(`${rendered}\n`)
    }
  }

  /** The status this command will exit with, known before its output is written. */
  protected expectExit(status: number): void {
    this.invocation.expectExit(status)
  }

  /** An explanatory stderr line, unless --quiet. */
  protected note(line: string): void {
    this.invocation.note(line)
  }

  protected get sessions(): SessionStore {
    return this.invocation.sessions
  }

  protected async session(): Promise<ActiveSession> {
    return this.invocation.session()
  }

  /** Send one request with the session: see Invocation.request. */
  protected async request(session: ActiveSession, request: ApiRequest): Promise<ApiResponse> {
    return this.invocation.request(session, request)
  }

  /** Settings every request shares: app version, user agent, retries, timeout, Ctrl-C, --verbose log. */
  protected transport(): TransportOptions {
    return this.invocation.transport()
  }

  /** Print an API answer as the raw command does and exit with its status: see Invocation.printResponse. */
  protected async printResponse(response: ApiResponse, display: Display = {}): Promise<void> {
    return this.invocation.printResponse(response, display)
  }
}
