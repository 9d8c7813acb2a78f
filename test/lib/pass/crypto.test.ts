/**
 * Pass's AES-256-GCM and share keys (src/lib/pass/crypto.ts), each checked against another implementation:
 * WebCrypto for AES-GCM (test/helpers/pass-reader.ts), OpenPGP.js used directly for the share keys.
 */
import {expect} from 'chai'
import {createSecretKey, randomBytes, webcrypto} from 'node:crypto'

import * as openpgp from 'openpgp'

import {fromBase64, open, openShareKey, PassCryptoError, seal, sealShareKey} from '../../../src/lib/pass/crypto.ts'
import {gcmOpen, makeShareKey, openShareKey as referenceOpenShareKey, userKey} from '../../helpers/pass-reader.ts'

async function webSeal(key: Uint8Array, data: Uint8Array, tag: string): Promise<Buffer> {
  const iv = randomBytes(12)
  const cryptoKey = await webcrypto.subtle.importKey('raw', key, 'AES-GCM', false, ['encrypt'])
  return Buffer.concat([iv, new Uint8Array(await webcrypto.subtle.encrypt({additionalData: Buffer.from(tag), iv, name: 'AES-GCM'}, cryptoKey, data))])
}

describe('pass/crypto', () => {
  const key = randomBytes(32)
  const data = Buffer.from('Crème brûlée — Банк 🏦')

  it('seal: IV first, then ciphertext and tag, under the tag as additional data (WebCrypto opens it)', async () => {
    const sealed = seal(key, data, 'itemcontent')
    expect(sealed.length).to.equal(12 + data.length + 16)
    expect(await gcmOpen(key, sealed, 'itemcontent')).to.deep.equal(data)
    expect(seal(key, data, 'itemcontent').subarray(0, 12)).not.to.deep.equal(sealed.subarray(0, 12))
  })

  it('open: what WebCrypto sealed; a changed byte, another tag or another key fails authentication', async () => {
    const sealed = await webSeal(key, data, 'vaultcontent')
    expect(open(key, sealed, 'vaultcontent', 'the vault')).to.deep.equal(data)
    for (const index of [0, 11, 12, sealed.length - 1]) {
      const changed = Buffer.from(sealed)
      changed[index] ^= 0x80
      expect(() => open(key, changed, 'vaultcontent', 'the vault')).to.throw(PassCryptoError, 'the vault fails authentication (AES-GCM tag)')
    }

    expect(() => open(key, sealed, 'itemcontent', 'the vault')).to.throw(PassCryptoError, 'fails authentication')
    expect(() => open(randomBytes(32), sealed, 'vaultcontent', 'the vault')).to.throw(PassCryptoError, 'fails authentication')
    expect(() => open(key, sealed.subarray(0, 27), 'vaultcontent', 'x')).to.throw(PassCryptoError, 'x: 27 bytes are too few for AES-GCM')
    expect(() => open(randomBytes(16), sealed, 'vaultcontent', 'x')).to.throw(PassCryptoError, 'x: its key is 16 bytes, not 32')
  })

  it('open and seal take the key as a KeyObject too (what a PassSession holds): WebCrypto agrees both ways; a 16-byte one is refused', async () => {
    const keyObject = createSecretKey(key)
    expect(open(keyObject, await webSeal(key, data, 'itemkey'), 'itemkey', 'k')).to.deep.equal(data)
    expect(await gcmOpen(key, seal(keyObject, data, 'itemkey'), 'itemkey')).to.deep.equal(data)
    expect(() => open(createSecretKey(randomBytes(16)), seal(key, data, 'itemkey'), 'itemkey', 'x')).to.throw(PassCryptoError, 'x: its key is 16 bytes, not 32')
    expect(() => seal(createSecretKey(randomBytes(16)), data, 'itemkey')).to.throw(PassCryptoError, 'a Pass key must be 32 bytes, not 16')
  })

  it('open: the plaintext in a buffer of its own, as fromBase64 gives its bytes (no slice of a shared pool kept alive)', async () => {
    const opened = open(key, await webSeal(key, data, 'itemcontent'), 'itemcontent', 'x')
    expect(opened.buffer.byteLength).to.equal(opened.length)
    const decoded = fromBase64(Buffer.from(data).toString('base64'), 'x')
    expect(decoded).to.deep.equal(data)
    expect(decoded.buffer.byteLength).to.equal(decoded.length)
  })

  it('fromBase64 refuses what is not strict base64', () => {
    expect(fromBase64('AAEC', 'x')).to.deep.equal(Buffer.from([0, 1, 2]))
    expect(fromBase64('', 'x')).to.deep.equal(Buffer.alloc(0))
    for (const bad of ['AAE', 'AA!C', 'AA EC', 42, undefined]) expect(() => fromBase64(bad, 'the key')).to.throw(PassCryptoError, 'the key is not base64')
  })

  it('openShareKey: a key encrypted to the user key and signed by it opens; unsigned or signed by another key is refused', async () => {
    const shareKey = randomBytes(32)
    expect(await openShareKey(await makeShareKey(shareKey, userKey), [userKey], 'k')).to.deep.equal(shareKey)
    const {privateKey: other} = await openpgp.generateKey({curve: 'curve25519Legacy', format: 'object', type: 'ecc', userIDs: [{email: 'other@example.test'}]})
    const refused = async (armored: string, message: string) => {
      const error = await openShareKey(armored, [userKey], 'the key').then(
        () => undefined,
        (caught: unknown) => caught,
      )
      expect(error).to.be.instanceOf(PassCryptoError)
      expect((error as Error).message).to.equal(message)
    }

    await refused(await makeShareKey(shareKey, other), "the key is not signed by the account's user key: refused")
    await refused(await makeShareKey(shareKey, undefined), "the key is not signed: refused (a share key must be signed by the account's user key)")
    await refused(await makeShareKey(randomBytes(16), userKey), 'the key holds 16 bytes, not a 32-byte key')
    await refused(Buffer.from('not a message').toString('base64'), 'the key is not an OpenPGP message')
    // Encrypted to another key: the user keys cannot open it.
    const toOther = await openpgp.encrypt({encryptionKeys: other.toPublic(), format: 'binary', message: await openpgp.createMessage({binary: shareKey}), signingKeys: userKey})
    await refused(Buffer.from(toOther).toString('base64'), "the key cannot be decrypted with the account's user keys")
  })

  it('sealShareKey: OpenPGP.js decrypts it with the user key and verifies its signature', async () => {
    const shareKey = randomBytes(32)
    expect(Buffer.from(await referenceOpenShareKey(await sealShareKey(shareKey, userKey)))).to.deep.equal(shareKey)
  })
})
