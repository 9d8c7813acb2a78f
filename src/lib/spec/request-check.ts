/**
 * The raw command's check against the API description, before sending:
 * is the operation known, are the query parameters declared, does the
 * --body fit the operation's schema. Problems are warnings, or with
 * --strict a refusal (exit 1, nothing sent). The stored description is
 * read as JSON and ajv is loaded only when a body has a schema to meet,
 * so the check costs a few milliseconds; it never touches the network.
 */
import {type CommandNames, commandLine} from '../command-names.ts'
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
  /** How to name `api spec update` in the hints. */
  names: CommandNames
  cacheDir: string
  strict: boolean
  /** Prints one warning line (the command decides whether --quiet silences it). */
  warn: (line: string) => void
}

const MAX_BODY_ERRORS = 3

export interface Problem {
  message: string
  /** True when a more complete description could make it go away (unknown operation, undeclared parameter). */
  coverage: boolean
}

function describe(operation: Operation): string {
  return `${operation.method} ${operation.path}`
}

function queryPairs(request: RequestToCheck): Array<readonly [string, string]> {
  const at = request.endpoint.indexOf('?')
  const own = at === -1 ? [] : [...new URLSearchParams(request.endpoint.slice(at + 1))]
  return [...own, ...request.query]
}

function queryProblems(operation: Operation, request: RequestToCheck): Problem[] {
  if (!operation.query) return []
  const declared = new Map(operation.query.map((parameter) => [parameter.name, parameter.type]))
  const problems = new Map<string, Problem>()
  for (const [name, value] of queryPairs(request)) {
    if (!declared.has(name)) {
      const message = `query parameter ${JSON.stringify(name)} is not declared for ${describe(operation)} in the API description`
      problems.set(message, {coverage: true, message})
    } else if (declared.get(name) === 'integer' && !/^-?\d+$/.test(value)) {
      const message = `query parameter ${name}=${JSON.stringify(value)}: the API description says ${name} is an integer`
      problems.set(message, {coverage: false, message})
    }
  }

  return [...problems.values()]
}

async function bodyProblems(operation: Operation, body: Buffer): Promise<Problem[]> {
  if (!operation.body) return []
  // ajv is loaded only here, and compiles only this operation's schema.
  // `default` is the package's CommonJS exports, under Node as in the fast path's bundle.
  const {Ajv} = (await import('ajv')).default
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
  return [{coverage: false, message: `--body does not fit ${describe(operation)} in the API description: ${errors.join(', ')}${more}`}]
}

/** What the description finds wrong with a request; empty when nothing. */
export async function findProblems(operations: readonly Operation[], request: RequestToCheck): Promise<Problem[]> {
  const path = pathOf(request.endpoint)
  const operation = findOperation(operations, request.method, path)
  if (!operation) {
    const nearest = nearestOperations(operations, request.method, path).map((known) => describe(known))
    const hint = nearest.length > 0 ? `; nearest known: ${nearest.join(', ')}` : ''
    return [{coverage: true, message: `${request.method} ${path} is not in the API description${hint}`}]
  }

  // OPTIONS and HEAD borrow another method's operation: its body and query do not apply.
  if (operation.method !== request.method) return []
  return [...queryProblems(operation, request), ...(request.body ? await bodyProblems(operation, request.body) : [])]
}

/** Check a request before it is sent: warn, or with strict refuse. */
export async function checkRequest(request: RequestToCheck, options: CheckOptions): Promise<void> {
  const description = activeDescription(options.cacheDir)
  if (description.problem) options.warn(`Warning: ${description.problem}; using the built-in API description (run "${commandLine(options.names, 'api:spec:update')}")`)
  const problems = await findProblems(description.operations, request)
  if (problems.length === 0) return
  // The built-in description holds only the documented endpoints: say how to get the rest.
  const hint = description.stored ? '' : ` (only the built-in description is installed; "${commandLine(options.names, 'api:spec:update')} --from FILE|URL" adds the full one)`
  const messages = problems.map((problem) => (problem.coverage ? problem.message + hint : problem.message))
  if (options.strict) throw usageError(`${messages.join('; ')} (--strict: nothing sent)`)
  for (const message of messages) options.warn(`Warning: ${message}`)
}
