/**
 * The fast path of bin/run.js (a command without oclif) against the oclif
 * path (PROTON_FAST_PATH=0), through the built binary and the sandbox: the
 * same stdout bytes, stderr and exit status for every command it runs and
 * every kind of answer and failure; and a module report proving which path
 * ran.
 */
import {expect} from 'chai'
import {chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'

import {createServer} from 'node:https'
import type {AddressInfo} from 'node:net'

import {baseEnv, runBinary, type RunResult} from '../helpers/run-binary.ts'
import {sandboxFetch, sandboxForSuite} from '../helpers/sandbox-process.ts'

const MODULE_REPORT = fileURLToPath(new URL('../fixtures/module-report.js', import.meta.url))
const READ_REPORT = fileURLToPath(new URL('../fixtures/file-read-report.js', import.meta.url))
const STDIN_REPORT = fileURLToPath(new URL('../fixtures/stdin-report.js', import.meta.url))

interface Case {
  args: string[]
  input?: string
  /** A sandbox fault set before each of the two runs. */
  fault?: Record<string, unknown>
  /** A sandbox control (POST /__sandbox/<control>) before each of the two runs. */
  control?: string
  /** The file --output-file writes, compared after each run. */
  file?: string
  /** The exit status both paths end with (default 0). */
  status?: number
}

describe('the fast path (built binary): every command it runs answers as oclif does', function () {
  this.timeout(120_000)
  const suite = sandboxForSuite()

  /** One run; `oclifLoaded` tells whether @oclif/core was loaded at all, `modules` is the module report. */
  async function run(args: string[], options: {fast: boolean; input?: string}): Promise<RunResult & {modules: string; oclifLoaded: boolean}> {
    const report = join(suite.home.home, 'modules.txt')
    rmSync(report, {force: true})
    const env = baseEnv(suite.home.home, {MODULE_REPORT: report, ...(options.fast ? {} : {PROTON_FAST_PATH: '0'})})
    const profile = args.includes('--profile') ? [] : ['--profile', 'sandbox']
    const result = await runBinary([...profile, ...args], {env, input: options.input, nodeArgs: ['--import', MODULE_REPORT]})
    const modules = readFileSync(report, 'utf8')
    return {...result, modules, oclifLoaded: modules.includes('/@oclif/core/')}
  }

  const control = (path: string, method = 'GET', body?: unknown) => sandboxFetch(suite.sandbox, `${path}`, {body: body === undefined ? undefined : JSON.stringify(body), method})
  // Response dates, the sandbox's per-request IDs and the jitter of retry waits differ between two runs; nothing else may.
  const steady = (stderr: string) =>
    stderr
      .replaceAll(/^(<? ?date:).*$/gim, '$1 …')
      .replaceAll(/^(<? ?x-request-id:).*$/gim, '$1 …')
      .replaceAll(/^(\(.*; retry \d+ of \d+ in )\d+ ms\)$/gm, '$1… ms)')

  const cases: Array<[string, Case]> = [
    ['a JSON answer', {args: ['api', 'GET', '/core/v4/users']}],
    ['--output yaml', {args: ['api', 'GET', '/core/v4/users', '--output', 'yaml']}],
    ['-i and --verbose (headers on stderr, redacted)', {args: ['api', 'GET', '/core/v4/users', '-i', '--verbose']}],
    ['an unknown endpoint: the warning, exit 3', {args: ['api', 'GET', '/core/v4/nope'], status: 3}],
    ['--paginate with -F', {args: ['api', 'get', '/mail/v4/messages', '-F', 'PageSize=2', '--paginate']}],
    ['--paginate --slurp --output json', {args: ['api', 'GET', '/mail/v4/messages', '-F=PageSize=3', '--paginate', '--slurp', '--output=json']}],
    ['--strict refusing a body (exit 1, nothing sent)', {args: ['api', 'POST', '/mail/v4/labels', '--body', '{"Name":3}', '--strict'], status: 1}],
    ['a bad METHOD (exit 1)', {args: ['api', 'BREW', '/core/v4/users'], status: 1}],
    ['an ENDPOINT alone, without its slash: GET relative to the base URL', {args: ['api', 'core/v4/users']}],
    ['an ENDPOINT alone with fields: POST (--dry-run)', {args: ['api', 'mail/v4/labels', '-f', 'Name=Receipts', '--dry-run']}],
    ['api -X METHOD ENDPOINT, as gh takes it (--dry-run)', {args: ['api', '-X', 'delete', 'mail/v4/labels/x', '--dry-run']}],
    ['api --method=METHOD and -XMETHOD with fields (--dry-run)', {args: ['api', '--method=PUT', '/mail/v4/labels/x', '-f', 'Name=R', '--dry-run']}],
    ['api -X with a METHOD argument too (exit 1)', {args: ['api', '-XPOST', 'GET', '/core/v4/users'], status: 1}],
    ['auth token', {args: ['auth', 'token']}],
    ['boolean flags given true and false', {args: ['mail', 'list', '--starred=false', '--unread=true']}],
    ['a profile without a session (exit 2)', {args: ['api', 'GET', '/core/v4/users', '--profile', 'nobody'], status: 2}],
    ['--dry-run with fields', {args: ['api', 'POST', '/mail/v4/labels', '-f', 'Name=Receipts', '-F', 'Type=1', '--dry-run']}],
    ['--body from standard input', {args: ['api', 'POST', '/mail/v4/labels', '--body', '-', '--dry-run'], input: '{"Name":"From stdin","Type":1}'}],
    ['a non-JSON 502 (exit 5)', {args: ['api', 'GET', '/core/v4/users', '--retries', '0'], fault: {Count: 1, Kind: 'html-502', Path: '/core/v4/users'}, status: 5}],
    ['--output-file', {args: ['api', 'GET', '/core/v4/users', '--output-file', 'users.json'], file: 'users.json'}],
    ['--silent on a 404 (exit 3)', {args: ['api', 'DELETE', '/mail/v4/labels/no-such-label', '--silent'], status: 3}],
    ['an expired access token: refreshed once, the request sent again (--verbose)', {args: ['api', 'GET', '/core/v4/users', '--verbose'], control: 'expire-tokens'}],
    ['a dedicated command with an expired access token (--verbose)', {args: ['drive', 'volumes', '--verbose'], control: 'expire-tokens'}],
    ['a 429 retried after its Retry-After (--verbose)', {args: ['api', 'GET', '/core/v4/users', '--verbose'], fault: {Count: 1, Kind: 'rate-limit', Path: '/core/v4/users', RetryAfter: 0}}],
    [
      'a 503 retried, then given up (exit 5)',
      {args: ['api', 'GET', '/core/v4/users', '--retries', '1', '--verbose'], fault: {Count: 2, Kind: 'unavailable', Path: '/core/v4/users', RetryAfter: 0}, status: 5},
    ],
    ['a JSON answer cut halfway (exit 5)', {args: ['api', 'GET', '/core/v4/users'], fault: {Count: 1, Kind: 'truncate', Path: '/core/v4/users'}, status: 5}],
    ['a dropped connection (exit 5)', {args: ['api', 'GET', '/core/v4/users', '--retries', '0'], fault: {Count: 1, Kind: 'drop', Path: '/core/v4/users'}, status: 5}],
    ['no answer within --timeout (exit 5)', {args: ['api', 'GET', '/core/v4/users', '--timeout', '1'], fault: {Count: 1, DelayMs: 3000, Kind: 'latency', Path: '/core/v4/users'}, status: 5}],
    ['account show', {args: ['account', 'show']}],
    ['account show --output yaml', {args: ['account', 'show', '--output', 'yaml']}],
    ['mail list with a mailbox and a page', {args: ['mail', 'list', '--label', 'inbox', '--page', '1', '--page-size', '3']}],
    ['mail list --output json, global flags first', {args: ['--output', 'json', 'mail', 'list']}],
    ['mail list with a --label that is no mailbox word nor ID (exit 1)', {args: ['mail', 'list', '--label', 'no-such-label', '--output', 'json'], status: 1}],
    ['mail list with filters', {args: ['mail', 'list', '--from', 'alex', '--after', '2024-12-31', '--unread']}],
    ['mail list --all --output json', {args: ['mail', 'list', '--all', '--page-size', '2', '--output', 'json']}],
    ['mail count', {args: ['mail', 'count']}],
    ['mail send --dry-run, the body on standard input', {args: ['mail', 'send', '--to', 'a@example.test,demo.alias@proton.test', '--subject', 'S', '--dry-run'], input: 'body\n'}],
    ['mail send to a Proton address that does not exist (refused, exit 1)', {args: ['mail', 'send', '--to', 'nobody@proton.test', '--subject', 'S', '--body', 'b'], status: 1}],
    ['mail trash of an ID that is no message (exit 3, the results per ID)', {args: ['mail', 'trash', 'no-such-message', '--output', 'json'], status: 3}],
    ['mail star with IDs from standard input (exit 3)', {args: ['mail', 'star', '-'], input: 'no-such-a\nno-such-b\n', status: 3}],
    ['mail move --to a folder by path --dry-run', {args: ['mail', 'move', 'm1', '--to', 'Invoices/2024', '--dry-run']}],
    ['mail label --add --dry-run', {args: ['mail', 'label', 'm1', 'm2', '--add', 'Work', '--dry-run', '--output', 'json']}],
    ['mail mark without --read or --unread (exit 1)', {args: ['mail', 'mark', 'm1'], status: 1}],
    ['mail delete without a terminal or --yes (exit 1, nothing sent)', {args: ['mail', 'delete', 'm1'], status: 1}],
    ['mail labels list', {args: ['mail', 'labels', 'list']}],
    ['mail labels list --type folder --verbose', {args: ['mail', 'labels', 'list', '--type', 'folder', '--verbose']}],
    ['mail labels list --type tag (exit 1, nothing sent)', {args: ['mail', 'labels', 'list', '--type', 'tag'], status: 1}],
    ['mail labels create --dry-run', {args: ['mail', 'labels', 'create', '--name', 'Receipts', '--color', '#8080FF', '--dry-run']}],
    ['mail labels create with a bad colour (exit 1)', {args: ['mail', 'labels', 'create', '--name', 'Receipts', '--color', 'red'], status: 1}],
    [
      'mail labels delete of IDs that do not exist, repeated (exit 3)',
      {args: ['mail', 'labels', 'delete', 'no-such-label-aaaaaaaaaaaaa', 'no-such-label-bbbbbbbbbbbbb', 'no-such-label-aaaaaaaaaaaaa', '--yes', '--output', 'json'], status: 3},
    ],
    ['mail labels delete of a folder by name --dry-run (looked up with GET)', {args: ['mail', 'labels', 'delete', 'Invoices', '--dry-run']}],
    ['mail labels delete without a terminal nor --yes (exit 1, nothing deleted)', {args: ['mail', 'labels', 'delete', 'Work'], status: 1}],
    ['calendar list', {args: ['calendar', 'list']}],
    ['calendar create --dry-run', {args: ['calendar', 'create', '--name', 'Work', '--color', '#7272a7', '--hidden', '--dry-run']}],
    [
      'calendar events list of March 2025 in Zurich (decrypted, a recurrence expanded)',
      {args: ['calendar', 'events', 'list', '--start', '2025-03-01', '--end', '2025-04-01', '--timezone', 'Europe/Zurich']},
    ],
    [
      'calendar events create with an end before its start (exit 1)',
      {args: ['calendar', 'events', 'create', '--calendar', 'x', '--summary', 'S', '--start', '2025-03-01T10:00Z', '--end', '2025-03-01T09:00Z'], status: 1},
    ],
    ['calendar delete of an ID that does not exist --yes (exit 3)', {args: ['calendar', 'delete', 'no-such-calendar', '--yes'], status: 3}],
    ['calendar delete without a terminal nor --yes (exit 1, nothing sent)', {args: ['calendar', 'delete', 'c1', 'c2'], status: 1}],
    ['calendar delete --dry-run --output json', {args: ['calendar', 'delete', 'c1', 'c2==', '--dry-run', '--output', 'json']}],
    ['account addresses', {args: ['account', 'addresses']}],
    ['account settings', {args: ['account', 'settings']}],
    ['mail settings --output yaml', {args: ['mail', 'settings', '--output', 'yaml']}],
    ['mail filters list', {args: ['mail', 'filters', 'list']}],
    ['mail filters create --dry-run, the script from standard input', {args: ['mail', 'filters', 'create', '--name', 'R', '--sieve-file', '-', '--dry-run'], input: 'require "fileinto";\nkeep;\n'}],
    ['mail filters create without a script (exit 1)', {args: ['mail', 'filters', 'create', '--name', 'R'], status: 1}],
    ['mail filters disable of IDs that do not exist (exit 3)', {args: ['mail', 'filters', 'disable', 'no-such-a', 'no-such-b'], status: 3}],
    ['mail filters enable --dry-run', {args: ['mail', 'filters', 'enable', 'f1', '--dry-run']}],
    ['mail filters delete -y of an ID that does not exist (exit 3)', {args: ['mail', 'filters', 'delete', 'no-such-filter', '-y'], status: 3}],
    ['drive volumes', {args: ['drive', 'volumes']}],
    ["drive ls (the SDK reads LightResponse answers on the fast path, Response on oclif's)", {args: ['drive', 'ls']}],
    ['drive ls --output json of a folder', {args: ['drive', 'ls', 'Documents', '--output', 'json']}],
    ['drive download of a file (a block read through the light Response)', {args: ['drive', 'download', 'notes.txt', '--output-file', 'notes.out'], file: 'notes.out'}],
    ['drive volumes when the service answers HTML (exit 5)', {args: ['drive', 'volumes', '--retries', '0'], fault: {Count: 1, Kind: 'html-502', Path: '/drive/volumes'}, status: 5}],
    ['auth status --output yaml (the text shows ages, which move)', {args: ['auth', 'status', '--output', 'yaml']}],
    ['auth status of a profile without a session (exit 2)', {args: ['auth', 'status', '--profile', 'nobody'], status: 2}],
    ['contacts get of a contact by address (its cards decrypted and verified)', {args: ['contacts', 'get', 'alice@example.test']}],
    ['contacts get --output vcf (a format only the contacts commands declare)', {args: ['contacts', 'get', 'alice@example.test', '--output', 'vcf']}],
    [
      'calendar events list --output ics (a format only the calendar events commands declare)',
      {args: ['calendar', 'events', 'list', '--start', '2025-03-01', '--end', '2025-04-01', '--output', 'ics']},
    ],
    ['contacts delete of an ID that does not exist --yes (exit 3, the results per ID)', {args: ['contacts', 'delete', 'no-such-contact', '--yes', '--output', 'json'], status: 3}],
    ['pass items list (the share keys opened, every item decrypted; a bundle under src/lib/pass)', {args: ['pass', 'items', 'list']}],
    ['pass items get of a name no item has (exit 3)', {args: ['pass', 'items', 'get', 'no such item', '--vault', 'Work'], status: 3}],
    ['auth list --output json', {args: ['auth', 'list', '--output', 'json']}],
    ['api endpoints with a filter', {args: ['api', 'endpoints', '/mail/v4/labels', '--method', 'POST']}],
    ['api spec show --output json', {args: ['api', 'spec', 'show', '--output', 'json']}],
  ]
  for (const [what, {args, control: act, fault, file, input, status = 0}] of cases) {
    it(`answers as the oclif path does: ${what}`, async () => {
      const outcomes = []
      for (const fast of [true, false]) {
        if (fault) await control('faults', 'POST', fault)
        if (act) await control(act, 'POST')
        const result = await run(file ? args.map((arg) => (arg === file ? join(suite.home.home, file) : arg)) : args, {fast, input})
        outcomes.push({file: file ? readFileSync(join(suite.home.home, file), 'utf8') : undefined, status: result.status, stderr: steady(result.stderr), stdout: result.stdout.toString('utf8')})
        expect(result.oclifLoaded, fast ? 'the fast path loaded oclif' : 'oclif did not run').to.equal(!fast)
      }

      expect(outcomes[0]).to.deep.equal(outcomes[1])
      expect(outcomes[0].status, outcomes[0].stderr).to.equal(status)
    })
  }

  it("reads drive without loading undici: the SDK's Headers and the answers are light-response.ts's (the first touch of the globals loads all of undici)", async () => {
    for (const args of [
      ['drive', 'ls'],
      ['drive', 'download', 'notes.txt', '--output-file', '-'],
    ]) {
      const fast = await run(args, {fast: true})
      expect(fast.status, fast.stderr).to.equal(0)
      expect(fast.modules).to.include('builtin:internal/http')
      expect(fast.modules, args.join(' ')).not.to.include('undici')
    }
  })

  it('api -X METHOD / --method METHOD send that method to the ENDPOINT that follows; the positional METHOD stays', async () => {
    for (const [args, method] of [
      [['-X', 'delete', 'mail/v4/labels/x'], 'DELETE'],
      [['-XPUT', '/mail/v4/labels/x', '-f', 'Name=R'], 'PUT'],
      [['--method', 'post', '/mail/v4/labels'], 'POST'],
      [['PATCH', '/mail/v4/labels/x'], 'PATCH'],
    ] as const) {
      for (const fast of [true, false]) {
        const result = await run(['api', ...args, '--dry-run'], {fast})
        expect(result.status, result.stderr).to.equal(0)
        expect(result.stdout.toString()).to.match(new RegExp(`^curl .* -X ${method} '[^']+/mail/v4/labels(/x)?' `))
      }
    }
  })

  it('leaves help, usage errors, topics, the interactive commands and everything unusual to oclif', async () => {
    const lines = [
      ['api', 'GET', '/core/v4/users', '--help'],
      ['api', 'GET', '/x', '--bogus'],
      ['mail', 'list', '-h'],
      ['mail', 'labels', 'create', '--name', 'N'],
      ['mail', 'labels'],
      ['help', 'mail', 'list'],
      ['auth', 'login', '--password-stdin'],
      ['sandbox', '--port', '-1'],
      ['mail', 'list', 'extra'],
      ['mail', 'trash', '--', '-an-id-beginning-with-a-dash'],
      ['mail', 'mark', 'm1', '--read', '--unread'],
      ['mail', 'list', '--output', 'ics'],
      ['--version'],
    ]
    for (const args of lines) {
      const result = await run(args, {fast: true})
      expect(result.oclifLoaded, args.join(' ')).to.equal(true)
    }

    const help = await run(['api', 'GET', '/x', '--help'], {fast: true})
    expect(help.status).to.equal(0)
    expect(help.stdout.toString()).to.include('USAGE')
    const missing = await run(['api', 'GET'], {fast: true})
    expect([missing.status, missing.stderr]).to.deep.equal([1, 'Error: missing ENDPOINT after GET (a path such as /core/v4/users)\n'])
  })

  it('checks the sessions directory as oclif’s init hook does: narrowed, leftovers of dead writers removed', async () => {
    const sessions = join(suite.home.home, 'proton-cli', 'sessions')
    const leftover = join(sessions, 'sandbox.json.999999999.abcdef.tmp')
    writeFileSync(leftover, '{}')
    chmodSync(join(sessions, 'sandbox.json'), 0o644)
    chmodSync(sessions, 0o755)
    const result = await run(['auth', 'list'], {fast: true})
    expect([result.status, result.oclifLoaded]).to.deep.equal([0, false])
    expect([statSync(sessions).mode & 0o777, statSync(join(sessions, 'sandbox.json')).mode & 0o777, existsSync(leftover)]).to.deep.equal([0o700, 0o600, false])
  })

  it('answers as the oclif path does over HTTPS (a loopback certificate the child trusts)', async () => {
    const certificate = fileURLToPath(new URL('../fixtures/tls/loopback-cert.pem', import.meta.url))
    const tls = {cert: readFileSync(certificate), key: readFileSync(new URL('../fixtures/tls/loopback-key.pem', import.meta.url))}
    const server = createServer(tls, (request, response) => {
      response.sendDate = false
      response.writeHead(request.url === '/core/v4/users' ? 200 : 404, {'content-type': 'application/json'}).end('{"Code":1000,"User":{"Name":"tls"}}')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const {port} = server.address() as AddressInfo
      const outcomes = []
      for (const fast of [true, false]) {
        const report = join(suite.home.home, 'modules.txt')
        const env = baseEnv(suite.home.home, {MODULE_REPORT: report, NODE_EXTRA_CA_CERTS: certificate, PROTON_ACCESS_TOKEN: 'token', PROTON_UID: 'uid', ...(fast ? {} : {PROTON_FAST_PATH: '0'})})
        const result = await runBinary(['api', 'GET', '/core/v4/users', '--api-url', `https://127.0.0.1:${port}`, '--verbose'], {env, nodeArgs: ['--import', MODULE_REPORT]})
        expect(readFileSync(report, 'utf8').includes('/@oclif/core/')).to.equal(!fast)
        outcomes.push({status: result.status, stderr: result.stderr, stdout: result.stdout.toString()})
      }

      expect(outcomes[0]).to.deep.equal(outcomes[1])
      expect(outcomes[0]).to.deep.include({status: 0, stdout: '{"Code":1000,"User":{"Name":"tls"}}'})
    } finally {
      server.closeAllConnections()
      server.close()
    }
  })

  it('a line reads its own command’s bundle and no other, a line for oclif none; standard input is set up only when read', async () => {
    const reads = join(suite.home.home, 'reads.txt')
    const stdin = join(suite.home.home, 'stdin.txt')
    const bundlesRead = async (args: string[], input?: string) => {
      const env = baseEnv(suite.home.home, {READ_REPORT: reads, STDIN_REPORT: stdin})
      const result = await runBinary(args, {env, input, nodeArgs: ['--import', READ_REPORT, '--import', STDIN_REPORT]})
      expect(result.status, args.join(' ')).to.equal(0)
      const read = readFileSync(reads, 'utf8')
        .split('\n')
        .filter((path) => path.includes('/dist/fast/') && path.endsWith('.cjs') && !path.endsWith('/load.cjs'))
      return {bundles: read.map((path) => path.replace(/.*\//, '')), stdin: readFileSync(stdin, 'utf8').trim()}
    }

    expect(await bundlesRead(['--profile', 'sandbox', 'api', 'GET', '/core/v4/users'])).to.deep.equal({bundles: ['api.cjs'], stdin: 'unused'})
    // --help: the bundle reads the line, then leaves it to oclif.
    expect((await bundlesRead(['mail', 'star', '--help'])).bundles).to.deep.equal(['mail-actions.cjs'])
    expect(await bundlesRead(['mail', 'labels', 'list', '--profile', 'sandbox'])).to.deep.equal({bundles: ['mail-labels-list.cjs'], stdin: 'unused'})
    expect((await bundlesRead(['--profile', 'sandbox', 'api', 'POST', '/mail/v4/labels', '--body', '-', '--dry-run'], '{"Name":"x","Type":1}')).stdin).to.equal('used')
    expect((await bundlesRead(['help', 'api'])).bundles).to.deep.equal([])
  })

  it('leaves a CLI with plugins a user installed to oclif, which loads them', async () => {
    const data = join(suite.home.home, 'data')
    mkdirSync(join(data, 'proton-cli'), {recursive: true})
    writeFileSync(join(data, 'proton-cli', 'package.json'), '{"oclif":{"plugins":[]}}')
    const report = join(suite.home.home, 'modules.txt')
    const env = baseEnv(suite.home.home, {MODULE_REPORT: report, XDG_DATA_HOME: data})
    const result = await runBinary(['--profile', 'sandbox', 'account', 'show'], {env, nodeArgs: ['--import', MODULE_REPORT]})
    expect(result.status).to.equal(0)
    expect(readFileSync(report, 'utf8')).to.include('/@oclif/core/')
    rmSync(data, {force: true, recursive: true})
  })
})
