/** Checks of what the user typed, before anything is sent. */
import {expect} from 'chai'

import {checkColor, MAILBOX_WORDS, parseMailboxLabel} from '../../../src/lib/request/input-checks.ts'

describe('input checks', () => {
  it('colours are # and six hex digits, either case', () => {
    expect(checkColor('#aBc123')).to.equal('#aBc123')
    for (const bad of ['abc123', '#abc', '#abc1234', '#ggg000', ' #abc123']) expect(() => checkColor(bad)).to.throw(/#RRGGBB/)
  })

  it('every MAILBOX_LABEL_IDS name is accepted as a --label word', () => {
    expect(MAILBOX_WORDS).to.include.members(['inbox', 'all-mail', 'starred', 'category-social'])
    expect(MAILBOX_WORDS.map((word) => parseMailboxLabel(word))).to.deep.equal(
      ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '12', '15', '16', '20', '21', '22', '24', '25', '26', '40'].map((id) => ({id})),
    )
    expect(parseMailboxLabel('All_Mail')).to.deep.equal({id: '5'})
  })

  it('--label: system numbers and the service’s long IDs are IDs; anything else a name or path to look up', () => {
    const serviceId = `${'aB3_-'.repeat(17)}xyz==`
    expect(parseMailboxLabel('7')).to.deep.equal({id: '7'})
    expect(parseMailboxLabel(serviceId)).to.deep.equal({id: serviceId})
    for (const name of ['Work', 'Invoices/2024', 'l1', 'my folder']) expect(parseMailboxLabel(name)).to.deep.equal({name})
    expect(() => parseMailboxLabel(' ')).to.throw(/--label must not be empty/)
  })
})
