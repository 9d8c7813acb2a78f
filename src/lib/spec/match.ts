/**
 * Matching a request (METHOD, concrete path) against the path templates of
 * the description: `{name}` stands for one path segment. When several
 * templates match, the one with literal segments earlier wins
 * (/mail/v4/messages/read over /mail/v4/messages/{id}).
 */
import type {Operation} from './types.ts'

/** 2 a literal segment, 1 one with a parameter inside, 0 a whole-segment parameter. */
type Specificity = number[]

interface CompiledTemplate {
  pattern: RegExp
  specificity: Specificity
}

const compiled = new Map<string, CompiledTemplate>()

function escapeRegExp(text: string): string {
  return text.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * One segment as a regular expression: {name} is any non-empty text without
 * "/". An unclosed "{name" (as published: `newsletter-subscriptions{paginationString`,
 * where the client appends an optional ?query) may also be empty.
 */
function segmentPattern(segment: string): string {
  return segment
    .split(/(\{[^}/]*\}?)/)
    .map((part) => (!part.startsWith('{') ? escapeRegExp(part) : part.endsWith('}') ? '[^/]+' : '[^/]*'))
    .join('')
}

export function compileTemplate(template: string): CompiledTemplate {
  let found = compiled.get(template)
  if (found) return found
  const segments = template.split('/')
  const pattern = new RegExp(`^${segments.map((segment) => segmentPattern(segment)).join('/')}$`)
  const specificity = segments.map((segment) => (!segment.includes('{') ? 2 : /^\{[^}]*\}?$/.test(segment) ? 0 : 1))
  found = {pattern, specificity}
  compiled.set(template, found)
  return found
}

export function templateMatches(template: string, path: string): boolean {
  return compileTemplate(template).pattern.test(path)
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

/** The operation a request addresses, or undefined when the description does not know it. */
export function findOperation(operations: readonly Operation[], method: string, path: string): Operation | undefined {
  let best: Operation | undefined
  for (const operation of operations) {
    if (!methodApplies(operation, method) || !templateMatches(operation.path, path)) continue
    if (!best || moreSpecific(compileTemplate(operation.path).specificity, compileTemplate(best.path).specificity)) best = operation
  }

  return best
}
