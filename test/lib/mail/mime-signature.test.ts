import {expect} from 'chai'
import * as openpgp from 'openpgp'

import {parseMimeBody} from '../../../src/lib/mail/mime-body.ts'
import {verifyDetached} from '../../../src/lib/mail/mime-signature.ts'

const crlf = (lines: string[]) => lines.join('\r\n')

describe('keys/mime-signature: the signature of a PGP/MIME multipart/signed (RFC 3156)', () => {
  const entity = crlf(['Content-Type: multipart/mixed; boundary=m', '', '--m', 'Content-Type: text/plain', '', 'Signed text.', '--m--', ''])
  let signer: openpgp.PrivateKey
  let signerPublic: string
  let other: string

  before(async () => {
    const keys = await openpgp.generateKey({curve: 'curve25519Legacy', format: 'object', type: 'ecc', userIDs: [{email: 'signer@example.test'}]})
    signer = keys.privateKey
    signerPublic = keys.publicKey.armor()
    other = (await openpgp.generateKey({curve: 'curve25519Legacy', format: 'armored', type: 'ecc', userIDs: [{email: 'other@example.test'}]})).publicKey
  })

  async function signedBody(signedData = entity): Promise<string> {
    const signature = await openpgp.sign({detached: true, format: 'armored', message: await openpgp.createMessage({binary: Buffer.from(signedData)}), signingKeys: signer})
    return crlf([
      'Content-Type: multipart/signed; micalg=pgp-sha512; protocol="application/pgp-signature"; boundary="s"',
      '',
      '--s',
      entity,
      '--s',
      'Content-Type: application/pgp-signature; name="signature.asc"',
      '',
      signature.replaceAll('\n', '\r\n'),
      '--s--',
      '',
    ])
  }

  it('hands over the signed entity byte for byte and the signature, which is not listed as an attachment', async () => {
    const parsed = await parseMimeBody(Buffer.from(await signedBody()))
    expect(parsed.text).to.equal('Signed text.\n')
    expect(parsed.attachments).to.deep.equal([])
    expect(Buffer.from(parsed.signed!.data).toString('latin1')).to.equal(entity)
    expect(parsed.signed!.signature).to.match(/^-----BEGIN PGP SIGNATURE-----/)
  })

  it('the signature checks out with the signer key, fails with another or over other bytes, and is unverified without keys', async () => {
    const good = (await parseMimeBody(Buffer.from(await signedBody()))).signed!
    expect(await verifyDetached(good.data, good.signature, [signerPublic])).to.equal('verified')
    expect(await verifyDetached(good.data, good.signature, [other])).to.equal('failed')
    expect(await verifyDetached(good.data, good.signature, [])).to.equal('unverified')
    const forged = (await parseMimeBody(Buffer.from(await signedBody(entity.replace('Signed', 'Forged'))))).signed!
    expect(await verifyDetached(forged.data, forged.signature, [signerPublic])).to.equal('failed')
    expect(await verifyDetached(good.data, 'not a signature', [signerPublic])).to.equal('failed')
  })
})
