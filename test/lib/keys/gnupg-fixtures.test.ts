/**
 * The keyring against messages, attachments and keys made by GnuPG
 * (test/fixtures/gnupg/, made by scripts/generate-gnupg-fixtures.sh), not by
 * OpenPGP.js: a verdict of "verified" must come from a signature that holds,
 * and an impostor's signature under a published sender's name must fail.
 */
import {expect} from 'chai'
import {readFileSync} from 'node:fs'

import {decryptArmored, decryptAttachment, unlockAddressKeys, unlockUserKeys} from '../../../src/lib/keys/keyring.ts'
import {keyPassphrase} from '../../../src/lib/keys/passphrase.ts'
import {KEY_FIXTURE} from '../../../src/lib/sandbox/key-fixture.ts'

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/gnupg/${name}`, import.meta.url))
const text = (name: string) => fixture(name).toString('utf8')

describe('keyring: fixtures made by GnuPG (scripts/generate-gnupg-fixtures.sh)', function () {
  this.timeout(20_000)
  let keys: Awaited<ReturnType<typeof unlockAddressKeys>>['keys']
  const alice = text('alice.pub.asc')

  before(async () => {
    const passphrase = keyPassphrase(KEY_FIXTURE.password, KEY_FIXTURE.keySalt)
    const user = await unlockUserKeys([{ID: 'u', PrivateKey: KEY_FIXTURE.userKey}], passphrase)
    keys = (await unlockAddressKeys([{ID: 'a', ...KEY_FIXTURE.addressKeys[0]}], user.keys, passphrase)).keys
    expect(keys).to.have.length(1)
  })

  it('an inline-signed body from alice: decrypted, verified with her published key; unverified without it', async () => {
    const armored = text('inline-signed.asc')
    const checked = await decryptArmored(armored, keys, [alice])
    expect(checked.data.toString('utf8')).to.equal('Hello from alice, signed inline by GnuPG.\n')
    expect(checked.verification).to.equal('verified')
    expect((await decryptArmored(armored, keys)).verification).to.equal('unverified')
  })

  it('an impostor-signed body (mallory’s key named alice@example.test): FAILED against alice’s published key', async () => {
    const checked = await decryptArmored(text('impostor-signed.asc'), keys, [alice])
    expect(checked.data.toString('utf8')).to.equal('Please wire the money today. -- alice\n')
    expect(checked.verification).to.equal('failed')
  })

  it('an attachment as KeyPackets plus data packet, with alice’s detached signature: verified; other bytes signed: failed', async () => {
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

  it('an address key locked by a token: the token decrypted with the user key, its signature checked, the key unlocked; a wrong signature refuses it', async () => {
    const user = await unlockUserKeys([{ID: 'u', PrivateKey: text('token-user.asc')}], 'user-passphrase')
    expect(user.failures).to.deep.equal([])
    const address = {ID: 'a', PrivateKey: text('token-address.asc'), Signature: text('token.sig.asc'), Token: text('token.asc')}
    const unlocked = await unlockAddressKeys([address], user.keys, 'not the token')
    expect(unlocked.failures).to.deep.equal([])
    expect(unlocked.keys).to.have.length(1)
    expect(unlocked.keys[0].getUserIDs()).to.deep.equal(['address@example.test'])
    const forged = await unlockAddressKeys([{...address, Signature: text('attachment.sig.asc')}], user.keys, 'not the token')
    expect(forged.keys).to.have.length(0)
    expect(forged.failures).to.have.length(1)
  })
})
