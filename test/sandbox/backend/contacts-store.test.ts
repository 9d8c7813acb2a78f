import {expect} from 'chai'

import {SandboxError} from '../../../src/sandbox/backend/api-error.ts'
import {CONTACT_FIXTURE} from '../../../src/sandbox/fixtures/contact-fixture.ts'
import {ContactStore} from '../../../src/sandbox/backend/contacts-store.ts'

const signedCard = (lines: string[]) => ({
  Data: ['BEGIN:VCARD', 'VERSION:4.0', ...lines, 'END:VCARD', ''].join('\r\n'),
  Signature: '-----BEGIN PGP SIGNATURE-----\n\nx\n-----END PGP SIGNATURE-----\n',
  Type: 2,
})

describe('sandbox/contacts/store: the address book', () => {
  it('reads Name, UID and ContactEmails from the signed card; lists by name, pages, finds addresses in any case', () => {
    const store = new ContactStore(() => 1_700_000_000_000)
    for (const contact of CONTACT_FIXTURE.contacts) store.add(contact)
    const {items, total} = store.page(0, 2)
    expect(total).to.equal(3)
    expect(items.map(({Name}) => Name)).to.deep.equal(['Alice Example', 'Bob Builder'])
    expect(ContactStore.metadata(items[0])).to.not.have.property('Cards')
    expect((items[0].ContactEmails as Array<{Email: string; Type: string[]}>).map(({Email, Type}) => [Email, Type])).to.deep.equal([
      ['alice@example.test', ['work']],
      ['alice.home@example.test', ['home']],
    ])
    expect(store.emails('BOB@builder.test', 0, 10).items.map(({ContactID}) => ContactID)).to.deep.equal([items[1].ID])
  })

  it('refuses what the service would: no signed card, one without FN or UID, bad Types, unarmored data, a UID already there (unless overwriting)', () => {
    const store = new ContactStore(() => 0)
    const refused = (value: unknown, pattern: RegExp, overwrite = false) => expect(() => store.add(value, 'Contact', overwrite)).to.throw(SandboxError, pattern)
    refused({Cards: [{Data: 'x', Signature: null, Type: 0}]}, /exactly one signed card/)
    refused({Cards: [signedCard(['FN:x'])]}, /must hold FN and UID/)
    refused({Cards: [{...signedCard(['FN:x', 'UID:u']), Type: 4}]}, /Type must be 0, 1, 2 or 3/)
    refused({Cards: [signedCard(['FN:x', 'UID:u']), {Data: 'clear text', Signature: null, Type: 1}]}, /armored PGP message/)
    refused({Cards: [{...signedCard(['FN:x', 'UID:u']), Signature: null}]}, /armored PGP signature/)
    const first = store.add({Cards: [signedCard(['FN:x', 'UID:u'])]})
    refused({Cards: [signedCard(['FN:y', 'UID:u'])]}, /already exists/)
    const replaced = store.add({Cards: [signedCard(['FN:y', 'UID:u'])]}, 'Contact', true)
    expect([replaced.ID, replaced.Name]).to.deep.equal([first.ID, 'y'])
    expect(store.delete(String(first.ID))).to.equal(true)
    expect(store.delete(String(first.ID))).to.equal(false)
  })
})
