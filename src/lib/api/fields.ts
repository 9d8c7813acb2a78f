/**
 * -F/--field and -f/--raw-field, as `gh api` has them: key=value pairs that
 * build the JSON body (POST, PUT, PATCH) or the query (other methods).
 * -F types its value (true, false, null and numbers become JSON values, the
 * numbers exactly as written; @path a file's contents as a string); -f keeps
 * it a string. Keys nest: Parent[Child]=v, IDs[]=a appends to an array, and
 * `-F IDs[]` alone (no "=") makes it an empty array, as in gh.
 */
import {usageError} from '../core/errors.ts'
import {isRawJson, type JsonValue, rawJson} from '../core/json-value.ts'
import {type ReadLimit, readNamedFile} from '../files/named-file.ts'
import {StandardInput} from '../core/stdin.ts'

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
  /** Undefined for `key[]` alone: the array, empty. */
  value?: JsonValue
  /** The value as written, for the query string. */
  text: string
}

/** A JSON number: what -F sends as a number, with the very digits given. */
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/

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

async function typedValue(key: string, text: string, stdin: StandardInput, limit: ReadLimit): Promise<JsonValue> {
  if (text === 'true') return true
  if (text === 'false') return false
  if (text === 'null') return null
  // 1.50 stays 1.50 and 1.23456789012345678901 keeps every digit: no round trip through a double.
  if (JSON_NUMBER.test(text)) return rawJson(text)
  if (!text.startsWith('@')) return text
  const path = text.slice(1)
  if (path === '-') return (await stdin.read(`-F ${key}=@-`)).toString('utf8')
  return (await readNamedFile(path, '-F/--field', limit)).toString('utf8')
}

async function parseField(argument: FieldArgument, stdin: StandardInput, limit: ReadLimit): Promise<Field> {
  const flag = flagName(argument.typed)
  const at = argument.text.indexOf('=')
  if (at === -1 && argument.text.endsWith('[]')) return {key: argument.text, path: parsePath(argument.text, flag), text: ''}
  if (at <= 0) throw usageError(`${flag} takes key=value (or key[] for an empty array), got ${JSON.stringify(argument.text)}`)
  const key = argument.text.slice(0, at)
  const text = argument.text.slice(at + 1)
  return {key, path: parsePath(key, flag), text, value: argument.typed ? await typedValue(key, text, stdin, limit) : text}
}

/** The fields parsed; an @file that is a named pipe or a device is waited for until the limit. */
export async function parseFields(fields: readonly FieldArgument[], stdin = new StandardInput(), limit: ReadLimit = {}): Promise<Field[]> {
  const parsed: Field[] = []
  for (const field of fields) parsed.push(await parseField(field, stdin, limit))
  return parsed
}

type Container = JsonValue[] | {[key: string]: JsonValue}

/** An own property even for a key such as "__proto__". */
function put(object: {[key: string]: JsonValue}, key: string, value: JsonValue): void {
  Object.defineProperty(object, key, {configurable: true, enumerable: true, value, writable: true})
}

function isObject(value: JsonValue | undefined): value is {[key: string]: JsonValue} {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !isRawJson(value)
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
        if (segment === '') {
          if (value !== undefined) (node as JsonValue[]).push(value)
        } else if (value === undefined) throw usageError(`${key}: only a key ending in [] may stand without a value`)
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

/** The query pairs the fields describe: keys and values as written (an empty array adds no pair). */
export function fieldsToQuery(fields: readonly Field[]): Array<[string, string]> {
  return fields.flatMap(({key, text, value}) => (value === undefined ? [] : [[key, typeof value === 'string' ? value : value === null ? '' : text] as [string, string]]))
}
