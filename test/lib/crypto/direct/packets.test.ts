/**
 * Hostile input against every entry of crypto/direct: random bytes, partial-length chains, nested and misframed
 * packets, MPI and subpacket lengths that point past the end, and every single-byte change of GnuPG's key, message and
 * signature. Always Unsupported (or, for a changed byte that no check covers, what the reader reads), never another
 * error, and bounded: the loops are, and what they feed is a few KiB.
 */
import {expect} from 'chai'
import * as openpgp from 'openpgp'

import {decryptMessage, openSessionKey} from '../../../../src/lib/crypto/direct/decrypt.ts'
import {type DirectKeySet, readKey} from '../../../../src/lib/crypto/direct/keys.ts'
import {dearmor, readMpi, readPackets, Unsupported} from '../../../../src/lib/crypto/direct/packets.ts'
import {readSignatures, signedData, verifies} from '../../../../src/lib/crypto/direct/signatures.ts'
import {gnupgHome} from '../../../helpers/gnupg-home.ts'
import {framed, sealed} from '../../../helpers/pgp-fixtures.ts'

const SESSION_KEY = {algorithm: 'aes256' as const, data: Buffer.alloc(32, 3)}

/** A deterministic generator (xorshift32), so that a failing input can be made again from its seed. */
function randomBytesFrom(seed: number, length: number): Buffer {
  let state = seed || 1
  const bytes = Buffer.alloc(length)
  for (let index = 0; index < length; index += 1) {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    bytes[index] = state & 0xff
  }

  return bytes
}

/** What `read` does with hostile input: 'read' when it returned, 'unsupported'; anything else fails the test. */
function outcome(read: () => unknown, label: string): 'read' | 'unsupported' {
  try {
    read()
    return 'read'
  } catch (error) {
    expect(error, label).to.be.instanceOf(Unsupported)
    return 'unsupported'
  }
}

/** Every entry of the reader, fed `bytes`: none may throw anything but Unsupported; the ones named must refuse. */
function everyEntry(bytes: Buffer, keys: readonly DirectKeySet[], label: string): Record<string, 'read' | 'unsupported'> {
  return {
    decrypt: outcome(() => decryptMessage(bytes, {keys}), `${label}: decryptMessage`),
    decryptWithSessionKey: outcome(() => decryptMessage(bytes, {sessionKey: SESSION_KEY}), `${label}: decryptMessage with a session key`),
    key: outcome(() => readKey(bytes), `${label}: readKey`),
    sessionKey: outcome(() => openSessionKey(bytes, keys), `${label}: openSessionKey`),
    signatures: outcome(() => readSignatures(bytes).map((signature) => verifies(signature, signedData(signature, bytes), keys)), `${label}: readSignatures`),
  }
}

const ALL_REFUSED = {decrypt: 'unsupported', decryptWithSessionKey: 'unsupported', key: 'unsupported', sessionKey: 'unsupported', signatures: 'unsupported'}

/** A v4 EdDSA signature body by hand: its hashed and unhashed areas as given, r and s as MPIs of 256 bits. */
function signatureBody(hashed: Buffer, unhashed: Buffer, mpis = Buffer.concat([Buffer.from([1, 0]), Buffer.alloc(32, 1), Buffer.from([1, 0]), Buffer.alloc(32, 1)])): Buffer {
  const lengths = (area: Buffer) => Buffer.from([area.length >> 8, area.length & 0xff])
  return Buffer.concat([Buffer.from([4, 0, 22, 8]), lengths(hashed), hashed, lengths(unhashed), unhashed, Buffer.from([0xab, 0xcd]), mpis])
}

/** A creation time subpacket (type 2). */
const CREATED = Buffer.from([5, 2, 0x60, 0, 0, 0])

describe('crypto/direct against hostile input', function () {
  this.timeout(60_000)
  const home = gnupgHome('proton-direct-hostile-')
  let alice: DirectKeySet
  let secretKey: Buffer
  let message: Buffer
  let signature: Buffer

  before(() => {
    home.open()
    home.makeKey('alice@gnupg.test')
    secretKey = home.gpg(['--export-secret-keys', 'alice@gnupg.test']).stdout
    alice = readKey(secretKey)
    message = home.gpg(['--encrypt', '--sign', '--recipient', 'alice@gnupg.test', '--output', '-', home.file('plain', 'a signed secret\n')]).stdout
    signature = home.gpg(['--detach-sign', '--local-user', 'alice@gnupg.test', '--output', '-', home.file('plain', 'a signed secret\n')]).stdout
    expect(decryptMessage(message, {keys: [alice]}).data.toString()).to.equal('a signed secret\n')
  })
  after(() => home.close())

  it('4 KiB of random bytes, 64 times, and the same behind each packet tag a reader expects: Unsupported everywhere (random literal data: what OpenPGP.js reads)', async () => {
    for (let seed = 1; seed <= 64; seed += 1) {
      const random = randomBytesFrom(seed, 4096)
      expect(everyEntry(random, [alice], `seed ${seed}`)).to.deep.equal(ALL_REFUSED)
      for (const tag of [1, 2, 5, 6, 8, 11, 18]) expect(everyEntry(framed(tag, random), [alice], `seed ${seed}, tag ${tag}`)).to.deep.equal(ALL_REFUSED)
      // The same inside a sealed message (the content OpenPGP's integrity check lets through to the packet reader).
      for (const tag of [2, 4, 8])
        expect(outcome(() => decryptMessage(sealed(framed(tag, random), SESSION_KEY.data), {sessionKey: SESSION_KEY}), `seed ${seed}, sealed tag ${tag}`)).to.equal('unsupported')
      // Random literal data is literal data: read as OpenPGP.js reads it (it takes any format octet too).
      const literal = sealed(framed(11, random), SESSION_KEY.data)
      const {data} = await openpgp.decrypt({format: 'binary', message: await openpgp.readMessage({binaryMessage: literal}), sessionKeys: SESSION_KEY})
      expect(decryptMessage(literal, {sessionKey: SESSION_KEY}).data).to.deep.equal(Buffer.from(data as Uint8Array))
    }
  })

  it('partial-length chains: 100 000 one-byte parts read joined; a part past the end, a chain without its last part: Unsupported', () => {
    const parts = Buffer.concat([Buffer.from([0xc0 | 18]), Buffer.alloc(200_000, 0xe0).map((byte, index) => (index % 2 ? 0x41 : byte)), Buffer.from([1, 0x41])])
    const [packet] = readPackets(parts)
    expect(packet.body.length).to.equal(100_001)
    expect(everyEntry(parts, [alice], 'one-byte parts')).to.deep.equal(ALL_REFUSED)
    // A part of 2^30 bytes in a few bytes; a chain that ends on a partial part.
    expect(everyEntry(Buffer.from([0xd2, 0xfe, 1, 2, 3]), [alice], 'a part past the end')).to.deep.equal(ALL_REFUSED)
    expect(everyEntry(Buffer.from([0xd2, 0xe1, 1, 2]), [alice], 'no last part')).to.deep.equal(ALL_REFUSED)
    // Old-format lengths: four octets past the end, and "to the end".
    expect(everyEntry(Buffer.from([0x8a, 0xff, 0xff, 0xff, 0xff, 1]), [alice], 'old format past the end')).to.deep.equal(ALL_REFUSED)
    expect(everyEntry(Buffer.from([0xcb, 0xff, 0, 0, 0]), [alice], 'a five-octet length cut short')).to.deep.equal(ALL_REFUSED)
  })

  it('nested content in a sealed message: compressed in compressed, no literal, two literals, an unknown compression, a literal name past its end: Unsupported', () => {
    const literal = framed(11, Buffer.from('b\0\0\0\0\0data'))
    const open = (inner: Buffer) => outcome(() => decryptMessage(sealed(inner, SESSION_KEY.data), {sessionKey: SESSION_KEY}), inner.toString('hex').slice(0, 40))
    expect(open(literal)).to.equal('read')
    let nested = literal
    for (let depth = 0; depth < 64; depth += 1) nested = framed(8, Buffer.concat([Buffer.from([0]), nested]))
    expect(open(nested)).to.equal('unsupported')
    expect(open(framed(8, Buffer.concat([Buffer.from([0]), literal])))).to.equal('read')
    for (const inner of [
      Buffer.alloc(0),
      Buffer.concat([literal, literal]),
      framed(8, Buffer.concat([Buffer.from([3]), literal])),
      framed(8, Buffer.from([1, 0xff, 0xff])),
      framed(8, Buffer.alloc(0)),
      framed(11, Buffer.from('b\x40')),
      framed(11, Buffer.alloc(0)),
      Buffer.concat([literal, framed(2, Buffer.from([4, 0, 22]))]),
      Buffer.concat([framed(4, Buffer.alloc(13)), literal, framed(2, Buffer.alloc(0))]),
      Buffer.concat([literal, framed(2, signatureBody(Buffer.from([0xff, 0xff]), Buffer.alloc(0)))]),
    ])
      expect(open(inner)).to.equal('unsupported')
  })

  it('MPI lengths of 65535 bits (in a key, a PKESK, a signature): Unsupported', () => {
    expect(() => readMpi(Buffer.from([0xff, 0xff, 1, 2, 3]), 0)).to.throw(Unsupported)
    const [primary] = readPackets(secretKey)
    const key = Buffer.from(primary.body)
    // The point's MPI after the version, time, algorithm and OID (9 bytes, its length before).
    const point = 6 + 1 + key[6]
    key.writeUInt16BE(0xffff, point)
    expect(everyEntry(framed(6, key), [alice], 'a key')).to.deep.equal(ALL_REFUSED)
    expect(everyEntry(framed(5, key), [alice], 'a secret key')).to.deep.equal(ALL_REFUSED)
    const [pkesk, seipd] = readPackets(message)
    const changed = Buffer.from(pkesk.body)
    changed.writeUInt16BE(0xffff, 10)
    expect(everyEntry(Buffer.concat([framed(1, changed), framed(18, seipd.body)]), [alice], 'a PKESK')).to.deep.equal(ALL_REFUSED)
    expect(everyEntry(framed(2, signatureBody(CREATED, Buffer.alloc(0), Buffer.from([0xff, 0xff, 1]))), [alice], 'a signature')).to.deep.equal(ALL_REFUSED)
  })

  it('key packets cut at every length (public and secret, primary and subkey): Unsupported', () => {
    const packets = readPackets(secretKey)
    for (const index of [0, 3]) {
      const {body, tag} = packets[index]
      for (let length = 0; length < body.length; length += 1) {
        const cut = body.subarray(0, length)
        for (const [asTag, label] of [
          [tag, 'secret'],
          [tag === 5 ? 6 : 14, 'public'],
        ] as const) {
          // The packet alone, or in place of its own in the key.
          const key = index === 0 ? framed(asTag, cut) : Buffer.concat([...packets.slice(0, 3).map((packet) => framed(packet.tag, packet.body)), framed(asTag, cut)])
          const read = outcome(() => readKey(key), `${label} packet ${index} cut at ${length}`)
          // A public packet is whole at the secret one's public part: that length alone reads.
          expect(read, `${label} packet ${index} cut at ${length}`).to.equal(
            label === 'public' && length === (index === 0 ? alice.primary : alice.subkeys[0].key).publicBody.length ? 'read' : 'unsupported',
          )
        }
      }
    }
  })

  it('signature subpackets whose lengths point past the end, are zero, or are shorter than their field: Unsupported', () => {
    const areas = [
      Buffer.from([0xff]),
      Buffer.from([0xff, 0, 0]),
      Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff, 2]),
      Buffer.from([0xc0]),
      Buffer.from([0xfe, 0xff, 2]),
      Buffer.from([40, 2, 0, 0, 0, 0]),
      Buffer.from([0]),
      Buffer.from([1, 2]),
      Buffer.from([2, 2, 0]),
      Buffer.concat([CREATED, Buffer.from([2, 3, 0])]),
      Buffer.concat([CREATED, Buffer.from([2, 9, 0])]),
    ]
    for (const [index, area] of areas.entries()) {
      expect(everyEntry(framed(2, signatureBody(area, Buffer.alloc(0))), [alice], `hashed area ${index}`), `hashed area ${index}`).to.deep.equal(ALL_REFUSED)
      // Unhashed, only the issuer counts: a subpacket the reader skips may stand there malformed (then no key issued it).
      const unhashed = everyEntry(framed(2, signatureBody(CREATED, area)), [alice], `unhashed area ${index}`)
      expect(unhashed).to.deep.equal({...ALL_REFUSED, signatures: index < 7 ? 'unsupported' : unhashed.signatures})
    }

    // An issuer key ID of one octet is no key's: false, no error. An issuer fingerprint without its key version, or
    // of a version 5 or 6 key (whose key ID OpenPGP.js takes from its start): Unsupported.
    const [odd] = readSignatures(framed(2, signatureBody(Buffer.concat([CREATED, Buffer.from([2, 16, 1])]), Buffer.alloc(0))))
    expect(verifies(odd, Buffer.alloc(0), [alice])).to.equal(false)
    for (const fingerprint of [Buffer.from([1, 33]), Buffer.concat([Buffer.from([34, 33, 6]), alice.primary.keyId, Buffer.alloc(24)])])
      for (const area of ['hashed', 'unhashed'])
        expect(() => readSignatures(framed(2, area === 'hashed' ? signatureBody(Buffer.concat([CREATED, fingerprint]), Buffer.alloc(0)) : signatureBody(CREATED, fingerprint)))).to.throw(Unsupported)
    // Area lengths past the body; a body cut in its fields.
    const body = signatureBody(CREATED, Buffer.alloc(0))
    for (let length = 0; length < body.length; length += 1) expect(everyEntry(framed(2, body.subarray(0, length)), [alice], `cut at ${length}`)).to.deep.equal(ALL_REFUSED)
  })

  it('every byte of GnuPG’s secret key, message and signature changed, and each cut at every length: read or Unsupported, never another error', () => {
    const tally = {read: 0, unsupported: 0}
    for (const [name, bytes] of [
      ['key', secretKey],
      ['message', message],
      ['signature', signature],
    ] as const) {
      for (let index = 0; index < bytes.length; index += 1) {
        for (const mask of [0x01, 0x80]) {
          const changed = Buffer.from(bytes)
          changed[index] ^= mask
          for (const verdict of Object.values(everyEntry(changed, [alice], `${name} byte ${index} ^ ${mask}`))) tally[verdict] += 1
        }
      }

      // And cut at every length (a cut at a packet's end may still read: a key without its subkey).
      for (let length = 0; length < bytes.length; length += 1) everyEntry(bytes.subarray(0, length), [alice], `${name} cut at ${length}`)
    }

    expect(tally.unsupported).to.be.greaterThan(tally.read)
  })

  it('armor: another kind, a body that is not base64, a header line without its blank: Unsupported', () => {
    const armored = (kind: string, body: string) => `-----BEGIN PGP ${kind}-----\n\n${body}\n-----END PGP ${kind}-----\n`
    expect(dearmor(armored('MESSAGE', 'AAEC'), 'MESSAGE')).to.deep.equal(Buffer.from([0, 1, 2]))
    for (const [text, kind] of [
      [armored('MESSAGE', 'AAEC'), 'SIGNATURE'],
      [armored('MESSAGE', 'AA$C'), 'MESSAGE'],
      [armored('MESSAGE', 'AAE'), 'MESSAGE'],
      ['-----BEGIN PGP MESSAGE-----\nAAEC\n-----END PGP SIGNATURE-----\n', 'MESSAGE'],
      [`${armored('MESSAGE', 'AAEC')}trailing`, 'MESSAGE'],
    ] as const)
      expect(() => dearmor(text, kind), text).to.throw(Unsupported)
  })
})
