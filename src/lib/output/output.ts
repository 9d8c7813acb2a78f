/**
 * How a JSON body reaches standard output. json: the bytes as received
 * (on a terminal, with a final newline when they lack one). text: the same
 * bytes when stdout is not a terminal, indented (and coloured unless
 * NO_COLOR) when it is. yaml: converted, integers exact.
 */
import {parseExact} from './json-value.ts'
import {prettyJson} from './pretty-json.ts'

export const OUTPUT_FORMATS = ['text', 'json', 'yaml'] as const
export type OutputFormat = (typeof OUTPUT_FORMATS)[number]

export interface OutputStream {
  isTTY?: boolean
  write(chunk: string | Uint8Array): boolean
}

/** Data the tool composed itself as JSON or YAML text, ending with a newline. */
export async function structuredText(value: unknown, format: Exclude<OutputFormat, 'text'>): Promise<string> {
  return format === 'yaml' ? toYaml(value) : `${JSON.stringify(value, null, 2)}\n`
}

export async function toYaml(value: unknown): Promise<string> {
  // Loaded only when asked for: most runs never need a YAML serialiser.
  // `default` is the package's CommonJS exports, under Node as in the fast path's bundle.
  const {default: yaml} = await import('yaml')
  return yaml.stringify(value, {lineWidth: 0})
}

export async function writeJsonBody(body: Buffer, format: OutputFormat, stream: OutputStream, env = process.env): Promise<void> {
  if (format === 'yaml') {
    stream.write(await toYaml(parseExact(body.toString('utf8'))))
    return
  }

  if (format === 'text' && stream.isTTY) {
    const colour = !env.NO_COLOR && env.TERM !== 'dumb'
    stream.write(`${prettyJson(parseExact(body.toString('utf8')), colour)}\n`)
    return
  }

  writeBodyBytes(body, stream)
}

/**
 * A body as received. On a terminal a body without a final newline gets
 * one, so the shell's prompt does not start at its end; a pipe or file
 * gets the bytes exactly.
 */
export function writeBodyBytes(body: Uint8Array, stream: OutputStream): void {
  stream.write(body)
  if (stream.isTTY && body.length > 0 && body.at(-1) !== 0x0a) stream.write('\n')
}
