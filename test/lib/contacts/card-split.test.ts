import {expect} from 'chai'

import {splitCards} from '../../../src/lib/contacts/card-split.ts'
import {parseOneVcard, textProperty, valueText} from '../../../src/lib/contacts/vcard.ts'

const names = (text: string | undefined) => (text === undefined ? undefined : parseOneVcard(text).map(([name]) => name))

describe('contacts/card-split: the cards the web client makes', () => {
  it('FN, UID and EMAIL signed; TEL, NOTE, ADR encrypted; no clear card without CATEGORIES; PREF and item groups added', () => {
    const cards = splitCards([textProperty('fn', 'Ann'), textProperty('email', 'a@x.test'), textProperty('email', 'b@x.test'), textProperty('tel', '+1'), textProperty('note', 'n')])
    expect(cards.clear).to.equal(undefined)
    expect(names(cards.signed)).to.deep.equal(['version', 'fn', 'email', 'email', 'uid'])
    expect(names(cards.encrypted)).to.deep.equal(['version', 'tel', 'note'])
    const signed = parseOneVcard(cards.signed)
    const emails = signed.filter(([name]) => name === 'email')
    expect(emails.map(([, params]) => [params.group, params.pref])).to.deep.equal([
      ['item1', '1'],
      ['item2', '2'],
    ])
    expect(valueText(signed.find(([name]) => name === 'uid')!)).to.match(/^proton-web-[0-9a-f-]{36}$/)
  })

  it('PREF as the web client saves (prepareForSaving): each field in the order of the PREF it had, those without last, numbered from 1; PHOTO numbered too', () => {
    const cards = splitCards([
      textProperty('fn', 'Ann'),
      textProperty('email', 'none@x.test'),
      textProperty('email', 'second@x.test', {pref: '2'}),
      textProperty('email', 'first@x.test', {pref: '1'}),
      textProperty('tel', '+2', {pref: '5'}),
      textProperty('tel', '+1', {pref: '3'}),
      ['photo', {}, 'uri', 'https://example.test/a.png'],
    ])
    const signed = parseOneVcard(cards.signed).filter(([name]) => name === 'email')
    expect(signed.map((property) => [valueText(property), property[1].pref])).to.deep.equal([
      ['first@x.test', '1'],
      ['second@x.test', '2'],
      ['none@x.test', '3'],
    ])
    const encrypted = parseOneVcard(cards.encrypted!)
    expect(encrypted.filter(([name]) => name === 'tel').map((property) => [valueText(property), property[1].pref])).to.deep.equal([
      ['+1', '1'],
      ['+2', '2'],
    ])
    expect(encrypted.find(([name]) => name === 'photo')![1].pref).to.equal('1')
  })

  it('CATEGORIES in a clear card with VERSION; a given UID kept; no FN: "Unknown"; no encrypted card when nothing is left for it', () => {
    const cards = splitCards([textProperty('uid', 'urn:uuid:1'), textProperty('email', 'a@x.test'), ['categories', {}, 'text', 'Friends', 'Work']])
    expect(names(cards.clear)).to.deep.equal(['version', 'categories'])
    expect(cards.encrypted).to.equal(undefined)
    const signed = parseOneVcard(cards.signed)
    expect(valueText(signed.find(([name]) => name === 'uid')!)).to.equal('urn:uuid:1')
    expect(valueText(signed.find(([name]) => name === 'fn')!)).to.equal('Unknown')
  })
})
