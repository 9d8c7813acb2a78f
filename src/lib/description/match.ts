/**
 * Matching a request (METHOD, concrete path) against the path templates of
 * the description: `{name}` stands for one path segment. When several
 * templates match, the one with literal segments earlier wins
 * (/mail/v4/messages/read over /mail/v4/messages/{id}).
 */
import type {Operation} from './types.ts'

/** 2 a literal segment, 1 one with a parameter inside, 0 a whole-segment parameter. */
type Specificity = number[]

/** A literal segment, PARAMETER for a whole-segment {name}, or a pattern for a segment with a parameter inside. */
type Segment = RegExp | string | typeof PARAMETER

const PARAMETER = Symbol('parameter')

interface CompiledTemplate {
  segments: Segment[]
  specificity: Specificity
}

const compiled = new Map<string, CompiledTemplate>()

function escapeRegExp(text: string): string {
  return text.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * {name} is any non-empty text without "/". An unclosed "{name" (as
 * published: `newsletter-subscriptions{paginationString`, where the client
 * appends an optional ?query) runs to the segment's end and may be empty.
 */
function compileSegment(segment: string): Segment {
  if (!segment.includes('{')) return segment
  if (/^\{[^}]*\}$/.test(segment)) return PARAMETER
  const pattern = segment
    .split(/(\{[^}/]*\}?)/)
    .map((part) => (!part.startsWith('{') ? escapeRegExp(part) : part.endsWith('}') ? '[^/]+' : '[^/]*'))
    .join('')
  return new RegExp(`^${pattern}$`)
}

// Segments are compared as strings; a regular expression is built only for
// the rare segment with a parameter inside, so matching hundreds of
// templates costs well under a millisecond.
export function compileTemplate(template: string): CompiledTemplate {
  let found = compiled.get(template)
  if (found) return found
  const segments = template.split('/').map((segment) => compileSegment(segment))
  const specificity = segments.map((segment) => (typeof segment === 'string' ? 2 : segment === PARAMETER ? 0 : 1))
  found = {segments, specificity}
  compiled.set(template, found)
  return found
}

function segmentsMatch(template: CompiledTemplate, path: readonly string[]): boolean {
  if (template.segments.length !== path.length) return false
  return template.segments.every((segment, at) => (segment === PARAMETER ? path[at] !== '' : typeof segment === 'string' ? segment === path[at] : segment.test(path[at])))
}

export function templateMatches(template: string, path: string): boolean {
  return segmentsMatch(compileTemplate(template), path.split('/'))
}

function moreSpecific(a: Specificity, b: Specificity): boolean {
  for (let at = 0; at < Math.min(a.length, b.length); at++) {
    if (a[at] !== b[at]) return a[at] > b[at]
  }

  return false
}

/** The operations whose method applies: HEAD is answered wherever GET is, OPTIONS everywhere. */
function methodApplies(operation: Operation, method: string): boolean {
  return operation.method === method || (method === 'HEAD' && operation.method === 'GET') || method === 'OPTIONS'
}

/** The path part of an ENDPOINT: no ?query, percent-encoding kept. */
export function pathOf(endpoint: string): string {
  return endpoint.split('?', 1)[0]
}

function slashes(text: string): number {
  let count = 0
  for (let at = text.indexOf('/'); at !== -1; at = text.indexOf('/', at + 1)) count++
  return count
}

/** The operation a request addresses, or undefined when the description does not know it. */
export function findOperation(operations: readonly Operation[], method: string, path: string): Operation | undefined {
  const segments = path.split('/')
  const depth = segments.length - 1
  let best: Operation | undefined
  for (const operation of operations) {
    // A template of another depth cannot match: counted before it is compiled, most of hundreds never are.
    if (!methodApplies(operation, method) || slashes(operation.path) !== depth || !segmentsMatch(compileTemplate(operation.path), segments)) continue
    if (!best || moreSpecific(compileTemplate(operation.path).specificity, compileTemplate(best.path).specificity)) best = operation
  }

  return best
}
