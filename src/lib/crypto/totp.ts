/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP), with the
 * base32 secrets authenticator apps take: the sandbox checks login codes with them, and `pass totp` shows an
 * item's code.
 */
import {createHmac, timingSafeEqual} from 'node:crypto'

export type TotpAlgorithm = 'sha1' | 'sha256' | 'sha512'

export interface TotpOptions {
  algorithm?: TotpAlgorithm
  digits?: number
  /** Seconds per step. */
  period?: number
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/** RFC 4648 base32, case-insensitive; spaces and trailing "=" are ignored. */
export function decodeBase32(text: string): Buffer {
  const clean = text.replaceAll(/\s+/g, '').replace(/=+$/, '').toUpperCase()
  if (clean.length === 0) throw new RangeError('the base32 secret is empty')
  const bytes: number[] = []
  let buffer = 0
  let bits = 0
  for (const char of clean) {
    const value = ALPHABET.indexOf(char)
    if (value === -1) throw new RangeError(`the base32 secret has a character outside A–Z and 2–7: ${JSON.stringify(char)}`)
    buffer = ((buffer << 5) | value) & 0xffff
    bits += 5
    if (bits >= 8) {
      bits -= 8
      bytes.push((buffer >> bits) & 0xff)
    }
  }

  return Buffer.from(bytes)
}

export function hotp(key: Uint8Array, counter: number, digits = 6, algorithm: TotpAlgorithm = 'sha1'): string {
  const message = Buffer.alloc(8)
  message.writeBigUInt64BE(BigInt(counter))
  const mac = createHmac(algorithm, key).update(message).digest()
  const offset = mac[mac.length - 1] & 0x0f
  const binary = mac.readUInt32BE(offset) & 0x7fffffff
  return String(binary % 10 ** digits).padStart(digits, '0')
}

/** The code for a moment given in seconds since the epoch. */
export function totp(key: Uint8Array, unixSeconds: number, options: TotpOptions = {}): string {
  const {algorithm = 'sha1', digits = 6, period = 30} = options
  return hotp(key, Math.floor(unixSeconds / period), digits, algorithm)
}

/** Whether the code is right for now, or one step before or after (clock drift). */
export function checkTotp(key: Uint8Array, code: string, unixSeconds: number, options: TotpOptions = {}): boolean {
  const {digits = 6, period = 30} = options
  if (code.length !== digits || !/^\d+$/.test(code)) return false
  let match = false
  for (const drift of [-1, 0, 1]) {
    const expected = totp(key, unixSeconds + drift * period, options)
    // Compare every candidate in full, so timing tells nothing.
    if (timingSafeEqual(Buffer.from(expected), Buffer.from(code))) match = true
  }

  return match
}
