/**
 * Request-body schemas as the tool checks them. The published description
 * is generated from client sources and renders some types wrongly: arrays
 * and strings as objects listing their JavaScript methods (length, push,
 * charAt …), unknown types as bare `type: object`, and every optional
 * property of a type it could not resolve as `type: string, nullable: true`
 * (colours, counts, lists and flags alike). Whatever the description does not say reliably becomes an
 * unconstrained schema, so a flaw in the description never turns a valid
 * request into an error.
 */
import {isRecord} from '../core/records.ts'

type Schema = Record<string, unknown>

const JSON_TYPES = new Set(['array', 'boolean', 'integer', 'null', 'number', 'object', 'string'])

/** Member names of the JavaScript built-ins the generator expands instead of naming a type. */
const BUILTIN_MEMBERS = new Set([
  ...Object.getOwnPropertyNames(Array.prototype),
  ...Object.getOwnPropertyNames(String.prototype),
  ...Object.getOwnPropertyNames(Object.prototype),
  ...Object.getOwnPropertyNames(Function.prototype),
])

function isBuiltinMember(name: string): boolean {
  return BUILTIN_MEMBERS.has(name) || name.startsWith('__@')
}

/** An object whose "properties" are mostly the methods of Array, String or Object. */
function isRenderedBuiltin(properties: Schema): boolean {
  const names = Object.keys(properties)
  const builtin = names.filter((name) => isBuiltinMember(name)).length
  return names.length >= 3 && builtin * 2 >= names.length
}

function cleanType(schema: Schema): string[] | undefined {
  const declared = Array.isArray(schema.type) ? schema.type : [schema.type]
  const types = declared.filter((type): type is string => typeof type === 'string' && JSON_TYPES.has(type))
  return types.length === 0 ? undefined : types
}

function validPattern(pattern: unknown): pattern is string {
  if (typeof pattern !== 'string') return false
  try {
    new RegExp(pattern, 'u')
    return true
  } catch {
    return false
  }
}

/** A schema ajv can compile, with every unreliable part left unconstrained ({}). */
export function cleanSchema(input: unknown): Schema {
  if (!isRecord<Schema>(input) || typeof input.$ref === 'string' || input.nullable === true) return {}
  const types = cleanType(input)
  const properties = isRecord<Schema>(input.properties) ? input.properties : undefined
  if (properties && isRenderedBuiltin(properties)) return {}
  // A bare object is how the generator writes a type it could not resolve.
  if (types?.length === 1 && types[0] === 'object' && !properties && input.additionalProperties === undefined) return {}

  const out: Schema = {}
  if (types) out.type = types.length === 1 ? types[0] : types
  if (properties) {
    // fromEntries defines own properties, so names such as __proto__ stay plain keys.
    out.properties = Object.fromEntries(
      Object.entries(properties)
        .filter(([name]) => !name.startsWith('__@'))
        .map(([name, value]) => [name, cleanSchema(value)]),
    )
    if (Array.isArray(input.required)) {
      out.required = input.required.filter((name): name is string => typeof name === 'string' && Object.hasOwn(out.properties as Schema, name))
    }
  }

  if (isRecord<Schema>(input.items)) out.items = cleanSchema(input.items)
  if (typeof input.additionalProperties === 'boolean') out.additionalProperties = input.additionalProperties
  if (Array.isArray(input.enum) && input.enum.length > 0) out.enum = input.enum
  if (validPattern(input.pattern)) out.pattern = input.pattern
  for (const key of ['minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems']) {
    if (typeof input[key] === 'number') out[key] = input[key]
  }

  return out
}

/** True when the schema constrains nothing: no check is worth running. */
export function isUnconstrained(schema: Schema): boolean {
  return Object.keys(schema).length === 0
}
