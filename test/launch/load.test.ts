/**
 * The loader's code-cache files (src/launch/load.ts), in-process: the cache
 * is used only when it was written for this name and both its copies
 * agree. The caches themselves are tested through the binary
 * (test/e2e/code-cache.test.ts).
 */
import {expect} from 'chai'

import {openCodeCache, sealCodeCache} from '../../src/launch/load.ts'

describe('the fast path’s code-cache files', () => {
  const data = Buffer.from(Array.from({length: 4099}, (_, index) => (index * 31) % 251))
  const key = 'api@v24-x64-0123'
  const sealed = sealCodeCache(key, data)

  it('give back the cache they were written with, for that name only', () => {
    expect(openCodeCache(key, sealed)?.equals(data)).to.equal(true)
    // Another bundle's cache renamed into place.
    expect(openCodeCache('mail-list@v24-x64-0123', sealed)).to.equal(undefined)
    expect(openCodeCache(key, sealCodeCache('mail-list@v24-x64-0123', data))).to.equal(undefined)
  })

  it('refuse any damaged byte, in either copy or the name, and a file cut short or grown', () => {
    for (let index = 0; index < sealed.length; index++) {
      const damaged = Buffer.from(sealed)
      damaged[index] ^= 1
      if (openCodeCache(key, damaged) !== undefined) expect.fail(`a flipped bit at byte ${index} was not seen`)
    }

    for (const length of [0, key.length, key.length + 1, sealed.length - 1, sealed.length - 2]) expect(openCodeCache(key, sealed.subarray(0, length)), `${length} bytes`).to.equal(undefined)
    // A write cut short whose tail reads back as zeros.
    expect(openCodeCache(key, Buffer.concat([sealed.subarray(0, sealed.length - 512), Buffer.alloc(512)]))).to.equal(undefined)
    expect(openCodeCache(key, Buffer.concat([sealed, Buffer.alloc(2)]))).to.equal(undefined)
  })
})
