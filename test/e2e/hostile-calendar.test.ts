/**
 * Hostile calendars (issue 40), the built binary against the sandbox: a rule
 * that never matches, or matches only after years of candidates, must not
 * hang the tool. `--rrule` refuses rules that never occur; a listing over
 * costly rules names each one on stderr, lists the others, and exits 5; an
 * event whose signed part was rewritten (its RRULE the server's word) gets
 * the small budget; SIGTERM, SIGINT and SIGHUP end an expansion in progress, and
 * --timeout bounds it.
 */
import {expect} from 'chai'
import {spawn} from 'node:child_process'

import {CALENDAR_FIXTURE} from '../../src/sandbox/fixtures/calendar-fixture.ts'
import {baseEnv, BIN, runBinary, type RunResult} from '../helpers/run-binary.ts'
import {sandboxFetch, sandboxForSuite} from '../helpers/sandbox-process.ts'

interface Logged {
  Method: string
  Path: string
}

/** Copies of the costly event: each takes the tool its whole budget (some 200,000 candidates, about a second) to give up on. */
const COPIES = 100

describe('hostile calendars: rules that never match (built binary, sandbox)', function () {
  this.timeout(240_000)
  const suite = sandboxForSuite()
  const env = () => baseEnv(suite.home.home, {TZ: 'UTC'})
  const proton = (args: string[], timeoutMs = 60_000): Promise<RunResult> => runBinary(['--profile', 'sandbox', ...args], {env: env(), timeoutMs})
  const out = (result: RunResult) => result.stdout.toString('utf8')
  const post = async (event: unknown) => {
    const answer = await sandboxFetch(suite.sandbox, 'events', {body: JSON.stringify({Event: event}), headers: {'content-type': 'application/json'}, method: 'POST'})
    const {Responses} = (await answer.json()) as {Responses: Array<{Response: {Code: number; Error?: string}}>}
    expect([answer.status, Responses[0].Response.Error]).to.deep.equal([200, undefined])
  }

  const requests = async (): Promise<Logged[]> =>
    ((await (await sandboxFetch(suite.sandbox, 'stats')).json()) as {Requests: Logged[]}).Requests.filter((entry) => !entry.Path.startsWith('/__sandbox/'))
  const window = ['--start', '2025-03-01', '--end', '2025-04-01']
  /** Another copy of the tampered fixture, its clear signed part carrying `rrule`. */
  const tampered = (rrule: string) => {
    const event = structuredClone(CALENDAR_FIXTURE.tampered) as unknown as {SharedEventContent: Array<{Data: string; Type: number}>}
    const signed = event.SharedEventContent.find((part) => part.Type === 2)!
    signed.Data = signed.Data.replace('SEQUENCE:0\r\n', `SEQUENCE:0\r\nRRULE:${rrule}\r\n`)
    return event
  }

  let costly = ''

  before(async () => {
    // The costly rule, made by the tool itself (so its signatures hold): every second of February, from March 2025.
    const created = await proton([
      'calendar',
      'events',
      'create',
      '--calendar',
      'My calendar',
      '--summary',
      'Costly',
      '--start',
      '2025-03-10T12:00Z',
      '--end',
      '2025-03-10T13:00Z',
      '--rrule',
      'FREQ=SECONDLY;BYMONTH=2',
    ])
    expect(created.status, created.stderr).to.equal(0)
    costly = out(created).trim()
  })

  it('--rrule refuses a rule that never occurs after DTSTART, and an INTERVAL over the bound: one line, exit 1, nothing sent', async () => {
    await sandboxFetch(suite.sandbox, 'stats', {method: 'DELETE'})
    const base = ['calendar', 'events', 'create', '--calendar', 'My calendar', '--summary', 'X', '--start', '2025-03-01T10:00Z', '--end', '2025-03-01T11:00Z', '--rrule']
    const cases: Array<[string, string]> = [
      ['FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30', 'Error: --rrule "FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30": it never occurs after DTSTART: no month of BYMONTH=2 has a day 30 (BYMONTHDAY)\n'],
      ['FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=30', 'Error: --rrule "FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=30": it never occurs after DTSTART: no month of BYMONTH=2 has a day 30 (BYMONTHDAY)\n'],
      ['FREQ=DAILY;INTERVAL=100000000', 'Error: --rrule "FREQ=DAILY;INTERVAL=100000000": its INTERVAL 100000000 is more than the 10000 this tool expands\n'],
    ]
    for (const [rule, line] of cases) {
      const result = await proton([...base, rule])
      expect([result.status, result.stderr, out(result)], rule).to.deep.equal([1, line, ''])
    }

    const update = await proton(['calendar', 'events', 'update', costly, '--rrule', 'FREQ=YEARLY;BYYEARDAY=0'])
    expect([update.status, update.stderr]).to.deep.equal([1, 'Error: --rrule "FREQ=YEARLY;BYYEARDAY=0": it never occurs after DTSTART: BYYEARDAY=0 names no day, week or position\n'])
    expect((await requests()).filter(({Method}) => Method !== 'GET')).to.deep.equal([])
  })

  it('a listing over a costly rule and rewritten ones: each named on stderr, every other event listed, exit 5', async () => {
    // The server rewrites a signed RRULE: one that never occurs, one that is costly (under the small budget).
    await post(tampered('FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30'))
    await post(tampered('FREQ=MINUTELY;BYMONTH=2'))
    const result = await proton(['calendar', 'events', 'list', ...window])
    expect(result.status, result.stderr).to.equal(5)
    const lines = result.stderr.trimEnd().split('\n')
    expect(
      lines.filter((line) => !line.includes('signature FAILED on its shared part')),
      result.stderr,
    ).to.have.members([
      `Error: event ${costly} ("Costly"): its RRULE took more than the 200000 steps an event may take before reaching the end of the window: its occurrences are not listed`,
      lines.find((line) => line.includes('2000 steps')),
      lines.find((line) => line.includes('never occurs')),
    ])
    expect(lines.find((line) => line.includes('2000 steps'))).to.match(
      /^Error: event \S+ \("Board meeting"\): its RRULE took more than the 2000 steps an event may take before reaching the end of the window: its occurrences are not listed$/,
    )
    expect(lines.find((line) => line.includes('never occurs'))).to.match(
      /^Warning: event \S+ \("Board meeting"\): its RRULE is not expanded: it never occurs after DTSTART: no month of BYMONTH=2 has a day 30 \(BYMONTHDAY\): listed at its DTSTART only$/,
    )
    // The seeded events are listed; the never-occurring one once, flagged, at its DTSTART.
    const listed = out(result)
    expect(listed).to.match(/^2025-03-17\t08:00–08:30\tTeam stand-up\t/m)
    expect(listed.split('\n').filter((line) => line.includes('Board meeting'))).to.have.length(1)
    expect(listed).to.match(/^2025-03-14\t08:00–09:00\t\[signature FAILED\] Board meeting\t/m)
    expect(listed).to.not.include('Costly')
  })

  describe(`${COPIES} copies of the costly event: minutes of expansion`, () => {
    interface Ended {
      status: number | null
      signal: NodeJS.Signals | null
      stdout: string
      stderr: string
    }

    before(async () => {
      const calendars = (JSON.parse(out(await proton(['calendar', 'list', '--output', 'json']))) as {Calendars: Array<{ID: string; Members: Array<{Name: string}>}>}).Calendars
      const calendarId = calendars.find((calendar) => calendar.Members[0].Name === 'My calendar')!.ID
      const raw = await proton(['api', 'GET', `/calendar/v1/${calendarId}/events/${costly}`])
      expect(raw.status, raw.stderr).to.equal(0)
      // The event as read, written back as a sync writes it (its parts under the names a sync takes).
      const {Event} = JSON.parse(out(raw)) as {Event: Record<string, unknown>}
      const copy = {CalendarEventContent: Event.CalendarEvents, Permissions: 1, SharedEventContent: Event.SharedEvents, SharedKeyPacket: Event.SharedKeyPacket}
      for (let made = 1; made < COPIES; made++) await post(copy)
    })

    /** `events list` over them; `signal` sent once the first costly event has been given up on (the expansion is under way). */
    function listAndSignal(signal: NodeJS.Signals | undefined, extra: string[] = []): Promise<Ended> {
      const child = spawn(process.execPath, [BIN, '--profile', 'sandbox', 'calendar', 'events', 'list', ...window, ...extra], {env: env(), stdio: ['ignore', 'pipe', 'pipe']})
      let stdout = ''
      let stderr = ''
      let sent = false
      // The bound: ended by the signal within 30 s of it (the expansion takes minutes), or killed and the test fails.
      let killer: NodeJS.Timeout | undefined
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString()
        if (signal && !sent && stderr.includes('200000 steps')) {
          sent = true
          child.kill(signal)
          killer = setTimeout(() => child.kill('SIGKILL'), 30_000)
        }
      })
      const guard = setTimeout(() => child.kill('SIGKILL'), 200_000)
      return new Promise((resolve) => {
        child.on('close', (status, ended) => {
          clearTimeout(killer)
          clearTimeout(guard)
          resolve({signal: ended, status, stderr, stdout})
        })
      })
    }

    for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
      it(`${signal} mid-expansion ends the command by that signal, nothing on stdout`, async () => {
        const ended = await listAndSignal(signal)
        expect([ended.signal, ended.stdout], ended.stderr.slice(-500)).to.deep.equal([signal, ''])
        expect(ended.stderr.trimEnd().split('\n').at(-1)).to.equal(signal === 'SIGINT' ? 'Error: interrupted' : `Error: interrupted by ${signal}`)
        // Stopped well short of the copies.
        expect(ended.stderr.split('\n').filter((line) => line.includes('200000 steps')).length).to.be.below(COPIES / 2)
      })
    }

    it('--timeout bounds the expansion: exit 5, the timeout line, nothing on stdout', async () => {
      const ended = await listAndSignal(undefined, ['--timeout', '15'])
      expect([ended.status, ended.stdout], ended.stderr).to.deep.equal([5, ''])
      expect(ended.stderr.trimEnd().split('\n').at(-1)).to.equal('Error: calendar events list: the recurring events were not expanded within 15 s (timeout; see --timeout); nothing printed')
    })
  })
})
