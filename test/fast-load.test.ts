/**
 * The loader's code-cache checksum (src/fast-load.ts), in-process; the
 * caches themselves are tested through the binary (test/e2e/code-cache.test.ts).
 */
import {expect} from 'chai'

import {codeCacheChecksum} from '../src/fast-load.ts'

describe('the fast path’s code-cache checksum', () => {
  const data = Buffer.from(Array.from({length: 4099}, (_, index) => (index * 31) % 251))

  it('changes with any byte of the cache, its length, and the name it was written for', () => {
    const sum = codeCacheChecksum('api@v24-x64-0123', data)
    expect(sum).to.have.length(8)
    expect(codeCacheChecksum('api@v24-x64-0123', Buffer.from(data)).equals(sum)).to.equal(true)
    // Another bundle's cache renamed into place: the same bytes under another name.
    expect(codeCacheChecksum('mail-list@v24-x64-0123', data).equals(sum)).to.equal(false)
    for (const index of [0, 1, 2048, 4095, 4096, 4098]) {
      const damaged = Buffer.from(data)
      damaged[index] ^= 1
      expect(codeCacheChecksum('api@v24-x64-0123', damaged).equals(sum), `byte ${index}`).to.equal(false)
    }

    expect(codeCacheChecksum('api@v24-x64-0123', data.subarray(0, 4098)).equals(sum)).to.equal(false)
    expect(codeCacheChecksum('api@v24-x64-0123', Buffer.concat([data, Buffer.alloc(4)])).equals(sum)).to.equal(false)
  })

  it('is the same for a view that does not start on a 4-byte boundary', () => {
    const shifted = Buffer.concat([Buffer.alloc(3), data]).subarray(3)
    expect(shifted.byteOffset % 4).to.not.equal(0)
    expect(codeCacheChecksum('k', shifted).equals(codeCacheChecksum('k', data))).to.equal(true)
  })
})
