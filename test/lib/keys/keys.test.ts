import {expect} from 'chai'
import bcrypt from 'bcryptjs'
import * as openpgp from 'openpgp'

import {decryptArmored, unlockAddressKeys, unlockUserKeys} from '../../../src/lib/keys/keyring.ts'
import {newClientKey, openPassphrase, sealPassphrase} from '../../../src/lib/keys/local-key.ts'
import {keyPassphrase} from '../../../src/lib/keys/passphrase.ts'
import {KEY_FIXTURE} from '../../../src/lib/sandbox/key-fixture.ts'

describe('keys', function () {
  this.timeout(30_000)

  it('derives the key passphrase as go-srp MailboxPassword and SaltForKey do: the last 31 characters of $2y$10$ bcrypt', () => {
    const salt = Buffer.alloc(16, 7)
    const full = bcrypt.hashSync('pass word', `$2y$10$${bcrypt.encodeBase64(salt, 16)}`)
    expect(full.startsWith('$2y$10$')).to.equal(true)
    expect(keyPassphrase('pass word', salt.toString('base64'))).to.equal(full.slice(-31)).and.to.have.length(31)
    expect(keyPassphrase('other', salt.toString('base64'))).to.not.equal(full.slice(-31))
    expect(() => keyPassphrase('x', Buffer.alloc(8).toString('base64'))).to.throw(/8 bytes/)
  })

  it('seals the passphrase so that only the same local key and session UID open it', () => {
    const key = newClientKey()
    const sealed = sealPassphrase('secret-passphrase', key, 'uid-1')
    expect(sealed).to.match(/^v1\./).and.not.include('secret-passphrase')
    expect(openPassphrase(sealed, key, 'uid-1')).to.equal('secret-passphrase')
    expect(openPassphrase(sealed, newClientKey(), 'uid-1')).to.equal(undefined)
    expect(openPassphrase(sealed, key, 'uid-2')).to.equal(undefined)
    const flipped = Buffer.from(sealed.slice(3), 'base64')
    flipped[15] ^= 1
    expect(openPassphrase(`v1.${flipped.toString('base64')}`, key, 'uid-1')).to.equal(undefined)
  })

  it('unlocks the sandbox fixture: the user key with the passphrase of "demo", the address keys through their signed tokens, then a body', async () => {
    const passphrase = keyPassphrase(KEY_FIXTURE.password, KEY_FIXTURE.keySalt)
    const user = await unlockUserKeys([{ID: 'u', PrivateKey: KEY_FIXTURE.userKey}], passphrase)
    expect(user.keys).to.have.length(1)
    expect((await unlockUserKeys([{ID: 'u', PrivateKey: KEY_FIXTURE.userKey}], keyPassphrase('wrong', KEY_FIXTURE.keySalt))).failures[0]).to.match(/^user key u: /)
    const address = await unlockAddressKeys([{ID: 'a', ...KEY_FIXTURE.addressKeys[0]}], user.keys, passphrase)
    expect(address.keys).to.have.length(1)
    const opened = await decryptArmored(KEY_FIXTURE.bodies[0].Body, address.keys, [KEY_FIXTURE.senderPublicKey])
    expect(opened.data.toString('utf8')).to.match(/^Welcome to the Proton sandbox/)
    expect(opened.verification).to.equal('verified')
    expect((await decryptArmored(KEY_FIXTURE.bodies[0].Body, address.keys)).verification).to.equal('unverified')
    expect((await decryptArmored(KEY_FIXTURE.bodies[2].Body, address.keys)).verification).to.equal('unsigned')
  })

  it('refuses an address key whose token signature is not the user key’s', async () => {
    const passphrase = keyPassphrase(KEY_FIXTURE.password, KEY_FIXTURE.keySalt)
    const user = await unlockUserKeys([{ID: 'u', PrivateKey: KEY_FIXTURE.userKey}], passphrase)
    const {privateKey} = await openpgp.generateKey({format: 'object', type: 'curve25519', userIDs: [{email: 'x@y.test'}]})
    const forged = await openpgp.sign({detached: true, format: 'armored', message: await openpgp.createMessage({text: 'anything'}), signingKeys: privateKey})
    const result = await unlockAddressKeys([{ID: 'a', ...KEY_FIXTURE.addressKeys[0], Signature: forged}], user.keys, passphrase)
    expect(result.keys).to.have.length(0)
    expect(result.failures[0]).to.match(/^address key a: /)
  })
})
