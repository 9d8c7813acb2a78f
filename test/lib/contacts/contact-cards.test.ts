/**
 * Contact cards against the sandbox's fixture (scripts/generate-sandbox-contacts.js: made by OpenPGP.js apart from
 * the tool's code, one contact tampered), and the cards the tool makes read back by OpenPGP.js directly. GnuPG
 * reads the cards the built tool creates in test/e2e/contacts.test.ts.
 */
import {expect} from 'chai'
import * as openpgp from 'openpgp'

import {CARD_TYPE, makeCard, MAX_CARD_BYTES, openCard, openCards} from '../../../src/lib/contacts/contact-cards.ts'
import {keyPassphrase} from '../../../src/lib/crypto/passphrase.ts'
import {CONTACT_FIXTURE} from '../../../src/sandbox/fixtures/contact-fixture.ts'
import {KEY_FIXTURE} from '../../../src/sandbox/fixtures/key-fixture.ts'
import {gnupgHome} from '../../helpers/gnupg-home.ts'

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
    const check = await openpgp.verify({
      message: await openpgp.createMessage({text}),
      signature: await openpgp.readSignature({armoredSignature: String(signed.Signature)}),
      verificationKeys: userKey.toPublic(),
    })
    await check.signatures[0].verified
    const both = await makeCard(CARD_TYPE.ENCRYPTED_AND_SIGNED, text, userKey)
    const {data} = await openpgp.decrypt({decryptionKeys: userKey, format: 'binary', message: await openpgp.readMessage({armoredMessage: both.Data})})
    expect(Buffer.from(data).toString('utf8')).to.equal(text)
    expect(await makeCard(CARD_TYPE.CLEAR_TEXT, text, userKey)).to.deep.equal({Data: text, Signature: null, Type: 0})
  })
})

describe('keys/contact-cards against GnuPG: cards GnuPG encrypts and signs (text signatures, as the web client makes them)', function () {
  this.timeout(30_000)
  let user: openpgp.PrivateKey
  const gnupg = gnupgHome('contact-cards-gpg-')
  const {gpg, makeKey} = gnupg

  /** A detached text signature by GnuPG (`--textmode`: line ends made CRLF before hashing). */
  const sign = (text: string, signers = ['user@test.invalid']) =>
    gpg(['--armor', '--textmode', ...signers.flatMap((signer) => ['--local-user', signer]), '--detach-sign', '--output', '-'], text).stdout.toString()
  const encrypt = (data: Buffer | string, compress = 'none') => gpg(['--armor', '--compress-algo', compress, '--recipient', 'user@test.invalid', '--encrypt', '--output', '-'], data).stdout.toString()

  before(async () => {
    gnupg.open()
    makeKey('user@test.invalid')
    makeKey('other@test.invalid')
    user = await openpgp.readPrivateKey({armoredKey: gpg(['--armor', '--export-secret-keys', 'user@test.invalid']).stdout.toString()})
  })

  after(() => gnupg.close())

  it('signed and encrypted+signed cards from GnuPG verified; trailing blanks of each line (LF, CRLF, end of text) ignored as pmcrypto does', async () => {
    const card = 'BEGIN:VCARD\r\nFN:Ann\r\nEND:VCARD\r\n'
    expect(await openCard({Data: card, Signature: sign(card), Type: 2}, [user])).to.deep.equal({data: card, signature: 'verified', type: 2})
    expect(await openCard({Data: encrypt(card), Signature: sign(card), Type: 3}, [user])).to.deep.equal({data: card, signature: 'verified', type: 3})
    expect(await openCard({Data: encrypt(card), Signature: null, Type: 1}, [user])).to.deep.equal({data: card, signature: 'none', type: 1})
    for (const [given, signedOver] of [
      ['FN:A  \nNOTE:b\n', 'FN:A\nNOTE:b\n'],
      ['FN:A\t \r\nNOTE:b\r\n', 'FN:A\r\nNOTE:b\r\n'],
      ['FN:A\r\nNOTE:b \t', 'FN:A\r\nNOTE:b'],
    ]) {
      expect(await openCard({Data: given, Signature: sign(signedOver), Type: 2}, [user]), JSON.stringify(given)).to.deep.equal({data: given, signature: 'verified', type: 2})
    }

    // Blanks inside a line count.
    expect((await openCard({Data: 'FN:A B\n', Signature: sign('FN:AB\n'), Type: 2}, [user])).signature).to.equal('failed')
  })

  it('one signature of two by a user key is enough; a card signed by another key, a tampered signature, an empty one: failed, each with its problem', async () => {
    const card = 'FN:Two\r\n'
    expect((await openCard({Data: card, Signature: sign(card, ['other@test.invalid', 'user@test.invalid']), Type: 2}, [user])).signature).to.equal('verified')
    expect(await openCard({Data: card, Signature: sign(card, ['other@test.invalid']), Type: 2}, [user])).to.deep.equal({
      data: card,
      problem: 'the signature does not match the user keys',
      signature: 'failed',
      type: 2,
    })
    const binary = gpg(['--dearmor'], sign(card)).stdout
    binary[binary.length - 5] ^= 0x01
    const tampered = gpg(['--enarmor'], binary).stdout.toString().replaceAll('ARMORED FILE', 'SIGNATURE')
    expect(await openCard({Data: card, Signature: tampered.replace(/\n=.{4}\n/, '\n'), Type: 2}, [user])).to.deep.equal({
      data: card,
      problem: 'the signature does not match the user keys',
      signature: 'failed',
      type: 2,
    })
    expect(await openCard({Data: card, Signature: '', Type: 2}, [user])).to.deep.equal({data: card, problem: 'its Signature is missing', signature: 'failed', type: 2})
    const unreadable = await openCard({Data: card, Signature: 'garbage', Type: 2}, [user])
    expect(unreadable).to.include({data: card, signature: 'failed', type: 2})
    expect(unreadable.problem).to.match(/^the signature cannot be read: \S/)
    const undecryptable = await openCard({Data: 'not armored', Signature: null, Type: 1}, [user])
    expect(undecryptable).to.include({signature: 'none', type: 1})
    expect(undecryptable.problem).to.match(/^cannot decrypt it: \S/)
  })

  it('Types that are not 0-3 and Data that is not text: a problem, never decrypted', async () => {
    for (const Type of [-1, 1.5, 4, Number.NaN]) {
      expect(await openCard({Data: encrypt('x'), Signature: null, Type}, [user])).to.deep.equal({problem: `a card of unknown Type ${JSON.stringify(Type)}`, signature: 'none', type: Type})
    }

    expect(await openCard({Data: 5 as unknown as string, Signature: null, Type: 0}, [user])).to.deep.equal({problem: 'a card of unknown Type 0', signature: 'none', type: 0})
  })

  it('a card of exactly MAX_CARD_BYTES opens; one byte more is refused, uncompressed by the size check, compressed while inflating', async () => {
    const exact = await openCard({Data: encrypt(Buffer.alloc(MAX_CARD_BYTES, 0x41)), Signature: null, Type: 1}, [user])
    expect(exact.data).to.have.length(MAX_CARD_BYTES)
    expect(await openCard({Data: encrypt(Buffer.alloc(MAX_CARD_BYTES + 1, 0x41)), Signature: null, Type: 1}, [user])).to.deep.equal({
      problem: `cannot decrypt it: its plaintext is over ${MAX_CARD_BYTES} bytes`,
      signature: 'none',
      type: 1,
    })
    const inflated = await openCard({Data: encrypt(Buffer.alloc(MAX_CARD_BYTES + 1, 0x41), 'zlib'), Signature: null, Type: 1}, [user])
    expect(inflated.problem).to.match(/^cannot decrypt it: .*decompressed/)
  })
})
