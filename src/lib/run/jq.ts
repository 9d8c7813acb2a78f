/**
 * --jq FILTER: the JSON a command prints, filtered by jq itself (jq 1.8.2
 * compiled to WebAssembly: the jq-wasm package, pinned to 3.0.0-jq-1.8.2,
 * whose input reading is linear; its npm default tag, 1.0.1, copies the
 * buffer once per byte and takes tens of seconds on a 0.7 MB answer). It is
 * loaded only when --jq is given. jq keeps a number as the service wrote
 * it (20-digit integers, 1.50) unless the filter computes with it.
 *
 * Output as gh prints its --jq results: a string raw, anything else as
 * compact JSON, one result per line; on a terminal the service's control
 * characters are made visible (escape.ts) and JSON is coloured unless
 * NO_COLOR. The engine's heap is 256 MiB and a parsed answer takes several
 * times its size there, so answers over JQ_INPUT_LIMIT are refused (exit 5)
 * before it runs, and an engine that runs out all the same gives the same
 * line, never a WebAssembly abort.
 */
import {CliFailure, unavailableError, usageError} from '../core/errors.ts'
import {EXIT} from '../core/exit-status.ts'
import {escapeText} from '../core/escape.ts'
import {type JqEngine, loadJqEngine} from './jq-engine.ts'
import {JSON_COLOURS} from '../output/pretty-json.ts'

/** The largest input --jq filters (jq-wasm's heap is 256 MiB; a 37 MB answer fits, a 75 MB one aborts). */
export const JQ_INPUT_LIMIT = 32 * 1024 * 1024

/** A variable name jq accepts after `$`. */
const NAME = /^[A-Za-z_]\w*$/

/** A --jq-arg NAME=VALUE, checked. */
export function jqArg(text: string): [string, string] {
  const equals = text.indexOf('=')
  const name = equals === -1 ? text : text.slice(0, equals)
  if (equals === -1 || !NAME.test(name)) throw usageError(`--jq-arg ${JSON.stringify(text)}: expected NAME=VALUE, NAME a jq variable name (letters, digits, _)`)
  return [name, text.slice(equals + 1)]
}

/** Where the filter sits in the compile check: the same line, so line numbers hold; columns of line 1 shift by it. */
const CHECK_PREFIX = 'if false then ('
/** On a line of its own: a comment at the filter's end cannot hide it. */
const CHECK_SUFFIX = '\n) else empty end'

/**
 * jq's first stderr line, without its "jq: error …:" prefix. For the compile
 * check (`checked`, the filter inside CHECK_PREFIX … CHECK_SUFFIX) the
 * place is the filter's own: columns of line 1 shift back, and a problem
 * found in the suffix is the filter ending too early, as jq says of it alone.
 */
function problemOf(stderr: string, checked?: string): string {
  const first = stderr.split('\n').find((line) => line.trim() !== '') ?? 'jq failed'
  const lines = checked?.split('\n') ?? []
  return first
    .replace(/^jq: error(?: \(at [^)]*\))?: /, '')
    .replace(/^(.*) at <top-level>, line (\d+), column (\d+):?$/, (_match, what: string, line: string, column: string) => {
      if (checked === undefined) return `${what} (line ${line}, column ${column})`
      if (Number(line) > lines.length) return `${what.replace("unexpected ')'", 'unexpected end of file')} (line ${lines.length}, column ${(lines.at(-1) ?? '').length + 1})`
      return `${what} (line ${line}, column ${line === '1' ? Math.max(1, Number(column) - CHECK_PREFIX.length) : column})`
    })
    .replace(/ at <top-level>, line (\d+):?$/, ' (line $1)')
}

function tooLarge(bytes: number): CliFailure {
  const size = (value: number) => `${(value / 1024 / 1024).toFixed(1)} MiB`
  return unavailableError(
    `--jq: the answer (${size(bytes)}) is too large for the jq engine (at most ${JQ_INPUT_LIMIT / 1024 / 1024} MiB): set --max-size 32MiB to refuse it as it arrives, or filter "--output json" with jq`,
  )
}

/** Run the engine with the Emscripten runtime's own stderr lines ("Aborted()") kept off the user's stderr. */
function quietly<T>(run: () => T): T {
  const {error} = console
  console.error = () => undefined
  try {
    return run()
  } finally {
    console.error = error
  }
}

export class JqFilter {
  private readonly engine: JqEngine
  private readonly filter: string
  private readonly flags: string[]
  private checked = false

  private constructor(engine: JqEngine, filter: string, args: ReadonlyArray<[string, string]>) {
    this.engine = engine
    this.filter = filter
    this.flags = ['-c', ...args.flatMap(([name, value]) => ['--arg', name, value])]
  }

  /** Load jq (WebAssembly compiled off the main thread: the caller need not wait for it at once). */
  static async load(filter: string, pairs: ReadonlyArray<[string, string]>): Promise<JqFilter> {
    return new JqFilter(await loadJqEngine(), filter, pairs)
  }

  /**
   * Compile the filter without running it (inside `if false`): a broken one
   * is a usage error (exit 1). Done before a request that changes anything
   * is sent; a filter that only reads an answer is compiled as it runs.
   */
  check(): void {
    if (this.checked) return
    const check = quietly(() => this.engine.raw('null', `${CHECK_PREFIX}${this.filter}${CHECK_SUFFIX}`, this.flags))
    if (check.exitCode !== 0) throw usageError(`--jq: ${problemOf(check.stderr, this.filter)}`)
    this.checked = true
  }

  /** The results for this JSON text (one document or several in a row), one compact JSON text each. */
  run(input: string, bytes = Buffer.byteLength(input)): {results: string[]; warnings: string[]} {
    if (bytes > JQ_INPUT_LIMIT) throw tooLarge(bytes)
    let result
    try {
      result = quietly(() => this.engine.raw(input, this.filter, this.flags))
    } catch (error) {
      // The heap ran out (Emscripten aborts with a RuntimeError): the engine is spent, and the answer too large for it.
      if (error instanceof Error && (error.name === 'RuntimeError' || /Aborted|out of memory/i.test(error.message))) throw tooLarge(bytes)
      throw error
    }

    const {exitCode, stderr, stdout} = result
    if (exitCode !== 0) throw new CliFailure(`--jq: ${problemOf(stderr)}`, EXIT.USAGE)
    return {results: stdout === '' ? [] : stdout.split('\n'), warnings: stderr === '' ? [] : stderr.split('\n')}
  }
}

const TOKEN = /"(?:[^"\\]|\\.)*"(?=:)|"(?:[^"\\]|\\.)*"|-?\d[\d.eE+-]*|true|false|null/g

/** One compact JSON text coloured as pretty-json colours it. */
function colourJson(text: string): string {
  return text.replaceAll(TOKEN, (token, offset: number) => {
    const kind = token.startsWith('"') ? (text[offset + token.length] === ':' ? 'key' : 'string') : /^[tfn]/.test(token) ? 'literal' : 'number'
    return `${JSON_COLOURS[kind]}${token}${JSON_COLOURS.reset}`
  })
}

/** gh's rules: a string raw, anything else as JSON; each result on its line. On a terminal: escaped, and JSON coloured when `colour`. */
export function formatResults(results: readonly string[], terminal: boolean, colour: boolean): string {
  return results
    .map((line) => {
      const text = line.startsWith('"') ? (JSON.parse(line) as string) : line
      const shown = terminal ? escapeText(text) : text
      return `${terminal && colour && text === line ? colourJson(shown) : shown}\n`
    })
    .join('')
}
