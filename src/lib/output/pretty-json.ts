/**
 * JSON for a person at a terminal: indented, optionally coloured, integers
 * kept exact (the value comes from parseExact). Iterative, with its own
 * stack of open containers, so no nesting can exhaust the call stack
 * (output.ts still prints a deeply nested answer as received: indenting it
 * would take space quadratic in its depth).
 */
import {escapeJsonControls} from '../core/escape.ts'
import type {JsonValue} from '../core/json-value.ts'

/** The colours of JSON on a terminal (also --jq's results). */
export const JSON_COLOURS = {key: '\u001B[34;1m', literal: '\u001B[35m', number: '\u001B[36m', reset: '\u001B[0m', string: '\u001B[32m'}

/** A container being written: its members (keys for an object), the next one, and how it closes. */
interface Open {
  node: JsonValue[] | {[key: string]: JsonValue}
  keys?: string[]
  next: number
  indent: string
  close: string
}

export function prettyJson(value: JsonValue, colour: boolean): string {
  const paint = (kind: keyof typeof JSON_COLOURS, text: string) => (colour ? `${JSON_COLOURS[kind]}${text}${JSON_COLOURS.reset}` : text)
  const out: string[] = []
  const stack: Open[] = []
  /** Write a scalar whole, or an empty container, or open a container for the loop below. */
  const begin = (node: JsonValue, indent: string) => {
    if (node === null || typeof node === 'boolean') out.push(paint('literal', String(node)))
    else if (typeof node === 'number' || typeof node === 'bigint') out.push(paint('number', String(node)))
    else if (typeof node === 'string') out.push(paint('string', escapeJsonControls(JSON.stringify(node))))
    else if (Array.isArray(node)) {
      if (node.length === 0) out.push('[]')
      else {
        out.push('[')
        stack.push({close: ']', indent, next: 0, node})
      }
    } else {
      const keys = Object.keys(node)
      if (keys.length === 0) out.push('{}')
      else {
        out.push('{')
        stack.push({close: '}', indent, keys, next: 0, node})
      }
    }
  }

  begin(value, '')
  for (let open = stack.at(-1); open; open = stack.at(-1)) {
    const count = open.keys?.length ?? (open.node as JsonValue[]).length
    if (open.next === count) {
      out.push(`\n${open.indent}${open.close}`)
      stack.pop()
      continue
    }

    const index = open.next++
    const inner = `${open.indent}  `
    const key = open.keys?.[index]
    out.push(`${index === 0 ? '' : ','}\n${inner}${key === undefined ? '' : `${paint('key', escapeJsonControls(JSON.stringify(key)))}: `}`)
    begin(key === undefined ? (open.node as JsonValue[])[index] : (open.node as {[key: string]: JsonValue})[key], inner)
  }

  return out.join('')
}
