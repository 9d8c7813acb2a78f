/**
 * What `proton api METHOD ENDPOINT` does once its flags are parsed: build
 * the request, check it against the API description, send it with the
 * session (or print it as curl: printCurl, or fetch every page) and print the answer.
 * The plain function of the api command (src/lib/api/commands/api.ts), so it
 * must not import @oclif/core.
 */
import {buildRequestUrl} from '../http/api-url.ts'
import {usageError} from '../core/errors.ts'
import {parseHeaders} from '../http/headers.ts'
import type {ApiRequest} from '../http/client.ts'
import type {Display, Invocation} from '../run/invocation.ts'
import {paginate} from './paginate.ts'
import {requestParts} from './body.ts'
import {readLimit} from '../files/named-file.ts'
import {interruptSignal} from '../core/interrupt.ts'
import {type Method, METHODS} from '../http/methods.ts'
import {parseEndpoint, parseMethod} from './input.ts'
import {checkRequest} from '../description/request-check.ts'
import {printCurl} from './print-curl.ts'

/** The raw command's own flags, parsed (the global ones are the Invocation's). */
export interface RawRequestFlags {
  body?: string
  'dry-run': boolean
  header?: string[]
  include: boolean
  input?: string
  /** With --paginate: at most this many pages (default DEFAULT_MAX_PAGES). */
  'max-pages'?: number
  /** -X/--method METHOD, as gh takes it: the first argument is then the ENDPOINT. */
  method?: string
  'output-file'?: string
  paginate: boolean
  query?: string[]
  silent: boolean
  slurp: boolean
  strict: boolean
}

export interface RawRequest {
  /** METHOD as given; or, when ENDPOINT is left out, the endpoint (see methodAndEndpoint). */
  method: string
  endpoint?: string
  flags: RawRequestFlags
  /** -F and -f in the order given, which decides how keys nest and arrays fill. */
  fields: Array<{text: string; typed: boolean}>
}

/** The -F/-f flags among the flags as given, in their order. */
export function fieldsInOrder(flagsInOrder: ReadonlyArray<{flag: string; input: string}>): RawRequest['fields'] {
  return flagsInOrder.filter(({flag}) => flag === 'field' || flag === 'raw-field').map(({flag, input}) => ({text: input, typed: flag === 'field'}))
}

/**
 * METHOD and ENDPOINT, or ENDPOINT alone as gh takes it: GET, or POST when
 * the request carries a body (fields, --body or --input).
 */
export function methodAndEndpoint({endpoint, fields, flags, method}: RawRequest): {method: Method; endpoint: string} {
  if (flags.method !== undefined) {
    if (endpoint !== undefined) throw usageError(`give the method once: -X ${flags.method.toUpperCase()} ENDPOINT, or METHOD ENDPOINT (${method} ${endpoint} given with -X)`)
    return {endpoint: parseEndpoint(method), method: parseMethod(flags.method)}
  }

  if (endpoint !== undefined) return {endpoint: parseEndpoint(endpoint), method: parseMethod(method)}
  if ((METHODS as readonly string[]).includes(method.toUpperCase())) throw usageError(`missing ENDPOINT after ${method.toUpperCase()} (a path such as /core/v4/users)`)
  const withBody = fields.length > 0 || flags.body !== undefined || flags.input !== undefined
  return {endpoint: parseEndpoint(method), method: withBody ? 'POST' : 'GET'}
}

export async function runRawRequest(invocation: Invocation, given: RawRequest): Promise<void> {
  const {fields, flags} = given
  const {endpoint, method} = methodAndEndpoint(given)
  const {io} = invocation
  const headers = parseHeaders(flags.header ?? [], (line) => io.stderr.write(`${line}\n`))
  // A named pipe or device given as a file is waited for no longer than a request would be.
  const limit = readLimit(invocation.flags.timeout, interruptSignal)
  const {body, bodyFile, query} = await requestParts(method, flags, fields, () => io.stdin, limit)
  if (flags.paginate && method !== 'GET') throw usageError('--paginate is for GET requests')
  const checked = flags.input === undefined ? body : undefined
  const {cacheDir, names} = invocation.context
  await checkRequest({body: checked, endpoint, method, query}, {cacheDir, names, strict: flags.strict, warn: (line) => invocation.note(line)})
  const session = await invocation.session()
  const request: ApiRequest & {body?: Buffer} = {body, headers, method, url: buildRequestUrl(session.apiUrl, endpoint, query)}
  const display: Display = {include: flags.include, outputFile: flags['output-file'], silent: flags.silent}
  if (flags['dry-run']) {
    await invocation.checkFilter()
    return printCurl(invocation, session, request, bodyFile)
  }
  const spool = invocation.spool()
  try {
    if (flags.paginate) await paginate(invocation, {display, maxPages: flags['max-pages'], request, session, slurp: flags.slurp, spool})
    else await invocation.printAnswer(await invocation.receive(session, request, spool, {outputFile: display.outputFile}), display)
  } finally {
    await spool.close()
  }
}
