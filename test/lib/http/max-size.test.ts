/** --max-size: sizes as people write them, and back. */
import {expect} from 'chai'

import {DEFAULT_MAX_BYTES, DEFAULT_MAX_SIZE, maxBytesOf, parseSize, sizeText} from '../../../src/lib/http/max-size.ts'

describe('max-size', () => {
  it('reads bytes, binary units (K, KiB … TiB) and decimal ones (kB … TB), in any case', () => {
    const cases: Array<[string, number]> = [
      ['1', 1],
      ['500000', 500_000],
      ['10b', 10],
      ['1K', 1024],
      ['1kib', 1024],
      ['1kB', 1000],
      ['10MiB', 10 * 1024 ** 2],
      ['10 MiB', 10 * 1024 ** 2],
      ['10MB', 10_000_000],
      ['1.5GiB', 1.5 * 1024 ** 3],
      ['1G', 1024 ** 3],
      ['2TiB', 2 * 1024 ** 4],
      [' 3mb ', 3_000_000],
    ]
    for (const [text, bytes] of cases) expect(parseSize(text), text).to.equal(bytes)
    expect(parseSize(DEFAULT_MAX_SIZE)).to.equal(DEFAULT_MAX_BYTES)
  })

  it('refuses what is not a whole positive number of bytes', () => {
    for (const text of ['', '0', '0.4', '-1', 'MiB', '1XB', '1.5.2GiB', '1e6', '1 2', '0x10', '99999999999TiB']) expect(parseSize(text), text).to.equal(undefined)
    expect(() => maxBytesOf('1XB')).to.throw('--max-size must be a size such as 500000, 10MiB or 1GiB (at least 1 byte), not "1XB"')
    expect(maxBytesOf(undefined)).to.equal(DEFAULT_MAX_BYTES)
  })

  it('says a size in the largest binary unit it fills', () => {
    expect([1, 900, 1024, 1536, 10 * 1024 ** 2, 1024 ** 3, 1e9].map((bytes) => sizeText(bytes))).to.deep.equal(['1 byte', '900 bytes', '1 KiB', '1.5 KiB', '10 MiB', '1 GiB', '953.7 MiB'])
  })
})
