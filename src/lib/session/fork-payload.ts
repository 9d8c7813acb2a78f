/**
 * The Payload of an approved session fork: the approving device encrypts
 * {type, keyPassword} with the 32-byte key the sign-in code carried
 * (AES-256-GCM), the base64 of IV || ciphertext || tag. Three versions
 * exist, told apart only by trying them, in the order the official
 * clients do (WebClients packages/shared/lib/authentication/fork/blob.ts
 * getForkDecryptedBlob with sessionBlobCryptoHelper.ts getDecryptedBlob /
 * getDecryptedBlobV3 and cryptoHelper.ts decryptData):
 * - v3 (the link asks for it with pv=3): a 12-byte IV, associated data
 *   "fork", UTF-8 text (the official Drive CLI, ProtonDriveApps/sdk
 *   incubating/account/js/src/authWeb.ts decryptForkPayload);
 * - v1: a 16-byte IV, no associated data (what signInWithAnotherDevicePush
 *   sends from a Proton app; protonpass/pass-cli pass-auth/src/web_login.rs
 *   decrypt_payload);
 * - v2: a 16-byte IV, associated data "fork".
 * v1 and v2 carry their text one byte per character (getDecryptedBlob's
 * uint8ArrayToString), read here as Latin-1.
 *
 * keyPassword is the key passphrase itself (already derived from the
 * password and the key salt): it unlocks the user key as it is.
 */
import {createDecipheriv} from 'node:crypto'

const AAD = Buffer.from('fork', 'utf8')
const TAG_BYTES = 16
export const FORK_KEY_BYTES = 32

interface Variant {
  ivBytes: number
  aad: boolean
  text: BufferEncoding
}

const VARIANTS: readonly Variant[] = [
  {aad: true, ivBytes: 12, text: 'utf8'},
  {aad: false, ivBytes: 16, text: 'latin1'},
  {aad: true, ivBytes: 16, text: 'latin1'},
]

/** More than any {type, keyPassword} (and its offline variant) needs; a longer Payload is refused unread. */
const PAYLOAD_MAX_CHARS = 16 * 1024
const KEY_PASSWORD_MAX = 1024
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/

export class ForkPayloadError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ForkPayloadError'
  }
}

function open(sealed: Buffer, key: Buffer, variant: Variant): string | undefined {
  if (sealed.length < variant.ivBytes + TAG_BYTES) return undefined
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, variant.ivBytes))
    if (variant.aad) decipher.setAAD(AAD)
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES))
    return Buffer.concat([decipher.update(sealed.subarray(variant.ivBytes, sealed.length - TAG_BYTES)), decipher.final()]).toString(variant.text)
  } catch {
    return undefined
  }
}

/** The keyPassword an approval carries; ForkPayloadError when it is missing, malformed, tampered or sealed with another key. */
export function openForkPayload(payload: unknown, key: Buffer): string {
  if (key.length !== FORK_KEY_BYTES) throw new ForkPayloadError('the sign-in key is not 32 bytes')
  if (typeof payload !== 'string' || payload === '') throw new ForkPayloadError('the approval carries no key password (Payload)')
  if (payload.length > PAYLOAD_MAX_CHARS || payload.length % 4 !== 0 || !BASE64.test(payload)) throw new ForkPayloadError('its Payload is not base64 of a sealed blob')
  const sealed = Buffer.from(payload, 'base64')
  for (const variant of VARIANTS) {
    const text = open(sealed, key, variant)
    if (text === undefined) continue
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      throw new ForkPayloadError('its Payload opens, but is not JSON')
    }

    const keyPassword = parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>).keyPassword : undefined
    if (typeof keyPassword !== 'string' || keyPassword === '' || keyPassword.length > KEY_PASSWORD_MAX) {
      throw new ForkPayloadError('its Payload holds no key password')
    }

    return keyPassword
  }

  throw new ForkPayloadError('its Payload does not open with this sign-in’s key (tampered, or sealed for another sign-in)')
}
