/**
 * The package's shape; what an internal recipient's key packets hold GnuPG decrypts (the recipient's key made by
 * GnuPG), as it does end to end in test/e2e/mail-send.test.ts.
 */
import {expect} from 'chai'
import * as openpgp from 'openpgp'

import {KEY_FIXTURE} from '../../../src/sandbox/fixtures/key-fixture.ts'
import {buildMimePackage, buildPackage} from '../../../src/lib/send/packages.ts'
import {gnupgHome} from '../../helpers/gnupg-home.ts'

describe('send/packages: one package for all recipients', () => {
  const bodyKey = {algorithm: 'aes256' as const, data: new Uint8Array(32).fill(7)}
  const attachmentKey = {algorithm: 'aes256' as const, data: new Uint8Array(32).fill(9)}
  let publicKey = ''
  before(async () => {
    publicKey = (await openpgp.readPrivateKey({armoredKey: KEY_FIXTURE.addressKeys[1].PrivateKey})).toPublic().armor()
  })

  it('internal (Type 1, signed, key packets per attachment) and external clear (Type 4); BodyKey and AttachmentKeys only with a clear recipient', async () => {
    const attachments = [{id: 'att1', sessionKey: attachmentKey}]
    const internal = await buildPackage('text/plain', new Uint8Array([1, 2, 3]), bodyKey, attachments, [{email: 'a@proton.test', kind: 'internal', publicKey}])
    expect(internal).to.include({Body: 'AQID', MIMEType: 'text/plain', Type: 1})
    expect(internal).to.not.have.any.keys('BodyKey', 'AttachmentKeys')
    expect(internal.Addresses['a@proton.test']).to.include({Signature: 1, Type: 1})
    expect(Object.keys(internal.Addresses['a@proton.test'].AttachmentKeyPackets ?? {})).to.deep.equal(['att1'])
    const both = await buildPackage('text/html', new Uint8Array([1]), bodyKey, attachments, [
      {email: 'a@proton.test', kind: 'internal', publicKey},
      {email: 'b@example.test', kind: 'external-clear'},
    ])
    expect(both.Type).to.equal(5)
    expect(both.Addresses['b@example.test']).to.deep.equal({Signature: 0, Type: 4})
    expect(both.BodyKey).to.deep.equal({Algorithm: 'aes256', Key: Buffer.from(bodyKey.data).toString('base64')})
    expect(both.AttachmentKeys).to.deep.equal({att1: {Algorithm: 'aes256', Key: Buffer.from(attachmentKey.data).toString('base64')}})
  })

  it('signed clear mail: PGP/Inline in the clear package (Type 4, Signature 1); PGP/MIME only in the MIME package (Type 32, Signature 1, BodyKey, no attachment keys)', async () => {
    const inline = await buildPackage('text/plain', new Uint8Array([1]), bodyKey, [], [{email: 'i@example.test', kind: 'external-clear', scheme: 'pgp-inline', sign: true}])
    expect(inline.Addresses['i@example.test']).to.deep.equal({Signature: 1, Type: 4})
    const mimeRecipient = {email: 'm@example.test', kind: 'external-clear' as const, scheme: 'pgp-mime' as const, sign: true}
    await buildPackage('text/plain', new Uint8Array([1]), bodyKey, [], [mimeRecipient]).then(
      () => expect.fail('a PGP/MIME recipient in the text package'),
      (error: Error) => expect(error.message).to.match(/^m@example\.test: /),
    )
    const mime = await buildMimePackage(new Uint8Array([2]), bodyKey, [mimeRecipient])
    expect(mime).to.deep.equal({
      Addresses: {'m@example.test': {Signature: 1, Type: 32}},
      Body: 'Ag==',
      BodyKey: {Algorithm: 'aes256', Key: Buffer.from(bodyKey.data).toString('base64')},
      MIMEType: 'multipart/mixed',
      Type: 32,
    })
    for (const recipient of [
      {...mimeRecipient, sign: false},
      {...mimeRecipient, scheme: 'pgp-inline' as const},
      {email: 'a@proton.test', kind: 'internal' as const, publicKey},
    ]) {
      await buildMimePackage(new Uint8Array([2]), bodyKey, [recipient]).then(
        () => expect.fail(`${recipient.email} in the MIME package`),
        (error: Error) => expect(error.message).to.match(/has no MIME package/),
      )
    }
  })

  it('external with keys: PGP/Inline a Type 8 entry with key packets in the text package; PGP/MIME a Type 16 entry in the MIME package (BodyKey only beside a ClearMIME one)', async () => {
    const attachments = [{id: 'att1', sessionKey: attachmentKey}]
    const inline = await buildPackage('text/plain', new Uint8Array([1]), bodyKey, attachments, [{email: 'k@example.test', kind: 'external-keys', publicKey, scheme: 'pgp-inline', sign: true}])
    expect(inline.Type).to.equal(8)
    expect(inline.Addresses['k@example.test']).to.include({Signature: 1, Type: 8})
    expect(Object.keys(inline.Addresses['k@example.test'].AttachmentKeyPackets ?? {})).to.deep.equal(['att1'])
    expect(inline).to.not.have.any.keys('BodyKey', 'AttachmentKeys')
    const pgpMime = {email: 'k@example.test', kind: 'external-keys' as const, publicKey, scheme: 'pgp-mime' as const, sign: true}
    const mime = await buildMimePackage(new Uint8Array([2]), bodyKey, [pgpMime])
    expect(mime).to.include({MIMEType: 'multipart/mixed', Type: 16})
    expect(mime).to.not.have.property('BodyKey')
    expect(mime.Addresses['k@example.test']).to.have.all.keys('BodyKeyPacket', 'Signature', 'Type')
    const both = await buildMimePackage(new Uint8Array([2]), bodyKey, [pgpMime, {email: 'm@example.test', kind: 'external-clear', scheme: 'pgp-mime', sign: true}])
    expect(both.Type).to.equal(48)
    expect(both.BodyKey?.Algorithm).to.equal('aes256')
    await buildPackage('text/plain', new Uint8Array([1]), bodyKey, [], [pgpMime]).then(
      () => expect.fail('a PGP/MIME recipient in the text package'),
      (error: Error) => expect(error.message).to.match(/^k@example\.test: /),
    )
  })

  it('never a silent downgrade: a recipient with keys of its own, or an internal one whose key cannot be read, has no package', async () => {
    for (const recipient of [
      {email: 'c@example.test', kind: 'external-keys' as const},
      {email: 'r@example.test', kind: 'refused' as const},
      {email: 'a@proton.test', kind: 'internal' as const, publicKey: 'not a key'},
    ]) {
      await buildPackage('text/plain', new Uint8Array([1]), bodyKey, [], [recipient]).then(
        () => expect.fail(`${recipient.kind} packaged`),
        (error: Error) => expect(error.message).to.match(new RegExp(`^${recipient.email}: `)),
      )
    }
  })

  describe('the key packets, opened by GnuPG', () => {
    const gnupg = gnupgHome('send-packages-gpg-')
    before(() => {
      gnupg.open()
      gnupg.makeKey('recipient@test.invalid')
      gnupg.makeKey('cc@test.invalid')
    })

    after(() => gnupg.close())

    /** A data packet encrypted with `sessionKey` (OpenPGP.js writes the key packet first, new-format, short). */
    const dataPacket = async (text: string, sessionKey: typeof bodyKey) => {
      const encryptionKeys = await openpgp.readKey({armoredKey: gnupg.gpg(['--armor', '--export', 'recipient@test.invalid']).stdout.toString()})
      const message = (await openpgp.encrypt({encryptionKeys, format: 'binary', message: await openpgp.createMessage({text}), sessionKey})) as Uint8Array
      expect(message[0] & 0x3f).to.equal(1)
      return message.subarray(2 + message[1])
    }

    it("each internal recipient's body and attachment key packets hold the session keys, for their key only", async () => {
      // The key ID of the recipient's cv25519 subkey: what GnuPG says a key packet is encrypted to.
      const encryptionSubkey = (email: string) =>
        gnupg
          .gpg(['--list-keys', '--with-colons', email])
          .stdout.toString()
          .match(/^sub:(?:[^:]*:){3}([\dA-F]{16}):/m)?.[1]
      const published = (email: string) => gnupg.gpg(['--armor', '--export', email]).stdout.toString()
      const otherKey = {algorithm: 'aes256' as const, data: new Uint8Array(32).fill(11)}
      const pack = await buildPackage(
        'text/plain',
        new Uint8Array([1]),
        bodyKey,
        [
          {id: 'att1', sessionKey: attachmentKey},
          {id: 'att2', sessionKey: otherKey},
        ],
        [
          {email: 'recipient@test.invalid', kind: 'internal', publicKey: published('recipient@test.invalid')},
          {email: 'cc@test.invalid', kind: 'internal', publicKey: published('cc@test.invalid')},
        ],
      )
      const [body, first, second] = await Promise.all([dataPacket('the body', bodyKey), dataPacket('attachment 1', attachmentKey), dataPacket('attachment 2', otherKey)])
      for (const email of ['recipient@test.invalid', 'cc@test.invalid']) {
        const {AttachmentKeyPackets = {}, BodyKeyPacket = ''} = pack.Addresses[email]
        const opened = [
          [BodyKeyPacket, body],
          [AttachmentKeyPackets.att1, first],
          [AttachmentKeyPackets.att2, second],
        ].map(([keyPacket, data]) => {
          const read = gnupg.gpg(['--decrypt'], Buffer.concat([Buffer.from(keyPacket as string, 'base64'), data as Uint8Array]))
          expect(read.status, read.stderr).to.equal(0)
          expect(read.stderr).to.include(`ENC_TO ${encryptionSubkey(email)}`)
          return read.stdout.toString()
        })
        expect(opened, email).to.deep.equal(['the body', 'attachment 1', 'attachment 2'])
      }
    })
  })
})
