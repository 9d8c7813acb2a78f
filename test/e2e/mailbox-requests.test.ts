/**
 * What the mailbox commands send, through the built binary against a local
 * server that records every request: method, path, query and body, each as
 * the official client it follows sends it (go-proton-api address.go,
 * core_settings.go, mail_settings.go; WebClients api/filters.ts,
 * api/calendars.ts), and what is printed. Deletions ask on a terminal (a
 * pseudo-terminal from `script`) and refuse without one unless --yes.
 */
import {expect} from 'chai'
import {spawn} from 'node:child_process'
import {writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {displayWidth} from '../../src/lib/output/width.ts'
import {BIN, baseEnv, runBinary, type RunResult} from '../helpers/run-binary.ts'
import {type Handler, json, type Recorded, serverForSuite} from '../helpers/scripted-server.ts'
import {expectStrictlyDescribed} from '../helpers/strict-requests.ts'
import {TOKENS} from '../helpers/session-files.ts'

/** IDs as long as the service's (88 characters). */
const id = (seed: string) => `${seed.padEnd(86, '-')}==`
const ADDRESSES = JSON.stringify({
  Addresses: [
    {Email: 'alias@proton.test', ID: id('addr-alias'), Order: 2, Receive: 1, Send: 1, Status: 1, Type: 2},
    {Email: 'custom@example.test', ID: id('addr-custom'), Order: 3, Receive: 0, Send: 0, Status: 0, Type: 3},
    {Email: 'me@proton.test', ID: id('addr-original'), Order: 1, Receive: 1, Send: 1, Status: 1, Type: 1},
  ],
  Code: 1000,
  Total: 3,
})
const USER_SETTINGS = JSON.stringify({Code: 1000, UserSettings: {'2FA': {Allowed: 3, Enabled: 1}, Email: {Status: 1, Value: 'me@recovery.test'}, Password: {Mode: 2}, WeekStart: 7}})
const MAIL_SETTINGS = JSON.stringify({Code: 1000, MailSettings: {PGPScheme: 16, Signature: `<div>${'a long signature, '.repeat(8)}</div>`, ViewLayout: 0, ViewMode: 1}})
const FILTERS = JSON.stringify({
  Code: 1000,
  Filters: [
    {ID: id('filter-one'), Name: 'Receipts', Priority: 1, Sieve: 'keep;', Status: 1, Version: 2},
    {ID: id('filter-two'), Name: 'Old rule', Priority: 2, Sieve: 'keep;', Status: 0, Version: 2},
  ],
})
const NEW_FILTER = id('filter-new')
const SIEVE = 'require "fileinto";\nif header :contains "subject" "receipt" { fileinto "Receipts"; }\n'
const NOT_FOUND = (what: string) => json(404, `{"Code":2501,"Error":"${what} does not exist"}`)

interface Sent {
  method: string
  url: string
  body: string
  type?: string
}

const sent = (requests: Recorded[]): Sent[] =>
  requests.map(({body, headers, method, url}) => ({body: body.toString('utf8'), method, url, ...(headers['content-type'] ? {type: headers['content-type']} : {})}))

/** The calendars calendar delete looks names up in: c1 and c2== by ID, Holidays by name. */
const CALENDARS = JSON.stringify({
  Code: 1000,
  Calendars: ['c1', 'c2==', 'h9'].map((ID, index) => ({ID, Members: [{AddressID: 'a1', Email: 'demo@proton.test', ID: `m${index}`, Name: ID === 'h9' ? 'Holidays' : `Calendar ${index}`}]})),
})

/** The pretend service: what the mailbox commands ask for, by method and path. */
const mailbox: Handler = (request, response) => {
  const {method, url} = request
  const route = `${method} ${url}`
  if (route === 'GET /core/v4/addresses') return json(200, ADDRESSES)(request, response)
  if (route === 'GET /core/v4/settings') return json(200, USER_SETTINGS)(request, response)
  if (route === 'GET /mail/v4/settings') return json(200, MAIL_SETTINGS)(request, response)
  if (route === 'GET /mail/v4/filters') return json(200, FILTERS)(request, response)
  if (route === 'GET /calendar/v1') return json(200, CALENDARS)(request, response)
  if (route === 'POST /mail/v4/filters') return json(200, {Code: 1000, Filter: {ID: NEW_FILTER, Status: 1, ...JSON.parse(request.body.toString())}})(request, response)
  if (/\/gone(\/|$)/.test(url)) return NOT_FOUND(url.startsWith('/calendar') ? 'Calendar' : 'Filter')(request, response)
  if (url.includes('/cut-off')) return response.destroy()
  const toggled = /^PUT \/mail\/v4\/filters\/([^/]+)\/(enable|disable)$/.exec(route)
  if (toggled) return json(200, {Code: 1000, Filter: {ID: decodeURIComponent(toggled[1]), Status: toggled[2] === 'enable' ? 1 : 0}})(request, response)
  if (/^DELETE \/(mail\/v4\/filters|calendar\/v1)\/[^/]+$/.test(route)) return json(200, '{"Code":1000}')(request, response)
  json(404, '{"Code":2501,"Error":"No such route"}')(request, response)
}

describe('the mailbox commands send what the official clients send (built binary, a recording server)', function () {
  this.timeout(60_000)
  const suite = serverForSuite({handler: mailbox, session: true})
  const env = () => baseEnv(suite.home.home, {TZ: 'UTC'})
  const proton = (args: string[], input?: string): Promise<RunResult> => runBinary(args, {env: env(), input})
  const out = (result: RunResult) => result.stdout.toString('utf8')

  // Whatever else a test checks: every request carried the session as the clients send it, and passes the request
  // check of --strict against the shipped description.
  afterEach(async () => {
    for (const {headers, method, url} of suite.server.requests) {
      expect([headers.authorization, headers['x-pm-uid'], headers['x-pm-appversion']], `${method} ${url}`).to.deep.equal([`Bearer ${TOKENS.AccessToken}`, TOKENS.UID, 'Other'])
    }

    await expectStrictlyDescribed(suite.server.requests)
  })

  describe('reads', () => {
    it('account addresses: GET /core/v4/addresses, no query, no body; the list in Order, piped: whole values, tab-separated', async () => {
      const result = await proton(['account', 'addresses'])
      expect(result.status).to.equal(0)
      expect(sent(suite.server.requests)).to.deep.equal([{body: '', method: 'GET', url: '/core/v4/addresses'}])
      expect(out(result).trimEnd().split('\n')).to.satisfy(
        (lines: string[]) =>
          [/^addr-original-+==\tme@proton\.test\tENABLED\tORIGINAL$/, /^addr-alias-+==\talias@proton\.test\tENABLED\tALIAS$/, /^addr-custom-+==\tcustom@example\.test\tDISABLED\tCUSTOM_DOMAIN$/].every(
            (pattern, index) => pattern.test(lines[index]),
          ) && lines.length === 3,
      )
    })

    it('every line of every settings table fits 80 columns; --output json prints each answer byte for byte', async () => {
      // Whether something there is longer than the room it gets (the IDs, the signature). Lists are tab-separated when piped.
      for (const [args, answer, cut] of [
        [['account', 'addresses'], ADDRESSES, false],
        [['account', 'settings'], USER_SETTINGS, false],
        [['mail', 'settings'], MAIL_SETTINGS, true],
        [['mail', 'filters', 'list'], FILTERS, false],
      ] as const) {
        const text = await proton([...args])
        expect(text.status, args.join(' ')).to.equal(0)
        if (!out(text).includes('\t')) for (const line of out(text).split('\n')) expect(displayWidth(line), `${args.join(' ')}: ${line}`).to.be.at.most(80)
        expect(out(text).includes('…'), args.join(' ')).to.equal(cut)
        const raw = await proton([...args, '--output', 'json'])
        expect(out(raw), args.join(' ')).to.equal(answer)
      }
    })

    it('account settings and mail settings: GET /core/v4/settings, GET /mail/v4/settings; the published enumerations by name', async () => {
      const account = await proton(['account', 'settings'])
      const mail = await proton(['mail', 'settings'])
      expect(sent(suite.server.requests)).to.deep.equal([
        {body: '', method: 'GET', url: '/core/v4/settings'},
        {body: '', method: 'GET', url: '/mail/v4/settings'},
      ])
      expect(out(account)).to.equal(
        [
          'FIELD          VALUE',
          '2FA.Allowed    OTP,FIDO2',
          '2FA.Enabled    OTP',
          'Email.Status   VERIFIED',
          'Email.Value    me@recovery.test',
          'Password.Mode  TWO_PASSWORD_MODE',
          'WeekStart      SUNDAY',
          '',
        ].join('\n'),
      )
      expect(out(mail)).to.match(/^FIELD +VALUE\nPGPScheme +SEND_PGP_MIME\nSignature +<div>a long signature, .*…\nViewLayout +COLUMN\nViewMode +SINGLE\n$/)
    })

    it('mail filters list: GET /mail/v4/filters; ID, name and status by name', async () => {
      const result = await proton(['mail', 'filters', 'list'])
      expect(sent(suite.server.requests)).to.deep.equal([{body: '', method: 'GET', url: '/mail/v4/filters'}])
      expect(out(result)).to.match(/^filter-one-+==\tReceipts\tENABLED\nfilter-two-+==\tOld rule\tDISABLED\n$/)
    })
  })

  describe('mail filters create', () => {
    const BODY = JSON.stringify({Name: 'Receipts', Sieve: SIEVE, Version: 2})

    it('POST /mail/v4/filters {"Name","Sieve","Version":2} as JSON; the new ID alone on stdout', async () => {
      const result = await proton(['mail', 'filters', 'create', '--name', 'Receipts', '--sieve', SIEVE])
      expect(result.status).to.equal(0)
      expect(sent(suite.server.requests)).to.deep.equal([{body: BODY, method: 'POST', type: 'application/json', url: '/mail/v4/filters'}])
      expect(out(result)).to.equal(`${NEW_FILTER}\n`)
      expect(result.stderr).to.equal(`Created filter "Receipts" (${NEW_FILTER}).\n`)
    })

    it('the same body from --sieve-file PATH, --sieve-file - and --sieve - (standard input)', async () => {
      const file = join(suite.home.home, 'rules.sieve')
      writeFileSync(file, SIEVE)
      for (const [flags, input] of [
        [['--sieve-file', file], undefined],
        [['--sieve-file', '-'], SIEVE],
        [['--sieve', '-'], SIEVE],
      ] as const) {
        suite.server.requests.length = 0
        const result = await proton(['mail', 'filters', 'create', '--name', 'Receipts', ...flags], input)
        expect(result.status, flags.join(' ')).to.equal(0)
        expect(sent(suite.server.requests), flags.join(' ')).to.deep.equal([{body: BODY, method: 'POST', type: 'application/json', url: '/mail/v4/filters'}])
      }
    })

    it('no script, both flags, a missing file, an empty name: exit 1, one line, nothing sent', async () => {
      for (const [flags, stderr] of [
        [['--name', 'R'], /^Error: no Sieve script: give the filter's Sieve script with --sieve TEXT or --sieve-file PATH \(- for standard input\)\n$/],
        [['--name', 'R', '--sieve', 'keep;', '--sieve-file', 'x'], /^Error: --sieve and --sieve-file cannot be used together\nSee "proton mail filters create --help"\.\n$/],
        [['--name', 'R', '--sieve-file', join(suite.home.home, 'nope.sieve')], /^Error: --sieve-file cannot read ".*nope\.sieve": no such file\n$/],
        [['--name', ' ', '--sieve', 'keep;'], /^Error: --name must not be empty\n$/],
      ] as const) {
        const result = await proton(['mail', 'filters', 'create', ...flags])
        expect([result.status, out(result)], flags.join(' ')).to.deep.equal([1, ''])
        expect(result.stderr).to.match(stderr)
      }

      expect(suite.server.requests).to.deep.equal([])
    })
  })

  describe('mail filters enable|disable|delete', () => {
    it('enable and disable: PUT /mail/v4/filters/{ID}/enable|disable with no body, each ID in turn, percent-encoded', async () => {
      const enabled = await proton(['mail', 'filters', 'enable', 'f1', 'a?b c', 'pad-Ab_9=='])
      const disabled = await proton(['mail', 'filters', 'disable', 'f1'])
      expect(sent(suite.server.requests)).to.deep.equal([
        {body: '', method: 'PUT', url: '/mail/v4/filters/f1/enable'},
        {body: '', method: 'PUT', url: '/mail/v4/filters/a%3Fb%20c/enable'},
        // As the clients write them: the base64url ID and its padding as they are.
        {body: '', method: 'PUT', url: '/mail/v4/filters/pad-Ab_9==/enable'},
        {body: '', method: 'PUT', url: '/mail/v4/filters/f1/disable'},
      ])
      expect([enabled.status, out(enabled), enabled.stderr]).to.deep.equal([0, 'f1\na?b c\npad-Ab_9==\n', 'Enabled filter f1.\nEnabled filter a?b c.\nEnabled filter pad-Ab_9==.\n'])
      expect([disabled.status, out(disabled), disabled.stderr]).to.deep.equal([0, 'f1\n', 'Disabled filter f1.\n'])
    })

    it('an ID that does not exist: its error names it, the others still go, exit 3', async () => {
      const result = await proton(['mail', 'filters', 'disable', 'f1', 'gone', 'f2'])
      expect(result.status).to.equal(3)
      expect(suite.server.requests.map(({url}) => url)).to.deep.equal(['/mail/v4/filters/f1/disable', '/mail/v4/filters/gone/disable', '/mail/v4/filters/f2/disable'])
      expect(result.stderr).to.equal('Disabled filter f1.\nError: filter gone: HTTP 404 Not Found, Code 2501 NOT_FOUND_ERROR: Filter does not exist\nDisabled filter f2.\n')
    })

    it('delete without a terminal and without --yes: exit 1, nothing sent, the way out named', async () => {
      const result = await proton(['mail', 'filters', 'delete', 'f1', 'f2'])
      expect([result.status, out(result)]).to.deep.equal([1, ''])
      expect(result.stderr).to.equal('Error: refusing to delete 2 filters (f1, f2) without confirmation: standard input is not a terminal (add --yes)\n')
      expect(suite.server.requests).to.deep.equal([])
    })

    it('delete --yes: DELETE /mail/v4/filters/{ID} for each, no body; errors name their ID; exit 3', async () => {
      const result = await proton(['mail', 'filters', 'delete', 'f1', 'gone', '-y'])
      expect(sent(suite.server.requests)).to.deep.equal([
        {body: '', method: 'DELETE', url: '/mail/v4/filters/f1'},
        {body: '', method: 'DELETE', url: '/mail/v4/filters/gone'},
      ])
      expect([result.status, out(result)]).to.deep.equal([3, 'f1\n'])
      expect(result.stderr).to.equal('Deleted filter f1.\nError: filter gone: HTTP 404 Not Found, Code 2501 NOT_FOUND_ERROR: Filter does not exist\n')
    })
  })

  describe('calendar delete', () => {
    it('--yes: DELETE /calendar/v1/{ID} for each; every error names its ID and the cause; exit non-zero', async () => {
      const result = await proton(['calendar', 'delete', 'c1', 'gone', 'c2==', '--yes'])
      expect(sent(suite.server.requests)).to.deep.equal([
        {body: '', method: 'GET', url: '/calendar/v1'},
        {body: '', method: 'DELETE', url: '/calendar/v1/c1'},
        {body: '', method: 'DELETE', url: '/calendar/v1/gone'},
        {body: '', method: 'DELETE', url: '/calendar/v1/c2=='},
      ])
      expect([result.status, out(result)]).to.deep.equal([3, 'c1\nc2==\n'])
      expect(result.stderr).to.equal('Deleted calendar c1.\nError: calendar gone: HTTP 404 Not Found, Code 2501 NOT_FOUND_ERROR: Calendar does not exist\nDeleted calendar c2==.\n')
    })

    it('--output json: one document, an array of the answers in the order of the IDs, the failure’s too', async () => {
      const result = await proton(['calendar', 'delete', 'c1', 'gone', '--yes', '--output', 'json'])
      expect(out(result)).to.equal('[{"Code":1000},{"Code":2501,"Error":"Calendar does not exist"}]\n')
      expect(result.status).to.equal(3)
    })

    it('a connection cut (no answer): that ID and the cause named, the rest not attempted and named, exit 5', async () => {
      const result = await proton(['calendar', 'delete', 'c1', 'cut-off', 'c2', 'c3', '--yes', '--retries', '0'])
      expect(suite.server.requests.map(({url}) => url)).to.deep.equal(['/calendar/v1', '/calendar/v1/c1', '/calendar/v1/cut-off'])
      expect(result.status).to.equal(5)
      expect(result.stderr).to.match(/^Deleted calendar c1\.\nError: calendar cut-off: \S.*\nNot attempted: c2, c3\n$/)
    })

    it('without a terminal and without --yes: exit 1, nothing sent; an empty ID: exit 1, nothing sent', async () => {
      const refused = await proton(['calendar', 'delete', 'c1'])
      expect([refused.status, refused.stderr]).to.deep.equal([1, 'Error: refusing to delete calendar c1 without confirmation: standard input is not a terminal (add --yes)\n'])
      const empty = await proton(['calendar', 'delete', 'c1', '', '--yes'])
      expect([empty.status, empty.stderr]).to.deep.equal([1, 'Error: a calendar ID must not be empty\n'])
      expect(suite.server.requests.filter(({method}) => method !== 'GET')).to.deep.equal([])
    })

    it('a calendar named by its name, ignoring case, as --calendar takes it: looked up, then deleted by its ID', async () => {
      const result = await proton(['calendar', 'delete', 'holidays', '--yes'])
      expect(sent(suite.server.requests)).to.deep.equal([
        {body: '', method: 'GET', url: '/calendar/v1'},
        {body: '', method: 'DELETE', url: '/calendar/v1/h9'},
      ])
      expect([result.status, out(result), result.stderr]).to.deep.equal([0, 'h9\n', 'Deleted calendar h9.\n'])
    })
  })

  describe('--dry-run: the requests printed, nothing sent, no question asked', () => {
    it('for every mutating command', async () => {
      const base = suite.server.url
      for (const [args, stdout] of [
        [['mail', 'filters', 'create', '--name', 'R', '--sieve', 'keep;'], `POST ${base}/mail/v4/filters\n{\n  "Name": "R",\n  "Sieve": "keep;",\n  "Version": 2\n}\n`],
        [['mail', 'filters', 'delete', 'f1', 'f2'], `DELETE ${base}/mail/v4/filters/f1\n\nDELETE ${base}/mail/v4/filters/f2\n`],
        [['mail', 'filters', 'enable', 'f1'], `PUT ${base}/mail/v4/filters/f1/enable\n`],
        [['mail', 'filters', 'disable', 'f1'], `PUT ${base}/mail/v4/filters/f1/disable\n`],
        [['calendar', 'delete', 'c1'], `DELETE ${base}/calendar/v1/c1\n`],
      ] as const) {
        const result = await proton([...args, '--dry-run'])
        expect([result.status, out(result)], args.join(' ')).to.deep.equal([0, stdout])
        expect(result.stderr, args.join(' ')).to.match(/^Dry run: (the request was|2 requests were) not sent\.\n$/)
      }

      const asJson = await proton(['calendar', 'delete', 'c1', '--dry-run', '--output', 'json'])
      expect(JSON.parse(out(asJson))).to.deep.equal([{Method: 'DELETE', URL: `${base}/calendar/v1/c1`}])
      // calendar delete looks names up (GET); nothing else is sent.
      expect(suite.server.requests.filter(({method}) => method !== 'GET')).to.deep.equal([])
    })
  })

  describe('on a terminal, a deletion asks first', () => {
    /** Run on a pseudo-terminal, typing `answer` at the question; the screen and the exit status. */
    function answering(args: string[], answer: string): Promise<{screen: string; status: number | null}> {
      const command = [process.execPath, BIN, ...args].map((word) => `'${word}'`).join(' ')
      const child = spawn('script', ['-q', '-e', '-c', command, '/dev/null'], {env: env()})
      let screen = ''
      let typed = false
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000)
      child.stdout.on('data', (chunk: Buffer) => {
        screen += chunk.toString()
        if (!typed && screen.includes('[y/N] ')) {
          typed = true
          child.stdin.write(`${answer}\r`)
        }

        // `script` ends with the command only once its own input is closed.
        if (/Deleted|Error:/.test(screen)) child.stdin.end()
      })
      return new Promise((resolve) => {
        child.on('close', (status) => {
          clearTimeout(timer)
          resolve({screen: screen.replaceAll('\r\n', '\n'), status})
        })
      })
    }

    it('"y" deletes', async () => {
      const {screen, status} = await answering(['calendar', 'delete', 'c1'], 'y')
      expect(screen).to.include('Delete calendar c1? [y/N] y\n')
      expect(screen).to.include('Deleted calendar c1.')
      expect(status).to.equal(0)
      expect(sent(suite.server.requests)).to.deep.equal([
        {body: '', method: 'GET', url: '/calendar/v1'},
        {body: '', method: 'DELETE', url: '/calendar/v1/c1'},
      ])
    })

    it('anything else sends nothing and exits 1', async () => {
      const {screen, status} = await answering(['mail', 'filters', 'delete', 'f1', 'f2'], 'no')
      expect(screen).to.include('Delete 2 filters (f1, f2)? [y/N] no\n')
      expect(screen).to.include('Error: not confirmed: none of the 2 filters deleted')
      expect(status).to.equal(1)
      expect(suite.server.requests).to.deep.equal([])
    })
  })
})
