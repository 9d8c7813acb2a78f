/**
 * Calendar alarms and colours as today's web client writes and reads them (issue 43), the built binary against the
 * sandbox: Event.Notifications (null: the calendar's defaults; [] none; else [{Type, Trigger}]) and Color, no
 * personal part (WebClients serialize.ts createCalendarEvent, formatData.ts); an event whose alarms the web client
 * wrote as Notifications is read from them; an older event's personal-part alarms are read, and carried over into
 * Notifications when it is updated; deleting sends DeletionReason 0 (getSyncMultipleEventsPayload.ts).
 */
import {expect} from 'chai'

import {baseEnv, runBinary, type RunResult} from '../helpers/run-binary.ts'
import {sandboxForSuite} from '../helpers/sandbox-process.ts'

interface Raw {
  Notifications: Array<{Type: number; Trigger: string}> | null
  Color: string | null
  PersonalEvents: unknown[]
}

describe('calendar alarms and colours as the web client writes them (built binary, sandbox)', function () {
  this.timeout(90_000)
  const suite = sandboxForSuite()
  const proton = (args: string[]): Promise<RunResult> => runBinary(['--profile', 'sandbox', ...args], {env: baseEnv(suite.home.home, {TZ: 'UTC'})})
  const out = (result: RunResult) => result.stdout.toString('utf8')
  const ok = (result: RunResult) => {
    expect(result.status, result.stderr).to.equal(0)
    return out(result)
  }

  const json = async (args: string[]) => JSON.parse(ok(await proton([...args, '--output', 'json']))) as Record<string, unknown>
  let calendarId = ''
  const raw = async (id: string) => ((await json(['api', 'GET', `/calendar/v1/${calendarId}/events/${id}`])) as {Event: Raw}).Event
  /** The body of the PUT a --dry-run prints (its first line the method and URL). */
  const dryBody = async (args: string[]) => {
    const text = ok(await proton([...args, '--dry-run']))
    return JSON.parse(text.slice(text.indexOf('\n') + 1)) as {Events: Array<{ID?: string; DeletionReason?: number; Event?: Record<string, unknown>}>}
  }

  const create = async (args: string[]) =>
    ok(await proton(['calendar', 'events', 'create', '--calendar', 'My calendar', '--summary', 'Alarmed', '--start', '2026-12-10T10:00Z', '--end', '2026-12-10T11:00Z', ...args])).trim()
  const dentist = async () => {
    const rows = (await json(['calendar', 'events', 'list', '--start', '2025-03-12', '--end', '2025-03-13'])) as unknown as Array<{ID: string; Summary: string}>
    return rows.find(({Summary}) => Summary === 'Dentist')!.ID
  }

  before(async () => {
    const calendars = ((await json(['calendar', 'list'])) as {Calendars: Array<{ID: string; Members: Array<{Name: string}>}>}).Calendars
    calendarId = calendars.find((calendar) => calendar.Members[0].Name === 'My calendar')!.ID
  })

  it('create --alarm 15m --alarm email:1d --color: Notifications [{Type, Trigger}] and Color, no personal part; get shows them', async () => {
    const id = await create(['--alarm', '15m', '--alarm', 'email:1d', '--color', '#DB60D6'])
    const stored = await raw(id)
    expect(stored.Notifications).to.deep.equal([
      {Trigger: '-PT15M', Type: 1},
      {Trigger: '-P1D', Type: 0},
    ])
    expect([stored.Color, stored.PersonalEvents]).to.deep.equal(['#DB60D6', []])
    expect(await json(['calendar', 'events', 'get', id])).to.deep.include({
      Alarms: [
        {Action: 'DISPLAY', Trigger: '-PT15M'},
        {Action: 'EMAIL', Trigger: '-P1D'},
      ],
      AlarmsFrom: 'event',
      Color: '#DB60D6',
    })

    // An update of another field sends them again unchanged (an update without them would reset them).
    const body = await dryBody(['calendar', 'events', 'update', id, '--summary', 'Renamed'])
    expect(body.Events[0].Event).to.deep.include({Color: '#DB60D6', Notifications: stored.Notifications})
    expect(body.Events[0].Event).not.to.have.property('PersonalEventContent')
    ok(await proton(['calendar', 'events', 'update', id, '--summary', 'Renamed']))
    expect((await raw(id)).Notifications).to.deep.equal(stored.Notifications)
    ok(await proton(['calendar', 'events', 'update', id, '--alarm', '2h', '--alarm', '1w']))
    expect((await raw(id)).Notifications).to.deep.equal([
      {Trigger: '-PT2H', Type: 1},
      {Trigger: '-P1W', Type: 1},
    ])
    ok(await proton(['calendar', 'events', 'update', id, '--no-alarm']))
    expect((await raw(id)).Notifications).to.deep.equal([])
    expect(await json(['calendar', 'events', 'get', id])).to.deep.include({Alarms: [], AlarmsFrom: 'event'})
  })

  it('no --alarm: Notifications null, the calendar’s defaults shown as such; --no-alarm: [] and none shown', async () => {
    const defaults = await create([])
    expect(await raw(defaults)).to.deep.include({Color: null, Notifications: null})
    expect(await json(['calendar', 'events', 'get', defaults])).to.deep.include({Alarms: [{Action: 'DISPLAY', Trigger: '-PT15M'}], AlarmsFrom: 'calendar-default', Color: null})
    expect(ok(await proton(['calendar', 'events', 'get', defaults]))).to.match(/^Alarms: +-PT15M DISPLAY \(the calendar's defaults\)$/m)
    const none = await create(['--no-alarm'])
    expect((await raw(none)).Notifications).to.deep.equal([])
    expect(ok(await proton(['calendar', 'events', 'get', none]))).to.match(/^Alarms: +-$/m)
  })

  it('an event whose alarms the web client wrote as Notifications is read from them, not from an older personal part; an older one’s personal alarms are carried into Notifications on update', async () => {
    const id = await dentist()
    // The seeded event (scripts/generate-sandbox-calendar.js) has its alarm in a personal part only.
    expect(await json(['calendar', 'events', 'get', id])).to.deep.include({Alarms: [{Action: 'DISPLAY', Trigger: '-PT15M'}], AlarmsFrom: 'personal-part'})
    const carried = await dryBody(['calendar', 'events', 'update', id, '--location', 'Room 2'])
    expect(carried.Events[0].Event).to.deep.include({Notifications: [{Trigger: '-PT15M', Type: 1}]})
    expect(carried.Events[0].Event).not.to.have.property('PersonalEventContent')

    // What the web client sends when alarms change (getUpdatePersonalEventPayload / formatData): Notifications, Color.
    const members = ((await json(['api', 'GET', `/calendar/v1/${calendarId}/members`])) as {Members: Array<{ID: string}>}).Members
    const body = {Events: [{Event: {Color: '#179FD9', Notifications: [{Trigger: '-PT30M', Type: 0}], Permissions: 1}, ID: id}], MemberID: members[0].ID}
    ok(await proton(['api', 'PUT', `/calendar/v1/${calendarId}/events/sync`, '--body', JSON.stringify(body)]))
    expect(await json(['calendar', 'events', 'get', id])).to.deep.include({Alarms: [{Action: 'EMAIL', Trigger: '-PT30M'}], AlarmsFrom: 'event', Color: '#179FD9'})
  })

  it('delete sends DeletionReason 0 as the web client does; bad --alarm, --color, or --alarm with --no-alarm: exit 1, one line, nothing sent', async () => {
    const id = await create([])
    expect((await dryBody(['calendar', 'events', 'delete', id])).Events).to.deep.equal([{DeletionReason: 0, ID: id}])
    ok(await proton(['calendar', 'events', 'delete', id, '--yes']))
    for (const [args, message] of [
      [['--alarm', '5x'], /^Error: --alarm "5x" is not a time before the start/],
      [['--alarm', '15m', '--no-alarm'], /^Error: --no-alarm and --alarm contradict each other/],
      [['--color', 'red'], /^Error: --color "red" is not a colour of the form #RRGGBB/],
      [Array.from({length: 11}, (_, index) => ['--alarm', `${index + 1}m`]).flat(), /^Error: at most 10 --alarm/],
    ] as const) {
      const refused = await proton(['calendar', 'events', 'create', '--calendar', 'My calendar', '--summary', 'Never', '--start', '2026-12-11T10:00Z', '--end', '2026-12-11T11:00Z', ...args])
      expect([refused.status, out(refused)], args.join(' ')).to.deep.equal([1, ''])
      expect(refused.stderr.trimEnd().split('\n'), args.join(' ')).to.have.length(1)
      expect(refused.stderr, args.join(' ')).to.match(message)
    }

    expect(ok(await proton(['calendar', 'events', 'list', '--start', '2026-12-11', '--end', '2026-12-12']))).not.to.include('Never')
  })
})
