/** The sandbox's drafts and sends (src/sandbox/backend/outbox.ts): what a send must carry, and no clear package for an address with keys. */
import {expect} from 'chai'
import * as openpgp from 'openpgp'

import type {StoredSession} from '../../../src/lib/session/store.ts'
import {type Harness, startHarness} from '../harness.ts'

describe('sandbox outbox: drafts and sends', () => {
  let harness: Harness
  let session: StoredSession
  let addressId = ''
  const sessionKey = {algorithm: 'aes256' as const, data: new Uint8Array(32).fill(3)}
  let dataPacket = ''
  let armored = ''
  before(async () => {
    harness = await startHarness()
    session = await harness.login()
    const addresses = (await harness.call('GET', '/core/v4/addresses', {session})).json as {Addresses: Array<{ID: string; Email: string}>}
    addressId = addresses.Addresses[0].ID
    const key = (await openpgp.generateKey({curve: 'curve25519Legacy', format: 'object', type: 'ecc', userIDs: [{email: 't@example.test'}]})).publicKey
    const encrypted = (await openpgp.encrypt({encryptionKeys: key, format: 'binary', message: await openpgp.createMessage({text: 'clear body'}), sessionKey})) as Uint8Array
    const keyPacket = (await openpgp.readMessage({binaryMessage: encrypted})).packets.filterByTag(openpgp.enums.packet.publicKeyEncryptedSessionKey).write() as Uint8Array
    dataPacket = Buffer.from(encrypted.subarray(keyPacket.length)).toString('base64')
    armored = openpgp.armor(openpgp.enums.armor.message, encrypted)
  })
  after(() => harness.close())

  const draft = async (to: string[]) => {
    const body = {Message: {AddressID: addressId, BCCList: [], Body: armored, CCList: [], MIMEType: 'text/plain', Subject: 'S', ToList: to.map((Address) => ({Address, Name: ''}))}}
    const answer = await harness.call('POST', '/mail/v4/messages', {body, session})
    expect(answer.status, answer.text).to.equal(200)
    return (answer.json as {Message: {ID: string}}).Message.ID
  }
  const send = (id: string, Addresses: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    harness.call('POST', `/mail/v4/messages/${id}`, {body: {Packages: [{Addresses, Body: dataPacket, MIMEType: 'text/plain', Type: 4, ...extra}]}, session})
  const bodyKey = {Algorithm: 'aes256', Key: Buffer.from(sessionKey.data).toString('base64')}

  it('refuses a draft from an address not of the account, or without an armored body', async () => {
    for (const Message of [
      {AddressID: 'nope', Body: armored},
      {AddressID: addressId, Body: 'plain'},
    ]) {
      expect((await harness.call('POST', '/mail/v4/messages', {body: {Message}, session})).status).to.equal(422)
    }
  })

  it('refuses a send that leaves a recipient out, names one more, or sends in clear to an address with keys', async () => {
    const id = await draft(['x@example.test'])
    expect((await send(id, {}, {BodyKey: bodyKey})).json).to.deep.include({Error: 'No package for x@example.test'})
    expect((await send(id, {'x@example.test': {Signature: 0, Type: 4}, 'y@example.test': {Signature: 0, Type: 4}}, {BodyKey: bodyKey})).json).to.deep.include({
      Error: 'Unexpected package address y@example.test',
    })
    const internal = await draft(['demo.alias@proton.test'])
    expect((await send(internal, {'demo.alias@proton.test': {Signature: 0, Type: 4}}, {BodyKey: bodyKey})).json).to.deep.include({
      Error: 'demo.alias@proton.test is internal: a clear package is refused',
    })
    const withKeys = await draft(['billing@shop.test'])
    expect((await send(withKeys, {'billing@shop.test': {Signature: 0, Type: 4}}, {BodyKey: bodyKey})).json).to.deep.include({Error: 'billing@shop.test has keys: a clear package is refused'})
  })

  it('signed and PGP entries as the service takes them: a signature that holds, Type 32 and 16 in multipart/mixed, 8 in text/plain, signed, key packets, never internal', async () => {
    const id = await draft(['x@example.test'])
    const error = async (entry: Record<string, unknown>, mimeType = 'text/plain') => (await send(id, {'x@example.test': entry}, {BodyKey: bodyKey, MIMEType: mimeType})).json
    // The body here is not signed: a signed clear entry is refused.
    expect(await error({Signature: 1, Type: 4})).to.deep.include({Error: 'BodyKey: the session key does not open it, or its signature does not hold'})
    expect(await error({Signature: 1, Type: 32})).to.deep.include({Error: 'x@example.test: Type 32 does not go in a text/plain package'})
    expect(await error({Signature: 0, Type: 32}, 'multipart/mixed')).to.deep.include({Error: 'x@example.test: a ClearMIME package is signed (Signature 1)'})
    expect(await error({Signature: 1, Type: 32}, 'multipart/mixed')).to.deep.include({Error: 'BodyKey: the session key does not open it, or its signature does not hold'})
    expect(await error({BodyKeyPacket: 'AA==', Signature: 1, Type: 16})).to.deep.include({Error: 'x@example.test: Type 16 goes in a multipart/mixed package'})
    expect(await error({BodyKeyPacket: 'AA==', Signature: 1, Type: 8}, 'multipart/mixed')).to.deep.include({Error: 'x@example.test: Type 8 goes in a text/plain package'})
    expect(await error({BodyKeyPacket: 'AA==', Signature: 0, Type: 8})).to.deep.include({Error: 'x@example.test: a PGP package is signed (Signature 1)'})
    expect(await error({Signature: 1, Type: 16}, 'multipart/mixed')).to.deep.include({Error: 'x@example.test: BodyKeyPacket is required'})
    const internal = await draft(['demo.alias@proton.test'])
    const toInternal = await send(internal, {'demo.alias@proton.test': {BodyKeyPacket: 'AA==', Signature: 1, Type: 16}}, {MIMEType: 'multipart/mixed'})
    expect(toInternal.json).to.deep.include({Error: 'demo.alias@proton.test is internal: a PGP package is refused'})
    // Taken: the draft is sent.
    expect((await send(id, {'x@example.test': {BodyKeyPacket: 'AA==', Signature: 1, Type: 16}}, {MIMEType: 'multipart/mixed'})).status).to.equal(200)
  })

  it('a clear package must open with its BodyKey; then the plain mail is kept, the draft is sent, and once only', async () => {
    const id = await draft(['x@example.test'])
    const wrong = await send(id, {'x@example.test': {Signature: 0, Type: 4}}, {BodyKey: {...bodyKey, Key: Buffer.alloc(32).toString('base64')}})
    expect(wrong.json).to.deep.include({Error: 'BodyKey: the session key does not open it'})
    const sent = await send(id, {'x@example.test': {Signature: 0, Type: 4}}, {BodyKey: bodyKey})
    expect(sent.status, sent.text).to.equal(200)
    expect((sent.json as {Sent: {Flags: number; LabelIDs: string[]}}).Sent)
      .to.include({Flags: 2})
      .and.to.have.property('LabelIDs')
      .that.includes('2')
    const outbox = (await harness.call('GET', '/__sandbox/sent')).json as {Mail: Array<{MessageID: string; Body: string; Recipient: string}>}
    expect(outbox.Mail.find((mail) => mail.MessageID === id)).to.include({Body: 'clear body', Recipient: 'x@example.test'})
    expect((await send(id, {'x@example.test': {Signature: 0, Type: 4}}, {BodyKey: bodyKey})).json).to.deep.include({Code: 2500, Error: 'Message has already been sent'})
  })
})
