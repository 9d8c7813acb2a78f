/**
 * The sandbox answers the requests Proton's official clients send, in the
 * shapes they send them, with the answers they read. Each request below is
 * written from the client it names:
 *
 * - go-proton-api: label.go (GetLabels one Type per request, CreateLabel,
 *   UpdateLabel, DeleteLabel), label_types.go (CreateLabelReq with ParentID
 *   omitted when empty, Path "a/b"), message.go (GetMessageMetadataPage and
 *   countMessages: POST /mail/v4/messages with X-HTTP-Method-Override: GET),
 *   paging.go (maxPageSize 150), calendar.go (GetCalendarKeys), server/labels.go
 *   (Type read as a list).
 * - WebClients: packages/shared/lib/api/labels.ts (create, updateLabel),
 *   api/messages.ts (queryMessageMetadata: Sort "Time", Desc 1 by default),
 *   api/calendars.ts + calendar/crypto/keys/setupCalendarHelper.ts
 *   (createCalendar then setupCalendar with CalendarSetupData),
 *   interfaces/calendar/Calendar.ts + CalendarMember.ts (the calendar's
 *   shape), calendar/constants.ts (CALENDAR_FLAGS), interfaces/drive/volume.ts.
 */
import {expect} from 'chai'

import type {StoredSession} from '../../src/lib/session/store.ts'
import {type Harness, startHarness} from './harness.ts'

const INCOMPLETE_SETUP = 8
const ACTIVE = 1
type Json = Record<string, unknown>

describe('sandbox: the official clients’ requests', () => {
  let harness: Harness
  let session: StoredSession
  let primaryAddress: string
  const call = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => harness.call(method, path, {body, headers, session})

  before(async () => {
    harness = await startHarness()
    session = await harness.login()
    primaryAddress = ((await call('GET', '/core/v4/addresses')).json!.Addresses as {ID: string}[])[0].ID
  })
  after(() => harness.close())

  describe('labels at /core/v4/labels', () => {
    it('go-proton-api GetLabels: GET ?Type=1, then ?Type=3, each answering only that type', async () => {
      const labels = (await call('GET', '/core/v4/labels?Type=1')).json!.Labels as Json[]
      const folders = (await call('GET', '/core/v4/labels?Type=3')).json!.Labels as Json[]
      expect(labels.map((label) => label.Name)).to.include.members(['Work', 'Family'])
      expect(labels.every((label) => label.Type === 1)).to.equal(true)
      expect(folders.map((folder) => folder.Path)).to.include.members(['Invoices', 'Invoices/2024'])
      expect(folders.every((folder) => folder.Type === 3)).to.equal(true)
    })

    it('Type repeated (go-proton-api’s server reads a list): the union, in one answer', async () => {
      const both = (await call('GET', '/core/v4/labels?Type=1&Type=3')).json!.Labels as Json[]
      expect(new Set(both.map((label) => label.Type))).to.deep.equal(new Set([1, 3]))
    })

    it('system folders (Type 4) are listed with their fixed IDs and refuse deletion', async () => {
      const system = (await call('GET', '/core/v4/labels?Type=4')).json!.Labels as Json[]
      expect(system.find((label) => label.ID === '0')).to.include({Name: 'Inbox', Path: 'Inbox', Type: 4})
      const answer = await call('DELETE', '/core/v4/labels/0')
      expect(answer.status).to.equal(422)
      expect(answer.json).to.include({Code: 2011})
    })

    it('go-proton-api CreateLabelReq: a folder under a folder gets ParentID and the Path "Parent/Child"', async () => {
      const parent = (await call('POST', '/core/v4/labels', {Color: '#54473F', Name: 'Projects', Type: 3})).json!.Label as Json
      expect(parent).to.include({Name: 'Projects', Path: 'Projects', Type: 3})
      expect(parent).not.to.have.property('ParentID')
      const child = await call('POST', '/core/v4/labels', {Color: '#54473F', Name: 'Sub', ParentID: parent.ID, Type: 3})
      expect(child.status).to.equal(200)
      expect(child.json!.Label).to.include({Name: 'Sub', ParentID: parent.ID, Path: 'Projects/Sub'})
      const listed = (await call('GET', '/core/v4/labels?Type=3')).json!.Labels as Json[]
      expect(listed.find((folder) => folder.ID === (child.json!.Label as Json).ID)).to.include({Path: 'Projects/Sub'})
    })

    it('WebClients create: Notify, Expanded and ParentID 0 (no parent) as it sends them', async () => {
      const answer = await call('POST', '/core/v4/labels', {Color: '#179FD9', Expanded: 1, Name: 'Top', Notify: 0, ParentID: 0, Type: 3})
      expect(answer.status).to.equal(200)
      expect(answer.json!.Label).to.include({Expanded: 1, Notify: 0, Path: 'Top'})
      expect(answer.json!.Label).not.to.have.property('ParentID')
    })

    it('the same name under two parents is allowed; twice under one parent is 409 / 2500', async () => {
      const [a, b] = await Promise.all(['A', 'B'].map(async (name) => (await call('POST', '/core/v4/labels', {Color: '#8080FF', Name: `Twin ${name}`, Type: 3})).json!.Label as Json))
      for (const parent of [a, b]) expect((await call('POST', '/core/v4/labels', {Color: '#8080FF', Name: 'Same', ParentID: parent.ID, Type: 3})).status).to.equal(200)
      const again = await call('POST', '/core/v4/labels', {Color: '#8080FF', Name: 'SAME', ParentID: a.ID, Type: 3})
      expect(again.status).to.equal(409)
      expect(again.json).to.include({Code: 2500})
    })

    it('UpdateLabel (PUT): renaming or moving a folder rebuilds the Path of everything under it; no cycles', async () => {
      const top = (await call('POST', '/core/v4/labels', {Color: '#8080FF', Name: 'Old', Type: 3})).json!.Label as Json
      const mid = (await call('POST', '/core/v4/labels', {Color: '#8080FF', Name: 'Mid', ParentID: top.ID, Type: 3})).json!.Label as Json
      const leaf = (await call('POST', '/core/v4/labels', {Color: '#8080FF', Name: 'Leaf', ParentID: mid.ID, Type: 3})).json!.Label as Json
      const renamed = await call('PUT', `/core/v4/labels/${String(top.ID)}`, {Color: '#DB60D6', Name: 'New'})
      expect(renamed.json!.Label).to.include({Color: '#DB60D6', Name: 'New', Path: 'New'})
      const folders = async () => (await call('GET', '/core/v4/labels?Type=3')).json!.Labels as Json[]
      expect((await folders()).find((folder) => folder.ID === leaf.ID)).to.include({Path: 'New/Mid/Leaf'})
      const moved = await call('PUT', `/core/v4/labels/${String(mid.ID)}`, {Color: '#8080FF', Name: 'Mid', ParentID: 0})
      expect(moved.json!.Label).to.include({Path: 'Mid'})
      expect((await folders()).find((folder) => folder.ID === leaf.ID)).to.include({Path: 'Mid/Leaf'})
      const cycle = await call('PUT', `/core/v4/labels/${String(mid.ID)}`, {Color: '#8080FF', Name: 'Mid', ParentID: leaf.ID})
      expect(cycle.status).to.equal(422)
    })

    it('DeleteLabel: a folder takes the folders under it along', async () => {
      const top = (await call('POST', '/core/v4/labels', {Color: '#8080FF', Name: 'Doomed', Type: 3})).json!.Label as Json
      const child = (await call('POST', '/core/v4/labels', {Color: '#8080FF', Name: 'Child', ParentID: top.ID, Type: 3})).json!.Label as Json
      expect((await call('DELETE', `/core/v4/labels/${String(top.ID)}`)).json).to.deep.equal({Code: 1000})
      const ids = ((await call('GET', '/core/v4/labels?Type=3')).json!.Labels as Json[]).map((folder) => folder.ID)
      expect(ids).not.to.include(top.ID)
      expect(ids).not.to.include(child.ID)
    })
  })

  describe('messages', () => {
    it('WebClients queryMessageMetadata: Sort=Time&Desc=1, LabelID 0, newest first, Stale 0', async () => {
      const {json} = await call('GET', '/mail/v4/messages?Page=0&PageSize=50&LabelID=0&Sort=Time&Desc=1')
      const times = (json!.Messages as Json[]).map((message) => Number(message.Time))
      expect(times).to.have.length(7)
      expect(times).to.deep.equal([...times].sort((a, b) => b - a))
      expect(json).to.include({Code: 1000, Stale: 0, Total: 7})
      const ascending = (await call('GET', '/mail/v4/messages?LabelID=0&Sort=Time&Desc=0')).json!.Messages as Json[]
      expect(ascending.map((message) => Number(message.Time))).to.deep.equal([...times].reverse())
    })

    it('LabelID narrows to that label (starred "10", a label of the account)', async () => {
      expect((await call('GET', '/mail/v4/messages?LabelID=10')).json).to.include({Total: 1})
      const work = ((await call('GET', '/core/v4/labels?Type=1')).json!.Labels as Json[]).find((label) => label.Name === 'Work')!
      const answer = (await call('GET', `/mail/v4/messages?LabelID=${encodeURIComponent(String(work.ID))}`)).json!
      expect(answer.Total).to.equal(1)
      expect((answer.Messages as Json[])[0]).to.include({Subject: 'Team lunch on Friday?'})
    })

    it('go-proton-api GetMessageMetadataPage: POST with X-HTTP-Method-Override: GET, the filter as JSON, 150 at most', async () => {
      const override = {'x-http-method-override': 'GET'}
      const page = await call('POST', '/mail/v4/messages', {Desc: 0, LabelID: '0', Page: 0, PageSize: 150, Sort: 'ID'}, override)
      expect(page.status).to.equal(200)
      const ids = (page.json!.Messages as Json[]).map((message) => String(message.ID))
      expect(ids).to.have.length(7)
      expect(ids).to.deep.equal([...ids].sort((a, b) => a.localeCompare(b)))
      expect(page.json).to.include({Stale: 0})
      const chosen = await call('POST', '/mail/v4/messages', {Desc: 0, ID: ids.slice(0, 2), Page: 0, PageSize: 150, Sort: 'ID'}, override)
      expect((chosen.json!.Messages as Json[]).map((message) => message.ID)).to.deep.equal(ids.slice(0, 2))
      const tooBig = await call('POST', '/mail/v4/messages', {Page: 0, PageSize: 151}, override)
      expect(tooBig.status).to.equal(422)
    })

    it('go-proton-api countMessages: Limit "0" (a string) answers the Total and no messages', async () => {
      const answer = await call('POST', '/mail/v4/messages', {Desc: 0, Limit: '0'}, {'x-http-method-override': 'GET'})
      expect(answer.json).to.include({Total: 7})
      expect(answer.json!.Messages).to.deep.equal([])
    })

    it('POST without the override is no listing: 422', async () => {
      const answer = await call('POST', '/mail/v4/messages', {Page: 0})
      expect(answer.status).to.equal(422)
    })
  })

  describe('calendars', () => {
    it('WebClients createCalendar: {Name, Color, Description, Display, AddressID} answers today’s shape, flagged INCOMPLETE_SETUP', async () => {
      const body = {AddressID: primaryAddress, Color: '#7272a7', Description: 'Team dates', Display: 1, Name: 'Team'}
      const answer = await call('POST', '/calendar/v1', body)
      expect(answer.status).to.equal(200)
      const calendar = answer.json!.Calendar as Json
      expect(calendar).to.have.keys('ID', 'Type', 'Owner', 'Members')
      expect(calendar).to.include({Type: 0})
      expect(calendar.Owner).to.deep.equal({Email: 'demo@proton.test'})
      const [member] = calendar.Members as Json[]
      expect(member).to.have.keys('ID', 'CalendarID', 'AddressID', 'Email', 'Flags', 'Permissions', 'Name', 'Description', 'Color', 'Display', 'Priority')
      expect(member).to.include({...body, CalendarID: calendar.ID, Email: 'demo@proton.test', Permissions: 127})
      expect(Number(member.Flags) & INCOMPLETE_SETUP).to.equal(INCOMPLETE_SETUP)
    })

    it('the seeded calendar is set up already: no INCOMPLETE_SETUP, one primary key', async () => {
      const [seeded] = (await call('GET', '/calendar/v1')).json!.Calendars as Json[]
      const [member] = seeded.Members as Json[]
      expect(member).to.include({Flags: ACTIVE, Name: 'My calendar'})
      const keys = (await call('GET', `/calendar/v1/${String(seeded.ID)}/keys`)).json!.Keys as Json[]
      expect(keys).to.have.length(1)
      expect(keys[0]).to.include({CalendarID: seeded.ID, Flags: 3})
    })

    describe('WebClients setupCalendar: POST /calendar/v1/{id}/keys with CalendarSetupData', () => {
      let calendarId: string
      const setup = () => ({
        AddressID: primaryAddress,
        Passphrase: {DataPacket: Buffer.from('data packet').toString('base64'), KeyPacket: Buffer.from('key packet').toString('base64')},
        PrivateKey: '-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nxVgE\n-----END PGP PRIVATE KEY BLOCK-----\n',
        Signature: '-----BEGIN PGP SIGNATURE-----\n\nwnUE\n-----END PGP SIGNATURE-----\n',
      })

      before(async () => {
        const created = await call('POST', '/calendar/v1', {AddressID: primaryAddress, Color: '#DB60D6', Description: '', Display: 1, Name: 'Keys later'})
        calendarId = String((created.json!.Calendar as Json).ID)
      })

      const refusals: Array<[string, (body: Json) => unknown, number, number]> = [
        ['another address', (body) => ({...body, AddressID: 'not-this-one'}), 422, 2061],
        ['no Passphrase', (body) => ({...body, Passphrase: undefined}), 422, 2000],
        ['a KeyPacket that is not base64', (body) => ({...body, Passphrase: {...(body.Passphrase as Json), KeyPacket: 'not base64!'}}), 422, 2000],
        ['a PrivateKey that is not armored', (body) => ({...body, PrivateKey: 'xVgE'}), 422, 2000],
        ['no Signature', (body) => ({...body, Signature: undefined}), 422, 2000],
      ]
      for (const [what, change, status, code] of refusals) {
        it(`refuses ${what} (${status} / ${code}) and the calendar stays incomplete`, async () => {
          const answer = await call('POST', `/calendar/v1/${calendarId}/keys`, change(setup()))
          expect(answer.status).to.equal(status)
          expect(answer.json).to.include({Code: code})
          const calendar = (await call('GET', `/calendar/v1/${calendarId}`)).json!.Calendar as {Members: Json[]}
          expect(Number(calendar.Members[0].Flags) & INCOMPLETE_SETUP).to.equal(INCOMPLETE_SETUP)
        })
      }

      it('answers {Key, Passphrase}; the member loses INCOMPLETE_SETUP (the Flags the web client copies); a second setup is 409', async () => {
        const answer = await call('POST', `/calendar/v1/${calendarId}/keys`, setup())
        expect(answer.status).to.equal(200)
        const {Key: key, Passphrase: passphrase} = answer.json as {Key: Json; Passphrase: Json}
        expect(key).to.include({CalendarID: calendarId, Flags: 3, PassphraseID: passphrase.ID, PrivateKey: setup().PrivateKey})
        expect(passphrase.Flags).to.equal(ACTIVE)
        const [memberPassphrase] = passphrase.MemberPassphrases as Json[]
        expect(String(memberPassphrase.Passphrase)).to.match(/^-----BEGIN PGP MESSAGE-----\n/)
        expect(memberPassphrase.Signature).to.equal(setup().Signature)
        const listed = ((await call('GET', '/calendar/v1')).json!.Calendars as Array<{ID: string; Members: Json[]}>).find((calendar) => calendar.ID === calendarId)!
        expect(listed.Members[0].Flags).to.equal(passphrase.Flags)
        expect(memberPassphrase.MemberID).to.equal(listed.Members[0].ID)
        const again = await call('POST', `/calendar/v1/${calendarId}/keys`, setup())
        expect(again.status).to.equal(409)
        expect(again.json).to.include({Code: 2500})
      })

      it('an unknown calendar: 404 / 2501', async () => {
        const answer = await call('POST', '/calendar/v1/no-such-calendar/keys', setup())
        expect(answer.status).to.equal(404)
        expect(answer.json).to.include({Code: 2501})
      })
    })
  })

  it('WebClients DriveVolume: a regular (Type 1) and a photos (Type 2) volume, both active (State 1)', async () => {
    const volumes = (await call('GET', '/drive/volumes')).json!.Volumes as Json[]
    expect(volumes.map((volume) => [volume.Type, volume.State])).to.deep.equal([
      [1, 1],
      [2, 1],
    ])
    for (const volume of volumes) expect(volume).to.include.keys('CreateTime', 'ModifyTime', 'UsedSpace', 'Share', 'RestoreStatus')
  })
})
