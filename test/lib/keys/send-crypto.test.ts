import {expect} from 'chai'

import {packetLength} from '../../../src/lib/keys/send-crypto.ts'

describe('keys/send-crypto packetLength: where the key packet OpenPGP.js writes first ends (RFC 4880 4.2)', () => {
  it('new format: one-, two- and five-octet lengths, header included; undefined until the length is in', () => {
    expect(packetLength(Uint8Array.of(0xc1, 94))).to.equal(96)
    expect(packetLength(Uint8Array.of(0xc1, 192, 0))).to.equal(3 + 192)
    expect(packetLength(Uint8Array.of(0xc1, 223, 255))).to.equal(3 + 8383)
    expect(packetLength(Uint8Array.of(0xc1, 255, 0, 1, 0, 0))).to.equal(6 + 65_536)
    expect(packetLength(Uint8Array.of())).to.equal(undefined)
    expect(packetLength(Uint8Array.of(0xc1))).to.equal(undefined)
    expect(packetLength(Uint8Array.of(0xc1, 200))).to.equal(undefined)
    expect(packetLength(Uint8Array.of(0xc1, 255, 0, 0))).to.equal(undefined)
  })

  it('old format: one-, two- and four-octet lengths', () => {
    expect(packetLength(Uint8Array.of(0x84, 10))).to.equal(12)
    expect(packetLength(Uint8Array.of(0x85, 1, 0))).to.equal(3 + 256)
    expect(packetLength(Uint8Array.of(0x86, 0, 0, 1, 0))).to.equal(5 + 256)
  })

  it('not a packet, a partial length, an indeterminate length: refused', () => {
    expect(() => packetLength(Uint8Array.of(0x41, 1))).to.throw(/not an OpenPGP packet/)
    expect(() => packetLength(Uint8Array.of(0xc1, 224))).to.throw(/partial length/)
    expect(() => packetLength(Uint8Array.of(0x87))).to.throw(/indeterminate/)
  })
})
