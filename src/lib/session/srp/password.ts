/**
 * The password hash of SRP auth versions 3 and 4: bcrypt ($2y$, cost 10)
 * salted with the account's salt plus "proton", then expanded together with
 * the modulus into a 256-byte number.
 */
import bcrypt from 'bcryptjs'

import {expandHash} from './expand-hash.ts'

export const BCRYPT_COST = 10
const SALT_SUFFIX = Buffer.from('proton', 'ascii')

/** bcrypt's own base64 of salt + "proton", cut to the 22 characters bcrypt reads. */
export function bcryptSalt(salt: Uint8Array): string {
  const bytes = Buffer.concat([salt, SALT_SUFFIX])
  if (bytes.length < 16) throw new RangeError(`the SRP salt is ${salt.length} bytes; bcrypt needs at least 10`)
  return bcrypt.encodeBase64(bytes.subarray(0, 16), 16).slice(0, 22)
}

/** bcrypt of the password with a 22-character bcrypt-base64 salt: the full "$2y$10$…" string. */
export function bcryptHash(password: string, encodedSalt: string): string {
  return bcrypt.hashSync(password, `$2y$${BCRYPT_COST}$${encodedSalt}`)
}

/** The hashed password x of versions 3 and 4, as 256 little-endian bytes. */
export function hashPassword(password: string, salt: Uint8Array, modulus: Uint8Array): Buffer {
  // The reference clients refuse an empty password outright.
  if (password.length === 0) throw new RangeError('the password is empty')
  const crypted = bcryptHash(password, bcryptSalt(salt))
  return expandHash(Buffer.from(crypted, 'utf8'), modulus)
}
