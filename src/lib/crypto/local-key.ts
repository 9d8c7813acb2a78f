/**
 * The key passphrase at rest: never stored in clear, but sealed (AES-256-GCM)
 * with a random key that only the service keeps, for this session: the web
 * client's persisted session (WebClients packages/shared/lib/authentication/
 * persistedSessionHelper.ts persistSession / resumeSession, clientKey.ts:
 * PUT /auth/v4/sessions/local/key {Key: base64 of a 256-bit key}, and GET of
 * the same path answers {ClientKey}). Once the session ends on the service
 * its local key goes with it, so a copied session file opens nothing.
 * The session's UID is the sealed text's associated data: a blob moved into
 * another session's file does not open either.
 */
import {createCipheriv, createDecipheriv, randomBytes} from 'node:crypto'

/** What a session file holds: `v1.` + base64 of IV (12 bytes), ciphertext and tag (16 bytes). */
const VERSION = 'v1.'
const IV_BYTES = 12
const TAG_BYTES = 16

export function newClientKey(): Buffer {
  return randomBytes(32)
}

export function sealPassphrase(passphrase: string, clientKey: Buffer, uid: string): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', clientKey, iv)
  cipher.setAAD(Buffer.from(uid, 'utf8'))
  const sealed = Buffer.concat([iv, cipher.update(passphrase, 'utf8'), cipher.final(), cipher.getAuthTag()])
  return VERSION + sealed.toString('base64')
}

/** The passphrase, or undefined when this key (or this UID) does not open the blob. */
export function openPassphrase(blob: string, clientKey: Buffer, uid: string): string | undefined {
  if (!blob.startsWith(VERSION) || clientKey.length !== 32) return undefined
  const sealed = Buffer.from(blob.slice(VERSION.length), 'base64')
  if (sealed.length < IV_BYTES + TAG_BYTES) return undefined
  try {
    const decipher = createDecipheriv('aes-256-gcm', clientKey, sealed.subarray(0, IV_BYTES))
    decipher.setAAD(Buffer.from(uid, 'utf8'))
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES))
    return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES)), decipher.final()]).toString('utf8')
  } catch {
    return undefined
  }
}

/** The ClientKey of an answer to GET /auth/v4/sessions/local/key ({ClientKey}: WebClients LocalKeyResponse); empty when it holds none. */
export function clientKeyOf(data: unknown): Buffer {
  const key = data !== null && typeof data === 'object' ? (data as {ClientKey?: unknown}).ClientKey : undefined
  return typeof key === 'string' ? Buffer.from(key, 'base64') : Buffer.alloc(0)
}
