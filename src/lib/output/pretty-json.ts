/**
 * JSON for a person at a terminal: indented, optionally coloured, integers
 * kept exact (the value comes from parseExact).
 */
import type {JsonValue} from './json-value.ts'

const COLOURS = {key: '\u001B[34;1m', literal: '\u001B[35m', number: '\u001B[36m', reset: '\u001B[0m', string: '\u001B[32m'}

export function prettyJson(value: JsonValue, colour: boolean): string {
  const paint = (kind: keyof typeof COLOURS, text: string) => (colour ? `${COLOURS[kind]}${text}${COLOURS.reset}` : text)
  const render = (node: JsonValue, indent: string): string => {
    if (node === null || typeof node === 'boolean') return paint('literal', String(node))
    if (typeof node === 'number' || typeof node === 'bigint') return paint('number', String(node))
    if (typeof node === 'string') return paint('string', JSON.stringify(node))
    const inner = `${indent}  `
    if (Array.isArray(node)) {
      if (node.length === 0) return '[]'
      return `[\n${node.map((item) => inner + render(item, inner)).join(',\n')}\n${indent}]`
    }

    const entries = Object.entries(node)
    if (entries.length === 0) return '{}'
    const lines = entries.map(([key, item]) => `${inner}${paint('key', JSON.stringify(key))}: ${render(item, inner)}`)
    return `{\n${lines.join(',\n')}\n${indent}}`
  }

  return render(value, '')
}
