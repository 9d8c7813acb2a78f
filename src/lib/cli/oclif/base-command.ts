/**
 * The base of every command: the global flags, parsed into an Invocation
 * (src/lib/run/invocation.ts: the session, the HTTP client, printing an API
 * answer, explanatory lines), and the mapping of every failure to one
 * stderr line and an exit status. Sibling plugins extend it (docs/hosts-install.md, "Building a sibling command").
 */
import {booleanValues} from '../boolean-values.ts'
import {Command, Errors, Flags, type Interfaces} from '@oclif/core'

import {type CommandNames, commandLine, namesInConfig} from '../../core/command-names.ts'
import type {ApiRequest, ApiResponse, TransportOptions} from '../../http/client.ts'
import {printData} from '../../run/printer.ts'
import {fileFormatsOf, globalFlag, readGlobalFlags} from '../global-flags.ts'
import type {FileFormat} from '../../output/output.ts'
import {CommandExit, type Display, Invocation} from '../../run/invocation.ts'
import {reportFailure} from '../../run/process-io.ts'
import {ParseFailure, parseProblems} from '../parse-errors.ts'
import {LineReader, type ParsedLine} from '../../core/parsed-line.ts'
import type {ActiveSession} from '../../session/session.ts'
import type {SessionStore} from '../../session/store.ts'

export type {Display} from '../../run/invocation.ts'

export type ProtonFlags<T extends typeof Command> = Interfaces.InferredFlags<(typeof ProtonCommand)['baseFlags'] & T['flags']>
export type ProtonArgs<T extends typeof Command> = Interfaces.InferredArgs<T['args']>

const helpGroup = 'GLOBAL'
const apiUrl = globalFlag('api-url')
const appVersion = globalFlag('app-version')
const jq = globalFlag('jq')
const jqArg = globalFlag('jq-arg')
const json = globalFlag('json')
const maxSize = globalFlag('max-size')
const output = globalFlag('output')
const profile = globalFlag('profile')
const quiet = globalFlag('quiet')
const retries = globalFlag('retries')
const timeout = globalFlag('timeout')
const verbose = globalFlag('verbose')

export abstract class ProtonCommand<T extends typeof Command> extends Command {
  // The global flags' table (global-flags.ts) in oclif's terms; the build checks both say the same.
  static override baseFlags = {
    'api-url': Flags.string({env: apiUrl.env, helpGroup, summary: apiUrl.summary}),
    'app-version': Flags.string({env: appVersion.env, helpGroup, summary: appVersion.summary}),
    jq: Flags.string({helpGroup, summary: jq.summary}),
    'jq-arg': Flags.string({helpGroup, multiple: true, multipleNonGreedy: true, summary: jqArg.summary}),
    json: Flags.boolean({exclusive: [...json.exclusive], helpGroup, summary: json.summary}),
    'max-size': Flags.string({default: maxSize.default, helpGroup, summary: maxSize.summary}),
    output: Flags.option({default: output.default, helpGroup, options: output.options, summary: output.summary})(),
    profile: Flags.string({default: profile.default, env: profile.env, helpGroup, summary: profile.summary}),
    quiet: Flags.boolean({exclusive: [...quiet.exclusive], helpGroup, summary: quiet.summary}),
    retries: Flags.integer({default: retries.default, helpGroup, min: retries.min, summary: retries.summary}),
    timeout: Flags.integer({default: timeout.default, helpGroup, min: timeout.min, summary: timeout.summary}),
    verbose: Flags.boolean({helpGroup, summary: verbose.summary}),
  }

  /**
   * The global flags of a command whose --output also takes file formats
   * of its own (`ics`): `static override baseFlags = ProtonCommand.withFormats(…)`.
   * oclif's help and the completion list them for that command only, both
   * parsers accept them there (scripts/build-fast-path.js writes them into
   * the fast path's table), and every other command refuses them, naming
   * its formats.
   */
  static withFormats(formats: readonly FileFormat[], summary: string): typeof ProtonCommand.baseFlags {
    return {...ProtonCommand.baseFlags, output: Flags.option({default: output.default, helpGroup, options: [...output.options, ...formats], summary})() as typeof ProtonCommand.baseFlags.output}
  }

  protected flags!: ProtonFlags<T>
  protected args!: ProtonArgs<T>
  /** Every positional argument as given, for commands that take a list (static strict = false). */
  protected positionals!: string[]
  /** Flags in the order given on the command line (for flags whose relative order matters). */
  protected flagsInOrder!: Array<{flag: string; input: string}>
  /** The line as parsed, in the shape both parsers produce (see parsed-line.ts). */
  protected parsedLine!: ParsedLine
  /** This run, free of oclif: what the methods below delegate to. */
  protected invocation!: Invocation

  public override async init(): Promise<void> {
    await super.init()
    const ctor = this.ctor as typeof ProtonCommand & T
    const definitions = {
      args: ctor.args,
      baseFlags: ctor.baseFlags,
      enableJsonFlag: false,
      flags: ctor.flags,
      strict: ctor.strict,
    }
    // --flag=true|false for a boolean flag, as fast-parse takes it (boolean-values.ts).
    const allFlags: Record<string, {type?: string}> = {...ctor.baseFlags, ...ctor.flags}
    this.argv = booleanValues(this.argv, new Set(Object.keys(allFlags).filter((name) => allFlags[name]?.type === 'boolean')))
    let parsed
    try {
      parsed = await this.parse(definitions)
    } catch (error) {
      // Whatever the parser refuses is a usage error, said in our words (see parse-errors.ts).
      const {bin, topicSeparator} = this.config
      const command = [bin, (this.id ?? '').split(':').join(topicSeparator ?? ' ')].filter(Boolean).join(' ')
      throw new ParseFailure(parseProblems(error, {flags: {...ctor.baseFlags, ...ctor.flags}}), `See "${command} --help".`)
    }

    const {args, argv, flags, raw} = parsed
    this.flags = flags as ProtonFlags<T>
    this.args = args as ProtonArgs<T>
    this.positionals = argv.map(String)
    this.flagsInOrder = raw.flatMap((token) => (token.type === 'flag' ? [{flag: token.flag, input: token.input}] : []))
    this.parsedLine = {args: this.args, argv: this.positionals, flags, flagsInOrder: this.flagsInOrder}
    const {config} = this
    const context = {cacheDir: config.cacheDir, configDir: config.configDir, names: this.names, version: ctor.plugin?.version ?? '0.0.0'}
    this.invocation = new Invocation(readGlobalFlags(new LineReader(this.parsedLine), fileFormatsOf(ctor.baseFlags.output.options)), context)
  }

  /** How this CLI spells our commands (command-names.ts): from its loaded configuration. */
  protected get names(): CommandNames {
    return namesInConfig(this.config)
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
    return printData(this.invocation, value, text)
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

  /** Settings every request shares: app version (see Invocation.transport), user agent, retries, timeout, Ctrl-C, --verbose log. */
  protected transport(session?: ActiveSession): TransportOptions {
    return this.invocation.transport(session)
  }

  /** Print an API answer as the raw command does and exit with its status: see Invocation.printResponse. */
  protected async printResponse(response: ApiResponse, display: Display = {}): Promise<void> {
    return this.invocation.printResponse(response, display)
  }
}
