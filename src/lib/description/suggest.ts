/**
 * The known operations nearest to a request the description does not know:
 * an edit distance over path segments (a template parameter matches any
 * segment, a misspelt segment costs by how much it differs), plus a little
 * for another method.
 */
import {editDistance} from '../core/edit-distance.ts'
import type {Operation} from './types.ts'

const METHOD_COST = 0.5

function segmentCost(requested: string, template: string): number {
  if (requested === template) return 0
  if (template.startsWith('{') && requested !== '') return 0
  const longest = Math.max(requested.length, template.length)
  return longest === 0 ? 0 : editDistance(requested.toLowerCase(), template.toLowerCase()) / longest
}

/** Distance between a concrete path and a template, segment by segment. */
export function pathDistance(path: string, template: string, cost = segmentCost): number {
  const a = path.split('/')
  const b = template.split('/')
  let previous = Array.from({length: b.length + 1}, (_, at) => at)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost(a[i - 1], b[j - 1]))
    }

    previous = current
  }

  return previous[b.length]
}

/** Beyond the nearest, others are shown only if they are about as near. */
const MARGIN = 0.75

/** Up to `limit` operations close enough to be what was meant, nearest first. */
export function nearestOperations(operations: readonly Operation[], method: string, path: string, limit = 3): Operation[] {
  const parts = path.split('/').length
  const threshold = Math.max(1.5, (parts - 1) * 0.6)
  // The published description has some 700 templates sharing their segments: each pair of segments is costed once,
  // and a template too long or too short to come within the threshold (each segment more or less costs 1) is skipped.
  const costs = new Map<string, number>()
  const cost = (requested: string, template: string) => {
    const key = `${requested}/${template}`
    let found = costs.get(key)
    if (found === undefined) costs.set(key, (found = segmentCost(requested, template)))
    return found
  }

  const ranked = operations
    .map((operation) => {
      const base = operation.method === method ? 0 : METHOD_COST
      const lengths = Math.abs(operation.path.split('/').length - parts)
      return {cost: base + (base + lengths > threshold ? lengths : pathDistance(path, operation.path, cost)), operation}
    })
    .filter(({cost}) => cost <= threshold)
    .sort((a, b) => a.cost - b.cost || (a.operation.path < b.operation.path ? -1 : a.operation.path > b.operation.path ? 1 : 0))
  const cutoff = (ranked[0]?.cost ?? 0) + MARGIN
  return ranked
    .filter(({cost}) => cost <= cutoff)
    .slice(0, limit)
    .map(({operation}) => operation)
}
