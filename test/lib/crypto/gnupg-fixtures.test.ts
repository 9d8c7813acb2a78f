/**
 * The keyring against messages, attachments and keys made by GnuPG
 * (test/fixtures/gnupg/, made by scripts/generate-gnupg-fixtures.sh), not by
 * OpenPGP.js: a verdict of "verified" must come from a signature that holds,
 * and an impostor's signature under a published sender's name must fail.
 */
import {expect} from 'chai'
import {readFileSync} from 'node:fs'
import type {PrivateKey} from 'openpgp'

import {TimeoutFailure} from '../../../src/lib/core/errors.ts'
import {decryptArmored, decryptAttachment, PlaintextTooLarge, unlockAddressKeys, unlockUserKeys} from '../../../src/lib/crypto/keyring.ts'
import {keyPassphrase} from '../../../src/lib/crypto/passphrase.ts'
import {KEY_FIXTURE} from '../../../src/sandbox/fixtures/key-fixture.ts'

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/gnupg/${name}`, import.meta.url))
const text = (name: string) => fixture(name).toString('utf8')

describe('keyring: fixtures made by GnuPG (scripts/generate-gnupg-fixtures.sh)', function () {
  this.timeout(20_000)
  const alice = text('alice.pub.asc')
  // Unlocked inside each test that needs them, not once in a `before` hook: Stryker's perTest coverage then counts
  // the unlocking for every test that relies on it, and a mutant of it meets them all (docs/testing.md).
  const addressKeys = async (): Promise<PrivateKey[]> => {
    const passphrase = keyPassphrase(KEY_FIXTURE.password, KEY_FIXTURE.keySalt)
    const user = await unlockUserKeys([{ID: 'u', PrivateKey: KEY_FIXTURE.userKey}], passphrase)
    const keys = (await unlockAddressKeys([{ID: 'a', ...KEY_FIXTURE.addressKeys[0]}], user.keys, passphrase)).keys
    expect(keys).to.have.length(1)
    return keys
  }

  it('an inline-signed body from alice: decrypted, verified with her published key; unverified without it', async () => {
    const keys = await addressKeys()
    const armored = text('inline-signed.asc')
    const checked = await decryptArmored(armored, keys, [alice])
    expect(checked.data.toString('utf8')).to.equal('Hello from alice, signed inline by GnuPG.\n')
    expect(checked.verification).to.equal('verified')
    expect((await decryptArmored(armored, keys)).verification).to.equal('unverified')
  })

  it('an impostor-signed body (mallory’s key named alice@example.test): FAILED against alice’s published key', async () => {
    const keys = await addressKeys()
    const checked = await decryptArmored(text('impostor-signed.asc'), keys, [alice])
    expect(checked.data.toString('utf8')).to.equal('Please wire the money today. -- alice\n')
    expect(checked.verification).to.equal('failed')
  })

  it('an attachment as KeyPackets plus data packet, with alice’s detached signature: verified; other bytes signed: failed', async () => {
    const keys = await addressKeys()
    const plaintext = fixture('attachment.txt')
    const open = async (signature: string) => {
      const out: Buffer[] = []
      const decryption = await decryptAttachment(fixture('attachment.keypackets'), keys, async (chunk) => void out.push(Buffer.from(chunk)), {senderKeys: [alice], signature})
      await decryption.write(fixture('attachment.data'))
      const verification = await decryption.end()
      return {plaintext: Buffer.concat(out), verification}
    }

    const good = await open(text('attachment.sig.asc'))
    expect(good.plaintext.toString('utf8')).to.equal(plaintext.toString('utf8'))
    expect(good.verification).to.equal('verified')
    // A signature over other bytes by another key (the token's): failed.
    expect((await open(text('token.sig.asc'))).verification).to.equal('failed')
  })

  it('an attachment without a signature is unsigned; with one but no sender key, unverified', async () => {
    const keys = await addressKeys()
    const verdict = async (check: {senderKeys?: string[]; signature?: string}) => {
      const decryption = await decryptAttachment(fixture('attachment.keypackets'), keys, async () => {}, check)
      await decryption.write(fixture('attachment.data'))
      return decryption.end()
    }

    expect(await verdict({senderKeys: [alice]})).to.equal('unsigned')
    expect(await verdict({signature: text('attachment.sig.asc')})).to.equal('unverified')
  })

  it('a tampered body fails as tampered, not as a body over --max-size', async () => {
    const keys = await addressKeys()
    const armored = text('inline-signed.asc')
    const lines = armored.split('\n')
    // A character in the middle of the base64 body changed: the ciphertext, not the armor's framing.
    const at = Math.floor(lines.length / 2)
    lines[at] = (lines[at][0] === 'A' ? 'B' : 'A') + lines[at].slice(1)
    const failure = await decryptArmored(lines.join('\n'), keys, [alice], 1 << 20).then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(failure).to.be.instanceOf(Error)
    expect(failure).not.to.be.instanceOf(PlaintextTooLarge)
  })

  it('an address key locked by a token: the token decrypted with the user key, its signature checked, the key unlocked; a wrong signature refuses it', async () => {
    const user = await unlockUserKeys([{ID: 'u', PrivateKey: text('token-user.asc')}], 'user-passphrase')
    expect(user.failures).to.deep.equal([])
    const address = {ID: 'a', PrivateKey: text('token-address.asc'), Signature: text('token.sig.asc'), Token: text('token.asc')}
    const unlocked = await unlockAddressKeys([address], user.keys, 'not the token')
    expect(unlocked.failures).to.deep.equal([])
    expect(unlocked.keys).to.have.length(1)
    expect(unlocked.keys[0].getUserIDs()).to.deep.equal(['address@example.test'])
    expect(unlocked.tooCostly).to.equal(false)
    const forged = await unlockAddressKeys([{...address, Signature: text('attachment.sig.asc')}], user.keys, 'not the token')
    expect(forged.keys).to.have.length(0)
    expect(forged.failures).to.have.length(1)
    // Refused for its signature, not for an Argon2 S2K: not "too costly".
    expect(forged.tooCostly).to.equal(false)
  })

  it('which keys are tried: inactive ones and entries without a PrivateKey are skipped, not failures; past the deadline, none', async () => {
    const userKey = text('token-user.asc')
    const tried = await unlockUserKeys(
      [
        {ID: 'off', Active: 0, PrivateKey: userKey},
        {ID: 'empty'},
        {ID: 'blank', PrivateKey: ''},
        {ID: 'number', PrivateKey: 7},
        {Active: 1, ID: 'on', PrivateKey: userKey},
        {Active: true, ID: 'true', PrivateKey: userKey},
      ],
      'user-passphrase',
    )
    expect(tried.failures).to.deep.equal([])
    expect(tried.keys).to.have.length(2)
    expect((await unlockUserKeys([{Active: 0, ID: 'off', PrivateKey: userKey}], 'user-passphrase')).keys).to.deep.equal([])
    // A deadline still ahead: the key is tried and opens.
    expect((await unlockUserKeys([{ID: 'u', PrivateKey: userKey}], 'user-passphrase', {at: Date.now() + 60_000, timeoutSeconds: 60})).keys).to.have.length(1)
    const late = await unlockUserKeys([{ID: 'u', PrivateKey: userKey}], 'user-passphrase', {at: Date.now() - 1, timeoutSeconds: 3}).then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(late).to.be.instanceOf(TimeoutFailure)
    expect((late as Error).message).to.include('not done within 3 s')
  })
})
