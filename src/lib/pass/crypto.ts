/**
 * Proton Pass's encryption, as the official clients do it:
 *
 * - vault content, item keys and item content are AES-256-GCM under a 32-byte key, the 12-byte IV first and the
 *   16-byte tag last, with an additional-data tag naming what is encrypted: `vaultcontent`, `itemkey`,
 *   `itemcontent` (pass-cli pass-domain/src/crypto.rs EncryptionTag::aad, encrypt, decrypt; WebClients
 *   packages/pass/lib/crypto/utils/crypto-helpers.ts encryptData, PassEncryptionTag);
 * - a vault's share keys, one per rotation, are OpenPGP messages encrypted to a user key and signed by it: a key
 *   that is not signed by one of the user's keys is refused (WebClients packages/pass/lib/crypto/processes/share/
 *   open-share-key.ts openShareKey, SIGNED_AND_VALID; pass-cli pass/src/crypto/share_key.rs OpenShareKeyFlow,
 *   decrypt_and_verify); a new vault's key is encrypted to the primary user key and signed by it (pass-cli
 *   pass/src/vault/create.rs create_vault_request; WebClients processes/vault/create-vault.ts).
 *
 * Pure: no requests, no output. Failures are PassCryptoError, whose message names what failed and never a secret.
 */
import {createCipheriv, createDecipheriv, createSecretKey, type KeyObject, randomBytes} from 'node:crypto'

import type {PrivateKey} from 'openpgp'

import {openpgp} from '../crypto/keyring.ts'

export const KEY_BYTES = 32
const IV_BYTES = 12
const TAG_BYTES = 16

export type PassTag = 'itemcontent' | 'itemkey' | 'vaultcontent'

/** The additional data of each tag, made once: an item opened costs no buffers beyond its own. */
const AAD: Record<PassTag, Buffer> = {itemcontent: Buffer.from('itemcontent', 'ascii'), itemkey: Buffer.from('itemkey', 'ascii'), vaultcontent: Buffer.from('vaultcontent', 'ascii')}

/**
 * A 32-byte AES key, as bytes or as a KeyObject. node:crypto takes a KeyObject as it is, but bytes only after asking
 * whether they are a KeyObject or a CryptoKey by checks that throw and catch an error each (Node 24
 * internal/crypto/keys prepareSecretKey): 1.3 KiB of garbage per decryption, and an item is two. A share key, which
 * opens every item of its vault, is made a KeyObject once (PassSession), an item key at its one use (asKey).
 */
export type PassKey = KeyObject | Uint8Array

export const asKey = (key: PassKey): KeyObject => (key instanceof Uint8Array ? createSecretKey(key) : key)
const keyBytes = (key: PassKey): number => (key instanceof Uint8Array ? key.length : (key.symmetricKeySize ?? 0))

export class PassCryptoError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PassCryptoError'
  }
}

/** A fresh random 32-byte AES-256 key (pass-cli crypto.rs generate_encryption_key). */
export const newKey = (): Buffer => randomBytes(KEY_BYTES)

/** AES-256-GCM of `data` under `key` with `tag` as additional data: IV, ciphertext, tag. */
export function seal(key: PassKey, data: Uint8Array, tag: PassTag): Buffer {
  if (keyBytes(key) !== KEY_BYTES) throw new PassCryptoError(`a Pass key must be ${KEY_BYTES} bytes, not ${keyBytes(key)}`)
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', asKey(key), iv, {authTagLength: TAG_BYTES})
  cipher.setAAD(AAD[tag])
  return Buffer.concat([iv, cipher.update(data), cipher.final(), cipher.getAuthTag()])
}

/** The plaintext of seal(); a wrong key, tag or a changed byte fails authentication (`what` names it in the error). */
export function open(key: PassKey, sealed: Uint8Array, tag: PassTag, what: string): Buffer {
  if (keyBytes(key) !== KEY_BYTES) throw new PassCryptoError(`${what}: its key is ${keyBytes(key)} bytes, not ${KEY_BYTES}`)
  if (sealed.length < IV_BYTES + TAG_BYTES) throw new PassCryptoError(`${what}: ${sealed.length} bytes are too few for AES-GCM (IV and tag alone are ${IV_BYTES + TAG_BYTES})`)
  const decipher = createDecipheriv('aes-256-gcm', asKey(key), sealed.subarray(0, IV_BYTES), {authTagLength: TAG_BYTES})
  decipher.setAAD(AAD[tag])
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES))
  try {
    const plain = decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES))
    const rest = decipher.final()
    // GCM gives it all at update (final checks the tag): kept in the buffer node:crypto made (see fromBase64).
    return rest.length === 0 ? plain : Buffer.concat([plain, rest])
  } catch {
    throw new PassCryptoError(`${what} fails authentication (AES-GCM tag): it was changed, or is not encrypted with this key`)
  }
}

/**
 * Base64 as the service sends it; anything else is refused rather than decoded leniently. Decoded into a buffer of
 * its own, freed with it: Buffer.from would cut it from Node's shared 8 KiB pool, whose slabs, held as the pool in use
 * until full, outlive young-generation collections and wait, dead, for a full one (22,500 items read: 2 MiB of them).
 */
export function fromBase64(text: unknown, what: string): Buffer {
  if (typeof text !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) throw new PassCryptoError(`${what} is not base64`)
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text, 'base64'))
  bytes.write(text, 'base64')
  return bytes
}

/**
 * A share key (base64 of a binary OpenPGP message): decrypted with the user keys and verified against them. An
 * unsigned key, one signed by another key, or one that is not 32 bytes is refused.
 */
export async function openShareKey(key: unknown, userKeys: readonly PrivateKey[], what: string): Promise<Buffer> {
  const pgp = await openpgp()
  const binaryMessage = fromBase64(key, what)
  let message
  try {
    message = await pgp.readMessage({binaryMessage})
  } catch {
    throw new PassCryptoError(`${what} is not an OpenPGP message`)
  }

  let result
  try {
    result = await pgp.decrypt({decryptionKeys: [...userKeys], expectSigned: false, format: 'binary', message, verificationKeys: userKeys.map((userKey) => userKey.toPublic())})
  } catch {
    throw new PassCryptoError(`${what} cannot be decrypted with the account's user keys`)
  }

  if (result.signatures.length === 0) throw new PassCryptoError(`${what} is not signed: refused (a share key must be signed by the account's user key)`)
  const verified = await Promise.all(
    result.signatures.map(({verified: check}) =>
      check.then(
        () => true,
        () => false,
      ),
    ),
  )
  if (!verified.some(Boolean)) throw new PassCryptoError(`${what} is not signed by the account's user key: refused`)
  const bytes = Buffer.from(result.data as Uint8Array)
  if (bytes.length !== KEY_BYTES) throw new PassCryptoError(`${what} holds ${bytes.length} bytes, not a ${KEY_BYTES}-byte key`)
  return bytes
}

/** A new share key as the service stores it: base64 of a binary OpenPGP message to the primary user key, signed by it. */
export async function sealShareKey(key: Uint8Array, primary: PrivateKey): Promise<string> {
  const pgp = await openpgp()
  const message = await pgp.createMessage({binary: key})
  const sealed = await pgp.encrypt({encryptionKeys: primary.toPublic(), format: 'binary', message, signingKeys: primary})
  return Buffer.from(sealed as Uint8Array).toString('base64')
}
