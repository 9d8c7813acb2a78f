/** The reads callers make of crypto/direct, each whole: a message opened, a detached signature checked. */
import {decryptMessage} from './decrypt.ts'
import {type DirectKeySet, readKey} from './keys.ts'
import {decryptionKeys, directVerdict, readSignatures, signedData, verifies} from './signatures.ts'

/** An armored message decrypted with `keys`, its signatures weighed with the armored `senderKeys` (directVerdict). */
export function openArmoredMessage(armored: string, keys: readonly DirectKeySet[], senderKeys: readonly string[], maxBytes = Infinity): {data: Buffer; verification: ReturnType<typeof directVerdict>} {
  const {data, signatures} = decryptMessage(armored, {keys, maxBytes})
  return {
    data,
    verification: directVerdict(
      signatures,
      data,
      senderKeys.map((key) => readKey(key)),
    ),
  }
}

/**
 * Whether an armored detached signature over `data` holds by one of `keys` (armored, or read), for certain; false for
 * anything else (it does not hold, or crypto/direct cannot tell: OpenPGP.js then decides).
 */
export function holdsDetached(data: Buffer, armoredSignature: string, keys: ReadonlyArray<DirectKeySet | string>): boolean {
  try {
    const sets = keys.map((key) => (typeof key === 'string' ? readKey(key) : key))
    return readSignatures(armoredSignature).some((signature) => verifies(signature, signedData(signature, data), sets))
  } catch {
    return false
  }
}

/**
 * When an armored detached signature of one packet that never expires was made (seconds): from then on, whether it
 * holds depends on the data and the key alone. Undefined for anything else (several packets, an expiry, unread).
 */
export function lastingSince(armoredSignature: string): number | undefined {
  try {
    const signatures = readSignatures(armoredSignature)
    return signatures.length === 1 && signatures[0].expiresAfter === 0 ? signatures[0].created : undefined
  } catch {
    return undefined
  }
}

/**
 * `attempt`'s result, or undefined when it fails in any way (Unsupported, or anything node:crypto refuses): the caller
 * then does the same with OpenPGP.js, which gives the verdict in its words. `why` hears the reason (DEBUG prints it).
 */
export async function directly<T>(attempt: () => Promise<T> | T, why?: (reason: string) => void): Promise<T | undefined> {
  try {
    return await attempt()
  } catch (error) {
    why?.(error instanceof Error ? error.message : String(error))
    return undefined
  }
}

/**
 * Whether crypto/direct reads these unlocked keys (each as OpenPGP.js writes it) and decrypts with each: else a read
 * with them goes to OpenPGP.js (an RSA key, say), and had better load it early.
 */
export function readsDirectly(keys: readonly Uint8Array[]): boolean {
  try {
    return keys.length > 0 && keys.every((key) => decryptionKeys([readKey(Buffer.from(key))]).length > 0)
  } catch {
    return false
  }
}
