import {expect} from 'chai'

import {LABEL_TYPE} from '../../../src/lib/contract/contract.ts'
import type {StoredSession} from '../../../src/lib/session/store.ts'
import {type Harness, startHarness} from '../harness.ts'

describe('sandbox routes', () => {
  let harness: Harness
  let session: StoredSession
  const get = (path: string) => harness.call('GET', path, {session})

  before(async () => {
    harness = await startHarness()
    session = await harness.login()
  })
  after(() => harness.close())

  it('GET /core/v4/users: the account', async () => {
    const answer = await get('/core/v4/users')
    expect(answer.status).to.equal(200)
    expect(answer.json).to.include({Code: 1000})
    expect(answer.json!.User).to.include({Email: 'demo@proton.test', Name: 'demo'})
  })

  it('GET /core/v4/addresses: an original address and an alias, enabled', async () => {
    const {json} = await get('/core/v4/addresses')
    const addresses = json!.Addresses as Record<string, unknown>[]
    expect(json!.Total).to.equal(2)
    expect(addresses.map((address) => address.Type)).to.deep.equal([1, 2])
    for (const address of addresses) expect(address).to.include({Status: 1}).and.to.have.property('ID').that.is.a('string')
  })

  it('GET /drive/volumes: one volume with its share', async () => {
    const {json} = await get('/drive/volumes')
    const [volume] = json!.Volumes as Record<string, unknown>[]
    expect(volume.VolumeID).to.be.a('string').and.equal(volume.ID)
    expect(volume.Share).to.have.keys('ID', 'LinkID', 'ShareID')
  })

  describe('GET /mail/v4/messages', () => {
    it('pages zero-based through the seven messages', async () => {
      const sizes: number[] = []
      for (let page = 0; page < 5; page++) {
        const {json} = await get(`/mail/v4/messages?Page=${page}&PageSize=2`)
        expect(json!.Total).to.equal(7)
        sizes.push((json!.Messages as unknown[]).length)
      }

      expect(sizes).to.deep.equal([2, 2, 2, 1, 0])
    })

    it('answers all seven by default, each with ID, Subject and the inbox label', async () => {
      const {json} = await get('/mail/v4/messages')
      const messages = json!.Messages as Record<string, unknown>[]
      expect(messages).to.have.length(7)
      expect(new Set(messages.map((message) => message.ID)).size).to.equal(7)
      for (const message of messages) expect(message.LabelIDs).to.include('0')
    })

    it('filters by LabelID', async () => {
      const {json} = await get('/mail/v4/messages?LabelID=3')
      expect(json).to.include({Total: 0})
    })

    for (const query of ['Page=-1', 'Page=x', 'PageSize=0', 'PageSize=151', 'PageSize=1e3', 'Page=99999999999']) {
      it(`refuses ${query} with 422 and Code 2000`, async () => {
        const answer = await get(`/mail/v4/messages?${query}`)
        expect(answer.status).to.equal(422)
        expect(answer.json).to.include({Code: 2000})
      })
    }
  })

  for (const prefix of ['/mail/v4/labels', '/core/v4/labels']) {
    describe(`labels at ${prefix}`, () => {
      it('lists labels, folders and contact groups of known types, filtered by Type', async () => {
        const all = (await get(prefix)).json!.Labels as Record<string, unknown>[]
        for (const label of all) expect(Object.keys(LABEL_TYPE)).to.include(String(label.Type))
        const folders = (await get(`${prefix}?Type=3`)).json!.Labels as Record<string, unknown>[]
        expect(folders.length).to.be.greaterThan(0)
        expect(folders.every((label) => label.Type === 3)).to.equal(true)
        expect((await get(`${prefix}?Type=9`)).status).to.equal(422)
      })

      it('creates, lists, refuses a duplicate, deletes, then answers 404 for the deleted id', async () => {
        const body = {Color: '#8080FF', Name: `Receipts ${prefix}`, Type: 1}
        const created = await harness.call('POST', prefix, {body, session})
        expect(created.status).to.equal(200)
        const label = created.json!.Label as Record<string, unknown>
        expect(label).to.include(body)
        const listed = (await get('/mail/v4/labels')).json!.Labels as Record<string, unknown>[]
        expect(listed.map((item) => item.ID)).to.include(label.ID)
        const duplicate = await harness.call('POST', prefix, {body: {...body, Name: body.Name.toUpperCase()}, session})
        expect(duplicate.status).to.equal(409)
        expect(duplicate.json).to.include({Code: 2500})
        const path = `${prefix}/${encodeURIComponent(String(label.ID))}`
        expect((await harness.call('DELETE', path, {session})).json).to.deep.equal({Code: 1000})
        const again = await harness.call('DELETE', path, {session})
        expect(again.status).to.equal(404)
        expect(again.json).to.include({Code: 2501})
      })

      it('allows the same name for another type', async () => {
        const answer = await harness.call('POST', prefix, {body: {Color: '#8080FF', Name: 'Work', Type: 3}, session})
        expect(answer.status).to.equal(200)
        await harness.call('DELETE', `${prefix}/${String((answer.json!.Label as {ID: string}).ID)}`, {session})
      })
    })
  }

  describe('calendars', () => {
    it('lists calendars with ID, and creates one for an address of the account', async () => {
      const before = (await get('/calendar/v1')).json!.Calendars as Record<string, unknown>[]
      expect(before.length).to.be.greaterThan(0)
      for (const calendar of before) expect(calendar.ID).to.be.a('string')
      const [, alias] = (await get('/core/v4/addresses')).json!.Addresses as {ID: string}[]
      const body = {AddressID: alias.ID, Color: '#7272a7', Display: 0, Name: 'Work'}
      const created = await harness.call('POST', '/calendar/v1', {body, session})
      expect(created.status).to.equal(200)
      const calendar = created.json!.Calendar as {ID: string; Members: Record<string, unknown>[]}
      expect(calendar.Members[0]).to.include(body)
      const after = (await get('/calendar/v1')).json!.Calendars as Record<string, unknown>[]
      expect(after.map((item) => item.ID)).to.include(calendar.ID)
    })
  })

  it('answers an unknown path with 404 and a JSON envelope', async () => {
    const answer = await get('/core/v4/nothing-here')
    expect(answer.status).to.equal(404)
    expect(answer.headers.get('content-type')).to.match(/^application\/json/)
    expect(answer.json).to.include({Code: 2501})
  })

  it('answers a known path with the wrong method with 405, its Allow header and Code 2011', async () => {
    const answer = await harness.call('PUT', '/core/v4/users', {session})
    expect(answer.status).to.equal(405)
    expect(answer.headers.get('allow')).to.equal('GET')
    expect(answer.json).to.include({Code: 2011})
  })
})
