/** SRP: the password hashed with bcrypt, against the reference cases. */
import {expect} from 'chai'

import {bcryptHash, bcryptSalt} from '../../../../src/lib/session/srp/password.ts'
import {vectors} from './vectors.ts'

describe('SRP', () => {
  describe('bcrypt (the reference cases)', () => {
    for (const {encodedSalt, hash} of vectors.bcrypt.cases) {
      it(`hashes "${vectors.bcrypt.password}" with salt ${encodedSalt}`, () => {
        expect(bcryptHash(vectors.bcrypt.password, encodedSalt)).to.equal(hash)
      })
    }

    it('encodes salt + "proton" in bcrypt base64, 22 characters', () => {
      const salt = bcryptSalt(Buffer.from('Jl54BOeNTVl8Ng==', 'base64'))
      expect(salt).to.match(/^[./A-Za-z0-9]{22}$/)
    })

    it('refuses a salt under 10 bytes (with "proton", bcrypt reads 16)', () => {
      expect(bcryptSalt(Buffer.alloc(10))).to.have.length(22)
      expect(() => bcryptSalt(Buffer.alloc(9))).to.throw(RangeError, 'the SRP salt is 9 bytes; bcrypt needs at least 10')
    })
  })
})
