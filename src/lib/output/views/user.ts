/**
 * `account show` as text: one FIELD VALUE row per value of the user, nested
 * ones by path (Keys[0].PrivateKey), keys shortened, never decrypted. The
 * fields whose meaning the web client publishes are decoded
 * (client-enums.ts): enumerations by name, bit sets as the number and every
 * set bit by name ("5 (MAIL,VPN)"), 0 as "0 (none)".
 */
import {bytesText, cellText, idText} from '../cells.ts'
import type {Enumeration} from '../../contract/contract.ts'
import {MEMBER_PRIVATE, MNEMONIC_STATUS, PRODUCT_BIT, UNPAID_STATE, USER_LOCKED_FLAGS, USER_ROLES, USER_TYPE} from '../../contract/client-enums.ts'
import {timeText} from '../dates.ts'
import {bitSetText, enumText} from '../decode.ts'
import type {JsonValue} from '../json-value.ts'
import {isRecord, recordOf} from '../records.ts'
import {renderTable} from '../table.ts'
import {oneLine} from '../../runtime/errors.ts'

/** Top-level User fields that are enumerations (WebClients packages/shared/lib/interfaces/User.ts). */
const ENUMERATIONS: Readonly<Record<string, Enumeration>> = {
  Delinquent: UNPAID_STATE,
  MnemonicStatus: MNEMONIC_STATUS,
  Private: MEMBER_PRIVATE,
  Role: USER_ROLES,
  Type: USER_TYPE,
}

/** Top-level User fields that are bit sets. */
const BIT_SETS: Readonly<Record<string, Enumeration>> = {
  LockedFlags: USER_LOCKED_FLAGS,
  Services: PRODUCT_BIT,
  Subscribed: PRODUCT_BIT,
}

function bitsText(enumeration: Enumeration, value: JsonValue): string {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) return cellText(value)
  return `${value} (${bitSetText(enumeration, value) || 'none'})`
}

function valueText(path: string, key: string, value: JsonValue): string {
  if (Object.hasOwn(ENUMERATIONS, path)) return enumText(ENUMERATIONS[path], value)
  if (Object.hasOwn(BIT_SETS, path)) return bitsText(BIT_SETS[path], value)
  if (/Time$/.test(key) && typeof value === 'number' && value > 0) return timeText(value)
  if (/(Space|Upload)$/.test(key) && (typeof value === 'number' || typeof value === 'bigint')) return `${value} (${bytesText(value)})`
  if (/ID$/.test(key)) return idText(value)
  return cellText(value)
}

function flatten(value: JsonValue, path: string, key: string, rows: string[][]): void {
  if (Array.isArray(value) && value.length > 0) {
    for (const [index, item] of value.entries()) flatten(item, `${path}[${index}]`, key, rows)
  } else if (isRecord(value) && Object.keys(value).length > 0) {
    for (const [name, inner] of Object.entries(value)) flatten(inner, path ? `${path}.${name}` : name, name, rows)
  } else {
    // The path is made of the service's keys: one line, control characters escaped.
    rows.push([oneLine(path, Number.POSITIVE_INFINITY), valueText(path, key, value)])
  }
}

export function userText(data: JsonValue | undefined): string {
  const rows: string[][] = []
  flatten(recordOf(data, 'User'), '', '', rows)
  return renderTable(['FIELD', 'VALUE'], rows)
}
