/**
 * `account show` as text: one FIELD VALUE row per value of the user, nested
 * ones by path (Keys[0].PrivateKey), keys shortened, never decrypted. The
 * fields whose meaning the web client publishes are decoded
 * (client-enums.ts): enumerations by name (Private and Delinquent in words), bit sets as the number and every
 * set bit by name ("5 (MAIL,VPN)"), 0 as "0 (none)".
 */
import {bytesText, cellText, idText} from '../../output/cells.ts'
import type {Enumeration} from '../../contract/contract.ts'
import {MNEMONIC_STATUS, PRODUCT_BIT, USER_LOCKED_FLAGS, USER_ROLES, USER_TYPE} from '../../contract/client-enums.ts'
import {timeText} from '../../output/dates.ts'
import {bitSetText, enumText} from '../../output/decode.ts'
import type {JsonValue} from '../../core/json-value.ts'
import {isRecord, recordOf} from '../../core/records.ts'
import {renderTable} from '../../output/table.ts'
import {oneLine} from '../../core/errors.ts'

/** Top-level User fields that are enumerations (WebClients packages/shared/lib/interfaces/User.ts). */
const ENUMERATIONS: Readonly<Record<string, Enumeration>> = {
  MnemonicStatus: MNEMONIC_STATUS,
  Role: USER_ROLES,
  Type: USER_TYPE,
}

/**
 * Enumerations whose published names do not read as words (Private UNREADABLE, Delinquent NOT_UNPAID): what each
 * value means, after the number, as the bit sets show theirs ("0 (paid up)"). The meanings are WebClients'
 * (packages/shared/lib/constants.ts UNPAID_STATE: NOT_UNPAID, AVAILABLE, OVERDUE, DELINQUENT, NO_RECEIVE;
 * MEMBER_PRIVATE: READABLE, UNREADABLE).
 */
const IN_WORDS: Readonly<Record<string, Readonly<Record<number, string>>>> = {
  Delinquent: {0: 'paid up', 1: 'an invoice is due', 2: 'an invoice is overdue', 3: 'delinquent: the account is restricted', 4: 'delinquent: mail is no longer received'},
  Private: {0: "no: the organization's admins can read this account's data", 1: 'yes: only the user can read their data'},
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
  if (Object.hasOwn(IN_WORDS, path) && typeof value === 'number' && Object.hasOwn(IN_WORDS[path], value)) return `${value} (${IN_WORDS[path][value]})`
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
