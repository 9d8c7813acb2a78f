/**
 * Contact cards against the sandbox's fixture (scripts/generate-sandbox-contacts.js: made by OpenPGP.js apart from
 * the tool's code, one contact tampered), and the cards the tool makes read back by OpenPGP.js directly. GnuPG
 * reads the cards the built tool creates in test/e2e/contacts.test.ts.
 */
import {expect} from 'chai'
import * as openpgp from 'openpgp'

import {CARD_TYPE, makeCard, openCard, openCards} from '../../../src/lib/keys/contact-cards.ts'
import {keyPassphrase} from '../../../src/lib/keys/passphrase.ts'
import {CONTACT_FIXTURE} from '../../../src/lib/sandbox/contacts/contact-fixture.ts'
import {KEY_FIXTURE} from '../../../src/lib/sandbox/key-fixture.ts'

describe('keys/contact-cards: opening and making contact cards with the user keys', () => {
  let userKey: openpgp.PrivateKey
  let otherKey: openpgp.PrivateKey
  before(async () => {
    const passphrase = keyPassphrase(KEY_FIXTURE.password, KEY_FIXTURE.keySalt)
    userKey = await openpgp.decryptKey({passphrase, privateKey: await openpgp.readPrivateKey({armoredKey: KEY_FIXTURE.userKey})})
    otherKey = (await openpgp.generateKey({curve: 'curve25519Legacy', format: 'object', type: 'ecc', userIDs: [{email: 'other@example.test'}]})).privateKey
  })

  const [alice, bob, mallory] = CONTACT_FIXTURE.contacts

  it('opens every card of a contact made apart from the tool: clear as is, signed and encrypted+signed verified', async () => {
    const opened = await openCards(alice.Cards, [userKey])
    expect(opened.map(({signature, type}) => [type, signature])).to.deep.equal([
      [0, 'none'],
      [2, 'verified'],
      [3, 'verified'],
    ])
    expect(opened[2].data).to.include('TEL;TYPE=cell;PREF=1:+31 20 555 0100')
    expect(opened.every(({problem}) => problem === undefined)).to.equal(true)
  })

  it('an encrypted card without signature (Type 1) decrypts, signature none', async () => {
    const opened = await openCard(bob.Cards[1], [userKey])
    expect(opened).to.include({signature: 'none', type: 1})
    expect(opened.data).to.include('NOTE:Fixes everything.')
  })

  it('the tampered contact: its signed Data changed after signing and its Type 3 signature over other text both fail, the data still there', async () => {
    const [signed, encrypted] = await openCards(mallory.Cards, [userKey])
    expect(signed).to.include({signature: 'failed', type: 2})
    expect(signed.data).to.include('mallory@attacker.test')
    expect(encrypted).to.include({signature: 'failed', type: 3})
    expect(encrypted.data).to.include('NOTE:Not who they say.')
  })

  it('with a key that is not the account’s: encrypted cards cannot be decrypted, signed ones fail', async () => {
    const [clear, signed, encrypted] = await openCards(alice.Cards, [otherKey])
    expect(clear.signature).to.equal('none')
    expect(signed.signature).to.equal('failed')
    expect(encrypted.data).to.equal(undefined)
    expect(encrypted.problem).to.match(/^cannot decrypt it/)
  })

  it('an unknown Type, a missing Signature and an unreadable one are problems, not exceptions', async () => {
    expect((await openCard({Data: 'x', Signature: null, Type: 7}, [userKey])).problem).to.match(/unknown Type 7/)
    expect(await openCard({...alice.Cards[1], Signature: null}, [userKey])).to.include({problem: 'its Signature is missing', signature: 'failed'})
    expect((await openCard({...alice.Cards[1], Signature: 'garbage'}, [userKey])).problem).to.match(/^the signature cannot be read/)
  })

  it('makes Type 2 and 3 cards that OpenPGP.js itself verifies and decrypts with the user key', async () => {
    const text = 'BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Made\r\nEND:VCARD\r\n'
    const signed = await makeCard(CARD_TYPE.SIGNED, text, userKey)
    expect(signed.Data).to.equal(text)
    const check = await openpgp.verify({message: await openpgp.createMessage({text}), signature: await openpgp.readSignature({armoredSignature: String(signed.Signature)}), verificationKeys: userKey.toPublic()})
    await check.signatures[0].verified
    const both = await makeCard(CARD_TYPE.ENCRYPTED_AND_SIGNED, text, userKey)
    const {data} = await openpgp.decrypt({decryptionKeys: userKey, format: 'binary', message: await openpgp.readMessage({armoredMessage: both.Data})})
    expect(Buffer.from(data).toString('utf8')).to.equal(text)
    expect(await makeCard(CARD_TYPE.CLEAR_TEXT, text, userKey)).to.deep.equal({Data: text, Signature: null, Type: 0})
  })
})
