/** SRP: verifiers, against the reference vectors. */
import {expect} from 'chai'

import {computeVerifier} from '../../../../src/lib/session/srp/verifier.ts'
import {vectors} from './vectors.ts'

describe('SRP', () => {
  describe('verifiers (the reference vectors)', () => {
    for (const vector of vectors.verifiers) {
      const modulus = Buffer.from(vector.Modulus, 'hex')
      const salt = Buffer.from(vector.Salt, 'base64')
      if (vector.Exception === null) {
        it(`reproduces the verifier of ${vector.Username}`, () => {
          expect(computeVerifier(vector.Password, salt, modulus).toString('base64')).to.equal(vector.Verifier)
        })
      } else {
        it(`refuses ${vector.Username} (${vector.Exception})`, () => {
          expect(() => computeVerifier(vector.Password, salt, modulus)).to.throw(RangeError, /password is empty/)
        })
      }
    }
  })
})
