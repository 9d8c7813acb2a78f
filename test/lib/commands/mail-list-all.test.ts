/** mail list --all prints a list only when it is complete: what counts as complete, and what the failure names. */
import {expect} from 'chai'

import {incompleteness} from '../../../src/lib/commands/mail-list-all.ts'

describe('mail list --all: complete or failed', () => {
  const page = (total: number, ids: string[]) => ({Code: 1000, Messages: ids.map((ID) => ({ID})), Total: total})

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
})
