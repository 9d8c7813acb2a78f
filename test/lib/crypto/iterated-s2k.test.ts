/**
 * The streamed iterated S2K against GnuPG: a passphrase-only message made by gpg (its key is the S2K's output,
 * which --show-session-key prints) gives the same key, for the digests and counts keys use and for a key longer
 * than one digest; OpenPGP.js as openpgp() loads it decrypts such a message, and the S2Ks it leaves to OpenPGP.js
 * (simple, salted, RIPEMD-160). A second answer: OpenPGP.js's own produceKey, unpatched, in a separate process.
 */
import {expect} from 'chai'
import {spawnSync} from 'node:child_process'
import {createHash} from 'node:crypto'

import {countS2kRuns, iteratedS2k, s2kRuns, streamIteratedS2k} from '../../../src/lib/crypto/iterated-s2k.ts'
import {type Openpgp, openpgp} from '../../../src/lib/crypto/keyring.ts'
import {argon2Keys, FIXTURE_PASSPHRASE} from '../../helpers/fixture-account.ts'
import {gnupgHome} from '../../helpers/gnupg-home.ts'
import {KEY_FIXTURE} from '../../../src/sandbox/fixtures/key-fixture.ts'

const PASSPHRASE = 'pässwörd with spaces'

interface S2kCase {
  hash: number
  salt: string
  passphrase: string
  coded: number
  length: number
}

/**
 * Runs in a process of its own, where openpgp() never patched OpenPGP.js: each case's S2K specifier (version 4,
 * AES-256, iterated) read into a symmetric-key packet, its key derived by OpenPGP.js's produceKey, in hex.
 */
const UNPATCHED = `
import * as pgp from 'openpgp'
let input = ''
for await (const chunk of process.stdin) input += chunk
const keys = []
for (const {hash, salt, passphrase, coded, length} of JSON.parse(input)) {
  const packet = new pgp.SymEncryptedSessionKeyPacket()
  packet.read(new Uint8Array([4, 9, 3, hash, ...Buffer.from(salt, 'hex'), coded]))
  keys.push(Buffer.from(await packet.s2k.produceKey(passphrase, length, pgp.config)).toString('hex'))
}
process.stdout.write(JSON.stringify(keys))
`

function unpatched(cases: S2kCase[]): string[] {
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', UNPATCHED], {encoding: 'utf8', input: JSON.stringify(cases), maxBuffer: 1 << 20})
  expect(child.status, child.stderr).to.equal(0)
  return JSON.parse(child.stdout) as string[]
}

const countOf = (coded: number) => (16 + (coded & 15)) << ((coded >> 4) + 6)

describe('iterated S2K (against GnuPG)', function () {
  this.timeout(30_000)
  const home = gnupgHome('proton-s2k-')
  before(() => home.open())
  after(() => home.close())

  /** A message gpg encrypts with the passphrase alone: its bytes and the session key gpg derived. */
  function symmetric(options: string[]): {message: Buffer; key: string} {
    const passphrase = ['--passphrase', PASSPHRASE]
    const made = home.gpg([...passphrase, '--symmetric', '--s2k-mode', '3', ...options, '--output', '-', home.file('plain.txt', 'the plaintext\n')])
    expect(made.status, made.stderr).to.equal(0)
    const shown = home.gpg([...passphrase, '--show-session-key', '--decrypt'], made.stdout)
    expect(shown.status, shown.stderr).to.equal(0)
    return {key: /session key: '\d+:([\dA-F]+)'/.exec(shown.stderr)?.[1] ?? '', message: made.stdout}
  }

  /** The S2K specifier of the message's first packet (old format, tag 3, version 4: RFC 4880 5.3). */
  function specifier(message: Buffer): {hash: number; salt: Buffer; count: number} {
    expect([message[0], message[2], message[4]]).to.deep.equal([0x8c, 4, 3])
    const coded = message[14]
    return {count: (16 + (coded & 15)) << ((coded >> 4) + 6), hash: message[5], salt: message.subarray(6, 14)}
  }

  for (const [digest, name, cipher, bytes, count] of [
    ['SHA256', 'sha256', 'AES256', 32, '65011712'],
    ['SHA1', 'sha1', 'AES256', 32, '1024'],
    ['SHA512', 'sha512', 'AES128', 16, '3000000'],
  ] as const) {
    it(`${digest}, ${cipher}, count ${count}: the key gpg derived`, () => {
      const {key, message} = symmetric(['--s2k-digest-algo', digest, '--s2k-cipher-algo', cipher, '--s2k-count', count])
      const {count: coded, salt} = specifier(message)
      const derived = iteratedS2k(name, salt, new TextEncoder().encode(PASSPHRASE), coded, bytes)
      expect(Buffer.from(derived).toString('hex').toUpperCase()).to.equal(key)
    })
  }

  it('a count smaller than salt and passphrase: the whole of them hashed once', () => {
    const unit = Buffer.concat([Buffer.alloc(8, 7), Buffer.from(PASSPHRASE)])
    const derived = iteratedS2k('sha256', unit.subarray(0, 8), unit.subarray(8), 4, 32)
    expect(Buffer.from(derived).toString('hex')).to.equal(createHash('sha256').update(unit).digest('hex'))
  })

  for (const [what, options] of [
    ['iterated, SHA-256, the count keys use', ['--s2k-digest-algo', 'SHA256', '--s2k-count', '65011712']],
    ['iterated, SHA-384 (streamed)', ['--s2k-digest-algo', 'SHA384', '--s2k-count', '100000']],
    ['iterated, RIPEMD-160 (left to OpenPGP.js)', ['--s2k-digest-algo', 'RIPEMD160', '--s2k-count', '100000']],
    ['salted (left to OpenPGP.js)', ['--s2k-mode', '1']],
  ] as const) {
    it(`OpenPGP.js as openpgp() loads it decrypts a message gpg locked with the passphrase: ${what}`, async () => {
      const pgp = await openpgp()
      const {message} = symmetric([...options])
      const {data} = await pgp.decrypt({format: 'binary', message: await pgp.readMessage({binaryMessage: message}), passwords: [PASSPHRASE]})
      expect(Buffer.from(data).toString('utf8')).to.equal('the plaintext\n')
    })
  }

  it('counted: every derivation, of an iterated key (streamed) and of an Argon2 key alike, one a secret packet unlocked or locked', async () => {
    // An instance of OpenPGP.js of its own, patched as openpgp() patches the one it loads.
    const pgp = (await import(`${import.meta.resolve('openpgp')}?counted-test`)) as Openpgp
    streamIteratedS2k(pgp)
    countS2kRuns(pgp)
    const derivations = async (work: () => Promise<unknown>) => {
      const before = s2kRuns()
      await work()
      return s2kRuns() - before
    }

    const unlock = (armoredKey: string, passphrase: string) => async () => pgp.decryptKey({passphrase, privateKey: await pgp.readPrivateKey({armoredKey})})
    // The user key: a primary and a subkey, each locked with the iterated S2K.
    expect(await derivations(unlock(KEY_FIXTURE.userKey, FIXTURE_PASSPHRASE))).to.equal(2)
    const {argon2Key} = await argon2Keys('argon2 passphrase')
    expect((await pgp.readPrivateKey({armoredKey: argon2Key})).getKeys().map(({keyPacket}) => (keyPacket as unknown as {s2k: {type: string}}).s2k.type)).to.deep.equal(['argon2', 'argon2'])
    expect(await derivations(unlock(argon2Key, 'argon2 passphrase'))).to.equal(2)
    // Reading a key derives nothing; a wrong passphrase is tried on both packets (OpenPGP.js unlocks them together).
    expect(await derivations(async () => pgp.readPrivateKey({armoredKey: argon2Key}))).to.equal(0)
    expect(await derivations(() => unlock(argon2Key, 'wrong')().catch(() => undefined))).to.equal(2)
  })

  it('installed: iterated keys of the digests Node hashes derived by iteratedS2k, every other S2K left to OpenPGP.js', async () => {
    // An instance of OpenPGP.js of its own (another URL), whose produceKey is replaced by a stand-in before the
    // patch: what the patch leaves to OpenPGP.js returns the stand-in's answer.
    const pgp = (await import(`${import.meta.resolve('openpgp')}?installed-test`)) as Openpgp
    const s2kOf = (bytes: number[]) => {
      const packet = new pgp.SymEncryptedSessionKeyPacket()
      packet.read(new Uint8Array([4, 9, ...bytes]))
      return (packet as unknown as {s2k: {produceKey(passphrase: string, length: number, config?: unknown): Promise<unknown>; salt: Uint8Array | null}}).s2k
    }

    const salt = [1, 2, 3, 4, 5, 6, 7, 8]
    const prototype = Object.getPrototypeOf(s2kOf([3, 8, ...salt, 96])) as {produceKey: unknown}
    const asked: unknown[][] = []
    prototype.produceKey = async (...args: unknown[]) => {
      asked.push(args)
      return 'left to OpenPGP.js'
    }

    streamIteratedS2k(pgp)
    const config = {some: 'config'}
    for (const [hash, name] of [
      [2, 'sha1'],
      [8, 'sha256'],
      [9, 'sha384'],
      [10, 'sha512'],
      [11, 'sha224'],
    ] as const) {
      const key = await s2kOf([3, hash, ...salt, 96]).produceKey(PASSPHRASE, 32, config)
      expect(key, name).to.deep.equal(iteratedS2k(name, new Uint8Array(salt), new TextEncoder().encode(PASSPHRASE), countOf(96), 32))
    }

    expect(asked).to.deep.equal([])
    const saltless = s2kOf([3, 8, ...salt, 96])
    saltless.salt = null
    for (const s2k of [s2kOf([0, 8]), s2kOf([1, 8, ...salt]), s2kOf([3, 3, ...salt, 96]), s2kOf([3, 1, ...salt, 96]), saltless]) {
      expect(await s2k.produceKey(PASSPHRASE, 16, config)).to.equal('left to OpenPGP.js')
    }

    expect(asked).to.deep.equal(Array.from({length: 5}, () => [PASSPHRASE, 16, config]))
  })

  it('the same keys as OpenPGP.js unpatched: each digest, counts on and off the window, long passphrases and keys', () => {
    const salt = 'a1b2c3d4e5f60718'
    const long = 'x'.repeat(70_000) // salt and passphrase longer than the 64 KiB window
    const cases: S2kCase[] = [
      // SHA-1 (2), SHA-256 (8), SHA-384 (9), SHA-512 (10), SHA-224 (11); keys of 16, 32, 64 and 100 bytes
      ...[2, 8, 9, 10, 11].flatMap((hash) => [16, 32, 64, 100].map((length) => ({coded: 96, hash, length, passphrase: PASSPHRASE, salt}))),
      // salt and passphrase of 16 bytes: a window of exactly 64 KiB, counts that are multiples of it (224: 16 MiB)
      {coded: 224, hash: 8, length: 32, passphrase: '8 bytes!', salt},
      {coded: 160, hash: 8, length: 32, passphrase: '8 bytes!', salt},
      // counts neither a multiple of the window nor of salt and passphrase
      {coded: 0, hash: 8, length: 32, passphrase: PASSPHRASE, salt},
      {coded: 171, hash: 10, length: 64, passphrase: 'seventeen bytes!!', salt},
      {coded: 255, hash: 2, length: 32, passphrase: PASSPHRASE, salt},
      // a passphrase longer than the window, with a count smaller and a count larger than it
      {coded: 0, hash: 8, length: 32, passphrase: long, salt},
      {coded: 165, hash: 8, length: 48, passphrase: long, salt},
      // an empty passphrase: the salt alone repeated
      {coded: 96, hash: 8, length: 32, passphrase: '', salt},
    ]
    const derived = cases.map(({coded, hash, length, passphrase, salt}) => {
      const name = {10: 'sha512', 11: 'sha224', 2: 'sha1', 8: 'sha256', 9: 'sha384'}[hash] ?? ''
      return Buffer.from(iteratedS2k(name, Buffer.from(salt, 'hex'), new TextEncoder().encode(passphrase), countOf(coded), length)).toString('hex')
    })
    expect(derived).to.deep.equal(unpatched(cases))
    expect(derived.map((key) => key.length / 2)).to.deep.equal(cases.map(({length}) => length))
  })
})
