import {expect} from 'chai'

import {secondFactor} from '../../../src/lib/session/login.ts'

describe('secondFactor', () => {
  it('reads the bits of 2FA.Enabled: TOTP wins, FIDO2 alone cannot be used here', () => {
    expect(secondFactor({})).to.equal('none')
    expect(secondFactor({'2FA': {Enabled: 0}})).to.equal('none')
    expect(secondFactor({'2FA': {Enabled: 1}})).to.equal('totp')
    expect(secondFactor({'2FA': {Enabled: 3}})).to.equal('totp')
    expect(secondFactor({'2FA': {Enabled: 2}})).to.equal('fido2-only')
  })
})
