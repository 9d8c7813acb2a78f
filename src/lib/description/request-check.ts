/**
 * The raw command's check against the API description, before sending:
 * is the operation known, are the query parameters declared, does the
 * --body fit the operation's schema. Problems are warnings, or with
 * --strict a refusal (exit 1, nothing sent). The stored or shipped
 * description is read as JSON, the shipped one only when the built-in one
 * cannot answer alone, and ajv is loaded only when a body has a schema to
 * meet, so the check costs a few milliseconds; it never touches the network.
 */
import {type CommandNames, commandLine} from '../core/command-names.ts'
import {usageError} from '../core/errors.ts'
import {BUILTIN_OPERATIONS} from './builtin.ts'
import {findOperation, pathOf} from './match.ts'
import {describedBy, nameOf, readStored} from './store.ts'
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
  /** Where the shipped description is (default: dist/description/published.json). */
  shippedFile?: string
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

/**
 * True when the built-in description finds nothing wrong with a request it
 * holds under a literal template. A fuller description would say the same:
 * no template matches the path more closely, and merged, the built-in
 * operation wins. Most requests the tool sends are of these.
 */
async function builtinAnswers(request: RequestToCheck): Promise<boolean> {
  const operation = findOperation(BUILTIN_OPERATIONS, request.method, pathOf(request.endpoint))
  if (!operation || operation.path.includes('{')) return false
  return (await findProblems(BUILTIN_OPERATIONS, request)).length === 0
}

/** Check a request before it is sent: warn, or with strict refuse. */
export async function checkRequest(request: RequestToCheck, options: CheckOptions): Promise<void> {
  const read = readStored(options.cacheDir)
  // Without a stored description, the shipped one is read only when the built-in one cannot answer.
  if (!read.stored && !read.problem && (await builtinAnswers(request))) return
  const description = describedBy(read, options.shippedFile)
  if (description.problem) options.warn(`Warning: ${description.problem}; using ${nameOf(description)} (run "${commandLine(options.names, 'api:spec:update')}")`)
  const problems = await findProblems(description.operations, request)
  if (problems.length === 0) return
  // Alone, the built-in description holds only the documented endpoints: say how to get the rest.
  const hint = description.kind === 'built-in' ? ` (only the built-in description is installed; "${commandLine(options.names, 'api:spec:update')} --from FILE|URL" adds the full one)` : ''
  const messages = problems.map((problem) => (problem.coverage ? problem.message + hint : problem.message))
  if (options.strict) throw usageError(`${messages.join('; ')} (--strict: nothing sent)`)
  for (const message of messages) options.warn(`Warning: ${message}`)
}
