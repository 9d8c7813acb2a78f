/**
 * crypto/direct's signatures against GnuPG's and OpenPGP.js's (in a process of its own): detached, binary and text,
 * verify by their keys; a signature by a key not given is false; every signer that OpenPGP.js might refuse (expired,
 * revoked, a revoked user ID, an expired signature, a signature older than its key, no flag to sign, a signing subkey)
 * is Unsupported. Each verdict is set beside OpenPGP.js's own on the same bytes: direct never says "verified" where
 * OpenPGP.js does not.
 */
import {createHash, type KeyObject, sign as cryptoSign} from 'node:crypto'
import {readFileSync} from 'node:fs'

import {expect} from 'chai'
import * as openpgp from 'openpgp'

import {readKey} from '../../../../src/lib/crypto/direct/keys.ts'
import {readPackets, Unsupported} from '../../../../src/lib/crypto/direct/packets.ts'
import {canonicalEol, readSignatures, signedData, verifies} from '../../../../src/lib/crypto/direct/signatures.ts'
import {gnupgHome} from '../../../helpers/gnupg-home.ts'
import {framed, inOpenpgp} from '../../../helpers/pgp-fixtures.ts'

/** The reference time of the keys made in the past: 2025-01-01T00:00:00Z, and gpg's frozen clock at an offset. */
const T0 = Date.UTC(2025, 0, 1) / 1000
const at = (seconds: number) => ['--faked-system-time', `${new Date((T0 + seconds) * 1000).toISOString().replaceAll(/[-:]|\.\d+Z/g, '')}!`]
const HOUR = 3600
const DAY = 24 * HOUR

/** LF lines, one with trailing spaces, one with a lone CR, one with CRLF. */
const TEXT = Buffer.from('A text signed by GnuPG.\nTrailing spaces   \nA lone\rCR\r\nand CRLF\n')
const DATA = Buffer.from([0, 1, 2, 10, 13, 10, 0xff])

const unarmored = async (armored: string) => Buffer.from((await openpgp.unarmor(armored)).data as Uint8Array)

type Verdict = 'false' | 'unsupported' | 'verified'

/** Signatures OpenPGP.js makes over TEXT (as text) and DATA (as binary), with its public key. */
const MAKE = `
const {privateKey, publicKey} = await pgp.generateKey({type: 'ecc', curve: 'curve25519Legacy', userIDs: [{email: 'signer@openpgp.test'}], format: 'object'})
const sign = async (message) => pgp.sign({message, signingKeys: privateKey, detached: true})

// Self-certifications made in the same second, one of a key that never expires, one (reformatKey) of a key that
// expires after a day, set in either order on one user ID, or on two user IDs both flagged primary; a signature two
// days after. Which one counts decides whether the key had expired when it signed.
const t0 = new Date(input.t0 * 1000)
const tie = await pgp.generateKey({type: 'ecc', curve: 'curve25519Legacy', userIDs: [{email: 'tie@openpgp.test'}], date: t0, format: 'object'})
const late = await pgp.sign({message: await pgp.createMessage({binary: bytes(input.data)}), signingKeys: tie.privateKey, detached: true, date: new Date(t0.getTime() + 2 * 86400e3)})
const expiring = async (userIDs) => (await pgp.reformatKey({privateKey: tie.privateKey, userIDs, keyExpirationTime: 86400, date: t0, format: 'object'})).publicKey
const [never] = tie.publicKey.users[0].selfCertifications
const [day] = (await expiring([{email: 'tie@openpgp.test'}])).users[0].selfCertifications
const other = (await expiring([{email: 'other@openpgp.test'}])).users[0]
const key = (...packets) => {
  const list = new pgp.PacketList()
  list.push(tie.publicKey.keyPacket, ...packets, tie.publicKey.subkeys[0].keyPacket, ...tie.publicKey.subkeys[0].bindingSignatures)
  return pgp.armor(pgp.enums.armor.publicKey, list.write())
}
const user = tie.publicKey.users[0].userID
return {
  binary: await sign(await pgp.createMessage({binary: bytes(input.data)})),
  key: publicKey.armor(),
  text: await sign(await pgp.createMessage({text: input.text})),
  ties: {
    late,
    'one user ID, the expiring certification first': key(user, day, never),
    'one user ID, the expiring certification last': key(user, never, day),
    'two primary user IDs, the expiring one last': key(user, never, other.userID, ...other.selfCertifications),
    'two primary user IDs, the expiring one first': key(other.userID, ...other.selfCertifications, user, never),
  },
}
`

describe('crypto/direct signatures: GnuPG’s and OpenPGP.js’s, beside OpenPGP.js’s verdict', function () {
  this.timeout(60_000)
  const home = gnupgHome('proton-direct-signatures-')
  /** gpg's detached signature (armored) over `data` by `signer`, with gpg `options`. */
  let sign: (signer: string, data: Buffer, options?: readonly string[]) => string
  /** A key as gpg exports it now, armored. */
  let exported: (email: string) => string
  let made: {binary: string; key: string; text: string; ties: Record<string, string>}

  /** crypto/direct's verdict and OpenPGP.js's on a detached signature over `data` (as given, before signedData). */
  async function verdicts(signature: string, data: Buffer, keys: string[]): Promise<{direct: Verdict; openpgp: boolean}> {
    let direct: Verdict
    try {
      const [read] = readSignatures(signature)
      direct = verifies(
        read,
        signedData(read, data),
        keys.map((key) => readKey(key)),
      )
        ? 'verified'
        : 'false'
    } catch (error) {
      expect(error).to.be.instanceOf(Unsupported)
      direct = 'unsupported'
    }

    const checked = await openpgp.verify({
      message: await openpgp.createMessage({binary: data}),
      signature: await openpgp.readSignature({armoredSignature: signature}),
      verificationKeys: await Promise.all(keys.map((armoredKey) => openpgp.readKey({armoredKey}))),
    })
    // No signature at all (OpenPGP.js drops one that is not over data): not verified.
    const verified = await (checked.signatures[0]?.verified ?? Promise.reject(new Error('none'))).then(
      () => true,
      () => false,
    )
    // The contract: "verified" only where OpenPGP.js verifies too.
    if (direct === 'verified') expect(verified, 'OpenPGP.js refuses what direct verified').to.equal(true)
    return {direct, openpgp: verified}
  }

  before(() => {
    home.open()
    const ok = (result: {status: null | number; stderr: string}) => expect(result.status, result.stderr).to.equal(0)
    sign = (signer, data, options = []) => {
      const result = home.gpg(['--armor', '--detach-sign', '--local-user', signer, '--output', '-', ...options, home.file('signed', data)])
      ok(result)
      return result.stdout.toString()
    }

    exported = (email) => home.gpg(['--armor', '--export', email]).stdout.toString()
    home.makeKey('alice@gnupg.test')
    home.makeKey('bob@gnupg.test')
    made = inOpenpgp(MAKE, {data: DATA.toString('base64'), t0: T0, text: TEXT.toString()})
  })
  after(() => home.close())

  it('gpg --detach-sign, binary and --textmode, armored: verified by the signer’s key, as OpenPGP.js verifies them', async () => {
    const key = exported('alice@gnupg.test')
    for (const [data, options, type] of [
      [DATA, [], 0],
      [TEXT, ['--textmode'], 1],
    ] as const) {
      const signature = sign('alice@gnupg.test', data, options)
      expect(readSignatures(signature).map((read) => read.type)).to.deep.equal([type])
      expect(await verdicts(signature, data, [key])).to.deep.equal({direct: 'verified', openpgp: true})
      // The same signature as binary bytes (OpenPGP.js removes the armor).
      const [read] = readSignatures(await unarmored(signature))
      expect(verifies(read, signedData(read, data), [readKey(key)])).to.equal(true)
    }
  })

  it('one detached block signed by two (gpg -u alice -u bob): both read, each verified by its key, false by the other alone', () => {
    const signature = sign('alice@gnupg.test', DATA, ['--local-user', 'bob@gnupg.test'])
    const read = readSignatures(signature)
    expect(read).to.have.length(2)
    const [alice, bob] = [readKey(exported('alice@gnupg.test')), readKey(exported('bob@gnupg.test'))]
    expect(read.map((one) => verifies(one, signedData(one, DATA), [alice, bob]))).to.deep.equal([true, true])
    expect(read.map((one) => verifies(one, signedData(one, DATA), [alice])).sort()).to.deep.equal([false, true])
  })

  it('OpenPGP.js’s detached signatures over text and binary: verified', async () => {
    expect(await verdicts(made.text, TEXT, [made.key])).to.deep.equal({direct: 'verified', openpgp: true})
    expect(await verdicts(made.binary, DATA, [made.key])).to.deep.equal({direct: 'verified', openpgp: true})
    expect(readSignatures(made.text)[0].type).to.equal(1)
  })

  it('a text signature over LF text verifies (CRLF canonicalised); the text with any one byte changed: Unsupported, as OpenPGP.js refuses it', async () => {
    const signature = sign('alice@gnupg.test', TEXT, ['--textmode'])
    const [read] = readSignatures(signature)
    expect(signedData(read, TEXT)).to.deep.equal(canonicalEol(TEXT))
    expect(signedData(read, TEXT).toString()).to.equal('A text signed by GnuPG.\r\nTrailing spaces   \r\nA lone\rCR\r\nand CRLF\r\n')
    // Canonical already: the same verdict.
    expect(verifies(read, signedData(read, canonicalEol(TEXT)), [readKey(exported('alice@gnupg.test'))])).to.equal(true)
    const key = exported('alice@gnupg.test')
    for (let index = 0; index < TEXT.length; index += 1) {
      const changed = Buffer.from(TEXT)
      // A letter's case, or a line end made another: CR and LF swapped would still canonicalise differently.
      changed[index] ^= 0x20
      expect(await verdicts(signature, changed, [key]), `byte ${index}`).to.deep.equal({direct: 'unsupported', openpgp: false})
    }
  })

  it('a signature by a key not in the set: false (OpenPGP.js: not verified either)', async () => {
    const signature = sign('alice@gnupg.test', DATA)
    expect(await verdicts(signature, DATA, [exported('bob@gnupg.test'), made.key])).to.deep.equal({direct: 'false', openpgp: false})
    expect(await verdicts(signature, DATA, [exported('bob@gnupg.test'), exported('alice@gnupg.test')])).to.deep.equal({direct: 'verified', openpgp: true})
  })

  describe('signers OpenPGP.js might refuse: Unsupported, so that OpenPGP.js decides', () => {
    it('a key that expired before it signed (its expiry set after): Unsupported, OpenPGP.js refuses; a signature from before the expiry: verified by both', async () => {
      const email = 'expires@gnupg.test'
      expect(home.gpg([...at(0), '--quick-gen-key', email, 'ed25519', 'sign,cert', 'never']).status).to.equal(0)
      const early = sign(email, DATA, at(HOUR))
      const late = sign(email, DATA, at(2 * DAY))
      expect(home.gpg([...at(1), '--quick-set-expire', home.fingerprint(email), '1d']).status).to.equal(0)
      const key = exported(email)
      expect(await verdicts(late, DATA, [key])).to.deep.equal({direct: 'unsupported', openpgp: false})
      expect(await verdicts(early, DATA, [key])).to.deep.equal({direct: 'verified', openpgp: true})
    })

    it('a revoked key (gpg’s own revocation certificate imported): Unsupported, OpenPGP.js refuses', async () => {
      const email = 'revoked@gnupg.test'
      home.makeKey(email)
      const signature = sign(email, DATA)
      expect(await verdicts(signature, DATA, [exported(email)])).to.deep.equal({direct: 'verified', openpgp: true})
      const certificate = readFileSync(home.path(`openpgp-revocs.d/${home.fingerprint(email)}.rev`), 'utf8').replace(':-----BEGIN', '-----BEGIN')
      expect(home.gpg(['--import'], certificate).status).to.equal(0)
      expect(await verdicts(signature, DATA, [exported(email)])).to.deep.equal({direct: 'unsupported', openpgp: false})
    })

    it('a key whose user ID is revoked (another one left): Unsupported, whatever OpenPGP.js says', async () => {
      const email = 'uid-revoked@gnupg.test'
      home.makeKey(email)
      expect(home.gpg(['--quick-add-uid', email, 'second@gnupg.test']).status).to.equal(0)
      const signature = sign(email, DATA)
      expect(home.gpg(['--quick-revoke-uid', email, email]).status).to.equal(0)
      const {direct} = await verdicts(signature, DATA, [exported('second@gnupg.test')])
      expect(direct).to.equal('unsupported')
    })

    it('a signature that expired (--default-sig-expire 1d, a year ago): Unsupported, OpenPGP.js refuses', async () => {
      const email = 'old@gnupg.test'
      expect(home.gpg([...at(0), '--quick-gen-key', email, 'ed25519', 'sign,cert', 'never']).status).to.equal(0)
      const signature = sign(email, DATA, [...at(HOUR), '--default-sig-expire', '1d'])
      expect(readSignatures(signature)[0].expiresAfter).to.equal(DAY)
      expect(await verdicts(signature, DATA, [exported(email)])).to.deep.equal({direct: 'unsupported', openpgp: false})
      // The same key's signature without an expiry: verified by both.
      expect(await verdicts(sign(email, DATA, at(HOUR)), DATA, [exported(email)])).to.deep.equal({direct: 'verified', openpgp: true})
    })

    it('a signature dated in the future (gpg --faked-system-time, a year ahead): Unsupported, OpenPGP.js refuses; verified at its time', async () => {
      const ahead = Math.floor(Date.now() / 1000) + 365 * DAY
      const signature = sign('alice@gnupg.test', DATA, ['--faked-system-time', `${ahead}!`])
      const [read] = readSignatures(signature)
      expect(read.created).to.equal(ahead)
      expect(await verdicts(signature, DATA, [exported('alice@gnupg.test')])).to.deep.equal({direct: 'unsupported', openpgp: false})
      expect(verifies(read, DATA, [readKey(exported('alice@gnupg.test'))], ahead + 1)).to.equal(true)
    })

    it('a signature made before its key was (gpg --ignore-time-conflict): Unsupported, OpenPGP.js refuses', async () => {
      const email = 'later@gnupg.test'
      expect(home.gpg([...at(DAY), '--quick-gen-key', email, 'ed25519', 'sign,cert', 'never']).status).to.equal(0)
      const signature = sign(email, DATA, [...at(HOUR), '--ignore-time-conflict'])
      expect(readSignatures(signature)[0].created).to.equal(T0 + HOUR)
      expect(await verdicts(signature, DATA, [exported(email)])).to.deep.equal({direct: 'unsupported', openpgp: false})
    })

    it('a primary key without the flag to sign when it signed (gpg change-usage to C): Unsupported, OpenPGP.js refuses', async () => {
      const email = 'certifies@gnupg.test'
      expect(home.gpg([...at(0), '--quick-gen-key', email, 'ed25519', 'sign,cert', 'never']).status).to.equal(0)
      const signature = sign(email, DATA, at(HOUR))
      // The usage changed by a self-signature dated before the signature: the one in force when it signed.
      const edited = home.gpg([...at(1), '--expert', '--command-fd', '0', '--edit-key', home.fingerprint(email)], 'change-usage\nS\nQ\nsave\n')
      expect(edited.status, edited.stderr).to.equal(0)
      expect(home.gpg(['--list-keys', '--with-colons', email]).stdout.toString()).to.match(/^pub:(?:[^:]*:){10}c[^s:]*:/m)
      expect(await verdicts(signature, DATA, [exported(email)])).to.deep.equal({direct: 'unsupported', openpgp: false})
    })

    it('a signing subkey (gpg --quick-add-key … ed25519 sign): Unsupported, while OpenPGP.js verifies it', async () => {
      const email = 'subkey@gnupg.test'
      home.makeKey(email)
      expect(home.gpg(['--quick-add-key', home.fingerprint(email), 'ed25519', 'sign', 'never']).status).to.equal(0)
      const signature = sign(email, DATA)
      const key = readKey(exported(email))
      expect(key.subkeys.some(({key: subkey}) => readSignatures(signature)[0].issuerFingerprint?.equals(subkey.fingerprint))).to.equal(true)
      expect(await verdicts(signature, DATA, [exported(email)])).to.deep.equal({direct: 'unsupported', openpgp: true})
    })
  })

  it('self-certifications of the same second (OpenPGP.js’s, in either order, on one or two user IDs): the one OpenPGP.js takes decides', async () => {
    const {late, ...keys} = made.ties
    const outcomes: Record<string, {direct: Verdict; openpgp: boolean}> = {}
    for (const [name, key] of Object.entries(keys)) outcomes[name] = await verdicts(late, DATA, [key])
    // OpenPGP.js takes the first of a user ID's latest certifications, and the last of the user IDs that tie.
    expect(outcomes).to.deep.equal({
      'one user ID, the expiring certification first': {direct: 'unsupported', openpgp: false},
      'one user ID, the expiring certification last': {direct: 'verified', openpgp: true},
      'two primary user IDs, the expiring one first': {direct: 'verified', openpgp: true},
      'two primary user IDs, the expiring one last': {direct: 'unsupported', openpgp: false},
    })
  })

  it('issuers added to the unhashed area, which no signature covers (another key’s ID, another key’s fingerprint): verified only where OpenPGP.js verifies', async () => {
    const signature = sign('alice@gnupg.test', DATA)
    const [packet] = readPackets(await unarmored(signature))
    const hashedEnd = 6 + packet.body.readUInt16BE(4)
    const unhashedEnd = hashedEnd + 2 + packet.body.readUInt16BE(hashedEnd)
    const withUnhashed = (extra: Buffer) => {
      const unhashed = Buffer.concat([packet.body.subarray(hashedEnd + 2, unhashedEnd), extra])
      const length = Buffer.from([unhashed.length >> 8, unhashed.length & 0xff])
      const body = Buffer.concat([packet.body.subarray(0, hashedEnd), length, unhashed, packet.body.subarray(unhashedEnd)])
      return openpgp.armor(openpgp.enums.armor.signature, framed(2, body))
    }

    const bob = readKey(exported('bob@gnupg.test')).primary.fingerprint
    const alice = readKey(exported('alice@gnupg.test')).primary.fingerprint
    const keys = [exported('alice@gnupg.test'), exported('bob@gnupg.test')]
    const outcomes = []
    for (const extra of [
      Buffer.concat([Buffer.from([9, 16]), bob.subarray(12)]),
      Buffer.concat([Buffer.from([22, 33, 4]), bob]),
      Buffer.concat([Buffer.from([9, 16]), alice.subarray(12)]),
      Buffer.concat([Buffer.from([22, 33, 4]), alice]),
    ])
      outcomes.push(await verdicts(withUnhashed(extra), DATA, keys), await verdicts(withUnhashed(extra), DATA, [keys[0]]))
    // OpenPGP.js looks for the key the last issuer names (the unhashed area read last): bob's, whose key does not hold.
    expect(outcomes.slice(0, 4).map(({openpgp: verified}) => verified)).to.deep.equal([false, false, false, false])
    expect(outcomes.slice(0, 4).map(({direct}) => direct)).to.deep.equal(['unsupported', 'unsupported', 'unsupported', 'unsupported'])
    // Alice's own again: as before.
    expect(outcomes.slice(4)).to.deep.equal(Array.from({length: 4}, () => ({direct: 'verified', openpgp: true})))
  })

  it('the same signature with S + L (the group order added: another encoding of the same S): Unsupported, as OpenPGP.js refuses it', async () => {
    const signature = sign('alice@gnupg.test', DATA)
    const [packet] = readPackets(await unarmored(signature))
    const body = Buffer.from(packet.body)
    // S is the last MPI: 0x01 0x00 (or fewer bits) and its bytes; S + L still fits in 32 bytes (S < L < 2^253).
    const bits = body.readUInt16BE(body.length - 34)
    expect(bits).to.be.within(240, 256)
    const order = 2n ** 252n + 27742317777372353535851937790883648493n
    const s = BigInt(`0x${body.subarray(body.length - 32).toString('hex')}`) + order
    const changed = Buffer.concat([body.subarray(0, body.length - 34), Buffer.from([1, 0]), Buffer.from(s.toString(16).padStart(64, '0'), 'hex')])
    expect(await verdicts(openpgp.armor(openpgp.enums.armor.signature, framed(2, changed)), DATA, [exported('alice@gnupg.test')])).to.deep.equal({direct: 'unsupported', openpgp: false})
  })

  it('a certification (alice’s self-signature) given as a message signature over the very bytes it certifies: Unsupported, as OpenPGP.js does not verify it', async () => {
    const armored = exported('alice@gnupg.test')
    const key = readKey(armored)
    const [certification] = key.users[0].signatures
    expect(certification.body[1]).to.equal(0x13)
    const length = Buffer.alloc(4)
    length.writeUInt32BE(key.users[0].id.length)
    const certified = Buffer.concat([
      Buffer.from([0x99, key.primary.publicBody.length >> 8, key.primary.publicBody.length & 0xff]),
      key.primary.publicBody,
      Buffer.from([0xb4]),
      length,
      key.users[0].id,
    ])
    const signature = openpgp.armor(openpgp.enums.armor.signature, framed(2, certification.body))
    expect(() => signedData(readSignatures(signature)[0], certified)).to.throw(Unsupported)
    expect(await verdicts(signature, certified, [armored])).to.deep.equal({direct: 'unsupported', openpgp: false})
    // Past signedData too: verifies itself takes only signatures over data.
    expect(() => verifies(readSignatures(signature)[0], certified, [key])).to.throw(Unsupported)
  })

  it('a signature whose only issuer is the wildcard key ID (zeros), or that names none: false, and OpenPGP.js verifies neither (its own issuer check)', async () => {
    const secret = readKey(home.gpg(['--export-secret-keys', 'alice@gnupg.test']).stdout).primary.secretKey?.()
    /** A v4 EdDSA binary signature over DATA by alice's key, its unhashed area as given (made here; OpenPGP.js judges it). */
    const signed = (unhashed: Buffer) => {
      const created = Buffer.from([5, 2, 0, 0, 0, 0])
      // Now: after the key was made (in this file's before), not in the future.
      created.writeUInt32BE(Math.floor(Date.now() / 1000), 2)
      const head = Buffer.concat([Buffer.from([4, 0, 22, 8, 0, created.length]), created])
      const trailer = Buffer.concat([head, Buffer.from([4, 0xff, 0, 0, 0, head.length])])
      const digest = createHash('sha256').update(DATA).update(trailer).digest()
      const rs = cryptoSign(null, digest, secret as KeyObject)
      const mpi = (bytes: Buffer) => Buffer.concat([Buffer.from([1, 0]), bytes])
      const body = Buffer.concat([head, Buffer.from([0, unhashed.length]), unhashed, digest.subarray(0, 2), mpi(rs.subarray(0, 32)), mpi(rs.subarray(32))])
      return openpgp.armor(openpgp.enums.armor.signature, framed(2, body))
    }

    const keys = [exported('alice@gnupg.test')]
    const alice = readKey(keys[0]).primary.keyId
    expect(await verdicts(signed(Buffer.concat([Buffer.from([9, 16]), alice])), DATA, keys)).to.deep.equal({direct: 'verified', openpgp: true})
    // OpenPGP.js matches the wildcard to every key, then refuses it: 'Signature was not issued by the given public key'.
    expect(await verdicts(signed(Buffer.from([9, 16, 0, 0, 0, 0, 0, 0, 0, 0])), DATA, keys)).to.deep.equal({direct: 'false', openpgp: false})
    expect(await verdicts(signed(Buffer.alloc(0)), DATA, keys)).to.deep.equal({direct: 'false', openpgp: false})
  })

  it('every byte of gpg’s signature flipped: "verified" only where OpenPGP.js verifies it too, and never an error but Unsupported', async () => {
    const signature = sign('alice@gnupg.test', DATA)
    const key = exported('alice@gnupg.test')
    const binary = await unarmored(signature)
    const tally: Record<Verdict, number> = {false: 0, unsupported: 0, verified: 0}
    for (let index = 0; index < binary.length; index += 1) {
      const changed = Buffer.from(binary)
      changed[index] ^= 0x01
      const armored = openpgp.armor(openpgp.enums.armor.signature, changed)
      let direct: Verdict
      try {
        const [read] = readSignatures(armored)
        direct = verifies(read, signedData(read, DATA), [readKey(key)]) ? 'verified' : 'false'
      } catch (error) {
        expect(error, `byte ${index}`).to.be.instanceOf(Unsupported)
        direct = 'unsupported'
      }

      if (direct === 'verified') expect((await verdicts(armored, DATA, [key])).openpgp, `byte ${index}`).to.equal(true)
      tally[direct] += 1
    }

    // Only flips in what no signature covers (the unhashed issuer, the header) may still verify.
    expect(tally.unsupported).to.be.greaterThan(binary.length - 16)
  })
})
