import {expect} from 'chai'

import {fieldProblem, paramList, parseOneVcard, parseVcards, printVcard, type Property, textProperty, valueText, VcardError} from '../../../src/lib/contacts/vcard.ts'

describe('contacts/vcard: vCard text in and out with ical.js', () => {
  it('reads folded lines, escapes, parameters, groups and structured values; two cards, one of vCard 3.0', () => {
    const text = [
      'BEGIN:VCARD',
      'VERSION:4.0',
      'FN:Ann\\, B.',
      'item1.EMAIL;TYPE=work,voice;PREF=1:ann@example.test',
      'NOTE:one\\ntwo and a line that was fol',
      ' ded here',
      'ADR;TYPE=home:;;1 Main St;Town;;123;NL',
      'END:VCARD',
      'BEGIN:VCARD',
      'VERSION:3.0',
      'FN:Old',
      'END:VCARD',
      '',
    ].join('\r\n')
    const [first, second] = parseVcards(text)
    const by = (name: string) => first.find(([field]) => field === name)
    expect(valueText(by('fn')!)).to.equal('Ann, B.')
    expect(by('email')![1].group).to.equal('item1')
    expect(paramList(by('email')![1], 'type')).to.deep.equal(['work', 'voice'])
    expect(valueText(by('note')!)).to.equal('one\ntwo and a line that was folded here')
    expect(by('adr')![3]).to.deep.equal(['', '', '1 Main St', 'Town', '', '123', 'NL'])
    expect(valueText(second.find(([field]) => field === 'fn')!)).to.equal('Old')
  })

  it('prints vCard 4.0: VERSION first (any other replaced), CRLF, escaped, folded at 75 octets; it reads back the same', () => {
    const note = `semi; comma, back\\slash\nnew line ${'x'.repeat(100)}`
    const printed = printVcard([['version', {}, 'text', '3.0'], textProperty('fn', 'A; B'), textProperty('email', 'a@example.test', {group: 'item1', type: 'work'}), textProperty('note', note)])
    const lines = printed.split('\r\n')
    expect(lines.slice(0, 3)).to.deep.equal(['BEGIN:VCARD', 'VERSION:4.0', 'FN:A; B'])
    expect(lines).to.include('ITEM1.EMAIL;TYPE=work:a@example.test')
    expect(printed.endsWith('END:VCARD\r\n')).to.equal(true)
    expect(Math.max(...lines.map((line) => Buffer.byteLength(line)))).to.be.at.most(75)
    const back = parseOneVcard(printed)
    expect(valueText(back.find(([name]) => name === 'fn')!)).to.equal('A; B')
    expect(valueText(back.find(([name]) => name === 'note')!)).to.equal(note)
    expect(back.filter(([name]) => name === 'version')).to.have.length(1)
  })

  for (const [what, text, message] of [
    ['empty', '  \n', /empty/],
    ['not a vCard at all', 'hello world', /not a valid vCard/],
    ['a vCard that never ends', 'BEGIN:VCARD\r\nVERSION:4.0\r\nFN:x\r\n', /not a valid vCard/],
    ['a calendar', 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n', /not a vCard/],
    ['a vCard inside a vCard', 'BEGIN:VCARD\r\nVERSION:4.0\r\nBEGIN:VCARD\r\nFN:x\r\nEND:VCARD\r\nEND:VCARD\r\n', /another component/],
  ] as const) {
    it(`refuses ${what} with a VcardError`, () => {
      expect(() => parseVcards(text)).to.throw(VcardError, message)
    })
  }

  it('parseOneVcard refuses a Data holding two vCards', () => {
    const one = printVcard([textProperty('fn', 'x')])
    expect(() => parseOneVcard(one + one)).to.throw(VcardError, /2 vCards/)
  })

  it('fieldProblem: the rule create and import share: FN and every value but a tab or line break free of control characters, EMAIL an address', () => {
    const card = (...properties: Property[]) => properties
    expect(fieldProblem(card(['fn', {}, 'text', 'Ann'], ['email', {}, 'text', 'ann@example.test'], ['note', {}, 'text', 'two\nlines\tand a tab']))).to.equal(undefined)
    expect(fieldProblem(card(['fn', {}, 'text', 'Ann\nB']))).to.equal('FN holds control characters')
    expect(fieldProblem(card(['fn', {}, 'text', 'Ann'], ['email', {}, 'text', 'ann at example']))).to.equal('EMAIL "ann at example" is not an e-mail address')
    expect(fieldProblem(card(['fn', {}, 'text', 'Ann'], ['adr', {}, 'text', ['', '', 'Street\u001b[2J', 'City', '', '', '']]))).to.equal('ADR holds control characters')
    expect(fieldProblem(card(['fn', {}, 'text', 'Ann'], ['tel', {}, 'uri', 'tel:+1\u009b5']))).to.equal('TEL holds control characters')
    // A bidi override is no control character (Cf): shown escaped, not refused.
    expect(fieldProblem(card(['fn', {}, 'text', 'Bidi\u202Efdp']))).to.equal(undefined)
  })
})
