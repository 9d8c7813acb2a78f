import {expect} from 'chai'
import {createCipheriv, randomBytes} from 'node:crypto'
import bcrypt from 'bcryptjs'
import * as openpgp from 'openpgp'

import {type AttachmentCheck, decryptAttachment, decryptArmored, PlaintextTooLarge, unlockAddressKeys, unlockUserKeys} from '../../../src/lib/crypto/keyring.ts'
import {newClientKey, openPassphrase, sealPassphrase} from '../../../src/lib/crypto/local-key.ts'
import {keyPassphrase} from '../../../src/lib/crypto/passphrase.ts'
import {KEY_FIXTURE} from '../../../src/sandbox/fixtures/key-fixture.ts'
import {settled} from '../../helpers/awaiting.ts'

describe('keys', function () {
  this.timeout(30_000)

  it('derives the key passphrase as go-srp MailboxPassword and SaltForKey do: the last 31 characters of $2y$10$ bcrypt', () => {
    const salt = Buffer.alloc(16, 7)
    const full = bcrypt.hashSync('pass word', `$2y$10$${bcrypt.encodeBase64(salt, 16)}`)
    expect(full.startsWith('$2y$10$')).to.equal(true)
    expect(keyPassphrase('pass word', salt.toString('base64')))
      .to.equal(full.slice(-31))
      .and.to.have.length(31)
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
    // Only its own format: the same bytes under another version prefix do not open.
    expect(openPassphrase(`v2.${sealed.slice(3)}`, key, 'uid-1')).to.equal(undefined)
  })

  it('opens a blob sealed by node:crypto directly in the documented format (v1. + base64 of IV, AES-256-GCM ciphertext, tag; the UID as associated data)', () => {
    const key = newClientKey()
    const iv = randomBytes(12)
    const cipher = createCipheriv('aes-256-gcm', key, iv)
    cipher.setAAD(Buffer.from('uid-ü', 'utf8'))
    const blob = `v1.${Buffer.concat([iv, cipher.update(Buffer.from('pässphrase ✓', 'utf8')), cipher.final(), cipher.getAuthTag()]).toString('base64')}`
    expect(openPassphrase(blob, key, 'uid-ü')).to.equal('pässphrase ✓')
    expect(openPassphrase(blob, key, 'uid-u')).to.equal(undefined)
    // The shortest blob there is (IV and tag only, nothing sealed) opens too.
    const empty = createCipheriv('aes-256-gcm', key, iv)
    empty.setAAD(Buffer.from('uid-ü', 'utf8'))
    empty.final()
    expect(openPassphrase(`v1.${Buffer.concat([iv, empty.getAuthTag()]).toString('base64')}`, key, 'uid-ü')).to.equal('')
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

  it('unlocks an address key for signing only when asked (mail send): the decrypting packets alone cannot sign', async () => {
    const passphrase = keyPassphrase(KEY_FIXTURE.password, KEY_FIXTURE.keySalt)
    const user = await unlockUserKeys([{ID: 'u', PrivateKey: KEY_FIXTURE.userKey}], passphrase)
    const message = await openpgp.createMessage({text: 'signed'})
    const [reading] = (await unlockAddressKeys([{ID: 'a', ...KEY_FIXTURE.addressKeys[0]}], user.keys, passphrase)).keys
    await openpgp.sign({message, signingKeys: reading}).then(
      () => expect.fail('a key unlocked for reading signed'),
      (error: Error) => expect(error.message).to.match(/decrypt/i),
    )
    const [signing] = (await unlockAddressKeys([{ID: 'a', ...KEY_FIXTURE.addressKeys[0]}], user.keys, passphrase, {signing: true})).keys
    const signature = await openpgp.sign({detached: true, message, signingKeys: signing})
    const verified = await openpgp.verify({message, signature: await openpgp.readSignature({armoredSignature: signature}), verificationKeys: signing.toPublic()})
    expect(await verified.signatures[0].verified).to.equal(true)
  })

  it('stops inflating a compressed body past the bound it is given (a few KiB of mail that would be 64 MiB of body)', async () => {
    const addressKey = await openpgp.readPrivateKey({armoredKey: KEY_FIXTURE.addressKeys[0].PrivateKey})
    const unlocked = await unlockAddressKeys(
      [{ID: 'a', ...KEY_FIXTURE.addressKeys[0]}],
      (await unlockUserKeys([{ID: 'u', PrivateKey: KEY_FIXTURE.userKey}], keyPassphrase(KEY_FIXTURE.password, KEY_FIXTURE.keySalt))).keys,
      keyPassphrase(KEY_FIXTURE.password, KEY_FIXTURE.keySalt),
    )
    const bomb = await openpgp.encrypt({
      config: {preferredCompressionAlgorithm: openpgp.enums.compression.zlib},
      encryptionKeys: addressKey.toPublic(),
      format: 'armored',
      message: await openpgp.createMessage({binary: new Uint8Array(64 * 1024 * 1024)}),
    })
    expect(bomb.length).to.be.below(1024 * 1024)
    let caught: unknown
    try {
      await decryptArmored(bomb, unlocked.keys, [], 1024 * 1024)
    } catch (error) {
      caught = error
    }

    expect(caught).to.be.instanceOf(PlaintextTooLarge)
    // An uncompressed body over the bound is refused too; one within it is whole.
    const plain = await openpgp.encrypt({encryptionKeys: addressKey.toPublic(), format: 'armored', message: await openpgp.createMessage({binary: new Uint8Array(4096).fill(65)})})
    await decryptArmored(plain, unlocked.keys, [], 4095).then(
      () => expect.fail('a body over the bound was returned'),
      (error: unknown) => expect(error).to.be.instanceOf(PlaintextTooLarge),
    )
    expect((await decryptArmored(plain, unlocked.keys, [], 4096)).data.length).to.equal(4096)
  })

  it('unlocks only the packets that decrypt (one S2K each): the primary key stays locked; a key with none opens whole; a secret that does not match its public half is refused', async () => {
    const passphrase = keyPassphrase(KEY_FIXTURE.password, KEY_FIXTURE.keySalt)
    const [user] = (await unlockUserKeys([{ID: 'u', PrivateKey: KEY_FIXTURE.userKey}], passphrase)).keys
    expect(user.keyPacket.isDecrypted()).to.equal(false)
    expect(user.subkeys.map((subkey) => subkey.isDecrypted())).to.deep.equal([true])

    // A key without a packet that decrypts (here one that only signs) is unlocked whole.
    const {privateKey: signing} = await openpgp.generateKey({format: 'object', passphrase: 'signing', subkeys: [], type: 'curve25519', userIDs: [{email: 'old@example.test'}]})
    const [whole] = (await unlockUserKeys([{ID: 'old', PrivateKey: signing.armor()}], 'signing')).keys
    expect(whole.keyPacket.isDecrypted()).to.equal(true)

    // The encryption subkey's secret altered, then locked again with the same passphrase: it decrypts, but does not match its public half.
    const damaged = await openpgp.readPrivateKey({armoredKey: KEY_FIXTURE.userKey})
    const subkey = damaged.subkeys[0].keyPacket as openpgp.SecretSubkeyPacket
    await subkey.decrypt(passphrase)
    ;(subkey.privateParams as {d: Uint8Array}).d[5] ^= 1
    await subkey.encrypt(passphrase)
    const refused = await unlockUserKeys([{ID: 'd', PrivateKey: damaged.armor()}], passphrase)
    expect(refused.keys).to.have.length(0)
    expect(refused.failures[0]).to.match(/^user key d: /)
  })

  /** The fixture's primary address key, unlocked. */
  async function addressKeys(): Promise<openpgp.PrivateKey[]> {
    const passphrase = keyPassphrase(KEY_FIXTURE.password, KEY_FIXTURE.keySalt)
    const user = await unlockUserKeys([{ID: 'u', PrivateKey: KEY_FIXTURE.userKey}], passphrase)
    return (await unlockAddressKeys([{ID: 'a', ...KEY_FIXTURE.addressKeys[0]}], user.keys, passphrase)).keys
  }

  /** An attachment as the service keeps it: KeyPackets to the address key, a separate data packet. */
  async function attachment(keys: openpgp.PrivateKey[], plaintext: Uint8Array) {
    const encryptionKeys = keys[0].toPublic()
    const sessionKey = await openpgp.generateSessionKey({encryptionKeys})
    const keyPackets = await openpgp.encryptSessionKey({...sessionKey, encryptionKeys, format: 'binary'})
    const data = await openpgp.encrypt({format: 'binary', message: await openpgp.createMessage({binary: plaintext}), sessionKey})
    return {data: Buffer.from(data), keyPackets}
  }

  /** decryptAttachment fed `data` in chunks as a body arrives: the plaintext and the verdict, or the error's message. */
  async function decryptInChunks(keyPackets: Uint8Array, data: Uint8Array, keys: openpgp.PrivateKey[], check?: AttachmentCheck, chunkBytes = 16 * 1024) {
    const written: Uint8Array[] = []
    const decryption = await decryptAttachment(
      keyPackets,
      keys,
      async (chunk) => {
        written.push(chunk)
      },
      check,
    )
    try {
      for (let offset = 0; offset < data.length; offset += chunkBytes) await decryption.write(data.subarray(offset, offset + chunkBytes))
      const verification = await decryption.end()
      return {plaintext: Buffer.concat(written), verification}
    } catch (error) {
      return {error: (error as Error).message, plaintext: Buffer.concat(written)}
    }
  }

  it('decrypts an attachment from its KeyPackets and its data packet written in chunks (300 KB), and refuses a tampered or cut one', async () => {
    const keys = await addressKeys()
    const plaintext = Buffer.from(Array.from({length: 300 * 1024}, (_, index) => (index * 7919) % 251))
    const {data, keyPackets} = await attachment(keys, plaintext)
    const whole = await decryptInChunks(keyPackets, data, keys)
    expect(whole.error).to.equal(undefined)
    expect(whole.plaintext.equals(plaintext)).to.equal(true)
    expect(whole.verification).to.equal('unsigned')
    const tampered = Buffer.from(data)
    tampered[tampered.length - 1000] ^= 0x01
    expect((await decryptInChunks(keyPackets, tampered, keys)).error).to.match(/Modification detected|decrypt/i)
    const cut = await decryptInChunks(keyPackets, data.subarray(0, data.length - 4096), keys)
    expect(cut.error).to.be.a('string')
    expect(cut.verification).to.equal(undefined)
    // Not a key of the message's: refused before any plaintext.
    const other = await openpgp.generateKey({format: 'object', type: 'curve25519', userIDs: [{email: 'x@y.test'}]})
    const wrongKey = await decryptInChunks(keyPackets, data, [other.privateKey])
    expect(wrongKey.error).to.match(/decrypt/i)
    expect(wrongKey.plaintext.length).to.equal(0)
  })

  it('streams: the data packet is taken only as OpenPGP.js asks for it, so a stalled output stalls the writer (memory stays flat)', async () => {
    const keys = await addressKeys()
    const plaintext = Buffer.alloc(8 * 1024 * 1024, 7)
    const {data, keyPackets} = await attachment(keys, plaintext)
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    let out = 0
    let firstOut: () => void = () => {}
    const output = new Promise<void>((resolve) => (firstOut = resolve))
    const decryption = await decryptAttachment(keyPackets, keys, async (chunk) => {
      out += chunk.length
      firstOut()
      await held
    })
    let taken = 0
    const chunk = 64 * 1024
    const feeding = (async () => {
      for (let offset = 0; offset < data.length; offset += chunk) {
        await decryption.write(data.subarray(offset, offset + chunk))
        taken += chunk
      }

      return decryption.end()
    })()
    // Awaited, not slept: the first plaintext reaches the output, then the writer stops moving.
    await output
    await settled(() => taken)
    // The first plaintext came out before the end (streamed, not held for the integrity check), then everything waits on it.
    expect(out).to.be.above(0)
    expect(taken).to.be.below(2 * 1024 * 1024)
    release()
    expect(await feeding).to.equal('unsigned')
    expect(taken).to.be.at.least(data.length)
  })

  it('checks an attachment’s detached signature over the plaintext: verified, failed (other data, other key, unreadable), unverified without keys', async () => {
    const keys = await addressKeys()
    const plaintext = Buffer.from('Invoice 2025-03\n'.repeat(5000))
    const {data, keyPackets} = await attachment(keys, plaintext)
    const signer = await openpgp.generateKey({format: 'object', type: 'curve25519', userIDs: [{email: 'billing@shop.test'}]})
    const stranger = await openpgp.generateKey({format: 'object', type: 'curve25519', userIDs: [{email: 'mallory@evil.test'}]})
    const sign = async (bytes: Uint8Array, signingKeys: openpgp.PrivateKey) => openpgp.sign({detached: true, format: 'armored', message: await openpgp.createMessage({binary: bytes}), signingKeys})
    const good = await sign(plaintext, signer.privateKey)
    const senderKeys = [signer.publicKey.armor()]
    expect((await decryptInChunks(keyPackets, data, keys, {senderKeys, signature: good})).verification).to.equal('verified')
    const otherData = await sign(Buffer.from('something else'), signer.privateKey)
    const outcome = await decryptInChunks(keyPackets, data, keys, {senderKeys, signature: otherData})
    expect(outcome.verification).to.equal('failed')
    // The plaintext itself is still whole: the signature's verdict is the caller's to act on.
    expect(outcome.plaintext.equals(plaintext)).to.equal(true)
    expect((await decryptInChunks(keyPackets, data, keys, {senderKeys, signature: await sign(plaintext, stranger.privateKey)})).verification).to.equal('failed')
    expect((await decryptInChunks(keyPackets, data, keys, {senderKeys, signature: '-----BEGIN PGP SIGNATURE-----\n\nnot one\n-----END PGP SIGNATURE-----\n'})).verification).to.equal('failed')
    expect((await decryptInChunks(keyPackets, data, keys, {signature: good})).verification).to.equal('unverified')
    expect((await decryptInChunks(keyPackets, data, keys, {senderKeys})).verification).to.equal('unsigned')
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
