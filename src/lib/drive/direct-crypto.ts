/**
 * What drive's crypto proxy (drive-crypto.ts) does without OpenPGP.js (issue 45): the SDK's reads (a node's key
 * passphrase, name, hash key, content key packet and its signature, extended attributes) with crypto/direct, when every
 * key they involve is a DualKey, a key the seal holds read directly. Each answers only what OpenPGP.js would answer
 * for certain: the data and NOT_SIGNED (nothing checkable) or SIGNED_AND_VALID (a signature holds); anything else
 * (a signature that does not hold, a password, a signature context, a key of another kind) is undefined, and the
 * proxy does the same work with OpenPGP.js, which gives SIGNED_AND_INVALID and its errors, or throws its own error.
 */
import {decryptMessage, openSessionKey, type SessionKey} from '../crypto/direct/decrypt.ts'
import type {DirectKeySet} from '../crypto/direct/keys.ts'
import {dearmor, need} from '../crypto/direct/packets.ts'
import {directVerdict, readSignatures} from '../crypto/direct/signatures.ts'

/** VERIFICATION_STATUS of the SDK (src/crypto/interface.ts), as numbers: the SDK's enum is not loaded for three values. */
export const NOT_SIGNED = 0
export const SIGNED_AND_VALID = 1
export const SIGNED_AND_INVALID = 2

/**
 * A key handed to the SDK (which holds keys as opaque values): read directly (from the seal, unlocked, or a public key),
 * its OpenPGP.js form made only when a method needs it (once).
 */
export class DualKey<K = unknown> {
  readonly direct: DirectKeySet
  readonly #make: () => Promise<K>
  #pgp?: Promise<K>

  constructor(direct: DirectKeySet, make: () => Promise<K>) {
    this.direct = direct
    this.#make = make
  }

  pgp(): Promise<K> {
    this.#pgp ??= this.#make()
    return this.#pgp
  }
}

/** The keys' direct forms when every one has one (none at all is none); else undefined. */
function directForms(keys: readonly unknown[]): DirectKeySet[] | undefined {
  return keys.every((key) => key instanceof DualKey) ? keys.map((key) => (key as DualKey).direct) : undefined
}

const SESSION_ALGORITHMS = new Set(['aes128', 'aes192', 'aes256'])

/** A session key the SDK passes back (crypto/direct's or OpenPGP.js's, which share the shape), if it is of a cipher read here. */
function sessionKeyOf(value: unknown): SessionKey | undefined {
  const key = value as Partial<SessionKey> & {aeadAlgorithm?: unknown}
  if (typeof key !== 'object' || key === null || !(key.data instanceof Uint8Array) || !SESSION_ALGORITHMS.has(String(key.algorithm)) || key.aeadAlgorithm) return undefined
  return {algorithm: key.algorithm as SessionKey['algorithm'], data: key.data}
}

const bytesOf = (armored: string | undefined, binary: Uint8Array | undefined, kind: 'MESSAGE' | 'SIGNATURE'): Buffer | undefined =>
  armored !== undefined ? dearmor(armored, kind) : binary === undefined ? undefined : Buffer.from(binary.buffer, binary.byteOffset, binary.byteLength)

const STATUS = {unsigned: NOT_SIGNED, unverified: NOT_SIGNED, verified: SIGNED_AND_VALID} as const

export interface DecryptRequest {
  armoredMessage?: string
  binaryMessage?: Uint8Array
  armoredSignature?: string
  binarySignature?: Uint8Array
  decryptionKeys: readonly unknown[]
  verificationKeys: readonly unknown[]
  sessionKeys?: unknown
  passwords?: readonly unknown[]
  format?: string
}

/**
 * The proxy's decryptMessage (binary format; detached signature or the message's own), or Unsupported (thrown). As
 * the proxy's statusOf: no verification keys or no signature is NOT_SIGNED; one signature that holds, SIGNED_AND_VALID.
 */
export function decryptDirectly(request: DecryptRequest): {data: Buffer; verificationStatus: number} {
  need(request.format === 'binary' && (request.passwords?.length ?? 0) === 0, 'a password or a text format')
  const sessionKey = request.sessionKeys === undefined ? undefined : sessionKeyOf(request.sessionKeys)
  need(request.sessionKeys === undefined || sessionKey, 'a session key not read here')
  const keys = sessionKey ? [] : directForms(request.decryptionKeys)
  const verificationKeys = directForms(request.verificationKeys)
  need(keys && verificationKeys, 'a key not read directly')
  const message = bytesOf(request.armoredMessage, request.binaryMessage, 'MESSAGE')
  need(message, 'no message')
  const {data, signatures} = decryptMessage(message, {keys, sessionKey})
  // OpenPGP.js checks the detached signature in place of any the message holds.
  const detached = bytesOf(request.armoredSignature, request.binarySignature, 'SIGNATURE')
  const verdict = directVerdict(detached ? readSignatures(detached) : signatures, data, verificationKeys)
  return {data, verificationStatus: STATUS[verdict]}
}

/** The proxy's decryptSessionKey: the session key of the first key packet a key opens, or Unsupported. */
export function sessionKeyDirectly(armoredMessage: string | undefined, binaryMessage: Uint8Array | undefined, decryptionKeys: readonly unknown[]): SessionKey {
  const keys = directForms(decryptionKeys)
  const message = bytesOf(armoredMessage, binaryMessage, 'MESSAGE')
  need(keys && keys.length > 0 && message, 'a key not read directly')
  return openSessionKey(message, keys)
}

/** The proxy's verifyMessage without a signature context (a detached signature over the data), or Unsupported. */
export function verifyDirectly(data: Uint8Array, armoredSignature: string | undefined, binarySignature: Uint8Array | undefined, verificationKeys: readonly unknown[]): number {
  const keys = directForms(verificationKeys)
  const signature = bytesOf(armoredSignature, binarySignature, 'SIGNATURE')
  need(keys && signature, 'a key not read directly')
  return STATUS[directVerdict(readSignatures(signature), Buffer.from(data.buffer, data.byteOffset, data.byteLength), keys)]
}
