/** mail list --all prints a list only when it is complete: what counts as complete, and what the failure names. */
import {expect} from 'chai'

import {incompleteness} from '../../../../src/lib/mail/commands/list-all.ts'
import type {JsonValue} from '../../../../src/lib/core/json-value.ts'

describe('mail list --all: complete or failed', () => {
  const page = (total: JsonValue | undefined, ids: string[]): JsonValue => ({Code: 1000, Messages: ids.map((ID) => ({ID})), ...(total === undefined ? {} : {Total: total})})

  it('is complete when the pages hold Total distinct messages and agree on Total', () => {
    expect(incompleteness([page(5, ['a', 'b']), page(5, ['c', 'd']), page(5, ['e'])], 2)).to.equal(undefined)
    expect(incompleteness([page(0, [])], 150)).to.equal(undefined)
  })

  it('names the pages that came back short and how many are missing', () => {
    expect(incompleteness([page(5, ['a', 'b']), page(5, ['c']), page(5, ['e'])], 2)).to.equal('1 of 5 messages missing: the 3 pages held 4 distinct (Page 1 held 1 of 2)')
  })

  it('counts a message that came twice (it moved between pages) once, and says so', () => {
    expect(incompleteness([page(4, ['a', 'b']), page(4, ['b', 'c'])], 2)).to.equal('1 of 4 messages missing: the 2 pages held 3 distinct (1 came twice)')
  })

  it('fails when the pages disagree on Total (the list changed while it was read)', () => {
    expect(incompleteness([page(4, ['a', 'b']), page(3, ['c'])], 2)).to.equal('the list changed while it was read (Page 0 said Total 4, Page 1 said 3)')
  })

  it('fails on a Total that is not a whole number of messages, whatever the pages hold', () => {
    for (const [total, shown] of [
      ['lots', '"lots"'],
      [-5, '-5'],
      [2.5, '2.5'],
      [null, 'null'],
      [undefined, 'nothing'],
      [{n: 1}, '{"n":1}'],
    ] as const) {
      expect(incompleteness([page(total, ['a', 'b'])], 150)).to.equal(`Page 0 gave Total ${shown}, not a count of messages`)
    }
  })

  it('fails when an ID comes twice or the pages hold more messages than Total, even with Total distinct ones', () => {
    expect(incompleteness([page(25, [...Array.from({length: 25}, (_, index) => `m${index}`), 'm3'])], 150)).to.equal('the 1 page held 26 messages for Total 25 (1 came twice)')
    expect(incompleteness([page(2, ['a', 'b']), page(2, ['c'])], 2)).to.equal('the 2 pages held 3 messages for Total 2')
  })
})
