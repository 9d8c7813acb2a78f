/**
 * `account show` as text: one FIELD VALUE row per value of the user, nested
 * ones by path (Keys[0].PrivateKey), keys shortened, never decrypted.
 */
import {bytesText, cellText, idText} from '../cells.ts'
import {MEMBER_ROLE} from '../../contract/contract.ts'
import {timeText} from '../dates.ts'
import {enumText} from '../decode.ts'
import type {JsonValue} from '../json-value.ts'
import {isRecord, recordOf} from '../records.ts'
import {renderTable} from '../table.ts'
import {oneLine} from '../../runtime/errors.ts'

function valueText(key: string, value: JsonValue): string {
  if (key === 'Role') return enumText(MEMBER_ROLE, value)
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
    rows.push([oneLine(path, Number.POSITIVE_INFINITY), valueText(key, value)])
  }
}

export function userText(data: JsonValue | undefined): string {
  const rows: string[][] = []
  flatten(recordOf(data, 'User'), '', '', rows)
  return renderTable(['FIELD', 'VALUE'], rows)
}
