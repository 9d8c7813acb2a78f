/**
 * What the sandbox reads from a signed card, on hand-written RFC 6350 text. The same cards are read by the client's
 * vCard module too: both must give the hand-written answer, so a place where the two parsers disagree fails here.
 */
import {expect} from 'chai'

import {paramList, parseOneVcard, valueText} from '../../../src/lib/contacts/vcard.ts'
import {ContentError} from '../../../src/sandbox/parsers/content-lines.ts'
import {cardFields} from '../../../src/sandbox/parsers/card-fields.ts'

const card = (...lines: string[]) => ['BEGIN:VCARD', 'VERSION:4.0', ...lines, 'END:VCARD', ''].join('\r\n')

// Folded lines (a space, a tab), escaped , and \, parameters quoted with : ; , inside, TYPE as a list and repeated, groups in both cases.
const HAND_WRITTEN = card(
  String.raw`FN;X-LABEL="Dr.; Jane: the one, really":Smith\, Jane; Dr.\\`,
  ' PhD',
  'UID:urn:uuid:0f0e5a3c-9c4b-4d8f-8a4e-1c2b3d4e5f60',
  'item1.EMAIL;TYPE="work,voice";PREF=1:jane@exam',
  ' ple.test',
  'ITEM1.X-PM-ENCRYPT:true',
  'EMAIL;TYPE=home;TYPE=pref:j@',
  '\thome.test',
  'item2.EMAIL:plain@x.test',
)
const EXPECTED = {
  emails: [
    {email: 'jane@example.test', group: 'item1', types: ['work', 'voice']},
    {email: 'j@home.test', types: ['home', 'pref']},
    {email: 'plain@x.test', group: 'item2', types: []},
  ],
  fn: 'Smith, Jane; Dr.\\PhD',
  uid: 'urn:uuid:0f0e5a3c-9c4b-4d8f-8a4e-1c2b3d4e5f60',
}

describe('sandbox/contacts/card-fields: FN, UID and the addresses of a signed card', () => {
  it('reads hand-written RFC 6350 text: folded lines, escapes, quoted parameters, TYPE lists, groups with settings', () => {
    const fields = cardFields(HAND_WRITTEN)
    expect({emails: fields.emails, fn: fields.fn, uid: fields.uid}).to.deep.equal(EXPECTED)
    expect([...fields.groupsWithSettings]).to.deep.equal(['item1'])
  })

  it('the client reads the same card the same way (a disagreement between the two parsers fails here)', () => {
    const properties = parseOneVcard(HAND_WRITTEN)
    const first = (name: string) => valueText(properties.find(([field]) => field === name)!)
    const emails = properties.filter(([field]) => field === 'email').map((property) => ({email: valueText(property), types: paramList(property[1], 'type')}))
    expect({emails, fn: first('fn'), uid: first('uid')}).to.deep.equal({...EXPECTED, emails: EXPECTED.emails.map(({email, types}) => ({email, types}))})
  })

  it('an escaped ";" in FN is a ";" (RFC 6350 §3.4: it MAY be escaped outside compound properties, as vCard 3.0 writers do)', () => {
    expect(cardFields(card(String.raw`FN:Smith\; Jane`, 'UID:u')).fn).to.equal('Smith; Jane')
  })

  it('UID is a URI unless VALUE=text (RFC 6350 §6.7.6): only then its escapes are decoded', () => {
    expect(cardFields(card('FN:x', String.raw`UID;VALUE=text:a\,b`)).uid).to.equal('a,b')
    expect(cardFields(card('FN:x', 'UID:urn:x:a,b')).uid).to.equal('urn:x:a,b')
  })

  it('refuses anything but one vCard 3.0 or 4.0 with nothing inside it', () => {
    for (const [text, message] of [
      [card('FN:x').replace('VERSION:4.0\r\n', ''), /VERSION must be/],
      [card('FN:x').replace('4.0', '2.1'), /VERSION must be/],
      [card('FN:x') + card('FN:y'), /2 blocks/],
      [card('BEGIN:VEVENT', 'END:VEVENT'), /a block inside/],
      ['BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', /VCALENDAR where a VCARD/],
      [card(String.raw`FN:a\qb`), /escapes nothing/],
      [card('FN;TYPE="x:y'), /not closed/],
    ] as const)
      expect(() => cardFields(text), JSON.stringify(text)).to.throw(ContentError, message)
  })
})
