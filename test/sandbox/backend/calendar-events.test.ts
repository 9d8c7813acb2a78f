/** The sandbox's calendar events routes in the web client's shapes (in-process sandbox). */
import {expect} from 'chai'

import {CALENDAR_FIXTURE} from '../../../src/sandbox/fixtures/calendar-fixture.ts'
import type {StoredSession} from '../../../src/lib/session/store.ts'
import {type Harness, startHarness} from '../harness.ts'

type Json = Record<string, unknown>
const MARCH = {End: String(Date.parse('2025-04-01T00:00:00Z') / 1000), Start: String(Date.parse('2025-03-01T00:00:00Z') / 1000)}

describe('sandbox: calendar events (queryEvents, getEvent, syncMultipleEvents)', () => {
  let harness: Harness
  let session: StoredSession
  let calendarId = ''
  let memberId = ''
  const call = (method: string, path: string, body?: unknown) => harness.call(method, path, {body, session})
  const query = (params: Record<string, string>) => call('GET', `/calendar/v1/${calendarId}/events?${new URLSearchParams({...MARCH, Timezone: 'UTC', ...params})}`)

  before(async () => {
    harness = await startHarness()
    session = await harness.login()
    const [calendar] = (await call('GET', '/calendar/v1')).json!.Calendars as Json[]
    calendarId = String(calendar.ID)
    memberId = String((calendar.Members as Json[])[0].ID)
  })
  after(() => harness.close())

  it('the bootstrap holds the key, the member passphrase and the member', async () => {
    const bootstrap = (await call('GET', `/calendar/v2/${calendarId}/bootstrap`)).json!
    expect(bootstrap).to.include.keys('Keys', 'Passphrase', 'Members', 'CalendarSettings')
    expect(((bootstrap.Passphrase as Json).MemberPassphrases as Json[])[0]).to.include({MemberID: memberId, Signature: CALENDAR_FIXTURE.keySetup.Signature})
  })

  it('the four Types split a window: part-day inside, part-day begun before (a recurrence), full-day inside, full-day begun before', async () => {
    const uids = async (Type: string, extra: Record<string, string> = {}) => ((await query({Type, ...extra})).json!.Events as Json[]).map((event) => event.UID).sort()
    expect(await uids('0')).to.deep.equal(['dentist-2025@proton.test', 'standup-2025@proton.test'])
    expect(await uids('2')).to.deep.equal(['holiday-2025@proton.test'])
    const april = {End: String(Date.parse('2025-05-01T00:00:00Z') / 1000), Start: String(Date.parse('2025-04-10T00:00:00Z') / 1000)}
    expect(await uids('1', april)).to.deep.equal(['standup-2025@proton.test'])
    expect(await uids('3', april)).to.deep.equal([])
    const event = ((await query({Type: '0'})).json!.Events as Json[]).find((candidate) => candidate.UID === 'dentist-2025@proton.test')!
    expect(event).to.include({EndTimezone: 'Europe/Zurich', FullDay: 0, RRule: null, StartTime: Date.parse('2025-03-12T13:00:00Z') / 1000, StartTimezone: 'Europe/Zurich'})
    expect(event).to.include.keys('SharedKeyPacket', 'SharedEvents', 'CalendarEvents', 'PersonalEvents', 'AttendeesEvents', 'Author', 'Exdates', 'RecurrenceID')
  })

  it("sync: Notifications and Color kept as sent (null the calendar's defaults), kept when an update leaves them out; malformed ones refused in their Response", async () => {
    const [event] = CALENDAR_FIXTURE.events
    const sync = async (item: Json) => ((await call('PUT', `/calendar/v1/${calendarId}/events/sync`, {Events: [item], MemberID: memberId})).json!.Responses as Json[])[0].Response as Json
    const created = (await sync({Event: {...event, Color: '#DB60D6', Notifications: [{Trigger: '-PT15M', Type: 1}]}, Overwrite: 0})).Event as Json
    expect([created.Notifications, created.Color]).to.deep.equal([[{Trigger: '-PT15M', Type: 1}], '#DB60D6'])
    const kept = (await sync({Event: {Permissions: 1}, ID: created.ID})).Event as Json
    expect([kept.Notifications, kept.Color]).to.deep.equal([[{Trigger: '-PT15M', Type: 1}], '#DB60D6'])
    const cleared = (await sync({Event: {Color: null, Notifications: null, Permissions: 1}, ID: created.ID})).Event as Json
    expect([cleared.Notifications, cleared.Color]).to.deep.equal([null, null])
    for (const bad of [{Notifications: [{Trigger: '15 minutes', Type: 1}]}, {Notifications: [{Trigger: '-PT15M', Type: 2}]}, {Notifications: {}}, {Color: 'red'}]) {
      expect(await sync({Event: {...bad, Permissions: 1}, ID: created.ID}), JSON.stringify(bad)).to.include({Code: 2000})
    }

    await sync({ID: created.ID})
  })

  it('pages: More says whether another page follows', async () => {
    const first = (await query({Page: '0', PageSize: '1', Type: '0'})).json!
    expect([(first.Events as Json[]).length, first.More]).to.deep.equal([1, 1])
    const second = (await query({Page: '1', PageSize: '1', Type: '0'})).json!
    expect([(second.Events as Json[]).length, second.More]).to.deep.equal([1, 0])
    expect((await query({PageSize: '101', Type: '0'})).status).to.equal(422)
  })

  it('sync: each item answers in its own Response (a create, a delete of an unknown ID, a malformed part), the envelope Code 1001', async () => {
    const [event] = CALENDAR_FIXTURE.events
    const answer = await call('PUT', `/calendar/v1/${calendarId}/events/sync`, {
      Events: [{Event: event, Overwrite: 0}, {ID: 'no-such-event'}, {Event: {...event, SharedEventContent: [{Data: 'x', Signature: 'not armored', Type: 2}]}, Overwrite: 0}],
      MemberID: memberId,
    })
    expect(answer.status).to.equal(200)
    const responses = answer.json!.Responses as Array<{Index: number; Response: Json}>
    expect(answer.json!.Code).to.equal(1001)
    expect(responses.map(({Index, Response}) => [Index, Response.Code])).to.deep.equal([
      [0, 1000],
      [1, 2501],
      [2, 2000],
    ])
    const created = responses[0].Response.Event as Json
    expect((await call('GET', `/calendar/v1/${calendarId}/events/${String(created.ID)}`)).json!.Event).to.include({ID: created.ID, UID: 'dentist-2025@proton.test'})
    const removed = await call('PUT', `/calendar/v1/${calendarId}/events/sync`, {Events: [{ID: created.ID}], MemberID: memberId})
    expect((removed.json!.Responses as Array<{Response: Json}>)[0].Response.Code).to.equal(1000)
    expect((await call('GET', `/calendar/v1/${calendarId}/events/${String(created.ID)}`)).status).to.equal(404)
    expect((await call('PUT', `/calendar/v1/${calendarId}/events/sync`, {Events: [{ID: 'x'}], MemberID: 'someone else'})).status).to.equal(422)
  })
})
