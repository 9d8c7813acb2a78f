/** Lists on a terminal (fitted, a header, short times) and piped (whole values, tab-separated, nothing else). */
import {expect} from 'chai'

import {listingTable, timeCell, wholeCell} from '../../../src/lib/output/table-style.ts'
import {compactTimeText} from '../../../src/lib/output/dates.ts'

const LONG = 'word, '.repeat(40).trim()

describe('table-style', () => {
  const listing = {giveFirst: [0], header: ['ID', 'NAME'], rows: [[`${'A'.repeat(86)}==`, wholeCell(`${LONG}\tafter a tab`)]]}

  it('piped: each row on one line, its cells whole and tab-separated, no header', () => {
    expect(listingTable({piped: true, width: 80}, listing)).to.equal(`${'A'.repeat(86)}==\t${LONG} after a tab`)
  })

  it('on a terminal: a header and rows fitted to the width, cut with "…"', () => {
    const lines = listingTable({piped: false, width: 40}, listing).split('\n')
    expect(lines[0]).to.match(/^ID +NAME$/)
    expect(lines[1]).to.match(/^A+… +word, word.*…$/)
    for (const line of lines) expect(line.length).to.be.at.most(40)
  })

  it('a list without rows: nothing piped; on a terminal, the footer alone says so', () => {
    expect(listingTable({piped: true, width: 80}, {...listing, rows: []})).to.equal('')
    expect(listingTable({piped: false, width: 80}, {...listing, footer: 'none', rows: []})).to.equal('')
    expect(listingTable({piped: false, width: 80}, {...listing, rows: []})).to.equal('ID  NAME')
  })

  it('times: to the minute on a terminal, the full local ISO date-time piped', () => {
    const previous = process.env.TZ
    process.env.TZ = 'UTC'
    try {
      expect(timeCell({piped: false, width: 80}, 1_795_422_000)).to.equal('2026-11-23 08:20')
      expect(timeCell({piped: true, width: 80}, 1_795_422_000)).to.equal('2026-11-23T08:20:00+00:00')
      expect(compactTimeText('soon')).to.equal('soon')
    } finally {
      if (previous === undefined) delete process.env.TZ
      else process.env.TZ = previous
    }
  })
})
