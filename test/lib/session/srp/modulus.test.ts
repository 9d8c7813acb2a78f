/** SRP: the signed modulus decoded and checked. */
import {expect} from 'chai'

import {toLittleEndian} from '../../../../src/lib/session/srp/bigint-le.ts'
import {decodeSignedModulus} from '../../../../src/lib/session/srp/modulus.ts'
import {vectors} from './vectors.ts'

describe('SRP', () => {
  describe('signed moduli', () => {
    it('decodes every signed modulus to a 2048-bit group', () => {
      for (const signed of vectors.signedModuli) expect(decodeSignedModulus(signed)).to.have.length(256)
    })

    it('decodes the checked modulus to its expected text', () => {
      const [good] = vectors.modulusChecks.filter((check) => check.Exception === null)
      expect(decodeSignedModulus(good.SignedModulus).toString('base64')).to.equal(good.Decoded)
    })

    it('refuses the tampered modulus', () => {
      const tampered = vectors.modulusChecks.filter((check) => check.Exception !== null)
      expect(tampered).to.have.length.greaterThan(0)
      for (const check of tampered) expect(() => decodeSignedModulus(check.SignedModulus)).to.throw(RangeError)
    })

    it('refuses a text that is not a signed message, or a modulus of the wrong shape', () => {
      expect(() => decodeSignedModulus('just text')).to.throw(RangeError, /cleartext-signed/)
      const wrap = (body: string) => `-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA256\n\n${body}\n-----BEGIN PGP SIGNATURE-----\n\nx\n-----END PGP SIGNATURE-----\n`
      expect(() => decodeSignedModulus(wrap(Buffer.alloc(128, 7).toString('base64')))).to.throw(RangeError, /128 bytes/)
      expect(() => decodeSignedModulus(wrap(toLittleEndian(2n ** 2047n + 1n, 256).toString('base64')))).to.throw(RangeError, /3 mod 8/)
      // 256 bytes, 3 mod 8, but its top bit clear: not a 2048-bit number.
      expect(() => decodeSignedModulus(wrap(toLittleEndian(2n ** 2046n + 3n, 256).toString('base64')))).to.throw(RangeError, 'the SRP modulus is not a 2048-bit number')
    })

    it('reads the signed text between the armor headers and the signature, with CRLF or LF line ends, and nothing else', () => {
      const [good] = vectors.modulusChecks.filter((check) => check.Exception === null)
      const body = good.Decoded!
      const message = (lines: string[]) => lines.join('\n')
      const begin = '-----BEGIN PGP SIGNED MESSAGE-----'
      const signature = ['-----BEGIN PGP SIGNATURE-----', '', 'x', '-----END PGP SIGNATURE-----', '']
      expect(decodeSignedModulus(good.SignedModulus.replaceAll(/\r?\n/g, '\r\n')).toString('base64')).to.equal(body)
      // Blank lines around the text are not part of it.
      expect(decodeSignedModulus(message(['', begin, 'Hash: SHA256', '', '', body, '', ...signature])).toString('base64')).to.equal(body)
      const refused = (text: string) => {
        try {
          decodeSignedModulus(text)
        } catch (error) {
          expect(error).to.be.instanceOf(RangeError)
          return (error as Error).message
        }

        return 'decoded'
      }

      expect(refused(message([begin, 'Hash: SHA256', '', body]))).to.equal('the modulus is not a cleartext-signed message')
      expect(refused(message(['Hash: SHA256', '', body, ...signature]))).to.equal('the modulus is not a cleartext-signed message')
      expect(refused(message([...signature, begin, 'Hash: SHA256', '', body]))).to.equal('the modulus is not a cleartext-signed message')
      expect(refused(message([begin, 'Hash: SHA256', body, ...signature]))).to.equal('the signed modulus has no message body')
      expect(refused(message([begin, 'Hash: SHA256', '', `${body}!`, ...signature]))).to.equal('the signed modulus is not base64')
      // The service signs one line: the same base64 split over two is not it.
      expect(refused(message([begin, 'Hash: SHA256', '', body.slice(0, 64), body.slice(64), ...signature]))).to.equal('the signed modulus is not base64')
    })
  })
})
