/**
 * Calendar events end to end (issue 30), the built binary against the
 * sandbox: the seeded calendar's key and events were made by
 * scripts/generate-sandbox-calendar.js with OpenPGP.js alone, and the tool
 * must read them (a part-day event, a whole-day one signed the legacy way,
 * a weekly one with an EXDATE the Monday after summer time begins and a
 * moved occurrence); a tampered signature is flagged; what the tool writes
 * (a calendar's key setup, an event) is decrypted and verified by GnuPG,
 * in a private GNUPGHOME, from the account's own user key down.
 */
import {expect} from 'chai'
import {spawnSync} from 'node:child_process'
import {chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {keyPassphrase} from '../../src/lib/crypto/passphrase.ts'
import {CALENDAR_FIXTURE} from '../../src/sandbox/fixtures/calendar-fixture.ts'
import {KEY_FIXTURE} from '../../src/sandbox/fixtures/key-fixture.ts'
import {baseEnv, BIN, runBinary, type RunResult} from '../helpers/run-binary.ts'
import {sandboxFetch, sandboxForSuite} from '../helpers/sandbox-process.ts'
import {startRecordingProxy} from '../helpers/scripted-server.ts'
import {runInTerminal} from '../helpers/terminal.ts'

const GPG = existsSync('/usr/bin/gpg') ? '/usr/bin/gpg' : 'gpg'
const ID = '[\\w-]+={0,2}'

interface Logged {
  Method: string
  Path: string
  Status: number
}

describe('calendar events end to end (built binary, sandbox, GnuPG)', function () {
  this.timeout(90_000)
  const suite = sandboxForSuite()
  const proton = (args: string[], zone = 'UTC'): Promise<RunResult> => runBinary(['--profile', 'sandbox', ...args], {env: baseEnv(suite.home.home, {TZ: zone})})
  const out = (result: RunResult) => result.stdout.toString('utf8')
  const json = async (args: string[]) => JSON.parse(out(await proton([...args, '--output', 'json']))) as Record<string, unknown>
  const requests = async (): Promise<Logged[]> =>
    ((await (await sandboxFetch(suite.sandbox, 'stats')).json()) as {Requests: Logged[]}).Requests.filter((entry) => !entry.Path.startsWith('/__sandbox/'))
  const resetLog = () => sandboxFetch(suite.sandbox, 'stats', {method: 'DELETE'})
  let gnupgHome = ''
  /** GnuPG with a passphrase from a file in its private home (never in argv), removed right after. */
  const gpgWith = (passphrase: string, args: string[], input?: string | Buffer): {stdout: Buffer; stderr: string} => {
    const file = join(gnupgHome, 'passphrase.secret')
    writeFileSync(file, passphrase, {mode: 0o600})
    try {
      const result = spawnSync(GPG, ['--homedir', gnupgHome, '--batch', '--no-tty', '--trust-model', 'always', '--pinentry-mode', 'loopback', '--passphrase-file', file, ...args], {
        input,
        timeout: 30_000,
      })
      expect(result.error, `${GPG} could not run (install GnuPG: .ci/run does)`).to.equal(undefined)
      expect(result.status, result.stderr.toString()).to.equal(0)
      return {stderr: result.stderr.toString(), stdout: result.stdout}
    } finally {
      rmSync(file, {force: true})
    }
  }

  const seededCalendar = async () =>
    ((await json(['calendar', 'list'])) as unknown as {Calendars: Array<{ID: string; Members: Array<{Name: string}>}>}).Calendars.find((calendar) => calendar.Members[0].Name === 'My calendar')!.ID

  before(async () => {
    gnupgHome = mkdtempSync(join(tmpdir(), 'proton-cli-calendar-gnupg-'))
    chmodSync(gnupgHome, 0o700)
  })

  after(() => {
    if (gnupgHome === '') return
    spawnSync('gpgconf', ['--homedir', gnupgHome, '--kill', 'gpg-agent'], {timeout: 10_000})
    rmSync(gnupgHome, {force: true, recursive: true})
  })

  it('lists the seeded events of March and April 2025 in Europe/Zurich: the weekly stand-up at 09:00 on both sides of the change to summer time, without its EXDATE (31 March) and with its moved occurrence', async () => {
    const result = await proton(['calendar', 'events', 'list', '--start', '2025-03-01', '--end', '2025-05-01', '--timezone', 'Europe/Zurich'])
    expect(result.status, result.stderr).to.equal(0)
    expect(result.stderr).to.equal('')
    // Piped: whole values, tab-separated, one row per line, no header.
    const lines = out(result)
      .trimEnd()
      .split('\n')
      .map((line) => line.replace(new RegExp(`\t${ID}$`), '\t<id>'))
    expect(lines).to.deep.equal([
      '2025-03-12\t14:00–15:00\tDentist\tBahnhofstrasse 1, Zürich\tMy calendar\t<id>',
      '2025-03-17\t09:00–09:30\tTeam stand-up\tRoom 4\tMy calendar\t<id>',
      '2025-03-20\tall day\tCompany holiday\t-\tMy calendar\t<id>',
      '2025-03-24\t09:00–09:30\tTeam stand-up\tRoom 4\tMy calendar\t<id>',
      '2025-04-07\t10:00–10:30\tTeam stand-up (moved)\tRoom 4\tMy calendar\t<id>',
      '2025-04-14\t09:00–09:30\tTeam stand-up\tRoom 4\tMy calendar\t<id>',
      '2025-04-21\t09:00–09:30\tTeam stand-up\tRoom 4\tMy calendar\t<id>',
      '2025-04-28\t09:00–09:30\tTeam stand-up\tRoom 4\tMy calendar\t<id>',
    ])
  })

  it('in UTC the same occurrences move by the change of offset (08:00 before 30 March, 07:00 after); the whole-day event keeps its date; the requests are the web client’s', async () => {
    await resetLog()
    const result = await proton(['calendar', 'events', 'list', '--calendar', 'my calendar', '--start', '2025-03-20', '--end', '2025-04-15'])
    expect(result.status, result.stderr).to.equal(0)
    expect(out(result)).to.match(
      /^2025-03-20\tall day\tCompany holiday\t-\tMy calendar\t\S+\n2025-03-24\t08:00–08:30\tTeam stand-up\t.*\n2025-04-07\t08:00–08:30\tTeam stand-up \(moved\)\t.*\n2025-04-14\t07:00–07:30\tTeam stand-up\t.*\n$/,
    )
    const log = (await requests()).map(({Method, Path}) => `${Method} ${Path}`)
    expect(log.filter((line) => line.endsWith('/events'))).to.have.length(4)
    expect(log.filter((line) => line.endsWith('/bootstrap'))).to.have.length(1)
  })

  it('--calendar ID: its bootstrap and its four Types of events go out with the key requests, and no calendar list (the bootstrap names the member); a name of an ID’s shape still names its calendar', async () => {
    const id = await seededCalendar()
    const proxy = await startRecordingProxy(suite.sandbox.url, 60_000)
    try {
      const env = baseEnv(suite.home.home, {TZ: 'UTC'})
      const login = await runBinary(['auth', 'login', 'demo', '--password-stdin', '--api-url', proxy.url, '--profile', 'ahead'], {env, input: 'demo\n'})
      expect(login.status, login.stderr).to.equal(0)
      const before = proxy.requests.length
      const listed = await runBinary(['--profile', 'ahead', 'calendar', 'events', 'list', '--calendar', id, '--start', '2025-03-01', '--end', '2025-04-01'], {env})
      expect(listed.status, listed.stderr).to.equal(0)
      expect(listed.stdout.toString()).to.match(/\tTeam stand-up\tRoom 4\tMy calendar\t/)
      const sent = proxy.requests.slice(before).map(({method, url}) => `${method} ${url.split('?')[0].replace(id, '{ID}')}${url.match(/&Type=\d/)?.[0] ?? ''}`)
      expect(sent.sort()).to.deep.equal([
        'GET /auth/v4/sessions/local/key',
        'GET /calendar/v1/{ID}/events&Type=0',
        'GET /calendar/v1/{ID}/events&Type=1',
        'GET /calendar/v1/{ID}/events&Type=2',
        'GET /calendar/v1/{ID}/events&Type=3',
        'GET /calendar/v2/{ID}/bootstrap',
        'GET /core/v4/addresses',
        'GET /core/v4/users',
      ])

      // A calendar named like an ID: its "bootstrap" fails, quietly; the list then names the calendar, and it is read.
      const name = `${'N'.repeat(86)}==`
      const made = await runBinary(['--profile', 'ahead', 'calendar', 'create', '--name', name, '--color', '#179FD9', '--output', 'json'], {env})
      expect(made.status, made.stderr).to.equal(0)
      const madeId = (JSON.parse(made.stdout.toString()) as {Calendar: {ID: string}}).Calendar.ID
      const named = await runBinary(['--profile', 'ahead', 'calendar', 'events', 'list', '--calendar', name, '--start', '2025-03-01', '--end', '2025-04-01', '--output', 'json'], {env})
      expect(named.status, named.stderr).to.equal(0)
      expect(named.stderr).to.equal('')
      expect(JSON.parse(named.stdout.toString())).to.deep.equal([])
      expect(proxy.requests.filter(({url}) => url.includes(name)).length).to.be.greaterThan(0)
      const deleted = await runBinary(['--profile', 'ahead', 'calendar', 'delete', madeId, '--yes'], {env})
      expect(deleted.status, deleted.stderr).to.equal(0)
      // One of no calendar: the list's one line, nothing of the answers asked for ahead.
      const none = await runBinary(['--profile', 'ahead', 'calendar', 'events', 'list', '--calendar', name, '--start', '2025-03-01', '--end', '2025-04-01'], {env})
      expect(none.status).to.equal(1)
      expect(none.stderr).to.equal(`Error: --calendar "${name}": no calendar has that ID or name (see "calendar list")\n`)
    } finally {
      await proxy.close()
    }
  })

  it('events’ session keys and the signatures found to hold are sealed: a second listing opens no key packet and checks no signature again (DEBUG counts), prints the same, and logout removes them', async () => {
    const env = baseEnv(suite.home.home, {DEBUG: 'proton-cli:direct', TZ: 'UTC'})
    const login = await runBinary(['auth', 'login', 'demo', '--password-stdin', '--api-url', suite.sandbox.url, '--profile', 'event-keys'], {env, input: 'demo\n'})
    expect(login.status, login.stderr).to.equal(0)
    const list = () => runBinary(['--profile', 'event-keys', 'calendar', 'events', 'list', '--start', '2025-03-01', '--end', '2025-05-01'], {env})
    const counts = (result: RunResult) => result.stderr.split('\n').filter((line) => line.includes('event session keys'))
    // A new login seals the account's keys, not the calendar's: the first listing unlocks and seals it (OpenPGP.js).
    const unlocking = await list()
    expect(unlocking.status, unlocking.stderr).to.equal(0)
    expect(counts(unlocking)).to.deep.equal(['proton-cli:direct 0 event session keys from the seal, 0 opened; 0 signatures known to hold, 0 checked'])
    const first = await list()
    expect(counts(first)).to.deep.equal(['proton-cli:direct 0 event session keys from the seal, 4 opened; 0 signatures known to hold, 11 checked'])
    const file = join(suite.home.home, 'cache', 'proton-cli', 'keys', 'event-keys.event-keys')
    expect(statSync(file).mode & 0o777).to.equal(0o600)
    const second = await list()
    expect(counts(second)).to.deep.equal(['proton-cli:direct 4 event session keys from the seal, 0 opened; 11 signatures known to hold, 0 checked'])
    expect(first.stdout.equals(unlocking.stdout)).to.equal(true)
    expect(second.stdout.equals(first.stdout)).to.equal(true)
    const logout = await runBinary(['--profile', 'event-keys', 'auth', 'logout'], {env})
    expect(logout.status, logout.stderr).to.equal(0)
    expect(existsSync(file)).to.equal(false)
  })

  it('--output json: the decrypted fields of each occurrence; --output ics: one iCalendar file, each event once', async () => {
    const rows = (await json(['calendar', 'events', 'list', '--start', '2025-03-12', '--end', '2025-03-13', '--timezone', 'Europe/Zurich'])) as unknown as Array<Record<string, unknown>>
    expect(rows).to.have.length(1)
    expect(rows[0]).to.deep.include({
      AllDay: false,
      Description: 'Check-up.\nBring the insurance card.',
      Location: 'Bahnhofstrasse 1, Zürich',
      OccurrenceEnd: '2025-03-12T14:00:00.000Z',
      OccurrenceStart: '2025-03-12T13:00:00.000Z',
      Signature: 'verified',
      Status: 'CONFIRMED',
      Summary: 'Dentist',
      UID: 'dentist-2025@proton.test',
    })
    expect(rows[0].Alarms).to.deep.equal([{Action: 'DISPLAY', Trigger: '-PT15M'}])
    const ics = out(await proton(['calendar', 'events', 'list', '--start', '2025-03-01', '--end', '2025-05-01', '--output', 'ics']))
    expect(ics).to.match(/^BEGIN:VCALENDAR\r\n/)
    expect(ics.match(/BEGIN:VEVENT/g)).to.have.length(4)
    expect(ics).to.include('RRULE:FREQ=WEEKLY;BYDAY=MO\r\n')
    expect(ics).to.include('EXDATE;TZID=Europe/Zurich:20250331T090000\r\n')
    expect(ics).to.include('RECURRENCE-ID;TZID=Europe/Zurich:20250407T090000\r\n')
  })

  it('events get: every field; the whole-day event, signed as text with bare LF line ends, verifies through the legacy check', async () => {
    const rows = (await json(['calendar', 'events', 'list', '--start', '2025-03-20', '--end', '2025-03-21'])) as unknown as Array<{ID: string; Summary: string}>
    const holiday = rows.find((row) => row.Summary === 'Company holiday')!
    const result = await proton(['calendar', 'events', 'get', holiday.ID])
    expect(result.status, result.stderr).to.equal(0)
    // One meaning of --end for a whole day everywhere users look: its last day (the ics keeps the exclusive DTEND).
    expect(out(result)).to.match(/\nSummary: +Company holiday\nStart: +2025-03-20 \(all day\)\nEnd: +2025-03-20 \(all day\)\n/)
    expect(out(result)).to.match(/\nSignature: +verified\n$/)
  })

  it('events get ID ID: --jq reads one array of both; --output ics: one file of both; --output ics is refused by a command that does not declare it, naming its formats', async () => {
    const rows = (await json(['calendar', 'events', 'list', '--start', '2025-03-12', '--end', '2025-03-21'])) as unknown as Array<{ID: string; Summary: string}>
    const ids = [...new Set(rows.map((row) => row.ID))]
    expect(ids).to.have.length(3)
    const filtered = await proton(['calendar', 'events', 'get', ids[0], ids[2], '--jq', '[length, (.[] | .Summary)] | @tsv'])
    expect(filtered.status, filtered.stderr).to.equal(0)
    expect(out(filtered)).to.equal('2\tDentist\tCompany holiday\n')
    const ics = await proton(['calendar', 'events', 'get', ids[0], ids[2], '--output', 'ics'])
    expect(out(ics).match(/BEGIN:VEVENT/g)).to.have.length(2)
    expect(out(ics).match(/BEGIN:VCALENDAR/g)).to.have.length(1)
    const refused = await proton(['calendar', 'list', '--output', 'ics'])
    expect(refused.status).to.equal(1)
    expect(refused.stderr).to.equal('Error: --output must be text, json or yaml, not "ics"\nSee "proton calendar list --help".\n')
    const vcf = await proton(['calendar', 'events', 'list', '--output', 'vcf'])
    expect(vcf.status).to.equal(1)
    expect(vcf.stderr.split('\n')[0]).to.equal('Error: --output must be text, json, yaml or ics, not "vcf"')
    expect(out(vcf)).to.equal('')
  })

  it('on a terminal: the list is a table under a header; --output ics has the service’s control characters escaped there, exact bytes piped', async () => {
    const calendarId = await seededCalendar()
    const made = await proton([
      'calendar',
      'events',
      'create',
      '--calendar',
      calendarId,
      '--summary',
      'Evil\u001b[2J bell\u0007',
      '--description',
      'a\rATTENDEE:mailto:x@evil.test\r\nb',
      '--start',
      '2025-07-01T10:00Z',
      '--end',
      '2025-07-01T11:00Z',
    ])
    expect(made.status, made.stderr).to.equal(0)
    const id = out(made).trim()
    const piped = out(await proton(['calendar', 'events', 'get', id, '--output', 'ics']))
    expect(piped).to.include('\r\nSUMMARY:Evil\u001b[2J bell\u0007\r\n')
    // A bare CR ends a line for a lenient reader (a property of the attacker's): written as an escaped line break.
    expect(piped).to.include('\r\nDESCRIPTION:a\\nATTENDEE:mailto:x@evil.test\\nb\r\n')
    expect(piped).not.to.match(/\r(?!\n)/)
    const env = baseEnv(suite.home.home, {TZ: 'UTC'})
    const shown = await runInTerminal(['--profile', 'sandbox', 'calendar', 'events', 'get', id, '--output', 'ics'], env)
    expect(shown.status).to.equal(0)
    expect(shown.output).to.match(/\nSUMMARY:Evil\\x1b\[2J bell\\x07\r?\n/)
    expect([...shown.output].filter((char) => char.charCodeAt(0) < 0x20 && !'\r\n'.includes(char))).to.deep.equal([])
    const table = await runInTerminal(['--profile', 'sandbox', 'calendar', 'events', 'list', '--start', '2025-07-01', '--end', '2025-07-02'], env, 15_000, 200)
    const lines = table.output.trimEnd().split('\n')
    expect(lines[0]).to.match(/^DATE {2,}TIME {2,}SUMMARY {2,}LOCATION {2,}CALENDAR {2,}ID$/)
    expect(lines[1]).to.match(new RegExp(`^2025-07-01 {2,}10:00–11:00 {2,}Evil\\\\x1b\\[2J bell\\\\x07 {2,}- {2,}My calendar {2,}${id}$`))
    // At 80 columns the table fits, the ID cut first; get takes the ID as shown.
    const narrow = await runInTerminal(['--profile', 'sandbox', 'calendar', 'events', 'list', '--start', '2025-07-01', '--end', '2025-07-02'], env, 15_000, 80)
    expect(
      narrow.output
        .trimEnd()
        .split('\n')
        .filter((line) => [...line].length > 80),
    ).to.deep.equal([])
    const cut = /^2025-07-01 .* (\S+…)$/m.exec(narrow.output)?.[1] ?? ''
    expect(id.startsWith(cut.slice(0, -1)) && cut.length < id.length).to.equal(true)
    expect((JSON.parse(out(await proton(['calendar', 'events', 'get', '--output', 'json', '--', cut]))) as {ID: string}).ID).to.equal(id)
    await proton(['calendar', 'events', 'delete', id, '--calendar', calendarId, '--yes'])
  })

  it('a tampered signature: the event is still shown, flagged "signature FAILED" before its summary and on stderr', async () => {
    const added = await sandboxFetch(suite.sandbox, 'events', {body: JSON.stringify({Event: CALENDAR_FIXTURE.tampered}), headers: {'content-type': 'application/json'}, method: 'POST'})
    expect(added.status).to.equal(200)
    const result = await proton(['calendar', 'events', 'list', '--start', '2025-03-14', '--end', '2025-03-15'])
    expect(result.status, result.stderr).to.equal(0)
    expect(out(result)).to.match(new RegExp(`^2025-03-14\\t08:00–09:00\\t\\[signature FAILED\\] Board meeting\\t-\\tMy calendar\\t${ID}\\n$`))
    expect(result.stderr).to.match(/^Warning: event \S+ \("Board meeting"\): signature FAILED on its shared part: shown, but not to be trusted\n$/)
    const quiet = await proton(['calendar', 'events', 'list', '--start', '2025-03-14', '--end', '2025-03-15', '--quiet'])
    expect(quiet.stderr).to.include('signature FAILED')
  })

  it('bad input is refused before anything is written: an unknown calendar, an end before its start, an RRULE that does not parse, an unknown zone', async () => {
    await resetLog()
    const base = ['calendar', 'events', 'create', '--calendar', 'My calendar', '--summary', 'X']
    const cases: Array<[string[], RegExp]> = [
      [
        ['calendar', 'events', 'create', '--calendar', 'Nope', '--summary', 'X', '--start', '2025-03-01T10:00Z', '--end', '2025-03-01T11:00Z'],
        /^Error: --calendar "Nope": no calendar has that ID or name/,
      ],
      [[...base, '--start', '2025-03-01T10:00Z', '--end', '2025-03-01T09:00Z'], /^Error: --end is before --start\n$/],
      [[...base, '--start', '2025-03-01T10:00Z', '--end', '2025-03-01T11:00Z', '--rrule', 'FREQ=FORTNIGHTLY'], /^Error: --rrule "FREQ=FORTNIGHTLY" is not an RRULE/],
      [[...base, '--start', '2025-03-01T10:00', '--end', '2025-03-01T11:00', '--timezone', 'Mars/Olympus'], /^Error: --timezone "Mars\/Olympus" is not a time zone/],
      [['calendar', 'events', 'list', '--start', '2025-03-01T10:00'], /^Error: --start "2025-03-01T10:00" has a time but no zone/],
      [['calendar', 'events', 'list', '--start', '2025-02-30'], /^Error: --start "2025-02-30" is not a real date or time\n$/],
    ]
    for (const [args, message] of cases) {
      const result = await proton(args)
      expect(result.status, args.join(' ')).to.equal(1)
      expect(result.stderr, args.join(' ')).to.match(message)
      expect(out(result)).to.equal('')
    }

    expect((await requests()).filter(({Method}) => Method !== 'GET')).to.deep.equal([])
  })

  describe('as a new user pastes the examples (issue 39)', () => {
    const created = async (args: string[], zone = 'UTC') => {
      const result = await proton(['calendar', 'events', 'create', ...args], zone)
      expect(result.status, result.stderr).to.equal(0)
      return {id: out(result).trim(), stderr: result.stderr}
    }

    it('every calendar line of the README runs as pasted against the sandbox (bash, exit 0)', () => {
      const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
      const lines = [...readme.matchAll(/^ {4}(proton calendar .*)$/gm)].map(([, line]) => line)
      expect(lines.length).to.be.at.least(3)
      for (const line of lines) {
        const script = `proton() { "$NODE" "$BIN" --profile sandbox "$@"; }\n${line}\n`
        const result = spawnSync('bash', ['-c', script], {encoding: 'utf8', env: {...baseEnv(suite.home.home, {TZ: 'Europe/Zurich'}), BIN, NODE: process.execPath}, timeout: 60_000})
        expect(result.status, `${line}: ${result.stderr}`).to.equal(0)
        expect(result.stderr, line).not.to.match(/^Error/m)
      }
    })

    it('the README’s create, as pasted: the sandbox has a calendar Work, and a time without a zone is in the system’s zone (TZ); --timezone overrides', async () => {
      const {id} = await created(['--calendar', 'Work', '--summary', 'Review', '--start', '2026-12-02T10:00', '--end', '2026-12-02T11:00'], 'Europe/Zurich')
      expect(await json(['calendar', 'events', 'get', id])).to.deep.include({Calendar: 'Work', Start: {DateTime: '2026-12-02T10:00:00', Timezone: 'Europe/Zurich'}})
      const listed = out(await proton(['calendar', 'events', 'list', '--start', '2026-12-02', '--end', '2026-12-03'], 'Europe/Zurich'))
      expect(listed).to.include(`2026-12-02\t10:00–11:00\tReview\t-\tWork\t${id}\n`)
      const other = await created(['--calendar', 'work', '--summary', 'Call', '--start', '2026-12-03T10:00', '--end', '2026-12-03T10:30', '--timezone', 'America/New_York'], 'Europe/Zurich')
      expect((await json(['calendar', 'events', 'get', other.id])).Start).to.deep.equal({DateTime: '2026-12-03T10:00:00', Timezone: 'America/New_York'})
    })

    it('--rrule whose days miss the start (a Tuesday for MO,WE): the series begins on the rule’s first date, as Proton’s clients read it, with a warning; COUNT=6 gives six', async () => {
      const {id, stderr} = await created(
        ['--calendar', 'Work', '--summary', 'Gym', '--start', '2026-12-01T07:00', '--end', '2026-12-01T08:00', '--rrule', 'FREQ=WEEKLY;BYDAY=MO,WE;COUNT=6'],
        'Europe/Zurich',
      )
      expect(stderr).to.match(
        /^Warning: --start 2026-12-01 07:00 \(a Tuesday\) is not a date of the rule FREQ=WEEKLY;COUNT=6;BYDAY=MO,WE: the event begins on its first, 2026-12-02 07:00 \(a Wednesday\), as Proton's clients read the rule\nCreated event /,
      )
      const shown = await json(['calendar', 'events', 'get', id])
      expect([shown.Start, shown.End]).to.deep.equal([
        {DateTime: '2026-12-02T07:00:00', Timezone: 'Europe/Zurich'},
        {DateTime: '2026-12-02T08:00:00', Timezone: 'Europe/Zurich'},
      ])
      const days = out(await proton(['calendar', 'events', 'list', '--calendar', 'Work', '--start', '2026-11-30', '--end', '2027-01-31'], 'Europe/Zurich'))
        .split('\n')
        .filter((line) => line.includes('\tGym\t'))
        .map((line) => line.split('\t')[0])
      expect(days).to.deep.equal(['2026-12-02', '2026-12-07', '2026-12-09', '2026-12-14', '2026-12-16', '2026-12-21'])
      const matching = await created(
        ['--calendar', 'Work', '--summary', 'Swim', '--start', '2026-12-07T07:00', '--end', '2026-12-07T08:00', '--rrule', 'FREQ=WEEKLY;BYDAY=MO,WE;COUNT=2'],
        'Europe/Zurich',
      )
      expect(matching.stderr).not.to.include('Warning')
      // update: a new rule the start misses moves it too; a change of summary alone moves nothing.
      const updated = await proton(['calendar', 'events', 'update', matching.id, '--rrule', 'FREQ=WEEKLY;BYDAY=TU;COUNT=2'], 'Europe/Zurich')
      expect(updated.stderr).to.match(
        /^Warning: --start 2026-12-07 07:00 \(a Monday\) is not a date of the rule FREQ=WEEKLY;COUNT=2;BYDAY=TU: the event begins on its first, 2026-12-08 07:00 \(a Tuesday\)/,
      )
      expect((await json(['calendar', 'events', 'get', matching.id])).Start).to.deep.equal({DateTime: '2026-12-08T07:00:00', Timezone: 'Europe/Zurich'})
      const renamed = await proton(['calendar', 'events', 'update', matching.id, '--summary', 'Swim!'], 'Europe/Zurich')
      expect([renamed.status, renamed.stderr]).to.deep.equal([0, `Updated event ${matching.id} ("Swim!").\n`])
    })

    it('all day: --end is the last day in what users type and see (get, json); only the ics has the exclusive DTEND', async () => {
      const {id} = await created(['--calendar', 'Work', '--summary', 'Holidays', '--all-day', '--start', '2026-12-24', '--end', '2026-12-26'])
      expect(out(await proton(['calendar', 'events', 'get', id]))).to.match(/\nStart: +2026-12-24 \(all day\)\nEnd: +2026-12-26 \(all day\)\n/)
      const shown = await json(['calendar', 'events', 'get', id])
      expect([shown.Start, shown.End]).to.deep.equal([{Date: '2026-12-24'}, {Date: '2026-12-26'}])
      expect(out(await proton(['calendar', 'events', 'get', id, '--output', 'ics']))).to.include('DTEND;VALUE=DATE:20261227\r\n')
      const one = await created(['--calendar', 'Work', '--summary', 'One day', '--all-day', '--start', '2026-12-31', '--end', '2026-12-31'])
      expect((await json(['calendar', 'events', 'get', one.id])).End).to.deep.equal({Date: '2026-12-31'})
    })

    it('--dry-run on events create, update and delete: the PUT printed, nothing written', async () => {
      const {id} = await created(['--calendar', 'Work', '--summary', 'Kept', '--start', '2026-12-10T10:00Z', '--end', '2026-12-10T11:00Z'])
      const workId = ((await json(['calendar', 'list'])) as unknown as {Calendars: Array<{ID: string; Members: Array<{Name: string}>}>}).Calendars.find(
        (calendar) => calendar.Members[0].Name === 'Work',
      )!.ID
      for (const args of [
        ['create', '--calendar', 'Work', '--summary', 'Never', '--start', '2026-12-11T10:00Z', '--end', '2026-12-11T11:00Z'],
        ['update', id, '--summary', 'Changed'],
        ['delete', id],
      ]) {
        await resetLog()
        const dry = await proton(['calendar', 'events', ...args, '--dry-run'])
        expect([dry.status, dry.stderr], args.join(' ')).to.deep.equal([0, 'Dry run: the request was not sent.\n'])
        expect(out(dry).startsWith(`PUT ${suite.sandbox.url}/calendar/v1/${workId}/events/sync\n{\n  "MemberID": `), `${args.join(' ')}: ${out(dry).slice(0, 200)}`).to.equal(true)
        expect(
          (await requests()).filter(({Method}) => Method !== 'GET'),
          args.join(' '),
        ).to.deep.equal([])
      }

      expect(await json(['calendar', 'events', 'get', id])).to.deep.include({Sequence: 0, Summary: 'Kept'})
      expect(out(await proton(['calendar', 'events', 'list', '--calendar', 'Work', '--start', '2026-12-11', '--end', '2026-12-12']))).not.to.include('Never')
    })

    it('calendar delete takes the calendar’s name, as --calendar does (it sent the name as an ID: 404)', async () => {
      const made = await proton(['calendar', 'create', '--name', 'Short Trip', '--color', '#179FD9'])
      expect(made.status, made.stderr).to.equal(0)
      const id = out(made).trim()
      const dry = await proton(['calendar', 'delete', 'short trip', '--dry-run'])
      expect([dry.status, out(dry)]).to.deep.equal([0, `DELETE ${suite.sandbox.url}/calendar/v1/${id}\n`])
      const deleted = await proton(['calendar', 'delete', 'Short Trip', '--yes'])
      expect([deleted.status, out(deleted), deleted.stderr]).to.deep.equal([0, `${id}\n`, `Deleted calendar ${id}.\n`])
      expect(out(await proton(['calendar', 'list']))).not.to.include('Short Trip')
    })
  })

  describe('what the tool writes, read by GnuPG', () => {
    let token = ''
    const importAccountKeys = () => {
      // The user key (its passphrase from the password, as the service's clients derive it), then the address key with its token.
      writeFileSync(join(gnupgHome, 'user.asc'), KEY_FIXTURE.userKey)
      gpgWith(keyPassphrase('demo', KEY_FIXTURE.keySalt), ['--import', join(gnupgHome, 'user.asc')])
      const token = gpgWith(keyPassphrase('demo', KEY_FIXTURE.keySalt), ['--decrypt'], KEY_FIXTURE.addressKeys[0].Token).stdout.toString()
      writeFileSync(join(gnupgHome, 'address.asc'), KEY_FIXTURE.addressKeys[0].PrivateKey)
      gpgWith(token, ['--import', join(gnupgHome, 'address.asc')])
      return token
    }

    before(() => {
      token = importAccountKeys()
    })

    /** A calendar's passphrase as GnuPG opens it (key packet and data packet joined), its signature checked by GnuPG. */
    const openPassphrase = (packets: {KeyPacket: string; DataPacket: string}, signature: string): string => {
      const message = Buffer.concat([Buffer.from(packets.KeyPacket, 'base64'), Buffer.from(packets.DataPacket, 'base64')])
      const passphrase = gpgWith(token, ['--decrypt'], message).stdout.toString()
      writeFileSync(join(gnupgHome, 'passphrase.txt'), passphrase)
      writeFileSync(join(gnupgHome, 'passphrase.sig'), signature)
      const verified = spawnSync(GPG, ['--homedir', gnupgHome, '--batch', '--status-fd', '1', '--verify', join(gnupgHome, 'passphrase.sig'), join(gnupgHome, 'passphrase.txt')], {
        encoding: 'utf8',
        timeout: 30_000,
      })
      expect(verified.stdout, verified.stderr).to.match(/\[GNUPG:\] GOODSIG \S+ <demo@proton\.test>/)
      return passphrase
    }

    it('calendar create sets up the keys: GnuPG decrypts the passphrase with the address key, checks its signature, and it unlocks the new calendar key; events can be written there', async () => {
      const created = await proton(['calendar', 'create', '--name', 'GnuPG checked', '--color', '#179FD9'])
      expect(created.status, created.stderr).to.equal(0)
      const id = out(created).trim()
      const bootstrap = (await json(['api', 'GET', `/calendar/v2/${id}/bootstrap`])) as {
        Keys: Array<{PrivateKey: string; Flags: number}>
        Passphrase: {MemberPassphrases: Array<{Passphrase: string; Signature: string}>}
      }
      const [member] = bootstrap.Passphrase.MemberPassphrases
      const armored = member.Passphrase.replace(/^-----BEGIN PGP MESSAGE-----\n\n|\n-----END PGP MESSAGE-----\n$/g, '').replaceAll('\n', '')
      const bytes = Buffer.from(armored, 'base64')
      const calendarPassphrase = openPassphrase({DataPacket: '', KeyPacket: bytes.toString('base64')}, member.Signature)
      expect(calendarPassphrase).to.match(/^[A-Za-z0-9+/]{43}=$/)
      expect(bootstrap.Keys).to.have.length(1)
      expect(bootstrap.Keys[0].Flags).to.equal(3)
      writeFileSync(join(gnupgHome, 'calendar.asc'), bootstrap.Keys[0].PrivateKey)
      gpgWith(calendarPassphrase, ['--import', join(gnupgHome, 'calendar.asc')])
      // The passphrase unlocks it: GnuPG signs with it.
      gpgWith(calendarPassphrase, ['--local-user', 'Calendar key', '--detach-sign', '--output', '-'], 'x')
      const event = await proton(['calendar', 'events', 'create', '--calendar', id, '--summary', 'In the new calendar', '--start', '2025-06-01T10:00Z', '--end', '2025-06-01T11:00Z'])
      expect(event.status, event.stderr).to.equal(0)
      expect(out(await proton(['calendar', 'events', 'list', '--calendar', 'GnuPG checked', '--start', '2025-06-01', '--end', '2025-06-02']))).to.match(
        /^2025-06-01\t10:00–11:00\tIn the new calendar\t-\tGnuPG checked\t/,
      )
    })

    it('events create: GnuPG decrypts the shared encrypted part with the calendar key and verifies every part’s signature by the address key; the summary is nowhere in clear; a summary update keeps SEQUENCE, as the web client’s; delete --yes removes it', async () => {
      const calendarId = await seededCalendar()
      const bootstrap = (await json(['api', 'GET', `/calendar/v2/${calendarId}/bootstrap`])) as {
        Keys: Array<{PrivateKey: string}>
        Passphrase: {MemberPassphrases: Array<{Passphrase: string; Signature: string}>}
      }
      const [member] = bootstrap.Passphrase.MemberPassphrases
      const bytes = Buffer.from(member.Passphrase.replace(/^-----BEGIN PGP MESSAGE-----\n\n|\n-----END PGP MESSAGE-----\n$/g, '').replaceAll('\n', ''), 'base64')
      const passphrase = openPassphrase({DataPacket: '', KeyPacket: bytes.toString('base64')}, member.Signature)
      writeFileSync(join(gnupgHome, 'seeded.asc'), bootstrap.Keys[0].PrivateKey)
      gpgWith(passphrase, ['--import', join(gnupgHome, 'seeded.asc')])

      await resetLog()
      const created = await proton([
        'calendar',
        'events',
        'create',
        '--calendar',
        'My calendar',
        '--summary',
        'Secret summit',
        '--location',
        'Hidden place',
        '--start',
        '2025-05-05T09:00',
        '--end',
        '2025-05-05T10:00',
        '--timezone',
        'Europe/Zurich',
        '--rrule',
        'FREQ=DAILY;COUNT=2',
      ])
      expect(created.status, created.stderr).to.equal(0)
      const id = out(created).trim()
      expect(id).to.match(new RegExp(`^${ID}$`))
      expect((await requests()).map(({Method, Path}) => `${Method} ${Path}`).filter((line) => !line.startsWith('GET'))).to.deep.equal([`PUT /calendar/v1/${calendarId}/events/sync`])

      const {Event: event} = (await json(['api', 'GET', `/calendar/v1/${calendarId}/events/${id}`])) as {
        Event: {SharedKeyPacket: string; SharedEvents: Array<{Type: number; Data: string; Signature: string}>}
      }
      expect(JSON.stringify(event)).not.to.include('Secret summit')
      expect(JSON.stringify(event)).not.to.include('Hidden place')
      const signedPart = event.SharedEvents.find((part) => part.Type === 2)!
      const encryptedPart = event.SharedEvents.find((part) => part.Type === 3)!
      expect(signedPart.Data).to.include('DTSTART;TZID=Europe/Zurich:20250505T090000\r\n')
      expect(signedPart.Data).to.include('RRULE:FREQ=DAILY;COUNT=2\r\n')
      const verify = (data: Buffer | string, signature: string) => {
        writeFileSync(join(gnupgHome, 'part.bin'), data)
        writeFileSync(join(gnupgHome, 'part.sig'), signature)
        const result = spawnSync(GPG, ['--homedir', gnupgHome, '--batch', '--status-fd', '1', '--verify', join(gnupgHome, 'part.sig'), join(gnupgHome, 'part.bin')], {
          encoding: 'utf8',
          timeout: 30_000,
        })
        return result.stdout
      }

      expect(verify(signedPart.Data, signedPart.Signature)).to.match(/\[GNUPG:\] GOODSIG \S+ <demo@proton\.test>/)
      const message = Buffer.concat([Buffer.from(event.SharedKeyPacket, 'base64'), Buffer.from(encryptedPart.Data, 'base64')])
      const plaintext = gpgWith(passphrase, ['--decrypt'], message).stdout
      expect(plaintext.toString()).to.match(/\r\nSUMMARY:Secret summit\r\n/)
      expect(plaintext.toString()).to.match(/\r\nLOCATION:Hidden place\r\n/)
      expect(verify(plaintext, encryptedPart.Signature)).to.match(/\[GNUPG:\] GOODSIG \S+ <demo@proton\.test>/)
      // A signature over other bytes does not hold for GnuPG either.
      expect(verify(Buffer.concat([plaintext, Buffer.from(' ')]), encryptedPart.Signature)).to.match(/\[GNUPG:\] BADSIG/)

      const updated = await proton(['calendar', 'events', 'update', id, '--summary', 'Open summit'])
      expect(updated.status, updated.stderr).to.equal(0)
      const shown = await json(['calendar', 'events', 'get', id])
      expect(shown).to.deep.include({Location: 'Hidden place', RRule: 'FREQ=DAILY;COUNT=2', Sequence: 0, Signature: 'verified', Summary: 'Open summit'})
      expect(shown.Start).to.deep.equal({DateTime: '2025-05-05T09:00:00', Timezone: 'Europe/Zurich'})

      const refused = await proton(['calendar', 'events', 'delete', id])
      expect(refused.status).to.equal(1)
      const deleted = await proton(['calendar', 'events', 'delete', id, '--yes'])
      expect([deleted.status, out(deleted)]).to.deep.equal([0, `${id}\n`])
      expect((await proton(['calendar', 'events', 'get', id])).status).to.equal(3)
    })
  })

  it('calendar create whose keys the service refuses: the calendar is deleted again, and the command says so (exit 1)', async () => {
    const fault = await sandboxFetch(suite.sandbox, 'faults', {
      body: JSON.stringify({Count: 1, Kind: 'status', Method: 'POST', Path: '/calendar/v1/', Status: 422}),
      headers: {'content-type': 'application/json'},
      method: 'POST',
    })
    expect(fault.status).to.equal(200)
    await resetLog()
    const result = await proton(['calendar', 'create', '--name', 'Half made', '--color', '#179FD9'])
    expect(result.status).to.equal(1)
    expect(out(result)).to.equal('')
    expect(result.stderr).to.match(/\nError: the calendar's keys were refused, so the calendar \S+ was deleted again; nothing was created\n$/)
    const log = (await requests()).map(({Method, Path, Status}) => `${Method} ${Path.replace(/\/calendar\/v1\/[^/]+/, '/calendar/v1/ID')} ${Status}`)
    expect(log.slice(3)).to.deep.equal(['POST /calendar/v1 200', 'POST /calendar/v1/ID/keys 422', 'DELETE /calendar/v1/ID 200'])
    expect(out(await proton(['calendar', 'list']))).not.to.include('Half made')
  })
})
