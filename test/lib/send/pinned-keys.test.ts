import {expect} from 'chai'
import * as openpgp from 'openpgp'

import {keyPassphrase} from '../../../src/lib/crypto/passphrase.ts'
import {KEY_FIXTURE} from '../../../src/sandbox/fixtures/key-fixture.ts'
import {bodyType, externalKey, pinnedInCard, signedCard, signing, withPins} from '../../../src/lib/send/pinned-keys.ts'
import type {Recipient} from '../../../src/lib/send/recipients.ts'
import {gnupgHome} from '../../helpers/gnupg-home.ts'

/** The committed fixture's keys: the user key signs the cards; the sandbox sender's and an address's public keys are pinned. */
describe('send/pinned-keys: keys pinned in a contact, and what they make of a recipient (cards signed here by OpenPGP.js)', () => {
  let userKey: openpgp.PrivateKey
  let sender: openpgp.PublicKey
  let address: openpgp.PublicKey
  const uri = (key: openpgp.PublicKey) => `data:application/pgp-keys;base64,${Buffer.from(key.write()).toString('base64')}`
  const card = async (lines: string[], tamper = false) => {
    const data = ['BEGIN:VCARD', 'VERSION:4.0', 'FN:Pat', 'UID:proton-web-x', ...lines, 'END:VCARD', ''].join('\r\n')
    const Signature = await openpgp.sign({detached: true, format: 'armored', message: await openpgp.createMessage({text: data}), signingKeys: userKey})
    return {Data: tamper ? data.replace('FN:Pat', 'FN:Eve') : data, Signature, Type: 2}
  }

  before(async () => {
    userKey = await openpgp.decryptKey({passphrase: keyPassphrase(KEY_FIXTURE.password, KEY_FIXTURE.keySalt), privateKey: await openpgp.readPrivateKey({armoredKey: KEY_FIXTURE.userKey})})
    sender = await openpgp.readKey({armoredKey: KEY_FIXTURE.senderPublicKey})
    address = (await openpgp.readPrivateKey({armoredKey: KEY_FIXTURE.addressKeys[0].PrivateKey})).toPublic()
  })

  it('KEY, X-PM-ENCRYPT, X-PM-SIGN and X-PM-SCHEME of the address’s own group, keys in PREF order; another group’s are not its', async () => {
    const pinned = await pinnedInCard(
      'Pat@Example.test',
      await card([
        'ITEM1.EMAIL;PREF=1:pat@example.test',
        `ITEM1.KEY;PREF=2:${uri(sender)}`,
        `ITEM1.KEY;PREF=1:${uri(address)}`,
        'ITEM1.X-PM-ENCRYPT:false',
        'ITEM1.X-PM-SCHEME:pgp-inline',
        'ITEM2.EMAIL;PREF=2:other@example.test',
        `ITEM2.KEY:${uri(sender)}`,
        'ITEM2.X-PM-SIGN:true',
        'ITEM2.X-PM-MIMETYPE:text/plain',
      ]),
      [userKey],
    )
    expect(pinned?.verified).to.equal(true)
    expect(pinned?.keys.map((key) => key.getFingerprint())).to.deep.equal([address.getFingerprint(), sender.getFingerprint()])
    expect(pinned).to.include({encrypt: false, mimeType: undefined, scheme: 'pgp-inline', sign: undefined})
    expect(await pinnedInCard('other@example.test', await card(['ITEM2.EMAIL:other@example.test', 'ITEM2.X-PM-MIMETYPE:text/plain']), [userKey])).to.include({mimeType: 'text/plain'})
    expect(await pinnedInCard('nobody@example.test', await card(['ITEM1.EMAIL:pat@example.test']), [userKey])).to.equal(undefined)
  })

  it('a card changed after it was signed is not verified; a KEY that is not a key (or empty) is left out', async () => {
    expect((await pinnedInCard('pat@example.test', await card(['ITEM1.EMAIL:pat@example.test', `ITEM1.KEY:${uri(sender)}`], true), [userKey]))?.verified).to.equal(false)
    const pinned = await pinnedInCard(
      'pat@example.test',
      await card(['ITEM1.EMAIL:pat@example.test', 'ITEM1.KEY:data:application/pgp-keys;base64,AAAA', 'ITEM1.KEY:data:application/pgp-keys;base64,', `ITEM1.KEY:${uri(sender)}`]),
      [userKey],
    )
    expect(pinned?.keys.map((key) => key.getFingerprint())).to.deep.equal([sender.getFingerprint()])
  })

  it('a vCard 3 KEY in bare base64 is read; X-PM-SIGN true in any case is read; an empty flag is unsaid; a key in another field of the group is no pin', async () => {
    const pinned = await pinnedInCard(
      'pat@example.test',
      await card([
        'ITEM1.EMAIL:pat@example.test',
        `ITEM1.KEY;ENCODING=b:${Buffer.from(sender.write()).toString('base64')}`,
        'ITEM1.X-PM-SIGN:True',
        'ITEM1.X-PM-ENCRYPT:',
        `ITEM1.NOTE:${uri(address)}`,
      ]),
      [userKey],
    )
    expect(pinned?.keys.map((key) => key.getFingerprint())).to.deep.equal([sender.getFingerprint()])
    expect(pinned).to.include({encrypt: undefined, sign: true, verified: true})
  })

  it('the address is an EMAIL’s (not another field’s, blanks around it ignored), and without a group it has no pins (as the web client reads it)', async () => {
    const elsewhere = await pinnedInCard('pat@example.test', await card(['NOTE:pat@example.test', 'ITEM1.EMAIL: pat@example.test ', `ITEM1.KEY:${uri(sender)}`]), [userKey])
    expect(elsewhere?.keys.map((key) => key.getFingerprint())).to.deep.equal([sender.getFingerprint()])
    const ungrouped = await pinnedInCard('pat@example.test', await card(['EMAIL:pat@example.test', `KEY:${uri(sender)}`, 'X-PM-SIGN:true']), [userKey])
    expect(ungrouped).to.deep.equal({encrypt: undefined, keys: [], mimeType: undefined, scheme: undefined, sign: undefined, verified: true})
  })

  it('a card that cannot be read (unknown Type, signed text that is no vCard): nothing trusted; the signed card is the Type 2 one', async () => {
    expect(await pinnedInCard('pat@example.test', {Data: 'BEGIN:VCARD', Signature: null, Type: 9}, [userKey])).to.deep.equal({keys: [], verified: false})
    const Signature = await openpgp.sign({detached: true, format: 'armored', message: await openpgp.createMessage({text: 'not a card'}), signingKeys: userKey})
    expect(await pinnedInCard('pat@example.test', {Data: 'not a card', Signature, Type: 2}, [userKey])).to.deep.equal({keys: [], verified: false})
    const signed = {Data: 'x', Signature, Type: 2}
    expect(signedCard([{Data: 'y', Signature: null, Type: 0}, signed, {Data: 'z', Signature, Type: 3}])).to.equal(signed)
    expect(signedCard([{Data: 'y', Signature: null, Type: 0}])).to.equal(undefined)
  })

  it('internal: the pinned key that is one of the service’s is used; pins none of which is: refused; no pinned key: as it was', async () => {
    const internal: Recipient = {candidates: [KEY_FIXTURE.senderPublicKey, address.armor()], email: 'pat@proton.test', kind: 'internal', publicKey: KEY_FIXTURE.senderPublicKey}
    const used = await withPins(internal, {keys: [address], verified: true})
    expect(used).to.include({kind: 'internal', pinned: true})
    expect((await openpgp.readKey({armoredKey: used.publicKey ?? ''})).getFingerprint()).to.equal(address.getFingerprint())
    const refused = await withPins({...internal, candidates: [KEY_FIXTURE.senderPublicKey]}, {keys: [address], verified: true})
    expect(refused).to.include({kind: 'refused'})
    expect(refused.reason).to.match(/not one of its keys on the service/)
    expect(await withPins(internal, {keys: [], sign: true, verified: true})).to.deep.equal(internal)
    const unreadableFirst = await withPins({...internal, candidates: ['not a key', address.armor()]}, {keys: [address], verified: true})
    expect(unreadableFirst).to.include({kind: 'internal', pinned: true})
    expect((await withPins({...internal, candidates: undefined}, {keys: [address], verified: true})).kind).to.equal('refused')
  })

  it('external without keys: a pinned key (encryption on or unsaid) makes it external with keys; X-PM-SIGN true alone, or encryption off, leaves it clear', async () => {
    const clear: Recipient = {email: 'pat@example.test', kind: 'external-clear'}
    expect(await withPins(clear, {keys: [sender], verified: true})).to.include({kind: 'external-keys', pinned: true})
    expect(await withPins(clear, {keys: [], sign: true, verified: true})).to.deep.equal(clear)
    expect(await withPins(clear, {encrypt: false, keys: [sender], verified: true})).to.deep.equal(clear)
    expect(await withPins(clear, undefined)).to.deep.equal(clear)
    expect(await withPins(clear, {keys: [], verified: true})).to.deep.equal(clear)
    const withKeys: Recipient = {email: 'pat@example.test', kind: 'external-keys'}
    expect(await withPins(withKeys, {keys: [sender], sign: true, verified: true})).to.deep.equal(withKeys)
  })

  it('signing: X-PM-SIGN and X-PM-SCHEME of a verified card over MailSettings.Sign and PGPScheme; only for external recipients', () => {
    const clear: Recipient = {email: 'pat@example.test', kind: 'external-clear'}
    const off = {scheme: 'pgp-mime' as const, sign: false}
    expect(signing(clear, undefined, off)).to.include({scheme: 'pgp-mime', sign: false})
    expect(signing(clear, undefined, {scheme: 'pgp-inline', sign: true})).to.include({scheme: 'pgp-inline', sign: true})
    expect(signing(clear, {keys: [], scheme: 'PGP-Inline', sign: true, verified: true}, off)).to.include({scheme: 'pgp-inline', sign: true})
    expect(signing(clear, {keys: [], sign: false, verified: true}, {scheme: 'pgp-mime', sign: true})).to.include({sign: false})
    // An unknown scheme, or a card that does not verify, says nothing.
    expect(signing(clear, {keys: [], scheme: 'smime', verified: true}, off)).to.include({scheme: 'pgp-mime', sign: false})
    expect(signing(clear, {keys: [], sign: true, verified: false}, off)).to.include({sign: false})
    // Encrypted mail is always signed; its scheme is the contact's or the account's.
    expect(signing({email: 'pat@example.test', kind: 'external-keys'}, {keys: [], scheme: 'pgp-inline', sign: false, verified: true}, off)).to.include({scheme: 'pgp-inline', sign: true})
    for (const kind of ['internal', 'refused'] as const)
      expect(signing({email: 'pat@example.test', kind}, {keys: [], sign: true, verified: true}, off)).to.deep.equal({email: 'pat@example.test', kind})
  })

  it('bodyType: X-PM-MIMETYPE text/plain of a verified card marks the recipient; text/html, an unknown type, no contact or a card that does not verify leave it as it is', () => {
    for (const kind of ['internal', 'external-clear', 'external-keys'] as const) {
      const recipient: Recipient = {email: 'pat@example.test', kind}
      expect(bodyType(recipient, {keys: [], mimeType: ' Text/Plain', verified: true})).to.deep.equal({...recipient, mimeType: 'text/plain'})
      expect(bodyType(recipient, undefined)).to.deep.equal(recipient)
      expect(bodyType(recipient, {keys: [], mimeType: 'text/html', verified: true})).to.deep.equal(recipient)
      expect(bodyType(recipient, {keys: [], mimeType: 'text/plain', verified: false})).to.deep.equal(recipient)
      expect(bodyType(recipient, {keys: [], mimeType: 'text/enriched', verified: true})).to.deep.equal(recipient)
    }

    expect(bodyType({email: 'pat@example.test', kind: 'refused'}, {keys: [], mimeType: 'text/plain', verified: true})).to.deep.equal({email: 'pat@example.test', kind: 'refused'})
  })

  it('externalKey: published keys sorted as the web client sorts them (pinned first, obsolete and compromised last); a pin that is not the published primary, or only unusable keys: refused; pinned only: the first pin', async () => {
    const published = (...entries: Array<[openpgp.PublicKey, number]>): Recipient => ({
      email: 'pat@example.test',
      kind: 'external-keys',
      published: entries.map(([key, flags]) => ({armored: key.armor(), flags})),
    })
    const fingerprint = async (recipient: Recipient) => (await openpgp.readKey({armoredKey: recipient.publicKey ?? ''})).getFingerprint()
    expect(await fingerprint(await externalKey(published([sender, 3], [address, 3]), undefined))).to.equal(sender.getFingerprint())
    // Obsolete (no NOT_OBSOLETE, 2) or compromised (no NOT_COMPROMISED, 1) sorted last.
    expect(await fingerprint(await externalKey(published([sender, 1], [address, 3]), undefined))).to.equal(address.getFingerprint())
    expect(await fingerprint(await externalKey(published([sender, 2], [address, 3]), undefined))).to.equal(address.getFingerprint())
    expect((await externalKey(published([sender, 1], [address, 2]), undefined)).reason).to.equal('its published keys are all compromised or obsolete')
    // The pinned one first; a pin the published keys do not hold: refused.
    const pinned = await externalKey(published([sender, 3], [address, 3]), {keys: [address], verified: true})
    expect(pinned).to.include({pinned: true})
    expect(await fingerprint(pinned)).to.equal(address.getFingerprint())
    const other = (await openpgp.generateKey({format: 'object', type: 'curve25519', userIDs: [{email: 'pat@example.test'}]})).publicKey
    expect(await externalKey(published([sender, 3]), {keys: [other], verified: true})).to.include({
      kind: 'refused',
      reason: 'the key pinned in its contact is not the key it publishes: check which is right, then update the contact',
    })
    // A pinned key that is compromised on the service: not used.
    expect((await externalKey(published([sender, 2], [address, 3]), {keys: [sender], verified: true})).kind).to.equal('refused')
    expect(await fingerprint(await externalKey({email: 'pat@example.test', kind: 'external-keys'}, {keys: [sender, address], verified: true}))).to.equal(sender.getFingerprint())
    // Pinned only: a pinned key that cannot encrypt (signing only) is passed over; none that can: refused.
    const cannot = (await openpgp.generateKey({format: 'object', subkeys: [{sign: true}], type: 'curve25519', userIDs: [{email: 'pat@example.test'}]})).publicKey
    expect(await fingerprint(await externalKey({email: 'pat@example.test', kind: 'external-keys'}, {keys: [cannot, address], verified: true}))).to.equal(address.getFingerprint())
    expect(await externalKey({email: 'pat@example.test', kind: 'external-keys'}, {keys: [cannot], verified: true})).to.include({
      kind: 'refused',
      reason: 'none of the keys pinned in its contact can encrypt',
    })
    expect(await externalKey({email: 'pat@example.test', kind: 'internal', publicKey: 'x'}, undefined)).to.deep.equal({email: 'pat@example.test', kind: 'internal', publicKey: 'x'})
  })

  it('a contact whose signature does not hold: refused, whatever its kind', async () => {
    for (const kind of ['internal', 'external-clear'] as const) {
      const result = await withPins({email: 'pat@example.test', kind}, {keys: [], verified: false})
      expect(result.kind).to.equal('refused')
      expect(result.reason).to.match(/signature of its contact's card does not hold/)
    }

    const refused: Recipient = {email: 'pat@example.test', kind: 'refused', reason: 'no such address'}
    expect(await withPins(refused, {keys: [], verified: false})).to.deep.equal(refused)
  })
})

describe('send/pinned-keys: cards signed by GnuPG (ed25519/cv25519 keys, as Proton makes them)', () => {
  const gnupg = gnupgHome('pinned-keys-gpg-')
  const {gpg, makeKey} = gnupg
  let user: openpgp.PrivateKey
  const contactKey = () => gpg(['--export', 'pat@example.test']).stdout.toString('base64')
  const card = (data: string, signer = 'user@test.invalid') => ({
    Data: data,
    Signature: gpg(['--armor', '--textmode', '--local-user', signer, '--detach-sign', '--output', '-'], data).stdout.toString(),
    Type: 2,
  })
  const vcard = () => ['BEGIN:VCARD', 'VERSION:4.0', 'FN:Pat', 'ITEM1.EMAIL:pat@example.test', `ITEM1.KEY:data:application/pgp-keys;base64,${contactKey()}`, 'END:VCARD', ''].join('\r\n')

  before(async () => {
    gnupg.open()
    for (const email of ['user@test.invalid', 'mallory@test.invalid', 'pat@example.test']) makeKey(email)
    user = await openpgp.readPrivateKey({armoredKey: gpg(['--armor', '--export-secret-keys', 'user@test.invalid']).stdout.toString()})
  })
  after(() => gnupg.close())

  it('a card GnuPG signed with the user key: verified, its pinned key is the one GnuPG exported, and it makes a clear recipient PGP', async () => {
    const pinned = await pinnedInCard('pat@example.test', card(vcard()), [user])
    expect(pinned?.verified).to.equal(true)
    expect(pinned?.keys.map((key) => key.getFingerprint().toUpperCase())).to.deep.equal([gnupg.fingerprint('pat@example.test')])
    expect(await withPins({email: 'pat@example.test', kind: 'external-clear'}, pinned)).to.include({kind: 'external-keys', pinned: true})
  })

  it('a card signed by another key (a forged contact), or its signature tampered: not verified, and the recipient refused', async () => {
    const forged = await pinnedInCard('pat@example.test', card(vcard(), 'mallory@test.invalid'), [user])
    expect(forged?.verified).to.equal(false)
    const signed = card(vcard())
    const binary = gpg(['--dearmor'], signed.Signature).stdout
    binary[binary.length - 5] ^= 1
    const tampered = await pinnedInCard('pat@example.test', {...signed, Signature: gpg(['--enarmor'], binary).stdout.toString().replaceAll('ARMORED FILE', 'SIGNATURE')}, [user])
    expect(tampered?.verified).to.equal(false)
    for (const pinned of [forged, tampered]) expect(await withPins({email: 'pat@example.test', kind: 'external-clear'}, pinned)).to.include({kind: 'refused'})
  })
})
