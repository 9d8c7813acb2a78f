/**
 * The raw command's request parts from its flags: --query pairs, and the
 * body from one of --body (JSON), --input (any bytes) or the -F/-f fields
 * (which make the query instead for GET, HEAD, DELETE, OPTIONS). With
 * --input the fields go to the query, as in gh. A file that is a named
 * pipe or a device is waited for until the limit (--timeout), not forever.
 */
import {usageError} from '../core/errors.ts'
import {type FieldArgument, fieldsMakeBody, fieldsToBody, fieldsToQuery, parseFields} from './fields.ts'
import {stringifyExact} from '../core/json-value.ts'
import {parseQueryPair, readJsonBody} from './input.ts'
import {type ReadLimit, readNamedFile} from '../files/named-file.ts'
import {StandardInput} from '../core/stdin.ts'

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

async function readInput(value: string, stdin: StandardInput, limit: ReadLimit): Promise<Buffer> {
  return value === '-' ? stdin.read('--input -') : readNamedFile(value, '--input', limit)
}

export async function requestParts(
  method: string,
  flags: BodyFlags,
  fields: readonly FieldArgument[],
  stdin: () => NodeJS.ReadableStream = () => process.stdin,
  limit: ReadLimit = {},
): Promise<RequestParts> {
  const given = [flags.body !== undefined && '--body', flags.input !== undefined && '--input', fields.length > 0 && '-F/-f'].filter(Boolean)
  if (flags.body !== undefined && given.length > 1) throw usageError(`${given.join(' and ')} cannot be used together: give the request body one way`)
  const input = new StandardInput(stdin)
  const query = (flags.query ?? []).map((pair) => parseQueryPair(pair))
  const parsed = await parseFields(fields, input, limit)
  if (flags.input !== undefined) {
    const body = await readInput(flags.input, input, limit)
    return {body, bodyFile: flags.input === '-' ? undefined : flags.input, query: [...query, ...fieldsToQuery(parsed)]}
  }

  if (parsed.length > 0) {
    if (!fieldsMakeBody(method)) return {query: [...query, ...fieldsToQuery(parsed)]}
    return {body: Buffer.from(stringifyExact(fieldsToBody(parsed))), query}
  }

  if (flags.body === undefined) return {query}
  const bodyFile = flags.body.startsWith('@') ? flags.body.slice(1) : undefined
  return {body: await readJsonBody(flags.body, input, limit), bodyFile, query}
}
