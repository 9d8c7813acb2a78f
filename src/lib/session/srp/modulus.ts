/**
 * The modulus inside the service's cleartext-signed message: its body is
 * the base64 of 256 little-endian bytes. This reads and checks the shape;
 * checking the signature itself is the login client's job.
 */
import {srpGroup} from './group.ts'

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

/** The base64 text signed in a "-----BEGIN PGP SIGNED MESSAGE-----" block. */
export function signedModulusText(signed: string): string {
  const lines = signed.replaceAll('\r\n', '\n').split('\n')
  const start = lines.indexOf('-----BEGIN PGP SIGNED MESSAGE-----')
  const end = lines.indexOf('-----BEGIN PGP SIGNATURE-----')
  if (start === -1 || end === -1 || end < start) throw new RangeError('the modulus is not a cleartext-signed message')
  // Armor headers (Hash: …) end at the first empty line.
  const blank = lines.indexOf('', start)
  if (blank === -1 || blank > end) throw new RangeError('the signed modulus has no message body')
  return lines
    .slice(blank + 1, end)
    .join('\n')
    .trim()
}

/** The modulus bytes of a signed modulus, refused when its shape is wrong. */
export function decodeSignedModulus(signed: string): Buffer {
  const text = signedModulusText(signed)
  if (!BASE64.test(text)) throw new RangeError('the signed modulus is not base64')
  const bytes = Buffer.from(text, 'base64')
  srpGroup(bytes)
  return bytes
}
