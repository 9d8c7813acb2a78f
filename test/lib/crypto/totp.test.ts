import {expect} from 'chai'

import {checkTotp, decodeBase32, hotp, totp, type TotpAlgorithm} from '../../../src/lib/crypto/totp.ts'

// RFC 6238 appendix B: the ASCII seeds and the 8-digit codes at each time.
const SEEDS: Record<TotpAlgorithm, Buffer> = {
  sha1: Buffer.from('12345678901234567890'),
  sha256: Buffer.from('12345678901234567890123456789012'),
  sha512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234'),
}
const RFC6238: [number, string, TotpAlgorithm][] = [
  [59, '94287082', 'sha1'],
  [59, '46119246', 'sha256'],
  [59, '90693936', 'sha512'],
  [1_111_111_109, '07081804', 'sha1'],
  [1_111_111_109, '68084774', 'sha256'],
  [1_111_111_109, '25091201', 'sha512'],
  [1_111_111_111, '14050471', 'sha1'],
  [1_111_111_111, '67062674', 'sha256'],
  [1_111_111_111, '99943326', 'sha512'],
  [1_234_567_890, '89005924', 'sha1'],
  [1_234_567_890, '91819424', 'sha256'],
  [1_234_567_890, '93441116', 'sha512'],
  [2_000_000_000, '69279037', 'sha1'],
  [2_000_000_000, '90698825', 'sha256'],
  [2_000_000_000, '38618901', 'sha512'],
  [20_000_000_000, '65353130', 'sha1'],
  [20_000_000_000, '77737706', 'sha256'],
  [20_000_000_000, '47863826', 'sha512'],
]

describe('TOTP', () => {
  for (const [time, code, algorithm] of RFC6238) {
    it(`RFC 6238: ${algorithm} at ${time} is ${code}`, () => {
      expect(totp(SEEDS[algorithm], time, {algorithm, digits: 8})).to.equal(code)
    })
  }

  it('RFC 4226 HOTP values for counters 0 and 9', () => {
    expect(hotp(SEEDS.sha1, 0)).to.equal('755224')
    expect(hotp(SEEDS.sha1, 9)).to.equal('520489')
  })

  it('decodes base32 secrets, ignoring case, spaces and padding', () => {
    expect(decodeBase32('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ')).to.deep.equal(SEEDS.sha1)
    expect(decodeBase32('gezd gnbv gy3t qojq gezd gnbv gy3t qojq')).to.deep.equal(SEEDS.sha1)
    expect(decodeBase32('MZXW6===')).to.deep.equal(Buffer.from('foo'))
  })

  it('refuses a secret with characters outside the alphabet', () => {
    expect(() => decodeBase32('ABC1')).to.throw(RangeError, /A–Z and 2–7/)
    expect(() => decodeBase32('  ')).to.throw(RangeError, /empty/)
  })

  it('accepts the current code and one step of drift, nothing further', () => {
    const now = 1_700_000_000
    expect(checkTotp(SEEDS.sha1, totp(SEEDS.sha1, now), now)).to.equal(true)
    expect(checkTotp(SEEDS.sha1, totp(SEEDS.sha1, now - 30), now)).to.equal(true)
    expect(checkTotp(SEEDS.sha1, totp(SEEDS.sha1, now + 30), now)).to.equal(true)
    expect(checkTotp(SEEDS.sha1, totp(SEEDS.sha1, now - 90), now)).to.equal(false)
    expect(checkTotp(SEEDS.sha1, '12345', now)).to.equal(false)
    expect(checkTotp(SEEDS.sha1, 'abcdef', now)).to.equal(false)
  })
})
