/** SRP numbers: little-endian bytes and modular powers. */
import {expect} from 'chai'

import {fromLittleEndian, modPow, toLittleEndian} from '../../../../src/lib/session/srp/bigint-le.ts'

describe('SRP', () => {
  describe('little-endian numbers', () => {
    it('reads and writes the least significant byte first', () => {
      expect(fromLittleEndian(Uint8Array.of(0x01, 0x02))).to.equal(0x0201n)
      expect(toLittleEndian(0x0201n, 4)).to.deep.equal(Buffer.from([1, 2, 0, 0]))
      expect(fromLittleEndian(toLittleEndian(2n ** 2047n + 5n, 256))).to.equal(2n ** 2047n + 5n)
    })

    it('refuses a number that does not fit', () => {
      expect(() => toLittleEndian(256n, 1)).to.throw(RangeError, 'the number does not fit in 1 bytes')
      expect(() => toLittleEndian(-1n, 4)).to.throw(RangeError, 'a negative number has no SRP encoding')
      expect(toLittleEndian(0n, 2)).to.deep.equal(Buffer.from([0, 0]))
    })

    it('computes modular powers', () => {
      expect(modPow(4n, 13n, 497n)).to.equal(445n)
      expect(modPow(2n, 0n, 7n)).to.equal(1n)
      // Everything is 0 modulo 1, x^0 too.
      expect(modPow(5n, 0n, 1n)).to.equal(0n)
      expect(modPow(-3n, 3n, 7n)).to.equal(1n) // (-27) mod 7
    })
  })
})
