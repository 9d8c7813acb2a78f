/**
 * How a JSON body reaches standard output. json and text: the bytes as
 * received when stdout is not a terminal; on a terminal indented (and
 * coloured unless NO_COLOR), or when too large to indent the bytes with a
 * final newline, DEL and C1 written as JSON escapes them (\u009b: the same
 * value, nothing for the terminal to act on). yaml: converted, integers exact. The bytes are
 * copied from wherever they wait (memory or the spool) chunk by chunk; only
 * indenting and YAML need the whole value, and only up to RENDER_LIMIT bytes
 * and RENDER_DEPTH levels of nesting: beyond, the body is printed as
 * received, with a note.
 */
import {Writable} from 'node:stream'

import {interruptedError} from '../core/interrupt.ts'
import {escapeFileText, escapeJsonControls, escapeYamlControls, hasDataControls, JsonBytesEscaper, TextEscaper} from '../core/escape.ts'
import {scanJson} from './json-scan.ts'
import {type JsonValue, parseExact, stringifyExact} from '../core/json-value.ts'
import {prettyJson} from './pretty-json.ts'
import {type ByteSource, bufferSource, readAll} from './spool.ts'

export const OUTPUT_FORMATS = ['text', 'json', 'yaml'] as const
export type OutputFormat = (typeof OUTPUT_FORMATS)[number]
/**
 * File formats a command may add to --output for itself (calendar events:
 * ics; contacts: vcf); every other command refuses them as it refuses any
 * unknown format, naming its own.
 */
export const FILE_FORMATS = ['ics', 'vcf'] as const
export type FileFormat = (typeof FILE_FORMATS)[number]

/**
 * Indenting and YAML parse the whole body, which takes some ten times its
 * size in memory: a larger body is printed as received (JSON is YAML too),
 * with a note.
 */
export const RENDER_LIMIT = 64 * 1024 * 1024
/**
 * Nor deeper than this: parsing with exact integers and the YAML library
 * recurse once per level (a few hundred levels exhaust Node's stack), and
 * indentation grows with depth, so 100,000 levels would indent into
 * gigabytes. Real answers nest a dozen levels or so.
 */
export const RENDER_DEPTH = 256

export interface OutputStream {
  isTTY?: boolean
  write(chunk: string | Uint8Array): boolean
}

/** How a JSON body is printed under --output: a file format (a command's own) shows it as text does. */
export function bodyFormat(output: FileFormat | OutputFormat): OutputFormat {
  return output === 'ics' || output === 'vcf' ? 'text' : output
}

/**
 * A file the tool composed (an iCalendar, vCards) on stdout: through a pipe
 * or into a file its exact bytes; on a terminal the service's text in it has
 * its control characters escaped (escape.ts escapeFileText: the bidirectional ones too), as everywhere else
 * on a terminal, so it cannot drive the terminal.
 */
export function writeFileText(stream: OutputStream, text: string): void {
  stream.write(stream.isTTY ? escapeFileText(text) : text)
}

/**
 * Data the tool composed itself as JSON or YAML text, ending with a
 * newline; JSON indented for a terminal (`pretty`), compact otherwise, as
 * gh prints it; DEL and C1 escaped either way (the same value).
 */
export async function structuredText(value: unknown, format: Exclude<OutputFormat, 'text'>, pretty = false): Promise<string> {
  return format === 'yaml' ? toYaml(value) : `${escapeJsonControls(stringifyExact(value as JsonValue, pretty ? 2 : undefined))}\n`
}

export interface WriteOptions {
  env?: NodeJS.ProcessEnv
  /** Checked between chunks: Ctrl-C stops the copy (exit 130). */
  signal?: AbortSignal
  /** Told when a body is too large or too deeply nested to convert (an explanatory line). */
  note?: (line: string) => void
  /** How deeply the body nests, when the caller's scan knows it; else it is scanned before parsing. */
  depth?: number
}

export async function toYaml(value: unknown): Promise<string> {
  // Loaded only when asked for: most runs never need a YAML serialiser.
  // `default` is the package's CommonJS exports, under Node as in the fast path's bundle.
  const {default: yaml} = await import('yaml')
  const document = new yaml.Document(value)
  // A scalar holding DEL or C1 is written double-quoted, where escapeYamlControls can escape them as YAML escapes C0.
  yaml.visit(document, {
    Scalar(_key, node) {
      if (typeof node.value === 'string' && hasDataControls(node.value)) node.type = 'QUOTE_DOUBLE'
    },
  })
  return escapeYamlControls(document.toString({lineWidth: 0}))
}

export async function writeJsonBody(body: Buffer, format: OutputFormat, stream: OutputStream, env = process.env): Promise<void> {
  await writeJsonSource(bufferSource(body), format, stream, {env})
}

/** A JSON body, in the format asked for (see the top of this file). */
export async function writeJsonSource(source: ByteSource, format: OutputFormat, stream: OutputStream, options: WriteOptions = {}): Promise<void> {
  const env = options.env ?? process.env
  // On a terminal, json is indented as text is (gh does the same); through a pipe, the bytes as received.
  if (format === 'yaml' || stream.isTTY) {
    const colour = !env.NO_COLOR && env.TERM !== 'dumb'
    const rendered = await render(source, format === 'yaml' ? 'yaml' : 'indent', colour, options.depth)
    if ('text' in rendered) {
      stream.write(rendered.text)
      return
    }

    options.note?.(rendered.note)
  }

  const last = await writeSource(stream.isTTY ? escapedForTerminal(source) : source, stream, options.signal)
  if (stream.isTTY && last !== undefined && last !== 0x0a) stream.write('\n')
}

/**
 * The body indented or as YAML; or, for a body too large or too deeply
 * nested for that, the note that says so (it is then printed as received).
 */
async function render(source: ByteSource, how: 'indent' | 'yaml', colour: boolean, depth?: number): Promise<{note: string} | {text: string}> {
  const what = how === 'yaml' ? 'convert to YAML' : 'indent'
  const asReceived = how === 'yaml' ? 'printed as received (JSON, which YAML reads as the same data)' : 'printed as received'
  if (source.length > RENDER_LIMIT) return {note: `Note: the answer (${source.length} bytes) is over ${RENDER_LIMIT / 1024 / 1024} MiB, too large to ${what}; ${asReceived}`}
  const bytes = await readAll(source)
  const scan = depth === undefined ? scanJson(bytes) : undefined
  const nesting = depth ?? (scan?.json ? scan.depth : 0)
  const tooDeep = `Note: the answer is nested ${nesting} levels deep, more than the ${RENDER_DEPTH} it can ${what}; ${asReceived}`
  if (nesting > RENDER_DEPTH) return {note: tooDeep}
  try {
    const value = parseExact(bytes.toString('utf8'))
    return {text: how === 'yaml' ? await toYaml(value) : `${prettyJson(value, colour)}\n`}
  } catch (error) {
    // The call stack ran out after all (a deeper stack than usual beneath us): the same answer as for a deeper body.
    if (error instanceof RangeError) return {note: tooDeep}
    throw error
  }
}

/** The source's bytes with DEL and C1 escaped (JsonBytesEscaper). */
function escapedForTerminal(source: ByteSource): ByteSource {
  return {
    async *chunks() {
      const escaper = new JsonBytesEscaper()
      for await (const chunk of source.chunks()) yield escaper.write(chunk)
      const rest = escaper.end()
      if (rest.length > 0) yield rest
    },
    length: source.length,
  }
}

/**
 * A JSON body as received. On a terminal a body without a final newline
 * gets one, so the shell's prompt does not start at its end, and DEL and C1
 * are written as JSON escapes them (JsonBytesEscaper); a pipe or file gets
 * the bytes exactly.
 */
export function writeBodyBytes(body: Uint8Array, stream: OutputStream): void {
  if (!stream.isTTY) {
    stream.write(body)
    return
  }

  const escaper = new JsonBytesEscaper()
  stream.write(Buffer.concat([escaper.write(Buffer.from(body.buffer, body.byteOffset, body.length)), escaper.end()]))
  if (body.length > 0 && body.at(-1) !== 0x0a) stream.write('\n')
}

/**
 * Copy a source to a stream chunk by chunk, each written before the next is
 * read (the source lends its chunks), so a slow reader never makes the body
 * pile up in memory. Returns the last byte written.
 */
export async function writeSource(source: ByteSource, stream: OutputStream, signal?: AbortSignal): Promise<number | undefined> {
  let last: number | undefined
  for await (const chunk of source.chunks()) {
    if (signal?.aborted) throw interruptedError()
    if (chunk.length === 0) continue
    last = chunk.at(-1)
    if (stream instanceof Writable && stream.write === Writable.prototype.write) {
      await new Promise<void>((resolve, reject) => stream.write(chunk, (error) => (error ? reject(error) : resolve())))
    } else {
      // A stand-in (a test's capture) may keep what it is given and call back never: a copy, at once.
      stream.write(Buffer.from(chunk))
    }
  }

  return last
}

/**
 * A body that is not JSON, for a person on stderr: decoded as UTF-8 and
 * its control characters escaped (escape.ts), line breaks and tabs kept.
 */
export async function writeEscapedSource(source: ByteSource, stream: OutputStream, signal?: AbortSignal): Promise<void> {
  const escaper = new TextEscaper()
  for await (const chunk of source.chunks()) {
    if (signal?.aborted) throw interruptedError()
    const text = escaper.write(chunk)
    if (text) await writeText(stream, text)
  }

  const rest = escaper.end()
  if (rest) await writeText(stream, rest)
}

/** Write text, waiting for the stream to take it (a slow reader never makes it pile up). */
async function writeText(stream: OutputStream, text: string): Promise<void> {
  if (stream instanceof Writable && stream.write === Writable.prototype.write) {
    await new Promise<void>((resolve, reject) => stream.write(text, (error) => (error ? reject(error) : resolve())))
  } else stream.write(text)
}
