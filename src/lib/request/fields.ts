/**
 * -F/--field and -f/--raw-field, as `gh api` has them: key=value pairs that
 * build the JSON body (POST, PUT, PATCH) or the query (other methods).
 * -F types its value (true, false, null, integers and decimals become JSON
 * values, @path a file's contents as a string); -f keeps it a string. Keys
 * nest: Parent[Child]=v, and IDs[]=a appends to an array.
 */
import {readFile} from 'node:fs/promises'

import {usageError} from '../runtime/errors.ts'
import type {JsonValue} from '../output/json-value.ts'

export interface FieldArgument {
  /** key=value as given. */
  text: string
  /** -F (true) or -f (false). */
  typed: boolean
}

interface Field {
  key: string
  /** The key's path: a name, then one segment per bracket ('' appends to an array). */
  path: string[]
  value: JsonValue
}

const BODY_METHODS: ReadonlySet<string> = new Set(['PATCH', 'POST', 'PUT'])

/** Whether fields go to the body for this method (else to the query). */
export function fieldsMakeBody(method: string): boolean {
  return BODY_METHODS.has(method)
}

function flagName(typed: boolean): string {
  return typed ? '-F/--field' : '-f/--raw-field'
}

function parsePath(key: string, flag: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key)
  if (!match) throw usageError(`${flag}: the key ${JSON.stringify(key)} is not name, name[key] or name[]`)
  const path = [match[1], ...[...match[2].matchAll(/\[([^[\]]*)\]/g)].map((bracket) => bracket[1])]
  if (path.slice(0, -1).includes('')) throw usageError(`${flag}: "[]" may only end a key: ${JSON.stringify(key)}`)
  return path
}

async function typedValue(text: string, stdin: AsyncIterable<Buffer | string>): Promise<JsonValue> {
  if (text === 'true') return true
  if (text === 'false') return false
  if (text === 'null') return null
  if (/^-?(?:0|[1-9]\d*)$/.test(text)) {
    const number = Number(text)
    return Number.isSafeInteger(number) ? number : BigInt(text)
  }

  if (/^-?(?:0|[1-9]\d*)\.\d+$/.test(text)) return Number(text)
  if (!text.startsWith('@')) return text
  const path = text.slice(1)
  try {
    if (path === '-') {
      const chunks: Buffer[] = []
      for await (const chunk of stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)
      return Buffer.concat(chunks).toString('utf8')
    }

    return await readFile(path, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error'
    throw usageError(`-F/--field cannot read ${JSON.stringify(path)}: ${code === 'ENOENT' ? 'no such file' : code}`)
  }
}

async function parseField(argument: FieldArgument, stdin: AsyncIterable<Buffer | string>): Promise<Field> {
  const flag = flagName(argument.typed)
  const at = argument.text.indexOf('=')
  if (at <= 0) throw usageError(`${flag} takes key=value, got ${JSON.stringify(argument.text)}`)
  const key = argument.text.slice(0, at)
  const text = argument.text.slice(at + 1)
  return {key, path: parsePath(key, flag), value: argument.typed ? await typedValue(text, stdin) : text}
}

export async function parseFields(fields: readonly FieldArgument[], stdin: AsyncIterable<Buffer | string> = process.stdin): Promise<Field[]> {
  const parsed: Field[] = []
  for (const field of fields) parsed.push(await parseField(field, stdin))
  return parsed
}

type Container = JsonValue[] | {[key: string]: JsonValue}

/** An own property even for a key such as "__proto__". */
function put(object: {[key: string]: JsonValue}, key: string, value: JsonValue): void {
  Object.defineProperty(object, key, {configurable: true, enumerable: true, value, writable: true})
}

function isObject(value: JsonValue | undefined): value is {[key: string]: JsonValue} {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && typeof value !== 'bigint'
}

/** The JSON body the fields describe. */
export function fieldsToBody(fields: readonly Field[]): {[key: string]: JsonValue} {
  const root: {[key: string]: JsonValue} = {}
  for (const {key, path, value} of fields) {
    let node: Container = root
    for (const [index, segment] of path.entries()) {
      const last = index === path.length - 1
      const parent: {[key: string]: JsonValue} = node as {[key: string]: JsonValue}
      if (last) {
        if (segment === '') (node as JsonValue[]).push(value)
        else if (Object.hasOwn(parent, segment)) throw usageError(`the field ${JSON.stringify(key)} is given twice`)
        else put(parent, segment, value)
        break
      }

      const wantsArray = path[index + 1] === ''
      const existing: JsonValue | undefined = Object.hasOwn(parent, segment) ? parent[segment] : undefined
      if (existing === undefined) put(parent, segment, wantsArray ? [] : {})
      else if (wantsArray ? !Array.isArray(existing) : !isObject(existing)) {
        throw usageError(`the field ${JSON.stringify(key)} conflicts with another field for ${JSON.stringify(path.slice(0, index + 1).join('.'))}`)
      }

      node = parent[segment] as Container
    }
  }

  return root
}

/** The query pairs the fields describe: keys as written, values as text. */
export function fieldsToQuery(fields: readonly Field[]): Array<[string, string]> {
  return fields.map(({key, value}) => [key, value === null ? '' : String(value)])
}
