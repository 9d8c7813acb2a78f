import {expect} from 'chai'
import * as openpgp from 'openpgp'

import {keyPassphrase} from '../../../src/lib/keys/passphrase.ts'
import {KEY_FIXTURE} from '../../../src/lib/sandbox/key-fixture.ts'
import {pinnedInCard, withPins} from '../../../src/lib/send/pinned-keys.ts'
import type {Recipient} from '../../../src/lib/send/recipients.ts'

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
    const pinned = await pinnedInCard('Pat@Example.test', await card([
      'ITEM1.EMAIL;PREF=1:pat@example.test', `ITEM1.KEY;PREF=2:${uri(sender)}`, `ITEM1.KEY;PREF=1:${uri(address)}`, 'ITEM1.X-PM-ENCRYPT:false', 'ITEM1.X-PM-SCHEME:pgp-inline',
      'ITEM2.EMAIL;PREF=2:other@example.test', `ITEM2.KEY:${uri(sender)}`, 'ITEM2.X-PM-SIGN:true',
    ]), [userKey])
    expect(pinned?.verified).to.equal(true)
    expect(pinned?.keys.map((key) => key.getFingerprint())).to.deep.equal([address.getFingerprint(), sender.getFingerprint()])
    expect(pinned).to.include({encrypt: false, scheme: 'pgp-inline', sign: undefined})
    expect(await pinnedInCard('nobody@example.test', await card(['ITEM1.EMAIL:pat@example.test']), [userKey])).to.equal(undefined)
  })

  it('a card changed after it was signed is not verified; a KEY that is not a key is left out', async () => {
    expect((await pinnedInCard('pat@example.test', await card(['ITEM1.EMAIL:pat@example.test', `ITEM1.KEY:${uri(sender)}`], true), [userKey]))?.verified).to.equal(false)
    const pinned = await pinnedInCard('pat@example.test', await card(['ITEM1.EMAIL:pat@example.test', 'ITEM1.KEY:data:application/pgp-keys;base64,AAAA']), [userKey])
    expect(pinned?.keys).to.deep.equal([])
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
  })

  it('external without keys: a pinned key (encryption on or unsaid) or X-PM-SIGN true makes it external with keys; both off leave it clear', async () => {
    const clear: Recipient = {email: 'pat@example.test', kind: 'external-clear'}
    expect(await withPins(clear, {keys: [sender], verified: true})).to.include({kind: 'external-keys', pinned: true})
    expect(await withPins(clear, {keys: [], sign: true, verified: true})).to.include({kind: 'external-keys'})
    expect(await withPins(clear, {encrypt: false, keys: [sender], verified: true})).to.deep.equal(clear)
    expect(await withPins(clear, undefined)).to.deep.equal(clear)
  })

  it('a contact whose signature does not hold: refused, whatever its kind', async () => {
    for (const kind of ['internal', 'external-clear'] as const) {
      const result = await withPins({email: 'pat@example.test', kind}, {keys: [], verified: false})
      expect(result.kind).to.equal('refused')
      expect(result.reason).to.match(/signature of its contact's card does not hold/)
    }
  })
})
