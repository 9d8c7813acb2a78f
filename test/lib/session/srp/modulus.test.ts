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
    })
  })
})
