/**
 * Table cells: one line each, and encrypted material (PGP armored blocks,
 * long base64 blobs) shortened as the service sent it, never decrypted.
 */
import {oneLine} from '../core/errors.ts'

const ARMOR = /-----BEGIN PGP ([A-Z ]+?)-----/
/** Longer than any identifier the service uses (88 characters), so IDs stay whole. */
const BLOB_MIN = 120
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/
/** Free text longer than this is cut in tables. */
export const CELL_MAX = 60

/** The short stand-in for an encrypted value, or undefined when the text is not one. */
export function shortenEncrypted(text: string): string | undefined {
  const armor = ARMOR.exec(text)
  if (armor) return `[PGP ${armor[1]}, ${text.length} chars]`
  const compact = text.replaceAll(/\s+/g, '')
  if (compact.length >= BLOB_MIN && BASE64.test(compact)) return `${compact.slice(0, 12)}… [base64, ${compact.length} chars]`
  return undefined
}

/** Any JSON value as one table cell. */
export function cellText(value: unknown, max = CELL_MAX): string {
  if (value === undefined || value === null) return ''
  if (typeof value === 'string') return shortenEncrypted(value) ?? oneLine(value, max)
  if (typeof value === 'object')
    return oneLine(
      JSON.stringify(value, (_key, inner: unknown) => (typeof inner === 'bigint' ? inner.toString() : inner)),
      max,
    )
  return String(value)
}

/** Identifiers stay whole: a cut one could not be used in the next command. */
export function idText(value: unknown): string {
  return cellText(value, Number.POSITIVE_INFINITY)
}

const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB']

/** Bytes for people: 1.0 MiB. Not a number: shown as it is. */
export function bytesText(value: unknown): string {
  const bytes = typeof value === 'bigint' ? Number(value) : value
  if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes < 0) return cellText(value)
  let unit = 0
  let scaled = bytes
  while (scaled >= 1024 && unit < UNITS.length - 1) {
    scaled /= 1024
    unit += 1
  }

  return unit === 0 ? `${bytes} B` : `${scaled.toFixed(1)} ${UNITS[unit]}`
}
