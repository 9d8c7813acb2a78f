/**
 * `account settings` and `mail settings` as text: one FIELD VALUE row per
 * value, nested ones by path (Email.Status, AutoResponder.Repeat), the
 * enumerations the clients publish by name (src/lib/contract/mailbox-enums.ts),
 * times as local date-times, fitted to the width.
 */
import {MAIL_SETTINGS_DECODERS, USER_SETTINGS_DECODERS, type Decoder} from '../../contract/mailbox-enums.ts'
import {cellText} from '../../output/cells.ts'
import {timeText} from '../../output/dates.ts'
import {bitSetText, enumText} from '../../output/decode.ts'
import {fittedTable} from '../../output/fit.ts'
import type {JsonValue} from '../../core/json-value.ts'
import {isRecord, recordOf} from '../../core/records.ts'

/** Fields holding a Unix time (the others are counts, flags and sizes). */
const TIME = /(^|\.)(StartTime|EndTime|ExpirationTime)$/

function valueText(path: string, value: JsonValue, decoders: Readonly<Record<string, Decoder>>): string {
  const decoder = decoders[path.replaceAll(/\[\d+\]/g, '')]
  if (decoder?.kind === 'enum') return enumText(decoder.values, value)
  if (decoder?.kind === 'bits') return bitSetText(decoder.values, value) || cellText(value)
  if (TIME.test(path) && typeof value === 'number' && value > 0) return timeText(value)
  return cellText(value)
}

function flatten(value: JsonValue, path: string, rows: string[][], decoders: Readonly<Record<string, Decoder>>): void {
  if (Array.isArray(value) && value.length > 0) {
    for (const [index, item] of value.entries()) flatten(item, `${path}[${index}]`, rows, decoders)
  } else if (isRecord(value) && Object.keys(value).length > 0) {
    for (const [name, inner] of Object.entries(value)) flatten(inner, path ? `${path}.${name}` : name, rows, decoders)
  } else {
    rows.push([path, valueText(path, value, decoders)])
  }
}

function settingsText(data: JsonValue | undefined, key: string, decoders: Readonly<Record<string, Decoder>>, width: number): string {
  const rows: string[][] = []
  flatten(recordOf(data, key), '', rows, decoders)
  return fittedTable(['FIELD', 'VALUE'], rows, width)
}

/** GET /core/v4/settings: the UserSettings object. */
export function userSettingsText(data: JsonValue | undefined, width: number): string {
  return settingsText(data, 'UserSettings', USER_SETTINGS_DECODERS, width)
}

/** GET /mail/v4/settings: the MailSettings object. */
export function mailSettingsText(data: JsonValue | undefined, width: number): string {
  return settingsText(data, 'MailSettings', MAIL_SETTINGS_DECODERS, width)
}
