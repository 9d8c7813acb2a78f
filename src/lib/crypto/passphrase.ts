/**
 * The key passphrase of an account's keys, from its (mailbox) password and
 * the key's salt, as the official clients derive it: go-srp hash.go
 * MailboxPassword is bcrypt with the prefix "$2y$10$" and the salt in
 * bcrypt's own base64 (./A–Za–z0–9, no padding); go-proton-api
 * salt_types.go SaltForKey then keeps the last 31 characters of the hash
 * (the hash proper, without the prefix and salt).
 */
import bcrypt from 'bcryptjs'

import {BCRYPT_COST} from '../session/srp/password.ts'

export const KEY_PASSPHRASE_LENGTH = 31

/** `keySalt`: the salt as GET /core/v4/keys/salts gives it (base64 of 16 bytes). */
export function keyPassphrase(password: string, keySalt: string): string {
  const salt = Buffer.from(keySalt, 'base64')
  if (salt.length !== 16) throw new RangeError(`the key salt is ${salt.length} bytes, not 16`)
  const hash = bcrypt.hashSync(password, `$2y$${BCRYPT_COST}$${bcrypt.encodeBase64(salt, 16)}`)
  return hash.slice(-KEY_PASSPHRASE_LENGTH)
}
