/** Tables on a terminal fit its width: free text cut first, IDs whole or cut to a stem, piped output whole. */
import {expect} from 'chai'

import {cut, DEFAULT_COLUMNS, fitRows, terminalWidth} from '../../../src/lib/output/fit.ts'
import {alignedRows} from '../../../src/lib/output/table.ts'
import {messagesTable} from '../../../src/lib/output/views/messages.ts'

const ID = `${'aB3_-'.repeat(17)}xyz==`
const lineWidths = (text: string) => text.split('\n').map((line) => [...line].length)

describe('fitting tables to a terminal', () => {
  it('takes the terminal’s width, 80 when it does not say, and none when the output is not a terminal', () => {
    expect(terminalWidth({isTTY: true, write: () => true})).to.equal(DEFAULT_COLUMNS)
    expect(terminalWidth(Object.assign({isTTY: true, write: () => true}, {columns: 132}))).to.equal(132)
    expect(terminalWidth({isTTY: false, write: () => true})).to.equal(undefined)
    expect(terminalWidth({write: () => true})).to.equal(undefined)
  })

  it('cuts with an ellipsis, counting characters, not bytes', () => {
    expect(cut('abcdef', 4)).to.equal('abc…')
    expect(cut('abcd', 4)).to.equal('abcd')
    expect(cut('Zoë Ærø', 5)).to.equal('Zoë …')
  })

  it('leaves a table that fits, and any table when no width is given, whole', () => {
    const rows = [['ID', 'NAME'], ['a', 'short']]
    expect(fitRows(rows, [{kind: 'id', min: 4}, {kind: 'text', min: 4}], 80)).to.deep.equal(rows)
    const wide = [['ID', 'NAME'], [ID, 'x'.repeat(200)]]
    expect(fitRows(wide, [{kind: 'id', min: 4}, {kind: 'text', min: 4}], undefined)).to.deep.equal(wide)
  })

  it('cuts free text first, the widest first, and keeps an ID whole when that is enough', () => {
    const rows = [
      ['ID', 'FROM', 'SUBJECT'],
      ['m1', 'Alex Martin <alex@example.test>', 'A subject long enough to need cutting on any terminal'],
    ]
    const fitted = fitRows(rows, [{kind: 'id', min: 12}, {kind: 'text', min: 10}, {kind: 'text', min: 10}], 60)
    expect(fitted[1][0]).to.equal('m1')
    expect(Math.max(...lineWidths(alignedRows(fitted)))).to.equal(60)
    expect(fitted[1][2]).to.match(/^A subject .*…$/)
  })

  it('cuts an ID to its stem only when the text cannot make room for it whole', () => {
    const messages = [{ID, Sender: {Address: 'alex@example.test', Name: 'Alex Martin'}, Subject: 'Team lunch on Friday? Bring your ideas for the venue', Time: 1_735_689_600, Unread: 1}]
    const text = messagesTable(messages, 80)
    expect(Math.max(...lineWidths(text))).to.be.at.most(80)
    expect(text.split('\n')[1]).to.match(/^aB3_-aB3_-a… {2}\S+ {2}Alex/)
    // Wide enough: the ID whole.
    expect(messagesTable(messages, 200).split('\n')[1].startsWith(`${ID}  `)).to.equal(true)
  })

  it('keeps fixed columns and floors when even they do not fit (a very narrow terminal)', () => {
    const rows = [['ID', 'TIME', 'SUBJECT'], [ID, '2025-01-01T00:00:00+00:00', 'Subject']]
    const fitted = fitRows(rows, [{kind: 'id', min: 8}, {kind: 'fixed'}, {kind: 'text', min: 5}], 20)
    expect(fitted[1]).to.deep.equal(['aB3_-aB…', '2025-01-01T00:00:00+00:00', 'Subj…'])
  })
})
