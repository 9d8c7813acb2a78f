/**
 * The bound on an Argon2 S2K's cost (keyring.ts checkS2k): a key from the service asking for more memory or passes
 * than allowed is refused before any is spent, with a line that says what it asked. The keys are made by OpenPGP.js
 * in scripts/generate-argon2-fixtures.js (GnuPG 2.2 makes no v6 keys): what is checked here is the reading of the
 * parameters, not the cryptography.
 */
import {expect} from 'chai'
import {readFileSync} from 'node:fs'

import * as openpgp from 'openpgp'

import {Argon2TooCostly, MAX_ARGON2_MEMORY_EXPONENT, MAX_ARGON2_PASSES, unlockAddressKeys, unlockOne, unlockSigningKey, unlockUserKeys} from '../../../src/lib/crypto/keyring.ts'

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/argon2/${name}`, import.meta.url), 'utf8')

describe('keyring: the Argon2 S2K bound (fixtures made by scripts/generate-argon2-fixtures.js)', function () {
  this.timeout(20_000)

  it('a key within the bound (2^16 KiB, 3 passes) unlocks', async () => {
    const unlocked = await unlockUserKeys([{ID: 'within', PrivateKey: fixture('within.asc')}], 'argon2-passphrase')
    expect(unlocked.failures).to.deep.equal([])
    expect(unlocked.keys).to.have.length(1)
  })

  it('a key asking for 1 GiB, or for 9 passes, is refused with what it asked; when every refusal is that, tooCostly', async () => {
    const memory = await unlockUserKeys([{ID: 'memory', PrivateKey: fixture('memory.asc')}], 'argon2-passphrase')
    expect(memory.keys).to.deep.equal([])
    expect(memory.failures).to.deep.equal([
      `user key memory: its Argon2 S2K asks for 1 GiB of memory and 3 passes, more than the ${2 ** (MAX_ARGON2_MEMORY_EXPONENT - 10)} MiB and ${MAX_ARGON2_PASSES} passes allowed`,
    ])
    expect(memory.tooCostly).to.equal(true)
    const passes = await unlockUserKeys([{ID: 'passes', PrivateKey: fixture('passes.asc')}], 'argon2-passphrase')
    expect(passes.failures).to.deep.equal(['user key passes: its Argon2 S2K asks for 64 MiB of memory and 9 passes, more than the 256 MiB and 8 passes allowed'])
    expect(passes.tooCostly).to.equal(true)
    // One refused for its cost, one for its passphrase: not "too costly" as a whole.
    const mixed = await unlockUserKeys(
      [
        {ID: 'memory', PrivateKey: fixture('memory.asc')},
        {ID: 'within', PrivateKey: fixture('within.asc')},
      ],
      'wrong',
    )
    expect(mixed.failures).to.have.length(2)
    expect(mixed.tooCostly).to.equal(false)
  })

  it('a key asking exactly the bound’s 8 passes is tried, not refused for its cost (the packets are not re-encrypted: the passphrase then fails)', async () => {
    const key = await openpgp.readPrivateKey({armoredKey: fixture('within.asc')})
    for (const {keyPacket} of key.getKeys()) Object.assign((keyPacket as unknown as {s2k: object}).s2k, {t: MAX_ARGON2_PASSES})
    const unlocked = await unlockUserKeys([{ID: 'eight', PrivateKey: key.armor()}], 'argon2-passphrase')
    expect(unlocked.keys).to.deep.equal([])
    expect(unlocked.failures).to.have.length(1)
    expect(unlocked.failures[0]).to.not.include('Argon2 S2K asks')
    expect(unlocked.tooCostly).to.equal(false)
  })

  it('the bound holds however the key is unlocked: whole (a signing address key), or a key with no packet that decrypts', async () => {
    const whole = await unlockAddressKeys([{ID: 'memory', PrivateKey: fixture('memory.asc')}], [], 'argon2-passphrase', {signing: true})
    expect(whole.failures).to.deep.equal(['address key memory: its Argon2 S2K asks for 1 GiB of memory and 3 passes, more than the 256 MiB and 8 passes allowed'])
    expect(whole.tooCostly).to.equal(true)
    // The primary key alone (it signs, nothing decrypts): unlocked whole, after the same check.
    const signOnly = await openpgp.readPrivateKey({armoredKey: fixture('memory.asc')})
    signOnly.subkeys = []
    const refused = await unlockOne(openpgp, signOnly.armor(), 'argon2-passphrase').then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(refused).to.be.instanceOf(Argon2TooCostly)
    // The primary (signing) packet alone asking 9 passes: refused too, when the key is unlocked whole.
    const primaryOnly = await openpgp.readPrivateKey({armoredKey: fixture('within.asc')})
    Object.assign((primaryOnly.keyPacket as unknown as {s2k: object}).s2k, {t: 9})
    expect((await unlockAddressKeys([{ID: 'primary', PrivateKey: primaryOnly.armor()}], [], 'argon2-passphrase', {signing: true})).failures).to.deep.equal([
      'address key primary: its Argon2 S2K asks for 64 MiB of memory and 9 passes, more than the 256 MiB and 8 passes allowed',
    ])
    const within = await openpgp.readPrivateKey({armoredKey: fixture('within.asc')})
    within.subkeys = []
    expect((await unlockOne(openpgp, within.armor(), 'argon2-passphrase')).isDecrypted()).to.equal(true)
  })

  it('the user key a send signs with (unlockSigningKey): a primary packet asking 1 GiB or 9 passes is refused before any is spent, its subkey within the bound', async () => {
    for (const [asked, s2k] of [
      ['1 GiB of memory and 3 passes', {encodedM: 20}],
      ['64 MiB of memory and 9 passes', {t: 9}],
    ] as const) {
      const key = await openpgp.readPrivateKey({armoredKey: fixture('within.asc')})
      Object.assign((key.keyPacket as unknown as {s2k: object}).s2k, s2k)
      const refused = await unlockSigningKey({ID: 'primary', PrivateKey: key.armor()}, 'argon2-passphrase').then(
        () => undefined,
        (error: unknown) => error as Error,
      )
      expect(refused).to.be.instanceOf(Argon2TooCostly)
      expect(refused?.message).to.equal(`its Argon2 S2K asks for ${asked}, more than the 256 MiB and 8 passes allowed`)
    }

    expect((await unlockSigningKey({ID: 'within', PrivateKey: fixture('within.asc')}, 'argon2-passphrase')).isDecrypted()).to.equal(true)
  })
})
