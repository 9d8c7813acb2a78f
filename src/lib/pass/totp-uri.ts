/**
 * The one-time code of an item's TOTP URI (`otpauth://totp/LABEL?secret=…&algorithm=…&digits=…&period=…`, Key Uri
 * Format; a bare base32 secret is taken as such, as the Pass clients store one typed by hand), RFC 6238.
 */
import {decodeBase32, totp, type TotpAlgorithm} from '../crypto/totp.ts'

export interface TotpCode {
  code: string
  period: number
  /** Seconds until the next code. */
  left: number
}

const ALGORITHMS: Readonly<Record<string, TotpAlgorithm>> = {SHA1: 'sha1', SHA256: 'sha256', SHA512: 'sha512'}

/** The code at `unixSeconds`; a URI that is no TOTP URI throws a RangeError naming what is wrong (never the secret). */
export function totpCode(uri: string, unixSeconds: number): TotpCode {
  let secret = uri.trim()
  let algorithm: TotpAlgorithm = 'sha1'
  let digits = 6
  let period = 30
  if (/^otpauth:/i.test(secret)) {
    let url: URL
    try {
      url = new URL(secret)
    } catch {
      throw new RangeError('the TOTP URI is not a URI')
    }

    if (url.host.toLowerCase() !== 'totp') throw new RangeError(`the one-time URI is of type "${url.host.slice(0, 20)}", not totp`)
    secret = url.searchParams.get('secret') ?? ''
    const named = url.searchParams.get('algorithm')
    if (named !== null) {
      const known = ALGORITHMS[named.toUpperCase()]
      if (known === undefined) throw new RangeError('the TOTP URI names an algorithm other than SHA1, SHA256, SHA512')
      algorithm = known
    }

    const number = (name: string, low: number, high: number, fallback: number) => {
      const given = url.searchParams.get(name)
      if (given === null) return fallback
      const value = /^\d{1,4}$/.test(given) ? Number(given) : Number.NaN
      if (!(value >= low && value <= high)) throw new RangeError(`the TOTP URI's ${name} must be from ${low} to ${high}`)
      return value
    }

    digits = number('digits', 6, 10, 6)
    period = number('period', 1, 3600, 30)
  }

  let key: Buffer
  try {
    key = decodeBase32(secret)
  } catch {
    throw new RangeError('the TOTP secret is not base32')
  }

  return {code: totp(key, unixSeconds, {algorithm, digits, period}), left: period - (Math.floor(unixSeconds) % period), period}
}
