/**
 * The raw command's check against the API description, before sending:
 * is the operation known, are the query parameters declared, does the
 * --body fit the operation's schema. Problems are warnings, or with
 * --strict a refusal (exit 1, nothing sent). The stored description is
 * read as JSON and ajv is loaded only when a body has a schema to meet,
 * so the check costs a few milliseconds; it never touches the network.
 */
import {usageError} from '../errors.ts'
import {findOperation, pathOf} from './match.ts'
import {activeDescription} from './store.ts'
import {nearestOperations} from './suggest.ts'
import type {Operation} from './types.ts'

export interface RequestToCheck {
  method: string
  /** ENDPOINT as given, possibly with its own ?query. */
  endpoint: string
  query: ReadonlyArray<readonly [string, string]>
  body?: Buffer
}

export interface CheckOptions {
  cacheDir: string
  strict: boolean
  /** Prints one warning line (the command decides whether --quiet silences it). */
  warn: (line: string) => void
}

const MAX_BODY_ERRORS = 3

function describe(operation: Operation): string {
  return `${operation.method} ${operation.path}`
}

function queryPairs(request: RequestToCheck): Array<readonly [string, string]> {
  const at = request.endpoint.indexOf('?')
  const own = at === -1 ? [] : [...new URLSearchParams(request.endpoint.slice(at + 1))]
  return [...own, ...request.query]
}

function queryProblems(operation: Operation, request: RequestToCheck): string[] {
  if (!operation.query) return []
  const declared = new Map(operation.query.map((parameter) => [parameter.name, parameter.type]))
  const problems = new Set<string>()
  for (const [name, value] of queryPairs(request)) {
    if (!declared.has(name)) {
      problems.add(`query parameter ${JSON.stringify(name)} is not declared for ${describe(operation)} in the API description`)
    } else if (declared.get(name) === 'integer' && !/^-?\d+$/.test(value)) {
      problems.add(`query parameter ${name}=${JSON.stringify(value)}: the API description says ${name} is an integer`)
    }
  }

  return [...problems]
}

async function bodyProblems(operation: Operation, body: Buffer): Promise<string[]> {
  if (!operation.body) return []
  // ajv is loaded only here, and compiles only this operation's schema.
  const {Ajv} = await import('ajv')
  // Schemas come cleaned from schema-cleanup, so ajv need not check them against the meta-schema (4x faster).
  const ajv = new Ajv({allErrors: true, meta: false, strict: false, validateFormats: false, validateSchema: false})
  let validate
  try {
    validate = ajv.compile(operation.body)
  } catch {
    return [] // A schema ajv cannot compile says nothing reliable about the body.
  }

  if (validate(JSON.parse(body.toString('utf8')))) return []
  const errors = (validate.errors ?? []).slice(0, MAX_BODY_ERRORS).map((error) => {
    const where = error.instancePath === '' ? 'the body' : error.instancePath
    const allowed = Array.isArray(error.params.allowedValues) ? ` (${error.params.allowedValues.join(', ')})` : ''
    return `${where} ${error.message ?? 'is not valid'}${allowed}`
  })
  const more = (validate.errors?.length ?? 0) > MAX_BODY_ERRORS ? ', …' : ''
  return [`--body does not fit ${describe(operation)} in the API description: ${errors.join(', ')}${more}`]
}

/** What the description finds wrong with a request; empty when nothing. */
export async function findProblems(operations: readonly Operation[], request: RequestToCheck): Promise<string[]> {
  const path = pathOf(request.endpoint)
  const operation = findOperation(operations, request.method, path)
  if (!operation) {
    const nearest = nearestOperations(operations, request.method, path).map((known) => describe(known))
    const hint = nearest.length > 0 ? `; nearest known: ${nearest.join(', ')}` : ''
    return [`${request.method} ${path} is not in the API description${hint}`]
  }

  // OPTIONS and HEAD borrow another method's operation: its body and query do not apply.
  if (operation.method !== request.method) return []
  return [...queryProblems(operation, request), ...(request.body ? await bodyProblems(operation, request.body) : [])]
}

/** Check a request before it is sent: warn, or with strict refuse. */
export async function checkRequest(request: RequestToCheck, options: CheckOptions): Promise<void> {
  const description = activeDescription(options.cacheDir)
  if (description.problem) options.warn(`Warning: ${description.problem}; using the built-in API description (run "api spec update")`)
  const problems = await findProblems(description.operations, request)
  if (problems.length === 0) return
  if (options.strict) throw usageError(`${problems.join('; ')} (--strict: nothing sent)`)
  for (const problem of problems) options.warn(`Warning: ${problem}`)
}
