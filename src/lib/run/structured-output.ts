/**
 * What a run prints as data: JSON or YAML as --output asks, or through the --jq filter, which loads while the command
 * works and is compiled before anything irreversible (checkFilter). Invocation holds one and hands its calls here.
 */
import type {GlobalFlags} from '../cli/global-flags.ts'
import {escapeLine} from '../core/escape.ts'
import {interruptSignal} from '../core/interrupt.ts'
import {structuredText, writeSource} from '../output/output.ts'
import {type ByteSource, bufferSource, readAll} from '../output/spool.ts'
import type {JqFilter} from './jq.ts'
import type {Io} from './process-io.ts'

export class StructuredOutput {
  private readonly flags: GlobalFlags
  private readonly cacheDir: string
  private readonly io: Io

  constructor(flags: GlobalFlags, cacheDir: string, io: Io) {
    this.flags = flags
    this.cacheDir = cacheDir
    this.io = io
  }

  /** jq loading (from prepare), for --jq. */
  private jq?: Promise<JqFilter>
  /** True once the filter has been compiled or run. */
  private jqUsed = false

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
    enableOwnCompileCache(this.cacheDir, this.io.env)
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
    const texts =
      bytes > JQ_INPUT_LIMIT
        ? []
        : await Promise.all(
            documents.map(async (document) => (typeof document === 'string' ? document : Buffer.from(document instanceof Uint8Array ? document : await readAll(document)).toString('utf8'))),
          )
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
    if (this.flags.jq !== undefined) return this.printFiltered([JSON.stringify(value)])
    this.io.stdout.write(await structuredText(value, output, Boolean(this.io.stdout.isTTY)))
  }
}
