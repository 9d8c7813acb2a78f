/** SRP: the expanded hash (four SHA-512 digests). */
import {expect} from 'chai'
import {createHash} from 'node:crypto'

import {expandHash} from '../../../../src/lib/session/srp/expand-hash.ts'

describe('SRP', () => {
  it('expands a hash to four SHA-512 digests of input ‖ 0..3', () => {
    const out = expandHash(Buffer.from('ab'), Buffer.from('c'))
    expect(out).to.have.length(256)
    for (let index = 0; index < 4; index++) {
      const digest = createHash('sha512')
        .update(Buffer.from([0x61, 0x62, 0x63, index]))
        .digest()
      expect(out.subarray(index * 64, (index + 1) * 64)).to.deep.equal(digest)
    }
  })
})
