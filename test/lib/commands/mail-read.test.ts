import {expect} from 'chai'

import {printable} from '../../../src/lib/commands/mail-read.ts'

describe('mail read: printable', () => {
  it('shows control characters and the bidirectional overrides of a sender’s text as "?", and nothing else', () => {
    expect(printable('evil\u202Efdp.exe')).to.equal('evil?fdp.exe')
    expect(printable('a\u2066b\u2069 \u001B[31m \u009B2J\u0007')).to.equal('a?b? ?[31m ?2J?')
    expect(printable('Grüße, שלום \u200F, 😀')).to.equal('Grüße, שלום \u200F, 😀')
  })
})
