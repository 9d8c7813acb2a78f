/** The text view of mail filters. */
import {expect} from 'chai'

import {displayWidth} from '../../../../src/lib/output/width.ts'
import {filtersListing} from '../../../../src/lib/mail/views/filters.ts'
import {listingTable} from '../../../../src/lib/output/table-style.ts'

const filtersText = (data: Parameters<typeof filtersListing>[0], width: number) => listingTable({piped: false, width}, filtersListing(data))

const LONG_ID = `${'A'.repeat(86)}==`

describe('the mailbox commands’ text views', () => {
  it('mail filters list: status by name, in the service’s order, cut to the width', () => {
    const text = filtersText(
      {
        Code: 1000,
        Filters: [
          {ID: 'f2', Name: 'Second', Status: 0},
          {ID: LONG_ID, Name: 'x'.repeat(70), Status: 1},
        ],
      },
      60,
    )
    const lines = text.split('\n')
    expect(lines[0]).to.match(/^ID +NAME +STATUS$/)
    expect(lines[1]).to.match(/^f2 +Second +DISABLED$/)
    expect(lines[2]).to.match(/^A+… +x+… +ENABLED$/)
    for (const line of lines) expect(displayWidth(line)).to.be.at.most(60)
  })
})
