/** The text view of account addresses. */
import {expect} from 'chai'

import {displayWidth} from '../../../../src/lib/output/width.ts'
import {addressesListing} from '../../../../src/lib/account/views/addresses.ts'
import {listingTable} from '../../../../src/lib/output/table-style.ts'

const addressesText = (data: Parameters<typeof addressesListing>[0], width: number) => listingTable({piped: false, width}, addressesListing(data))

const LONG_ID = `${'A'.repeat(86)}==`

describe('the mailbox commands’ text views', () => {
  describe('account addresses', () => {
    it('sorts by the service’s Order (none last, ties as received) and names status and type', () => {
      const text = addressesText(
        {
          Addresses: [
            {Email: 'third@x.test', ID: 'c', Order: 3, Status: 2, Type: 3},
            {Email: 'unordered@x.test', ID: 'z', Status: 7, Type: 9},
            {Email: 'first@x.test', ID: 'a', Order: 1, Status: 1, Type: 1},
            {Email: 'second@x.test', ID: 'b', Order: 2, Status: 0, Type: 5},
            {Email: 'second-too@x.test', ID: 'b2', Order: 2, Status: 1, Type: 6},
          ],
          Code: 1000,
        },
        80,
      )
      expect(text.split('\n')).to.deep.equal([
        'ID  EMAIL              STATUS    TYPE',
        'a   first@x.test       ENABLED   ORIGINAL',
        'b   second@x.test      DISABLED  EXTERNAL',
        'b2  second-too@x.test  ENABLED   GROUP',
        'c   third@x.test       DELETING  CUSTOM_DOMAIN',
        'z   unordered@x.test   7         9',
      ])
    })

    it('fits 80 columns with the service’s 88-character IDs', () => {
      const text = addressesText({Addresses: [{Email: 'a.rather.long.address@proton.test', ID: LONG_ID, Order: 1, Status: 1, Type: 4}]}, 80)
      for (const line of text.split('\n')) expect(displayWidth(line)).to.be.at.most(80)
      expect(text).to.match(/\nA+… {2}a\.rather\.long\.address@proton\.test {2}ENABLED {2}PREMIUM$/)
    })
  })
})
