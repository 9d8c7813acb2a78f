/**
 * Enumerations and bit sets shown by name in text tables. A value the
 * contract does not name stays visible as its number.
 */
import {bitNames, type Enumeration, nameOf} from '../contract/contract.ts'
import {oneLine} from '../core/errors.ts'

function integerOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return value
  if (typeof value === 'bigint' && value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)) return Number(value)
  return undefined
}

/** The name of an enumeration value, else the value as text ('' when absent). */
export function enumText(enumeration: Enumeration, value: unknown): string {
  if (value === undefined || value === null) return ''
  const integer = integerOf(value)
  // A value the contract does not name is the service's text: one line, control characters escaped.
  return (integer === undefined ? undefined : nameOf(enumeration, integer)) ?? oneLine(String(value))
}

/** Every set bit of a bit set by name, comma-separated ('' when absent). */
export function bitSetText(enumeration: Enumeration, value: unknown): string {
  if (value === undefined || value === null) return ''
  const integer = integerOf(value)
  if (integer === undefined || integer < 0) return oneLine(String(value))
  return bitNames(enumeration, integer).join(',')
}

/** The numeric value of an enumeration name (the contract's spelling). */
export function valueOfName(enumeration: Enumeration, name: string): number | undefined {
  const entry = Object.entries(enumeration).find(([, candidate]) => candidate === name)
  return entry === undefined ? undefined : Number(entry[0])
}
