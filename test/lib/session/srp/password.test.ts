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
  })
})
