/**
 * Parsing a response for re-display (pretty text, YAML) without losing
 * integers beyond 2^53: JSON.parse's reviver sees each number's source text
 * (Node ≥ 21), and integers that do not fit a double exactly become BigInt.
 */

export type JsonValue = bigint | boolean | JsonValue[] | null | number | string | {[key: string]: JsonValue}

type Reviver = (this: unknown, key: string, value: unknown, context: {source?: string}) => unknown

const keepIntegers: Reviver = (_key, value, context) => {
  if (typeof value === 'number' && !Number.isSafeInteger(value) && context?.source && /^-?\d+$/.test(context.source)) {
    return BigInt(context.source)
  }

  return value
}

/** Whether JSON.parse may round an integer of the text: one it would round has sixteen digits in a row (2^53 has sixteen; fewer are exact). */
const mayRound = (text: string): boolean => /\d{16}/.test(text)

/**
 * JSON.parse that keeps every integer exact. The reviver costs a call and a source string per value (a page of 100
 * Pass items: some 240 KiB of garbage, more than the page itself), so a text without sixteen digits in a row, which
 * holds no integer it would change, is parsed without it.
 */
export function parseExact(text: string): JsonValue {
  if (!mayRound(text)) return JSON.parse(text) as JsonValue
  return JSON.parse(text, keepIntegers as Parameters<typeof JSON.parse>[1]) as JsonValue
}

/** JSON.stringify that writes BigInt values (from parseExact) as the exact integers they are. */
export function stringifyExact(value: JsonValue, indent?: number): string {
  const raw = (JSON as unknown as {rawJSON: (text: string) => unknown}).rawJSON
  return JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? raw(item.toString()) : item), indent)
}

const RAW = JSON as unknown as {rawJSON: (text: string) => JsonValue; isRawJSON: (value: unknown) => boolean}

/** A JSON text that stringify writes as it is (JSON.rawJSON): numbers exactly as the user wrote them. */
export function rawJson(text: string): JsonValue {
  return RAW.rawJSON(text)
}

/** Whether a value came from rawJson (an object to JavaScript, a number to JSON). */
export function isRawJson(value: unknown): boolean {
  return RAW.isRawJSON(value)
}
