/**
 * A multipart/signed is exactly two parts (RFC 3156 5): the signed entity and its signature. Text, HTML, a
 * memory-hole subject or an attachment in any other part is outside the signature, so it is never taken from there
 * while the signature is checked over the entity alone (it once was: "Signature: verified" over a hostile sender's
 * third part, and mail download saved its attachment as "signature verified").
 */
import {expect} from 'chai'

import {parseMimeBody} from '../../../src/lib/mail/mime-body.ts'

const crlf = (lines: string[]) => lines.join('\r\n')
const ENTITY = crlf(['Content-Type: text/plain; charset=utf-8', '', 'Signed text'])
const SIGNATURE = ['Content-Type: application/pgp-signature', '', '-----BEGIN PGP SIGNATURE-----', '', 'AAAA', '-----END PGP SIGNATURE-----']
const INJECTED = ['Content-Type: application/octet-stream', 'Content-Disposition: attachment; filename="invoice.pdf.exe"', '', 'MZ']
const EVIL = ['Content-Type: text/plain; charset=utf-8', '', 'Injected text']
const signed = (...parts: string[][]) =>
  Buffer.from(crlf(['Content-Type: multipart/signed; micalg=pgp-sha256; protocol="application/pgp-signature"; boundary="S"', '', ...parts.flatMap((part) => ['--S', ...part]), '--S--', '']))

describe('PGP/MIME: what a multipart/signed’s signature covers', () => {
  it('two parts: the entity is the tree, its signature the second part', async () => {
    const parsed = await parseMimeBody(signed(ENTITY.split('\r\n'), SIGNATURE))
    expect(Buffer.from(parsed.signed?.data ?? []).toString('latin1')).to.equal(ENTITY)
    expect(parsed.text).to.equal('Signed text\n')
    expect(parsed.attachments).to.deep.equal([])
  })

  for (const [what, parts] of [
    ['a third part of text', [ENTITY.split('\r\n'), SIGNATURE, EVIL]],
    ['a part of text before the signature', [ENTITY.split('\r\n'), EVIL, SIGNATURE]],
    ['a third part holding an attachment', [ENTITY.split('\r\n'), SIGNATURE, INJECTED]],
  ] as const) {
    it(`${what}: never shown or listed as signed`, async () => {
      const parsed = await parseMimeBody(signed(...parts))
      const injected = (parsed.text ?? '').includes('Injected') || parsed.attachments.some(({Name}) => Name === 'invoice.pdf.exe')
      expect(parsed.signed !== undefined && injected, 'injected content beside a signature over the entity alone').to.equal(false)
      // Not two parts: nothing is taken as signed.
      expect(parsed.signed).to.equal(undefined)
    })
  }
})
