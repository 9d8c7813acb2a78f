/** Text tables: drawn here (wide text too), by the `table` library only for control characters, the same either way. */
import {expect} from 'chai'
import stringWidth from 'string-width'
import {getBorderCharacters, table} from 'table'

import {renderTable} from '../../../src/lib/output/table.ts'

/** What the `table` library draws with renderTable's settings, lines trimmed as renderTable trims them. */
function byLibrary(header: string[], rows: string[][]): string {
  const text = table([header, ...rows], {border: getBorderCharacters('void'), columnDefault: {paddingLeft: 0, paddingRight: 2}, drawHorizontalLine: () => false})
  return text
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line !== '')
    .join('\n')
}

function generator(seed: number): (n: number) => number {
  let state = seed
  return (n) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    return Math.floor((state / 2_147_483_648) * n)
  }
}

const PLAIN_PIECES = ['abc', 'ID', '', ' ', 'x y', 'Zoë', 'Ærøskøbing', 'naïve', 'Łódź', '…', '—', '“q”', '€', '2025-01-01T00:00:00+00:00', '#8080FF', 'ʃ', '\u00AD', '‰', '‱', '›']
// Not U+200B: string-width gives a zero-width space a column, a terminal none (width.test.ts).
const OTHER_PIECES = ['東京', '한국어', '😀', '👍🏽', '👨‍👩‍👧', '🇫🇷', '❤️', '🗓', '©', '®', '‼', 'e\u0301', '\u001B[31mred\u001B[0m', 'ｆｕｌｌ', '\u2028']

describe('renderTable', () => {
  it('counts every character it draws itself as one column, as `table` does', () => {
    const ranges: Array<[number, number]> = [
      [0x20, 0x7e],
      [0xa0, 0xa8],
      [0xaa, 0xad],
      [0xaf, 0x2ff],
      [0x2010, 0x2027],
      [0x2030, 0x203b],
    ]
    for (const [first, last] of ranges) {
      for (let code = first; code <= last; code++) expect(stringWidth(`a${String.fromCodePoint(code)}b`), code.toString(16)).to.equal(3)
    }
  })

  it('draws what `table` draws, on 300 generated tables of plain and other text', () => {
    const random = generator(20_261_123)
    let drawnHere = 0
    for (let index = 0; index < 300; index++) {
      const plain = random(2) === 0
      const pool = plain ? PLAIN_PIECES : [...PLAIN_PIECES, ...OTHER_PIECES]
      const cell = () => Array.from({length: random(3)}, () => pool[random(pool.length)]).join(random(2) ? '' : ' ')
      const columns = 1 + random(5)
      const header = Array.from({length: columns}, (_, column) => `COL${column}`)
      const rows = Array.from({length: random(5)}, () => Array.from({length: columns}, cell))
      expect(renderTable(header, rows), JSON.stringify(rows)).to.equal(byLibrary(header, rows))
      if (plain && rows.length > 0) drawnHere++
    }

    expect(drawnHere).to.be.greaterThan(100)
  })

  it('refuses control characters as `table` does, and rows of another length', () => {
    expect(() => renderTable(['A'], [['start of heading\u0001']])).to.throw(/control characters/)
    expect(() => renderTable(['A', 'B'], [['only one']])).to.throw()
  })
})
