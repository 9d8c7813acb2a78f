/**
 * The package's shape; what its packets hold is decrypted and verified by GnuPG in test/e2e/mail-send.test.ts.
 */
import {expect} from 'chai'
import * as openpgp from 'openpgp'

import {KEY_FIXTURE} from '../../../src/lib/sandbox/key-fixture.ts'
import {buildPackage} from '../../../src/lib/send/packages.ts'

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

  it('never a silent downgrade: a recipient with keys of its own, or an internal one whose key cannot be read, has no package', async () => {
    for (const recipient of [{email: 'c@example.test', kind: 'external-keys' as const}, {email: 'r@example.test', kind: 'refused' as const}, {email: 'a@proton.test', kind: 'internal' as const, publicKey: 'not a key'}]) {
      await buildPackage('text/plain', new Uint8Array([1]), bodyKey, [], [recipient]).then(
        () => expect.fail(`${recipient.kind} packaged`),
        (error: Error) => expect(error.message).to.match(new RegExp(`^${recipient.email}: `)),
      )
    }
  })
})
