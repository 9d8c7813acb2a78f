/**
 * The raw command's inputs, checked before anything is sent: METHOD,
 * ENDPOINT, --query pairs and the JSON --body.
 */
import {usageError} from '../core/errors.ts'
import {describeJsonError} from '../output/json-scan.ts'
import {type ReadLimit, readNamedFile} from '../files/named-file.ts'
import {StandardInput} from '../core/stdin.ts'
import {type Method, METHODS} from '../http/methods.ts'

export function parseMethod(text: string): Method {
  const method = text.toUpperCase()
  if ((METHODS as readonly string[]).includes(method)) return method as Method
  throw usageError(`METHOD must be one of ${METHODS.join(', ')}, not ${JSON.stringify(text)}`)
}

/**
 * ENDPOINT: a path relative to the base URL, with exactly one "/" at its
 * start; written without it (core/v4/users, as gh takes repos/…), it is
 * taken relative to the base URL all the same.
 */
export function parseEndpoint(given: string): string {
  const shown = JSON.stringify(given)
  if (/^[a-z][a-z\d+.-]*:/i.test(given)) {
    throw usageError(`ENDPOINT must be a path relative to the API base URL, such as /core/v4/users, not a URL: ${shown}`)
  }

  if (given === '') throw usageError('ENDPOINT must not be empty: a path such as /core/v4/users')
  const text = given.startsWith('/') ? given : `/${given}`
  if (text.startsWith('//')) throw usageError(`ENDPOINT must begin with a single "/" (a leading "//" names another host): ${shown}`)
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001F\u007F]/u.test(text)) throw usageError(`ENDPOINT must not contain whitespace or control characters: ${shown}`)
  if (text.includes('\\')) throw usageError(`ENDPOINT must not contain a backslash: ${shown}`)
  if (text.includes('#')) throw usageError(`ENDPOINT must not contain "#" (fragments are never sent): ${shown}`)
  const path = text.split('?', 1)[0]
  const dotSegment = path.split('/').some((segment) => /^(\.|%2e){1,2}$/i.test(segment))
  if (dotSegment) throw usageError(`ENDPOINT must not contain "." or ".." segments: ${shown}`)
  return text
}

/** One --query occurrence: split at the first "=", keep the rest as given. */
export function parseQueryPair(text: string): [string, string] {
  const at = text.indexOf('=')
  if (at === -1) throw usageError(`--query takes key=value, got ${JSON.stringify(text)}`)
  if (at === 0) throw usageError(`--query has an empty key: ${JSON.stringify(text)}`)
  return [text.slice(0, at), text.slice(at + 1)]
}

/**
 * --body: inline JSON, @path for a file, - for standard input. Checked to be
 * JSON before sending, then sent as the very bytes given. Waiting for a
 * file that is a named pipe or a device ends at the limit.
 */
export async function readJsonBody(value: string, stdin: StandardInput = new StandardInput(), limit: ReadLimit = {}): Promise<Buffer> {
  let bytes: Buffer
  let source: string
  if (value === '-') {
    bytes = await stdin.read('--body -')
    source = 'standard input'
  } else if (value.startsWith('@')) {
    const path = value.slice(1)
    bytes = await readNamedFile(path, '--body', limit)
    source = JSON.stringify(path)
  } else {
    bytes = Buffer.from(value, 'utf8')
    source = 'the argument'
  }

  const text = bytes.toString('utf8')
  try {
    JSON.parse(text)
  } catch (error) {
    throw usageError(`--body (${source}) is not valid JSON: ${describeJsonError(text, error)}`)
  }

  return bytes
}
