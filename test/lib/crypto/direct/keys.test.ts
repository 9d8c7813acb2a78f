/**
 * crypto/direct's key reader against keys GnuPG and OpenPGP.js (in a process of its own) made: the secrets it reads
 * are the ones they hold, the fingerprints the ones gpg prints; locked keys give their public half only; RSA, v6 and
 * NIST keys, a changed checksum, a secret that is not its public key's: Unsupported, never a key.
 */
import {expect} from 'chai'
import * as openpgp from 'openpgp'

import {decryptMessage} from '../../../../src/lib/crypto/direct/decrypt.ts'
import {readKey} from '../../../../src/lib/crypto/direct/keys.ts'
import {readPackets, Unsupported} from '../../../../src/lib/crypto/direct/packets.ts'
import {decryptionKeys} from '../../../../src/lib/crypto/direct/signatures.ts'
import {gnupgHome} from '../../../helpers/gnupg-home.ts'
import {framed, inOpenpgp} from '../../../helpers/pgp-fixtures.ts'

interface KeyView {
  fingerprints: string[]
  /** The primary's EdDSA seed and the subkey's ECDH scalar as OpenPGP.js holds them (hex), or null when locked. */
  seed: null | string
  scalar: null | string
}

interface Made {
  gpgSecret: KeyView
  unlocked: {armored: string; public: string} & KeyView
  locked: {armored: string} & KeyView
  v6: {armored: string; public: string}
  rsa: {armored: string; public: string}
  nist: {armored: string; public: string}
}

/** The OpenPGP.js side: the keys it makes, and its view of the key GnuPG exported. */
const MAKE = `
const view = (key) => ({
  fingerprints: key.getKeys().map((k) => k.getFingerprint().toUpperCase()),
  scalar: key.isDecrypted?.() ? Buffer.from(key.subkeys[0].keyPacket.privateParams.d).toString('hex') : null,
  seed: key.isDecrypted?.() ? Buffer.from(key.keyPacket.privateParams.seed).toString('hex') : null,
})
const userIDs = [{email: 'made@openpgp.test'}]
const kind = {type: 'ecc', curve: 'curve25519Legacy', userIDs, format: 'object'}
const unlocked = await pgp.generateKey(kind)
const locked = await pgp.generateKey({...kind, passphrase: 'a passphrase'})
const other = async (options) => {
  const {privateKey, publicKey} = await pgp.generateKey({userIDs, format: 'armored', ...options})
  return {armored: privateKey, public: publicKey}
}
return {
  gpgSecret: view(await pgp.readPrivateKey({binaryKey: bytes(input.gpgSecret)})),
  locked: {armored: locked.privateKey.armor(), ...view(locked.privateKey)},
  nist: await other({type: 'ecc', curve: 'nistP256'}),
  rsa: await other({type: 'rsa', rsaBits: 2048}),
  unlocked: {armored: unlocked.privateKey.armor(), public: unlocked.publicKey.armor(), ...view(unlocked.privateKey)},
  v6: await other({type: 'curve25519', config: {v6Keys: true}}),
}
`

const hex = (bytes: Buffer) => bytes.toString('hex').toUpperCase()
const jwkD = (key: (() => {export(options: {format: 'jwk'}): {d?: string}}) | undefined) => Buffer.from(key?.().export({format: 'jwk'}).d ?? '', 'base64url')
const refused = (work: () => unknown) => expect(work).to.throw(Unsupported)

/** A key's bytes with the body of its `index`-th packet replaced (the others as they were, framed anew). */
function withPacket(key: Buffer, index: number, body: (old: Buffer) => Buffer): Buffer {
  return Buffer.concat(readPackets(key).map((packet, at) => framed(packet.tag, at === index ? body(packet.body) : packet.body)))
}

/** A secret MPI in clear (S2K usage 0) after `publicBody`, with its checksum. */
function secretBody(publicBody: Buffer, secret: Buffer): Buffer {
  const mpi = Buffer.concat([Buffer.from([0, 0]), secret])
  mpi.writeUInt16BE(secret.length * 8 - Math.clz32(secret[0]) + 24, 0)
  const sum = Buffer.alloc(2)
  sum.writeUInt16BE(mpi.reduce((total, byte) => (total + byte) & 0xffff, 0))
  return Buffer.concat([publicBody, Buffer.from([0]), mpi, sum])
}

describe('crypto/direct keys: read against GnuPG and OpenPGP.js', function () {
  this.timeout(60_000)
  const home = gnupgHome('proton-direct-keys-')
  let gpgSecret: Buffer
  let gpgPublic: string
  let gpgLocked: Buffer
  let made: Made
  /** gpg's fingerprints (primary, then subkeys) of a key, from --with-colons. */
  let colons: (email: string) => string[]

  before(() => {
    home.open()
    home.makeKey('alice@gnupg.test')
    // The passphrase given last is the one gpg uses: this key is locked.
    const locked = home.gpg(['--passphrase', 'a passphrase', '--quick-gen-key', 'locked@gnupg.test', 'ed25519', 'sign,cert', 'never'])
    expect(locked.status, locked.stderr).to.equal(0)
    gpgSecret = home.gpg(['--export-secret-keys', 'alice@gnupg.test']).stdout
    gpgPublic = home.gpg(['--armor', '--export', 'alice@gnupg.test']).stdout.toString()
    gpgLocked = home.gpg(['--passphrase', 'a passphrase', '--export-secret-keys', 'locked@gnupg.test']).stdout
    expect(gpgSecret.length).to.be.greaterThan(100)
    expect(gpgLocked.length).to.be.greaterThan(100)
    colons = (email) =>
      [
        ...home
          .gpg(['--list-keys', '--with-colons', email])
          .stdout.toString()
          .matchAll(/^fpr:+([\dA-F]{40}):/gm),
      ].map((match) => match[1])
    made = inOpenpgp<Made>(MAKE, {gpgSecret: gpgSecret.toString('base64')})
  })
  after(() => home.close())

  it('GnuPG’s secret export (no passphrase: S2K usage 0): both secrets, the ones OpenPGP.js reads from it; fingerprints as gpg prints them', () => {
    const set = readKey(gpgSecret)
    const fingerprints = colons('alice@gnupg.test')
    expect(fingerprints).to.have.length(2)
    expect([hex(set.primary.fingerprint), ...set.subkeys.map(({key}) => hex(key.fingerprint))]).to.deep.equal(fingerprints)
    expect(made.gpgSecret.fingerprints).to.deep.equal(fingerprints)
    expect(hex(set.primary.keyId)).to.equal(fingerprints[0].slice(-16))
    expect(hex(set.subkeys[0].key.keyId)).to.equal(fingerprints[1].slice(-16))
    // The seed as written; the X25519 scalar little-endian where OpenPGP keeps it big-endian.
    expect(jwkD(set.primary.secretKey).toString('hex')).to.equal(made.gpgSecret.seed)
    expect(Buffer.from(jwkD(set.subkeys[0].key.secretKey)).reverse().toString('hex')).to.equal(made.gpgSecret.scalar)
    expect(decryptionKeys([set])).to.deep.equal([set.subkeys[0].key])
    expect(set.users.map(({id}) => id.toString())).to.deep.equal(['alice@gnupg.test'])
  })

  it('an unlocked key OpenPGP.js wrote (armored): its secrets and fingerprints', () => {
    const set = readKey(made.unlocked.armored)
    expect([hex(set.primary.fingerprint), hex(set.subkeys[0].key.fingerprint)]).to.deep.equal(made.unlocked.fingerprints)
    expect(jwkD(set.primary.secretKey).toString('hex')).to.equal(made.unlocked.seed)
    expect(Buffer.from(jwkD(set.subkeys[0].key.secretKey)).reverse().toString('hex')).to.equal(made.unlocked.scalar)
  })

  it('armored public keys from both: the public keys and fingerprints, no secret', () => {
    for (const [armored, fingerprints] of [
      [gpgPublic, colons('alice@gnupg.test')],
      [made.unlocked.public, made.unlocked.fingerprints],
    ] as const) {
      const set = readKey(armored)
      expect([hex(set.primary.fingerprint), ...set.subkeys.map(({key}) => hex(key.fingerprint))]).to.deep.equal(fingerprints)
      expect(set.primary.secretKey).to.equal(undefined)
      expect(decryptionKeys([set])).to.deep.equal([])
      // The public key is the one of the secret key read from the other export.
      const secret = readKey(armored === gpgPublic ? gpgSecret : made.unlocked.armored)
      expect(set.primary.publicKey().export({format: 'jwk'})).to.deep.equal(secret.primary.publicKey().export({format: 'jwk'}))
    }
  })

  it('locked keys (GnuPG’s and OpenPGP.js’s, with a passphrase): the public half, no secret', () => {
    for (const [key, fingerprints] of [
      [gpgLocked, colons('locked@gnupg.test')],
      [made.locked.armored, made.locked.fingerprints],
    ] as const) {
      const set = readKey(key)
      expect([hex(set.primary.fingerprint), ...set.subkeys.map(({key: subkey}) => hex(subkey.fingerprint))]).to.deep.equal(fingerprints)
      expect([set.primary, ...set.subkeys.map((subkey) => subkey.key)].every((one) => one.secretKey === undefined)).to.equal(true)
    }

    expect(made.locked.seed).to.equal(null)
  })

  it('RSA, v6 (X25519/Ed25519 of RFC 9580) and NIST P-256 keys, secret or public: Unsupported', () => {
    for (const kind of [made.rsa, made.v6, made.nist]) {
      refused(() => readKey(kind.armored))
      refused(() => readKey(kind.public))
    }
  })

  it('a secret whose checksum is changed: Unsupported (OpenPGP.js refuses it too)', async () => {
    for (const index of [0, 3]) {
      const tampered = withPacket(gpgSecret, index, (body) => {
        const changed = Buffer.from(body)
        changed[changed.length - 1] ^= 1
        return changed
      })
      expect(readPackets(tampered)[index].tag).to.equal(index === 0 ? 5 : 7)
      refused(() => readKey(tampered))
      const failure = await openpgp.readPrivateKey({binaryKey: tampered}).then(
        () => undefined,
        (error: unknown) => error,
      )
      expect(failure).to.be.instanceOf(Error)
    }
  })

  it('a secret that is not its public key’s (another key’s secret, checksum right): Unsupported at its first use, as OpenPGP.js’s validation refuses it', async () => {
    const other = readKey(made.unlocked.armored)
    const gpg = readKey(gpgSecret)
    const toAlice = home.gpg(['--encrypt', '--recipient', 'alice@gnupg.test', '--output', '-'], Buffer.from('to alice')).stdout
    expect(decryptMessage(toAlice, {keys: [gpg]}).data.toString()).to.equal('to alice')
    const swaps = [
      {index: 0, key: gpg.primary, secret: jwkD(other.primary.secretKey)},
      {index: 3, key: gpg.subkeys[0].key, secret: Buffer.from(jwkD(other.subkeys[0].key.secretKey)).reverse()},
    ]
    for (const {index, key, secret} of swaps) {
      const tampered = withPacket(gpgSecret, index, () => secretBody(key.publicBody, secret))
      // The key objects are made when first used (a read whose session keys are sealed uses none): the check with them.
      const read = readKey(tampered)
      const swapped = index === 0 ? read.primary : read.subkeys[0].key
      refused(() => swapped.secretKey?.())
      refused(() => swapped.secretKey?.())
      // A message to the subkey is refused with it (the caller then goes to OpenPGP.js), not decrypted with the wrong secret.
      if (index === 3) refused(() => decryptMessage(toAlice, {keys: [read]}))
      const parsed = await openpgp.readPrivateKey({binaryKey: tampered})
      // Key.validate() checks the primary key only: the subkey's packet is validated itself.
      const packet = index === 0 ? parsed.keyPacket : parsed.subkeys[0].keyPacket
      expect(packet).to.be.instanceOf(openpgp.SecretKeyPacket)
      const failure = await (packet as openpgp.SecretKeyPacket).validate().then(
        () => undefined,
        (error: unknown) => error,
      )
      expect(failure).to.be.instanceOf(Error)
    }

    // The same rebuilding with the key's own secret reads: what is refused is the mismatch, not the rebuilding.
    const own = withPacket(gpgSecret, 0, () => secretBody(gpg.primary.publicBody, jwkD(gpg.primary.secretKey)))
    expect(jwkD(readKey(own).primary.secretKey)).to.deep.equal(jwkD(gpg.primary.secretKey))
  })
})
