/**
 * --max-size: the most bytes an answer may have once decoded (a gzip body
 * that inflates a thousandfold counts as what it inflates to). Written as
 * bytes or with a unit: K, M, G, T and KiB … TiB are powers of 1024, kB,
 * MB, GB and TB powers of 1000, in any case.
 */
import {usageError} from '../core/errors.ts'

export const DEFAULT_MAX_SIZE = '1GiB'
export const DEFAULT_MAX_BYTES = 1024 ** 3

/**
 * The most bytes a command holds whole in memory (a dedicated command's answer, a decrypted body, the pages of mail
 * list --all), whatever --max-size allows: V8 makes no string longer than 512 MiB, and parsing JSON or MIME takes
 * several times its size. Only what streams (api, mail download's attachments) goes up to --max-size.
 */
export const HELD_MAX_BYTES = 64 * 1024 ** 2

/** A bound on bytes and how an error line names it. */
export interface SizeBound {
  bytes: number
  /** "--max-size (1 GiB)", or "the 64 MiB a command holds in memory". */
  name: string
}

/** --max-size as a bound: for what streams. */
export function streamBound(text: string | undefined): SizeBound {
  const bytes = maxBytesOf(text)
  return {bytes, name: `--max-size (${sizeText(bytes)})`}
}

/** For what a command holds whole in memory: --max-size, or HELD_MAX_BYTES when that is smaller. */
export function heldBound(text: string | undefined): SizeBound {
  const bound = streamBound(text)
  return bound.bytes <= HELD_MAX_BYTES ? bound : {bytes: HELD_MAX_BYTES, name: `the ${sizeText(HELD_MAX_BYTES)} a command holds in memory`}
}

const UNITS: Readonly<Record<string, number>> = {
  '': 1,
  b: 1,
  g: 1024 ** 3,
  gb: 1e9,
  gib: 1024 ** 3,
  k: 1024,
  kb: 1e3,
  kib: 1024,
  m: 1024 ** 2,
  mb: 1e6,
  mib: 1024 ** 2,
  t: 1024 ** 4,
  tb: 1e12,
  tib: 1024 ** 4,
}

/** The bytes a size stands for: a whole positive number of them, else undefined. */
export function parseSize(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?) ?([a-z]*)$/i.exec(text.trim())
  const unit = match ? UNITS[match[2].toLowerCase()] : undefined
  if (!match || unit === undefined) return undefined
  const bytes = Math.floor(Number(match[1]) * unit)
  return bytes >= 1 && Number.isSafeInteger(bytes) ? bytes : undefined
}

/** --max-size's value as bytes, or a usage error (exit 1, nothing sent). */
export function maxBytesOf(text: string | undefined): number {
  if (text === undefined) return DEFAULT_MAX_BYTES
  const bytes = parseSize(text)
  if (bytes === undefined) throw usageError(`--max-size must be a size such as 500000, 10MiB or 1GiB (at least 1 byte), not ${JSON.stringify(text)}`)
  return bytes
}

/** A size for people: in the largest binary unit it fills, at most one decimal ("1 GiB", "1.5 MiB", "900 bytes"). */
export function sizeText(bytes: number): string {
  const units = ['KiB', 'MiB', 'GiB', 'TiB']
  let unit = -1
  let scaled = bytes
  while (scaled >= 1024 && unit < units.length - 1) {
    scaled /= 1024
    unit++
  }

  if (unit < 0) return `${bytes} byte${bytes === 1 ? '' : 's'}`
  return `${Number.parseFloat(scaled.toFixed(1))} ${units[unit]}`
}
