/**
 * v4 signatures by ed25519 keys (EdDSA legacy, RFC 4880bis 5.2.3; RFC 9580 5.2.4), checked directly, and the validity
 * of the key that made them as OpenPGP.js decides it (openpgp.js createVerificationObject, Key.getSigningKey,
 * getPrimaryUser, getLatestValidSignature): `verifies` answers true only when OpenPGP.js would verify the signature
 * too. Everything it does not settle for certain (a signing subkey, a revocation, a direct-key signature, an unknown
 * critical subpacket) is Unsupported, and OpenPGP.js decides.
 */
import {createHash, verify} from 'node:crypto'

import {ALGORITHM, type DirectKey, type DirectKeySet} from './keys.ts'
import {dearmor, need, type Packet, padded, readMpi, readPackets, Unsupported} from './packets.ts'

/** Hashes a signature may use: OpenPGP.js 6 refuses MD5, RIPEMD-160 and SHA-1 over data, and EdDSA wants 256 bits or more. */
const SIGNATURE_HASHES: Record<number, string> = {8: 'sha256', 9: 'sha384', 10: 'sha512'}

export const SIGNATURE_TYPE = {BINARY: 0x00, TEXT: 0x01, SUBKEY_BINDING: 0x18} as const
const CERTIFICATIONS = [0x10, 0x11, 0x12, 0x13]

/** Subpackets OpenPGP.js reads: marked critical, they are still understood (any other critical one: Unsupported). */
const KNOWN_SUBPACKETS = new Set([2, 3, 9, 11, 16, 21, 22, 23, 25, 27, 30, 33, 34, 39])

export interface DirectSignature {
  type: number
  hash: string
  /** Seconds since the epoch. */
  created: number
  /** Seconds after `created`, 0 for never. */
  expiresAfter: number
  keyExpiresAfter: number
  primaryUserId: boolean
  keyFlags?: number
  issuer?: Buffer
  issuerFingerprint?: Buffer
  /** What is hashed after the data: the hashed part and the trailer. */
  trailer: Buffer
  hashPrefix: Buffer
  r: Buffer
  s: Buffer
}

/** A subpacket area's entries: type (critical bit cleared), critical, body. */
function subpackets(area: Buffer): Array<{type: number; critical: boolean; body: Buffer}> {
  const list: Array<{type: number; critical: boolean; body: Buffer}> = []
  for (let at = 0; at < area.length;) {
    let length = area[at]
    let start = at + 1
    if (length >= 192 && length < 255) {
      need(at + 2 <= area.length, 'a subpacket length cut short')
      length = ((length - 192) << 8) + area[at + 1] + 192
      start = at + 2
    } else if (length === 255) {
      need(at + 5 <= area.length, 'a subpacket length cut short')
      length = area.readUInt32BE(at + 1)
      start = at + 5
    }

    need(length >= 1 && start + length <= area.length, 'a subpacket cut short')
    list.push({body: area.subarray(start + 1, start + length), critical: (area[start] & 0x80) !== 0, type: area[start] & 0x7f})
    at = start + length
  }

  return list
}

/** A time subpacket's four octets (RFC 4880 5.2.3.4-6); another size is Unsupported, not a RangeError. */
function seconds(value: Buffer): number {
  need(value.length === 4, 'a time subpacket of another size')
  return value.readUInt32BE(0)
}

/** A signature packet's body, read. */
export function readSignature(body: Buffer): DirectSignature {
  need(body[0] === 4, 'a signature that is not v4')
  const [, type, algorithm, hashId] = body
  need(algorithm === ALGORITHM.EDDSA_LEGACY, `signature algorithm ${algorithm}`)
  const hash = SIGNATURE_HASHES[hashId]
  need(hash !== undefined, `hash algorithm ${hashId}`)
  need(body.length >= 6, 'a signature cut short')
  const hashedEnd = 6 + body.readUInt16BE(4)
  need(hashedEnd + 2 <= body.length, 'a signature cut short')
  const unhashedLength = body.readUInt16BE(hashedEnd)
  const unhashedEnd = hashedEnd + 2 + unhashedLength
  need(unhashedEnd + 2 <= body.length, 'a signature cut short')
  const signature: DirectSignature = {
    created: 0,
    expiresAfter: 0,
    hash,
    hashPrefix: body.subarray(unhashedEnd, unhashedEnd + 2),
    keyExpiresAfter: 0,
    primaryUserId: false,
    r: Buffer.alloc(0),
    s: Buffer.alloc(0),
    trailer: Buffer.concat([body.subarray(0, hashedEnd), Buffer.from([4, 0xff]), Buffer.from([0, 0, 0, 0])]),
    type,
  }
  signature.trailer.writeUInt32BE(hashedEnd, signature.trailer.length - 4)
  let created = false
  // Every issuer key ID and fingerprint, hashed or not: OpenPGP.js reads the issuer subpackets (16, 33) of both areas,
  // the unhashed last, and looks for the key the last one names (SignaturePacket readSubPacket): any two that
  // disagree are left to it, as is a fingerprint of another key version.
  const ids: Buffer[] = []
  const fingerprints: Buffer[] = []
  const issuer = (kind: number, value: Buffer) => {
    if (kind === 16) ids.push(value)
    if (kind !== 33) return
    need(value[0] === 4, 'an issuer fingerprint of another key version')
    fingerprints.push(value.subarray(1))
    ids.push(value.subarray(-8))
  }

  for (const {body: value, critical, type: kind} of subpackets(body.subarray(6, hashedEnd))) {
    need(!critical || KNOWN_SUBPACKETS.has(kind), `critical subpacket ${kind}`)
    if (kind === 2) {
      signature.created = seconds(value)
      created = true
    } else if (kind === 3) signature.expiresAfter = seconds(value)
    else if (kind === 9) signature.keyExpiresAfter = seconds(value)
    else if (kind === 25) signature.primaryUserId = value[0] !== 0
    else if (kind === 27) signature.keyFlags = value[0] ?? 0
    else issuer(kind, value)
  }

  need(created, 'a signature without its creation time')
  // The issuer may stand unhashed (GnuPG, OpenPGP.js write it so); nothing else unhashed counts.
  for (const {body: value, type: kind} of subpackets(body.subarray(hashedEnd + 2, unhashedEnd))) issuer(kind, value)
  need(ids.every((id) => id.equals(ids[0])) && fingerprints.every((fingerprint) => fingerprint.equals(fingerprints[0])), 'issuers that disagree')
  signature.issuer = ids[0]
  signature.issuerFingerprint = fingerprints[0]
  const r = readMpi(body, unhashedEnd + 2)
  const s = readMpi(body, r.next)
  need(s.next === body.length, 'a signature of unexpected length')
  signature.r = padded(r.value, 32)
  signature.s = padded(s.value, 32)
  return signature
}

/** The signatures of an armored (or binary) detached signature. */
export function readSignatures(input: Buffer | string): DirectSignature[] {
  const packets = readPackets(typeof input === 'string' ? dearmor(input, 'SIGNATURE') : input)
  need(packets.length > 0 && packets.every(({tag}) => tag === 2), 'not a signature')
  return packets.map(({body}) => readSignature(body))
}

/** Whether `signature` by `key` holds over `data` (the bytes before the trailer): the digest's prefix and EdDSA. */
function holds(signature: DirectSignature, key: DirectKey, data: Buffer[]): boolean {
  if (key.algorithm !== ALGORITHM.EDDSA_LEGACY) return false
  const hash = createHash(signature.hash)
  for (const part of data) hash.update(part)
  const digest = hash.update(signature.trailer).digest()
  if (!digest.subarray(0, 2).equals(signature.hashPrefix)) return false
  // EdDSA legacy signs the digest (RFC 4880bis 13.7): the 64-byte signature is R then S.
  return verify(null, digest, key.publicKey(), Buffer.concat([signature.r, signature.s]))
}

/**
 * A signature on the key, read; undefined for one that cannot be the primary key's (another's certification, which
 * bears on nothing here). One that may be the primary key's but cannot be read is Unsupported: OpenPGP.js might take it.
 */
function readable(packet: Packet, primary: DirectKey): DirectSignature | undefined {
  try {
    return readSignature(packet.body)
  } catch {
    need(!packet.body.includes(primary.keyId), 'a self-signature not read here')
    return undefined
  }
}

const keyPacketHashed = (key: DirectKey) => [Buffer.from([0x99, key.publicBody.length >> 8, key.publicBody.length & 0xff]), key.publicBody]

/** Whether the signature is in force at `at` (seconds): made by then, not expired by then; any signature without a date. */
const inForce = (signature: DirectSignature, at: number | undefined) =>
  at === undefined || (signature.created <= at && (signature.expiresAfter === 0 || at < signature.created + signature.expiresAfter))

/** Whether a signature on a key holds, checked once per packet: a read weighs many signatures by one key, each at its own time. */
const holding = new WeakMap<Packet, boolean>()

function holdsOnce(packet: Packet, signature: DirectSignature, primary: DirectKey, hashed: Buffer[]): boolean {
  let found = holding.get(packet)
  if (found === undefined) {
    found = holds(signature, primary, hashed)
    holding.set(packet, found)
  }

  return found
}

/**
 * Of `packets` (signatures on one user ID or subkey), the one of `types` by the primary key that OpenPGP.js takes at
 * `at` (getLatestValidSignature: in force and holding over `hashed`, the latest; runs from the last and takes one as
 * recent, so of those of the same second, the first).
 */
function latestValid(packets: readonly Packet[], types: readonly number[], primary: DirectKey, hashed: Buffer[], at: number | undefined): DirectSignature | undefined {
  let latest: DirectSignature | undefined
  for (const packet of packets) {
    const signature = readable(packet, primary)
    if (!signature || !types.includes(signature.type) || !issuedBy(signature, primary) || !inForce(signature, at)) continue
    if (latest && signature.created <= latest.created) continue
    if (holdsOnce(packet, signature, primary, hashed)) latest = signature
  }

  return latest
}

/**
 * The primary key's self-certification that OpenPGP.js would take at `at` (getPrimaryUser: of the user IDs with a
 * valid one, the primary-flagged, then the latest, ties broken as it breaks them), or Unsupported. A key with revocations or direct-key signatures
 * is left to OpenPGP.js.
 */
function primarySelfCertification(set: DirectKeySet, at: number | undefined): DirectSignature {
  need(set.primarySignatures.length === 0, 'a key with direct-key signatures or revocations')
  const chosen: DirectSignature[] = []
  for (const user of set.users) {
    need(
      user.signatures.every((packet) => packet.body[1] !== 0x30),
      'a revoked user ID',
    )
    const idHeader = Buffer.alloc(5)
    idHeader[0] = 0xb4
    idHeader.writeUInt32BE(user.id.length, 1)
    const latest = latestValid(user.signatures, CERTIFICATIONS, set.primary, [...keyPacketHashed(set.primary), idHeader, user.id], at)
    if (latest) chosen.push(latest)
  }

  // getPrimaryUser sorts by the primary flag, then the time, and pops: of user IDs that tie, the last.
  const order = (a: DirectSignature, b: DirectSignature) => Number(a.primaryUserId) - Number(b.primaryUserId) || a.created - b.created
  const primary = chosen.reduce<DirectSignature | undefined>((best, next) => (!best || order(next, best) >= 0 ? next : best), undefined)
  need(primary, 'no valid self-certification')
  return primary
}

/** Whether the signature names `key` as its issuer (by fingerprint, else by key ID). */
function issuedBy(signature: DirectSignature, key: DirectKey): boolean {
  if (signature.issuerFingerprint) return signature.issuerFingerprint.equals(key.fingerprint)
  return signature.issuer?.equals(key.keyId) ?? false
}

/** What a message signature is over: the literal data, EOLs made CRLF for a text signature (openpgp.js canonicalizeEOL). */
export function signedData(signature: DirectSignature, data: Buffer): Buffer {
  if (signature.type === SIGNATURE_TYPE.BINARY) return data
  need(signature.type === SIGNATURE_TYPE.TEXT, `signature type ${signature.type}`)
  return canonicalEol(data)
}

/** Every LF not after a CR becomes CRLF (a lone CR stays), as OpenPGP.js normalises. */
export function canonicalEol(data: Buffer): Buffer {
  const parts: Buffer[] = []
  let from = 0
  for (let at = data.indexOf(10); at !== -1; at = data.indexOf(10, at + 1)) {
    if (at > 0 && data[at - 1] === 13) continue
    parts.push(data.subarray(from, at), Buffer.from([13]))
    from = at
  }

  if (parts.length === 0) return data
  parts.push(data.subarray(from))
  return Buffer.concat(parts)
}

/**
 * Whether a message signature over `data` (already as signed: signedData) holds by one of `keys`, valid as OpenPGP.js
 * requires at `now` (seconds): the signature made by now and not expired, its issuer a primary key that signs (key
 * flags with "sign data") and was valid when it signed. False: no key of `keys` is its issuer. Unsupported: an issuer
 * found but anything short of a verified signature (OpenPGP.js then decides and says why).
 */
export function verifies(signature: DirectSignature, data: Buffer, keys: readonly DirectKeySet[], now = Math.floor(Date.now() / 1000)): boolean {
  const set = keys.find((candidate) => issuedBy(signature, candidate.primary) || candidate.subkeys.some(({key}) => issuedBy(signature, key)))
  if (!set) return false
  // A signature over data only: a certification holds over the key and user ID it certifies, never over a message.
  need(signature.type === SIGNATURE_TYPE.BINARY || signature.type === SIGNATURE_TYPE.TEXT, `signature type ${signature.type}`)
  need(issuedBy(signature, set.primary), 'a signature by a subkey')
  need(inForce(signature, now), 'a signature not in force now')
  need(set.primary.created <= signature.created, 'a key newer than its signature')
  const certification = primarySelfCertification(set, signature.created)
  need(certification.keyFlags !== undefined && (certification.keyFlags & 0x02) !== 0, 'a primary key without the flag to sign data')
  need(certification.keyExpiresAfter === 0 || signature.created < set.primary.created + certification.keyExpiresAfter, 'a key expired when it signed')
  need(holds(signature, set.primary, [data]), 'a signature that does not hold')
  return true
}

/**
 * The verdict on a message's signatures as keyring.ts words it, when it is certain without OpenPGP.js: unsigned (none),
 * unverified (no key to check them with), verified (one holds by one of the keys). Anything else is Unsupported:
 * OpenPGP.js then says whether they failed.
 */
export function directVerdict(signatures: readonly DirectSignature[], data: Buffer, keys: readonly DirectKeySet[], haveKeys = keys.length > 0): 'unsigned' | 'unverified' | 'verified' {
  if (signatures.length === 0) return 'unsigned'
  if (!haveKeys) return 'unverified'
  need(
    signatures.some((signature) => verifies(signature, signedData(signature, data), keys)),
    'no signature holds',
  )
  return 'verified'
}

/** Key flags that allow encryption (RFC 4880 5.2.3.21): communications, storage. */
const ENCRYPTION_FLAGS = 0x04 | 0x08

/**
 * The keys of `sets` that OpenPGP.js would decrypt with (Key.getDecryptionKeys, run without a date so that old
 * messages open with expired keys): secret ECDH subkeys whose latest valid binding signature allows encryption, of a
 * primary key with a valid self-certification. A key with revocations or direct-key signatures, a revoked subkey, or
 * a signature not read here: its subkeys are left out, and OpenPGP.js decides.
 */
export function decryptionKeys(sets: readonly DirectKeySet[]): DirectKey[] {
  return sets.flatMap((set) => {
    let keys = decrypting.get(set)
    if (!keys) decrypting.set(set, (keys = decryptingKeysOf(set)))
    return keys
  })
}

/** Each key set's decryption keys, found once: a read that opens many messages checks their signatures once. */
const decrypting = new WeakMap<DirectKeySet, DirectKey[]>()

function decryptingKeysOf(set: DirectKeySet): DirectKey[] {
  const subkeys = set.subkeys.filter(({key}) => key.secretKey !== undefined && key.algorithm === ALGORITHM.ECDH)
  const keys: DirectKey[] = []
  try {
    if (subkeys.length > 0) primarySelfCertification(set, undefined)
    for (const {key, signatures} of subkeys) {
      if (signatures.some((packet) => packet.body[1] === 0x28)) continue
      const binding = latestValid(signatures, [SIGNATURE_TYPE.SUBKEY_BINDING], set.primary, [...keyPacketHashed(set.primary), ...keyPacketHashed(key)], undefined)
      if (binding?.keyFlags !== undefined && (binding.keyFlags & ENCRYPTION_FLAGS) !== 0) keys.push(key)
    }
  } catch (error) {
    if (!(error instanceof Unsupported)) throw error
    return []
  }

  return keys
}
