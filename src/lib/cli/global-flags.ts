/**
 * The flags every command takes, declared once. ProtonCommand.baseFlags
 * builds oclif's definitions from this table (and the build checks they
 * say the same: scripts/build-fast-path.js), the fast path parses with it,
 * leading-flags.ts moves them from before the command, the completion
 * offers them, and GlobalFlags is its type.
 */
import type {FlagEntry} from './fast-parse.ts'
import type {LineReader} from '../core/parsed-line.ts'
import {DEFAULT_MAX_SIZE} from '../http/max-size.ts'
import {FILE_FORMATS, type FileFormat, OUTPUT_FORMATS, type OutputFormat} from '../output/output.ts'
import {DEFAULT_RETRIES, DEFAULT_TIMEOUT_SECONDS} from '../http/retry-policy.ts'

export interface GlobalFlagSpec extends FlagEntry {
  summary: string
}

export const GLOBAL_FLAGS = [
  {env: 'PROTON_API_URL', kind: 'string', name: 'api-url', summary: 'Base URL of the API (default: the session’s, else https://mail.proton.me/api).'},
  {env: 'PROTON_APP_VERSION', kind: 'string', name: 'app-version', summary: 'Value of the x-pm-appversion header (default: the one the profile logged in with, else Other).'},
  {
    kind: 'string',
    name: 'jq',
    summary: 'Filter the JSON output with a jq expression (the whole jq language; strings printed raw, anything else as JSON, one result per line).',
  },
  {kind: 'string', multiple: true, name: 'jq-arg', summary: 'Bind $NAME to the string VALUE in the --jq filter (repeatable): --jq-arg NAME=VALUE.'},
  {exclusive: ['output'], kind: 'boolean', name: 'json', summary: 'Print JSON: the same as --output json.'},
  {
    default: DEFAULT_MAX_SIZE,
    kind: 'string',
    name: 'max-size',
    summary:
      'Refuse an answer larger than SIZE once decoded (bytes, or 10MiB, 1GiB …), with exit status 5; what a command other than api holds in memory (an answer, a decrypted body) stops at 64 MiB whatever SIZE is.',
  },
  {default: 'text', kind: 'string', name: 'output', options: OUTPUT_FORMATS, summary: 'Output format.'},
  {default: 'default', env: 'PROTON_PROFILE', kind: 'string', name: 'profile', summary: 'Session profile to use.'},
  {exclusive: ['verbose'], kind: 'boolean', name: 'quiet', summary: 'Print no explanatory lines on stderr (the exit status still tells).'},
  {
    default: DEFAULT_RETRIES,
    kind: 'integer',
    min: 0,
    name: 'retries',
    summary: 'Send a request again up to N times after 429 or 503 (any method), or after a network failure or other 5xx (GET, HEAD, PUT, DELETE, OPTIONS); 0 never.',
  },
  {default: DEFAULT_TIMEOUT_SECONDS, kind: 'integer', min: 1, name: 'timeout', summary: 'Give up on a request (retries and their waits included) after SECONDS, with exit status 5.'},
  {kind: 'boolean', name: 'verbose', summary: 'Print request and response lines on stderr, secrets redacted, and one line per retry.'},
] as const satisfies readonly GlobalFlagSpec[]

type Spec = (typeof GLOBAL_FLAGS)[number]
export type GlobalFlagName = Spec['name']
type ValueOf<S extends Spec> = S extends {multiple: true}
  ? string[]
  : S extends {kind: 'boolean'}
    ? boolean
    : S extends {kind: 'integer'}
      ? number
      : S extends {options: ReadonlyArray<infer O>}
        ? O
        : string
/** Always has a value: a default, or a boolean (false when not given). */
type Present<S extends Spec> = S extends {default: unknown} | {kind: 'boolean'} ? S['name'] : never

type Parsed = {[S in Spec as Present<S>]: ValueOf<S>} & {[S in Spec as Exclude<S['name'], Present<S>>]?: ValueOf<S>}
/** The global flags, parsed; --output may be one of the file formats its command declares (outputFormats). */
export type GlobalFlags = Omit<Parsed, 'output'> & {output: FileFormat | OutputFormat}

/**
 * The global flags of a command whose --output also takes `formats`
 * (calendar events: ics): --output's options extended, the rest as they are.
 */
export function globalFlagsWith(formats: readonly FileFormat[] = []): readonly FlagEntry[] {
  if (formats.length === 0) return GLOBAL_FLAGS
  return GLOBAL_FLAGS.map((entry) => (entry.name === 'output' ? {...entry, options: [...entry.options, ...formats]} : entry))
}

/** The file formats among a command's --output options (those beyond OUTPUT_FORMATS). */
export function fileFormatsOf(options: readonly string[] | undefined): FileFormat[] {
  return FILE_FORMATS.filter((format) => options?.includes(format))
}

/** The entry of one global flag, with its literal types. */
export function globalFlag<N extends GlobalFlagName>(name: N): Extract<Spec, {name: N}> {
  const spec = GLOBAL_FLAGS.find((entry): entry is Extract<Spec, {name: N}> => entry.name === name)
  if (!spec) throw new Error(`no global flag --${name}`)
  return spec
}

/** The global flags of a parsed line (either parser's), each checked against its kind; `formats`: the file formats the command adds to --output. */
export function readGlobalFlags(line: LineReader, formats: readonly FileFormat[] = []): GlobalFlags {
  return {
    'api-url': line.optionalString('api-url'),
    'app-version': line.optionalString('app-version'),
    jq: line.optionalString('jq'),
    'jq-arg': line.strings('jq-arg'),
    json: line.boolean('json'),
    'max-size': line.string('max-size'),
    // --json says --output json; a --jq filter reads the JSON that --output json prints.
    output: line.boolean('json') || line.optionalString('jq') !== undefined ? 'json' : line.option<FileFormat | OutputFormat>('output', [...OUTPUT_FORMATS, ...formats]),
    profile: line.string('profile'),
    quiet: line.boolean('quiet'),
    retries: line.integer('retries'),
    timeout: line.integer('timeout'),
    verbose: line.boolean('verbose'),
  }
}
