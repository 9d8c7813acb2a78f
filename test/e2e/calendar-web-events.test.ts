/**
 * An event the web client wrote, updated by the tool (issue 43), the built binary against the sandbox: the parts
 * split as the web client splits them (WebClients packages/shared/lib/calendar/constants.ts CALENDAR_SIGNED_FIELDS
 * holds exdate, so the web client writes each EXDATE in the shared and the calendar signed parts, and deserialize.ts
 * readCalendarEvent merges the parts by property name, a later part's replacing an earlier one's), so that an update
 * does not double the EXDATEs; SEQUENCE raised only when the times or the rule change (recurring/sequence.ts
 * withVeventSequence, vcalConverter.ts getHasModifiedDateTimes). The event is made by test/fixtures/
 * web-calendar-event.js with OpenPGP.js alone and sent as the web client sends it (PUT …/events/sync).
 */
import {expect} from 'chai'
import {execFileSync} from 'node:child_process'
import {fileURLToPath} from 'node:url'

import {baseEnv, runBinary, type RunResult} from '../helpers/run-binary.ts'
import {sandboxForSuite} from '../helpers/sandbox-process.ts'

const FIXTURE = fileURLToPath(new URL('../fixtures/web-calendar-event.js', import.meta.url))

interface Card {
  Data: string
  Type: number
}

describe('an event written by the web client, updated (built binary, sandbox)', function () {
  this.timeout(90_000)
  const suite = sandboxForSuite()
  const proton = (args: string[]): Promise<RunResult> => runBinary(['--profile', 'sandbox', ...args], {env: baseEnv(suite.home.home, {TZ: 'UTC'})})
  const ok = (result: RunResult) => {
    expect(result.status, result.stderr).to.equal(0)
    return result.stdout.toString('utf8')
  }

  const json = async (args: string[]) => JSON.parse(ok(await proton([...args, '--output', 'json']))) as Record<string, unknown>
  let calendarId = ''
  let memberId = ''
  const raw = async (id: string) => ((await json(['api', 'GET', `/calendar/v1/${calendarId}/events/${id}`])) as {Event: {SharedEvents: Card[]; CalendarEvents: Card[]}}).Event
  const exdateLines = (card: Card | undefined) => (card?.Data ?? '').split('\r\n').filter((line) => line.startsWith('EXDATE'))
  const webEvent = async (uid: string) => {
    const Event = JSON.parse(execFileSync(process.execPath, [FIXTURE, uid], {encoding: 'utf8', timeout: 60_000})) as unknown
    const answer = JSON.parse(ok(await proton(['api', 'PUT', `/calendar/v1/${calendarId}/events/sync`, '--body', JSON.stringify({Events: [{Event, Overwrite: 0}], MemberID: memberId})]))) as {
      Responses: Array<{Response: {Code: number; Event: {ID: string}}}>
    }
    expect(answer.Responses[0].Response.Code).to.equal(1000)
    return answer.Responses[0].Response.Event.ID
  }

  const get = async (id: string) => (await json(['calendar', 'events', 'get', id])) as {Exdates: unknown[]; Sequence: number; Summary: string}

  before(async () => {
    const calendars = ((await json(['calendar', 'list'])) as {Calendars: Array<{ID: string; Members: Array<{ID: string; Name: string}>}>}).Calendars
    const calendar = calendars.find(({Members}) => Members[0].Name === 'My calendar')!
    calendarId = calendar.ID
    memberId = calendar.Members[0].ID
  })

  it('keeps each EXDATE once, in the shared and the calendar signed parts, through a summary update; SEQUENCE kept', async () => {
    const id = await webEvent('web-exdates')
    expect((await get(id)).Exdates).to.have.length(2)
    ok(await proton(['calendar', 'events', 'update', id, '--summary', 'Renamed']))
    const after = await get(id)
    expect([after.Summary, after.Exdates.length, after.Sequence]).to.deep.equal(['Renamed', 2, 0])
    const stored = await raw(id)
    const want = ['EXDATE;TZID=Europe/Zurich:20250414T090000', 'EXDATE;TZID=Europe/Zurich:20250428T090000']
    expect(exdateLines(stored.SharedEvents.find(({Type}) => Type === 2))).to.deep.equal(want)
    expect(exdateLines(stored.CalendarEvents.find(({Type}) => Type === 2))).to.deep.equal(want)
    // A second update does not double them either.
    ok(await proton(['calendar', 'events', 'update', id, '--location', 'Room 5']))
    expect((await get(id)).Exdates).to.have.length(2)
  })

  it('raises SEQUENCE when the times change, not when only a text does', async () => {
    const id = await webEvent('web-sequence')
    ok(await proton(['calendar', 'events', 'update', id, '--description', 'Agenda']))
    expect((await get(id)).Sequence).to.equal(0)
    ok(await proton(['calendar', 'events', 'update', id, '--start', '2025-04-07T10:00', '--timezone', 'Europe/Zurich']))
    expect((await get(id)).Sequence).to.equal(1)
    ok(await proton(['calendar', 'events', 'update', id, '--summary', 'Later']))
    expect((await get(id)).Sequence).to.equal(1)
    ok(await proton(['calendar', 'events', 'update', id, '--rrule', 'FREQ=WEEKLY;BYDAY=TU']))
    expect((await get(id)).Sequence).to.equal(2)
  })

  it('writes no DTEND where it adds nothing, as the web client (a one-day all-day event), and one where it does', async () => {
    const create = async (args: string[]) => ok(await proton(['calendar', 'events', 'create', '--calendar', 'My calendar', '--summary', 'Days', '--all-day', ...args])).trim()
    const signedLines = async (id: string) => (await raw(id)).SharedEvents.find(({Type}) => Type === 2)!.Data.split('\r\n')
    const oneDay = await create(['--start', '2026-12-24', '--end', '2026-12-24'])
    const lines = await signedLines(oneDay)
    expect(lines).to.include('DTSTART;VALUE=DATE:20261224')
    expect(lines.filter((line) => line.startsWith('DTEND'))).to.deep.equal([])
    expect(await json(['calendar', 'events', 'get', oneDay])).to.deep.include({End: {Date: '2026-12-24'}, Start: {Date: '2026-12-24'}})
    const twoDays = await create(['--start', '2026-12-24', '--end', '2026-12-25'])
    expect((await signedLines(twoDays)).filter((line) => line.startsWith('DTEND'))).to.deep.equal(['DTEND;VALUE=DATE:20261226'])
    // Moved to one day by an update: its DTEND goes too.
    ok(await proton(['calendar', 'events', 'update', twoDays, '--all-day', '--start', '2026-12-27', '--end', '2026-12-27']))
    expect((await signedLines(twoDays)).filter((line) => line.startsWith('DTEND'))).to.deep.equal([])
  })
})
