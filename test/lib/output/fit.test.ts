import {expect} from 'chai'

import {columnWidths, DEFAULT_WIDTH, fittedColumns, fittedTable, tableWidth} from '../../../src/lib/output/fit.ts'
import {displayWidth, truncate} from '../../../src/lib/output/width.ts'

/** Random text of printable ASCII, Latin letters and, now and then, wide characters. */
function text(random: () => number, length: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -_.@éèäö日本語'
  return Array.from({length}, () => alphabet[Math.floor(random() * alphabet.length)]).join('')
}

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function generator(seed: number): () => number {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

describe('tables fitted to the terminal (fit.ts)', () => {
  it('measures terminal columns: wide characters take two, combining marks none', () => {
    expect(displayWidth('abc')).to.equal(3)
    expect(displayWidth('日本')).to.equal(4)
    expect(displayWidth('e\u0301')).to.equal(1)
    expect(displayWidth('📬 AutoMail')).to.equal(11)
  })

  it('cuts text to a width with an ellipsis, never splitting a wide character past it', () => {
    expect(truncate('short', 10)).to.equal('short')
    expect(truncate('exactly10!', 10)).to.equal('exactly10!')
    expect(truncate('a bit longer than ten', 10)).to.equal('a bit lon…')
    expect(truncate('日本語日本語', 6)).to.equal('日本…')
    expect(displayWidth(truncate('日本語日本語', 6))).to.be.at.most(6)
  })

  it('takes the terminal’s width when stdout is one, else $COLUMNS, else 80', () => {
    expect(tableWidth({columns: 132, isTTY: true, write: () => true} as never, {})).to.equal(132)
    expect(tableWidth({columns: 132, isTTY: false, write: () => true} as never, {COLUMNS: '100'})).to.equal(100)
    expect(tableWidth({isTTY: false, write: () => true}, {COLUMNS: 'wide'})).to.equal(DEFAULT_WIDTH)
    expect(tableWidth({isTTY: true, write: () => true}, {})).to.equal(80)
  })

  it('leaves a table that fits as renderTable draws it', () => {
    expect(
      fittedTable(
        ['ID', 'NAME'],
        [
          ['a1', 'Work'],
          ['b22', 'Family'],
        ],
        80,
      ),
    ).to.equal('ID   NAME\na1   Work\nb22  Family')
  })

  it('narrows the widest column first: an 88-character ID gives way before a short name', () => {
    const id = `${'x'.repeat(86)}==`
    const table = fittedTable(['ID', 'NAME', 'STATUS'], [[id, 'Receipts', 'ENABLED']], 80)
    const [header, row] = table.split('\n')
    expect(row).to.have.length(80)
    expect(row).to.match(/^x{60}… {2}Receipts {2}ENABLED$/)
    expect(header).to.match(/^ID +NAME +STATUS$/)
  })

  it('narrows the columns given first (identifiers) to a dozen characters before any other gives', () => {
    const id = `${'x'.repeat(86)}==`
    const email = 'a.rather.long.address@proton.test'
    expect(columnWidths(['ID', 'EMAIL', 'STATUS', 'TYPE'], [[id, email, 'ENABLED', 'PREMIUM']], 80, [0])).to.deep.equal([27, 33, 7, 7])
    // Past the dozen, the widest gives: here the address.
    expect(columnWidths(['ID', 'EMAIL', 'STATUS', 'TYPE'], [[id, email, 'ENABLED', 'PREMIUM']], 60, [0])).to.deep.equal([12, 28, 7, 7])
  })

  it('narrows equally wide columns alike', () => {
    expect(columnWidths(['A', 'B', 'C'], [['a'.repeat(30), 'b'.repeat(30), 'c'.repeat(30)]], 80)).to.deep.equal([25, 25, 26])
  })

  it('fits every line of generated tables, and keeps every cell that fitted whole', () => {
    const random = generator(20)
    for (let round = 0; round < 200; round++) {
      const columns = 1 + Math.floor(random() * 5)
      const width = 40 + Math.floor(random() * 100)
      const header = Array.from({length: columns}, (_, column) => `COL${column}`)
      const rows = Array.from({length: 1 + Math.floor(random() * 6)}, () => header.map(() => text(random, Math.floor(random() * 70))))
      const giveFirst = random() < 0.5 ? [0] : []
      const widths = columnWidths(header, rows, width, giveFirst)
      const lines = fittedTable(header, rows, width, {giveFirst}).split('\n')
      for (const line of lines) expect(displayWidth(line), `round ${round}: ${line}`).to.be.at.most(width)
      for (const row of rows) {
        for (const [column, cell] of row.entries()) {
          if (displayWidth(cell) <= widths[column])
            expect(
              lines.some((line) => line.includes(cell.trim())),
              `round ${round}`,
            ).to.equal(true)
        }
      }
    }
  })

  it('never narrows the columns it is told to keep (a time), narrowing the others instead', () => {
    const row = [`${'x'.repeat(86)}==`, '2025-01-01T00:00:00+00:00', 'Someone <someone@example.test>', 'A subject that goes on and on', '*']
    const widths = columnWidths(['ID', 'TIME', 'FROM', 'SUBJECT', 'UNREAD'], [row], 80, [0], [1, 4])
    expect(widths[1]).to.equal(25)
    expect(widths[4]).to.equal(6)
    expect(widths.reduce((sum, each) => sum + each, 0) + 2 * 4).to.equal(80)
    // Without it the time would give like any other wide column.
    expect(columnWidths(['ID', 'TIME', 'FROM', 'SUBJECT', 'UNREAD'], [row], 80, [0])[1]).to.be.below(25)
  })

  it('leaves out the least useful columns, in the order given, rather than cut the others to stubs; a kept size keeps its unit', () => {
    const header = ['ID', 'TIME', 'FROM', 'SUBJECT', 'UNREAD']
    const row = [`${'x'.repeat(86)}==`, '2025-01-01 00:00', 'Proton Sandbox <sandbox@proton.test>', 'Welcome to the Proton sandbox', '*']
    const options = {drop: [4, 2], giveFirst: [0], keep: [1, 4]}
    // Wide enough: every column, none dropped.
    expect(fittedColumns(header, [row], 100, options).shown).to.deep.equal([0, 1, 2, 3, 4])
    // 40 columns: the unread mark, then the sender go; the subject keeps more than a stub.
    const narrow = fittedColumns(header, [row], 40, options)
    expect(narrow.shown).to.deep.equal([0, 1, 3])
    expect(narrow.widths[2]).to.be.at.least(8)
    const [, line] = fittedTable(header, [row], 40, options).split('\n')
    expect(line).to.match(/^x+… {2}2025-01-01 00:00 {2}Welcome .*…$/)
    // Nothing left to drop: the others go down to stubs as before, a kept column never.
    const sizes = fittedTable(['NAME', 'KIND', 'SIZE'], [['notes.txt', 'file', '1.0 KiB']], 14, {drop: [1], keep: [2]})
    expect(sizes.split('\n')[1]).to.match(/^n.*… {2}1\.0 KiB$/)
  })
})
