/**
 * Messages as Proton's clients write them, decrypted directly with node:crypto: a v3 PKESK to an ECDH curve25519 key
 * (RFC 6637 8, RFC 4880bis 13.5: X25519, the KDF, AES key wrap), then a v1 SEIPD (AES-CFB, the MDC checked before
 * anything is returned: RFC 4880 5.13, 5.14), its content maybe compressed (ZIP, ZLIB), one literal data packet and
 * its signatures. Anything else (AEAD, SED, bzip2, RSA, a message over `maxBytes`) is Unsupported: OpenPGP.js does it.
 */
import {createDecipheriv, createHash, createPublicKey, createSecretKey, diffieHellman, timingSafeEqual} from 'node:crypto'
import {inflateRawSync, inflateSync} from 'node:zlib'

import {ALGORITHM, type DirectKey, type DirectKeySet} from './keys.ts'
import {dearmor, need, type Packet, readMpi, readPackets, Unsupported} from './packets.ts'
import {decryptionKeys, type DirectSignature, readSignature} from './signatures.ts'

/** A session key as OpenPGP.js names one (its SessionKey), for the AES ciphers Proton uses. */
export interface SessionKey {
  algorithm: 'aes128' | 'aes192' | 'aes256'
  data: Uint8Array
}

/** Symmetric algorithm IDs (RFC 4880 9.2) and key sizes. */
const CIPHERS: Record<number, {name: SessionKey['algorithm']; size: number}> = {7: {name: 'aes128', size: 16}, 8: {name: 'aes192', size: 24}, 9: {name: 'aes256', size: 32}}
const SIZES: Record<SessionKey['algorithm'], number> = {aes128: 16, aes192: 24, aes256: 32}

const CURVE25519_OID_FIELD = Buffer.from('0a2b060104019755010501', 'hex')
const ANONYMOUS_SENDER = Buffer.from('Anonymous Sender    ', 'latin1')
const KEY_WRAP_IV = Buffer.from('a6a6a6a6a6a6a6a6', 'hex')

/** The session key of a PKESK (its body) for `key`, or Unsupported. */
function openPkesk(body: Buffer, key: DirectKey): SessionKey {
  need(body[0] === 3 && body[9] === ALGORITHM.ECDH && key.kdf && key.secretKey, 'a key packet not read here')
  const ephemeral = readMpi(body, 10)
  need(ephemeral.value.length === 33 && ephemeral.value[0] === 0x40, 'an ephemeral point not in native form')
  const wrappedLength = body[ephemeral.next]
  const wrapped = body.subarray(ephemeral.next + 1, ephemeral.next + 1 + wrappedLength)
  need(wrapped.length === wrappedLength && ephemeral.next + 1 + wrappedLength === body.length, 'a key packet of unexpected length')
  const publicKey = createPublicKey({format: 'jwk', key: {crv: 'X25519', kty: 'OKP', x: ephemeral.value.subarray(1).toString('base64url')}})
  const shared = diffieHellman({privateKey: key.secretKey(), publicKey})
  need(!shared.every((byte) => byte === 0), 'a shared secret of zeros')
  const kek = CIPHERS[key.kdf.cipher]
  const parameters = Buffer.concat([CURVE25519_OID_FIELD, Buffer.from([ALGORITHM.ECDH]), key.kdf.params, ANONYMOUS_SENDER, key.fingerprint])
  const derived = createHash(key.kdf.hash)
    .update(Buffer.from([0, 0, 0, 1]))
    .update(shared)
    .update(parameters)
    .digest()
    .subarray(0, kek.size)
  let unwrapped: Buffer
  try {
    const decipher = createDecipheriv(`id-${kek.name}-wrap`, createSecretKey(derived), KEY_WRAP_IV)
    unwrapped = Buffer.concat([decipher.update(wrapped), decipher.final()])
  } catch {
    throw new Unsupported('a session key that does not unwrap')
  }

  // PKCS#5 padding, then the algorithm, the key and its two-byte checksum (RFC 6637 8).
  const pad = unwrapped.at(-1) ?? 0
  need(pad >= 1 && pad <= 8 && unwrapped.subarray(unwrapped.length - pad).every((byte) => byte === pad), 'a session key badly padded')
  const content = unwrapped.subarray(0, unwrapped.length - pad)
  const cipher = CIPHERS[content[0]]
  need(cipher && content.length === 1 + cipher.size + 2, 'a session key of an unread cipher')
  const data = content.subarray(1, 1 + cipher.size)
  let sum = 0
  for (const byte of data) sum = (sum + byte) & 0xffff
  need(sum === content.readUInt16BE(1 + cipher.size), 'a session key whose checksum is wrong')
  return {algorithm: cipher.name, data: Buffer.from(data)}
}

/** The session key of the first PKESK among `packets` that one of the keys opens. */
function sessionKeyOf(packets: readonly Packet[], sets: readonly DirectKeySet[]): SessionKey {
  const keys = decryptionKeys(sets)
  for (const {body, tag} of packets) {
    if (tag !== 1 || body.length < 10) continue
    const id = body.subarray(1, 9)
    const wildcard = id.every((byte) => byte === 0)
    for (const key of keys.filter((candidate) => wildcard || candidate.keyId.equals(id))) {
      try {
        return openPkesk(body, key)
      } catch {
        // Another key, another packet.
      }
    }
  }

  throw new Unsupported('no key packet opens with these keys')
}

/** The session key of a message made of key packets only (a calendar event's SharedKeyPacket), for one of the keys. */
export function openSessionKey(bytes: Buffer, keys: readonly DirectKeySet[]): SessionKey {
  return sessionKeyOf(readPackets(bytes), keys)
}

/** A v1 SEIPD's content, its MDC checked: the packets inside. */
function openSeipd(body: Buffer, sessionKey: SessionKey): Buffer {
  need(body[0] === 1, 'an integrity-protected packet that is not v1')
  need(sessionKey.data.length === SIZES[sessionKey.algorithm], 'a session key of the wrong size')
  // A KeyObject rather than bytes: given bytes, Node 24 first throws and catches two errors asking what they are (some 10 µs).
  const decipher = createDecipheriv(`${sessionKey.algorithm.replace('aes', 'aes-')}-cfb`, createSecretKey(sessionKey.data), Buffer.alloc(16))
  const plain = Buffer.concat([decipher.update(body.subarray(1)), decipher.final()])
  // The random prefix (a block and two bytes), the packets, and the MDC packet (0xD3 0x14, SHA-1 of all before it).
  need(plain.length >= 18 + 22, 'an integrity-protected packet cut short')
  const mdcAt = plain.length - 20
  const digest = createHash('sha1').update(plain.subarray(0, mdcAt)).digest()
  need(plain[mdcAt - 2] === 0xd3 && plain[mdcAt - 1] === 0x14 && timingSafeEqual(digest, plain.subarray(mdcAt)), 'a modification detection code that does not match')
  return plain.subarray(18, mdcAt - 2)
}

export interface DirectMessage {
  data: Buffer
  /** The signatures over `data` (one-pass signed, or signed before the data), unchecked. */
  signatures: DirectSignature[]
}

/** The literal data and signatures of a decrypted message's packets (inside a compressed packet or not). */
function content(bytes: Buffer, maxBytes: number, depth = 0): DirectMessage {
  const packets = readPackets(bytes)
  if (packets.length === 1 && packets[0].tag === 8) {
    need(depth === 0, 'compressed data inside compressed data')
    const [algorithm] = packets[0].body
    need(algorithm <= 2, `compression algorithm ${algorithm}`)
    const compressed = packets[0].body.subarray(1)
    // At most maxBytes and a few packet headers out: more is left to OpenPGP.js, which refuses it in its own words.
    // With `info`, zlib also tells how much input it consumed (its engine's bytesWritten; @types/node does not type it).
    const options = {info: true, maxOutputLength: Math.min(maxBytes + 65_536, 2 ** 31 - 1)}
    if (algorithm === 0) return content(compressed, maxBytes, depth + 1)
    let inflated: {buffer: Buffer; engine: {bytesWritten: number}}
    try {
      inflated = (algorithm === 1 ? inflateRawSync(compressed, options) : inflateSync(compressed, options)) as unknown as typeof inflated
    } catch {
      throw new Unsupported('compressed data that does not inflate within the bound')
    }

    // zlib stops at the stream's end and ignores what follows; OpenPGP.js refuses a compressed packet with more after it.
    need(inflated.engine.bytesWritten === compressed.length, 'bytes after the compressed stream')
    return content(inflated.buffer, maxBytes, depth + 1)
  }

  const literals = packets.filter(({tag}) => tag === 11)
  need(literals.length === 1 && packets.every(({tag}) => tag === 11 || tag === 4 || tag === 2), 'not one literal data packet and its signatures')
  // OpenPGP.js holds decrypted packets to the message grammar (RFC 9580 10.3; its MessageGrammarValidator): signatures
  // and one-pass packets before the data, after it as many signatures as one-pass packets, and nothing else.
  const at = packets.indexOf(literals[0])
  const trailing = packets.slice(at + 1)
  const onePass = packets.slice(0, at).filter(({tag}) => tag === 4)
  need(trailing.every(({tag}) => tag === 2) && trailing.length === onePass.length, 'signatures that do not match their one-pass packets')
  const literal = literals[0].body
  const nameLength = literal[1]
  need(literal.length >= 6 + nameLength, 'a literal data packet cut short')
  const data = literal.subarray(6 + nameLength)
  need(data.length <= maxBytes, 'a message over the bound')
  const signatures = packets.filter(({tag}) => tag === 2).map(({body}) => readSignature(body))
  // Read as a stream, OpenPGP.js checks each one-pass packet (the last first) against its signature: type, hash and
  // public-key algorithms, issuer (OnePassSignaturePacket.verify). Whole, it does not; one that does not match is
  // left to it either way.
  onePass.reverse().forEach(({body}, index) => {
    const signature = trailing[index].body
    need(body[0] === 3 && body[1] === signature[1] && body[2] === signature[3] && body[3] === signature[2], 'a one-pass packet not of its signature')
    need(signatures[signatures.length - trailing.length + index].issuer?.equals(body.subarray(4, 12)), 'a one-pass packet naming another issuer')
  })
  return {data: Buffer.from(data), signatures}
}

export interface DecryptOptions {
  /** Keys for its key packets; or the session key, for a data packet alone (a calendar event's part). */
  keys?: readonly DirectKeySet[]
  sessionKey?: SessionKey
  /** The most bytes the plaintext may have. */
  maxBytes?: number
}

/** A message (armored or binary) decrypted: its data and signatures; Unsupported for anything not read here. */
export function decryptMessage(input: Buffer | string, {keys = [], maxBytes = Infinity, sessionKey}: DecryptOptions): DirectMessage {
  const packets = readPackets(typeof input === 'string' ? dearmor(input, 'MESSAGE') : input)
  const data = packets.filter(({tag}) => tag !== 1 && tag !== 10)
  need(data.length === 1 && data[0].tag === 18, 'not a message of key packets and one integrity-protected data packet')
  // The key packets come before the data (OpenPGP.js's grammar refuses a message with one after it).
  need(
    packets.slice(packets.indexOf(data[0]) + 1).every(({tag}) => tag === 10),
    'a key packet after the data',
  )
  return content(openSeipd(data[0].body, sessionKey ?? sessionKeyOf(packets, keys)), maxBytes)
}
