/**
 * Keys of the kinds Proton makes (v4: EdDSA on ed25519 to sign and certify, ECDH on curve25519 to encrypt, RFC 4880
 * bis "legacy" forms; WebClients keys/keyAlgorithm.ts), read directly into node:crypto key objects. A secret is read
 * only where the packet holds it in clear (S2K usage 0, as a key unlocked and sealed is written: account's key seal);
 * a locked one is read for its public half. Anything else (RSA, v6 keys, other curves) is Unsupported.
 */
import {createHash, createPrivateKey, createPublicKey, type KeyObject} from 'node:crypto'

import {dearmor, need, type Packet, padded, readMpi, readPackets} from './packets.ts'

/** Public-key algorithms (RFC 4880 9.1; RFC 9580 9.1). */
export const ALGORITHM = {ECDH: 18, EDDSA_LEGACY: 22} as const

/** The curve OIDs as written in key packets: ed25519 (1.3.6.1.4.1.11591.15.1) and curve25519 (1.3.6.1.4.1.3029.1.5.1). */
const ED25519_OID = Buffer.from('2b06010401da470f01', 'hex')
const CURVE25519_OID = Buffer.from('2b060104019755010501', 'hex')

export interface DirectKey {
  algorithm: number
  /** Creation time, seconds since the epoch. */
  created: number
  fingerprint: Buffer
  /** The low 8 bytes of the fingerprint. */
  keyId: Buffer
  /** The key objects, made at first use: a read whose session keys and verdicts are sealed (event-keys) uses none. */
  publicKey: () => KeyObject
  /** Present when the packet holds its secret in clear; checked against the public key when first made. */
  secretKey?: () => KeyObject
  /** ECDH: the KDF's hash and key-wrap cipher (RFC 6637 9), and the public fields the KDF binds. */
  kdf?: {hash: string; cipher: number; params: Buffer}
  /** The packet body as hashed by signatures over the key (its public part). */
  publicBody: Buffer
}

export interface KeyBinding {
  /** Signatures made over this key or user ID (self-certifications, bindings, revocations), as packets. */
  signatures: Packet[]
}

export interface DirectKeySet {
  primary: DirectKey
  users: Array<{id: Buffer} & KeyBinding>
  subkeys: Array<{key: DirectKey} & KeyBinding>
  /** Direct-key signatures and revocations on the primary key. */
  primarySignatures: Packet[]
  /** SHA-256 of every packet read: another signature on the key (a revocation, say) is another digest. */
  digest: Buffer
}

/** The KDF hash algorithms of RFC 6637 by ID, as node:crypto names them. */
export const HASHES: Record<number, string> = {8: 'sha256', 9: 'sha384', 10: 'sha512'}

const base64url = (bytes: Buffer) => bytes.toString('base64url')

/** A key packet's public part: the key and where its secret part starts. */
function readPublic(body: Buffer): {key: DirectKey; end: number} {
  need(body[0] === 4 && body.length > 6, 'a key that is not v4, or cut short')
  const created = body.readUInt32BE(1)
  const algorithm = body[5]
  need(algorithm === ALGORITHM.ECDH || algorithm === ALGORITHM.EDDSA_LEGACY, `public-key algorithm ${algorithm}`)
  const oidLength = body[6]
  const oid = body.subarray(7, 7 + oidLength)
  need(oid.equals(algorithm === ALGORITHM.ECDH ? CURVE25519_OID : ED25519_OID), 'a curve other than curve25519 or ed25519')
  const point = readMpi(body, 7 + oidLength)
  // The point is 0x40 and the 32 bytes of the native key (RFC 4880bis 13.3, 13.4).
  need(point.value.length === 33 && point.value[0] === 0x40, 'a point not in native form')
  const raw = point.value.subarray(1)
  let end = point.next
  let kdf: DirectKey['kdf']
  if (algorithm === ALGORITHM.ECDH) {
    need(body[end] === 3 && body[end + 1] === 1, 'unknown KDF parameters')
    const hash = HASHES[body[end + 2]]
    need(hash !== undefined && [7, 8, 9].includes(body[end + 3]), 'a KDF hash or key-wrap cipher not read here')
    kdf = {cipher: body[end + 3], hash, params: body.subarray(end, end + 4)}
    end += 4
  }

  const publicBody = body.subarray(0, end)
  const fingerprint = createHash('sha1')
    .update(Buffer.from([0x99, publicBody.length >> 8, publicBody.length & 0xff]))
    .update(publicBody)
    .digest()
  const publicKey = once(() => createPublicKey({format: 'jwk', key: {crv: algorithm === ALGORITHM.ECDH ? 'X25519' : 'Ed25519', kty: 'OKP', x: base64url(raw)}}))
  return {end, key: {algorithm, created, fingerprint, kdf, keyId: fingerprint.subarray(12), publicBody, publicKey}}
}

/** `make`, run at the first call only. */
function once<T>(make: () => T): () => T {
  let made: {value: T} | undefined
  return () => (made ??= {value: make()}).value
}

/** The secret of an unlocked packet (S2K usage 0, its two-byte checksum right); undefined when it is locked or a stub. */
function readSecret(body: Buffer, at: number, key: DirectKey): (() => KeyObject) | undefined {
  // A secret key packet cut after its public part is no locked key: OpenPGP.js cannot read it.
  need(at < body.length, 'a secret key packet without its secret part')
  if (body[at] !== 0) return undefined
  const {next, value} = readMpi(body, at + 1)
  need(next + 2 === body.length, 'a secret key packet of unexpected length')
  const mpi = body.subarray(at + 1, next)
  let sum = 0
  for (const byte of mpi) sum = (sum + byte) & 0xffff
  need(sum === body.readUInt16BE(next), 'a secret key whose checksum is wrong')
  // ECDH keeps the scalar big-endian (RFC 4880bis 13.5): X25519 takes it little-endian; EdDSA keeps the seed as is.
  const secret = key.algorithm === ALGORITHM.ECDH ? Buffer.from(padded(value, 32)).reverse() : padded(value, 32)
  return once(() => {
    const x = key.publicKey().export({format: 'jwk'}).x
    const secretKey = createPrivateKey({format: 'jwk', key: {crv: key.algorithm === ALGORITHM.ECDH ? 'X25519' : 'Ed25519', d: base64url(secret), kty: 'OKP', x}})
    // The secret must be the public key's: a sealed key is checked as OpenPGP.js checks a key it unlocks, before any use.
    need(createPublicKey(secretKey).export({format: 'jwk'}).x === x, 'a secret that is not its public key’s')
    return secretKey
  })
}

const PUBLIC_TAGS = {primary: [6, 5], sub: [14, 7]}

/**
 * A transferable key (RFC 4880 11.1, 11.2), public or secret, binary or armored: the primary key, its user IDs and
 * subkeys with the signatures on each. Signatures are kept unchecked here: signatures.ts checks what a verification or a decryption needs.
 */
export function readKey(input: Buffer | string): DirectKeySet {
  const bytes = typeof input === 'string' ? dearmorKey(input) : input
  const packets = readPackets(bytes)
  need(packets.length > 0 && PUBLIC_TAGS.primary.includes(packets[0].tag), 'not a key')
  const read = (packet: Packet) => {
    const {end, key} = readPublic(packet.body)
    if (packet.tag === 5 || packet.tag === 7) key.secretKey = readSecret(packet.body, end, key)
    else need(end === packet.body.length, 'a public key packet of unexpected length')
    return key
  }

  const set: DirectKeySet = {digest: createHash('sha256').update(bytes).digest(), primary: read(packets[0]), primarySignatures: [], subkeys: [], users: []}
  let current: KeyBinding = {signatures: set.primarySignatures}
  for (const packet of packets.slice(1)) {
    if (packet.tag === 2) current.signatures.push(packet)
    else if (packet.tag === 13) {
      const user = {id: packet.body, signatures: []}
      set.users.push(user)
      current = user
    } else if (PUBLIC_TAGS.sub.includes(packet.tag)) {
      const subkey = {key: read(packet), signatures: []}
      set.subkeys.push(subkey)
      current = subkey
    }
    // User attributes (17) and trust packets (12) bear on nothing read here; anything else is not a key's.
    else if (packet.tag === 17) current = {signatures: []}
    else need(packet.tag === 12, `packet ${packet.tag} in a key`)
  }

  need(
    packets.every((packet) => !PUBLIC_TAGS.primary.includes(packet.tag) || packet === packets[0]),
    'more than one key',
  )
  return set
}

const dearmorKey = (text: string) => dearmor(text, text.includes('-----BEGIN PGP PRIVATE KEY BLOCK-----') ? 'PRIVATE KEY BLOCK' : 'PUBLIC KEY BLOCK')
