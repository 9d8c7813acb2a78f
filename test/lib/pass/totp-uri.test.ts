import {expect} from 'chai'

import {totpCode} from '../../../src/lib/pass/totp-uri.ts'

// RFC 6238 appendix B: the ASCII seeds "12345678901234567890" (SHA1), 32 bytes (SHA256), 64 bytes (SHA512), 8 digits.
const SHA1 = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'
const SHA256 = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZA'
const SHA512 = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNA'

describe('pass/totp-uri', () => {
  it('the RFC 6238 test vectors, through otpauth URIs', () => {
    expect(totpCode(`otpauth://totp/x?secret=${SHA1}&digits=8`, 59).code).to.equal('94287082')
    expect(totpCode(`otpauth://totp/x?secret=${SHA256}&digits=8&algorithm=SHA256`, 1_111_111_109).code).to.equal('68084774')
    expect(totpCode(`otpauth://totp/x?secret=${SHA512}&digits=8&algorithm=sha512`, 20_000_000_000).code).to.equal('47863826')
  })

  it('a bare base32 secret; the seconds left in the period', () => {
    expect(totpCode(SHA1.toLowerCase(), 59)).to.deep.equal({code: '287082', left: 1, period: 30})
    expect(totpCode(`otpauth://totp/x?secret=${SHA1}&period=60`, 61).left).to.equal(59)
  })

  it('refuses what is no TOTP URI, naming the problem and never the secret', () => {
    expect(() => totpCode('otpauth://hotp/x?secret=JBSWY3DP', 0)).to.throw(RangeError, 'of type "hotp", not totp')
    expect(() => totpCode('otpauth://totp/x?secret=JBSWY3DP&algorithm=MD5', 0)).to.throw(RangeError, 'names an algorithm other than')
    expect(() => totpCode('otpauth://totp/x?secret=JBSWY3DP&digits=3', 0)).to.throw(RangeError, 'digits must be from 6 to 10')
    expect(() => totpCode('otpauth://totp/x?secret=not-base32!', 0)).to.throw(RangeError, 'the TOTP secret is not base32')
    expect(() => totpCode('otpauth://totp/x', 0)).to.throw(RangeError, 'the TOTP secret is not base32')
  })
})
