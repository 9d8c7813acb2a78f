/**
 * The raw command's request parts from its flags: --query pairs, and the
 * body from one of --body (JSON), --input (any bytes) or the -F/-f fields
 * (which make the query instead for GET, HEAD, DELETE, OPTIONS). With
 * --input the fields go to the query, as in gh.
 */
import {readFile} from 'node:fs/promises'

import {usageError} from '../runtime/errors.ts'
import {type FieldArgument, fieldsMakeBody, fieldsToBody, fieldsToQuery, parseFields} from './fields.ts'
import {stringifyExact} from '../output/json-value.ts'
import {parseQueryPair, readJsonBody} from './input.ts'
import {StandardInput} from './stdin.ts'

export interface BodyFlags {
  body?: string
  input?: string
  query?: string[]
}

export interface RequestParts {
  query: Array<[string, string]>
  body?: Buffer
  /** The file the body came from, for --dry-run's curl command. */
  bodyFile?: string
}

async function readInput(value: string, stdin: StandardInput): Promise<Buffer> {
  if (value === '-') return stdin.read('--input -')

  try {
    return await readFile(value)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error'
    throw usageError(`--input cannot read ${JSON.stringify(value)}: ${code === 'ENOENT' ? 'no such file' : code}`)
  }
}

export async function requestParts(method: string, flags: BodyFlags, fields: readonly FieldArgument[], stdin: () => NodeJS.ReadableStream = () => process.stdin): Promise<RequestParts> {
  const given = [flags.body !== undefined && '--body', flags.input !== undefined && '--input', fields.length > 0 && '-F/-f'].filter(Boolean)
  if (flags.body !== undefined && given.length > 1) throw usageError(`${given.join(' and ')} cannot be used together: give the request body one way`)
  const input = new StandardInput(stdin)
  const query = (flags.query ?? []).map((pair) => parseQueryPair(pair))
  const parsed = await parseFields(fields, input)
  if (flags.input !== undefined) {
    const body = await readInput(flags.input, input)
    return {body, bodyFile: flags.input === '-' ? undefined : flags.input, query: [...query, ...fieldsToQuery(parsed)]}
  }

  if (parsed.length > 0) {
    if (!fieldsMakeBody(method)) return {query: [...query, ...fieldsToQuery(parsed)]}
    return {body: Buffer.from(stringifyExact(fieldsToBody(parsed))), query}
  }

  if (flags.body === undefined) return {query}
  const bodyFile = flags.body.startsWith('@') ? flags.body.slice(1) : undefined
  return {body: await readJsonBody(flags.body, input), bodyFile, query}
}
