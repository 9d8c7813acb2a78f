/** The address a new calendar is tied to when --address-id is not given. */
import {expect} from 'chai'

import type {JsonValue} from '../../../src/lib/output/json-value.ts'
import {firstEnabledAddressId} from '../../../src/lib/request/addresses.ts'
import {CliFailure} from '../../../src/lib/runtime/errors.ts'

describe('firstEnabledAddressId', () => {
  it('the enabled address with the lowest Order; one without an Order after those with one, in the service’s order', () => {
    const Addresses: JsonValue[] = [
      {ID: 'disabled', Order: 0, Status: 0},
      {ID: 'unordered', Status: 1},
      {ID: 'second', Order: 2, Status: 1},
      {ID: 'first', Order: 1, Status: 1},
    ]
    expect(firstEnabledAddressId({Addresses, Code: 1000})).to.equal('first')
    expect(firstEnabledAddressId({Addresses: [{ID: 'u1', Status: 1}, {ID: 'u2', Status: 1}]})).to.equal('u1')
  })

  it('an address without a string ID is passed over', () => {
    expect(firstEnabledAddressId({Addresses: [{ID: 7, Order: 0, Status: 1}, {ID: 'a', Order: 1, Status: 1}]})).to.equal('a')
  })

  it('no enabled address: a usage error asking for --address-id (exit 1)', () => {
    for (const Addresses of [[], [{ID: 'a', Status: 2}], [{ID: 'b', Status: 0}]] as JsonValue[][]) {
      expect(() => firstEnabledAddressId({Addresses})).to.throw(CliFailure, 'the account has no enabled address; pass --address-id').with.property('exitStatus', 1)
    }
  })
})
