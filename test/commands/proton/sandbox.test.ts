/**
 * The built binary end to end: `proton sandbox --port 0 --write-session` as
 * a child process, then every usage form of the contract through
 * `proton api` as a user's shell runs it, asserting stdout, stderr and the
 * exit status.
 */
import {expect} from 'chai'
import {readFileSync} from 'node:fs'

import {baseEnv, runBinary, type RunResult} from '../../helpers/run-binary.ts'
import {type Running, sandboxFetch, sandboxForSuite, startSandboxProcess} from '../../helpers/sandbox-process.ts'
import {tempHome, type TempHome} from '../../helpers/session-files.ts'

describe('proton sandbox + proton api, end to end (built binary)', function () {
  this.timeout(60_000)
  const suite = sandboxForSuite()
  const api = (args: string[]): Promise<RunResult> => runBinary(['--profile', 'sandbox', 'api', ...args], {env: baseEnv(suite.home.home)})
  const json = (result: RunResult) => JSON.parse(result.stdout.toString('utf8')) as Record<string, never>

  it('prints the base URL first, and writes the sandbox profile’s session as the tool stores it', async () => {
    expect(suite.sandbox.url).to.match(/^http:\/\/127\.0\.0\.1:\d+$/)
    const session = await suite.home.store.read('sandbox')
    expect(session).to.include({APIURL: suite.sandbox.url, AppVersion: 'Other', Username: 'demo'})
    expect(session!.Scopes).to.include('full')
    expect(suite.sandbox.stderr()).to.match(/Wrote the sandbox session of profile "sandbox"/)
    expect(suite.sandbox.stderr()).to.not.include(session!.AccessToken)
    expect(readFileSync(suite.home.store.pathOf('sandbox'), 'utf8')).to.include(session!.RefreshToken)
  })

  it('GET /core/v4/users', async () => {
    const result = await api(['GET', '/core/v4/users'])
    expect(result.stderr).to.equal('')
    expect(result.status).to.equal(0)
    expect(json(result)).to.include({Code: 1000})
  })

  it('GET /drive/volumes', async () => {
    const result = await api(['GET', '/drive/volumes'])
    expect(result.status).to.equal(0)
    expect(result.stderr).to.equal('')
    expect((json(result).Volumes as Array<{Type: number}>).map((volume) => volume.Type)).to.deep.equal([1, 2])
  })

  it('GET /mail/v4/messages --query Page=0 --query PageSize=25', async () => {
    const result = await api(['GET', '/mail/v4/messages', '--query', 'Page=0', '--query', 'PageSize=25'])
    expect(result.status).to.equal(0)
    expect(json(result)).to.include({Total: 7})
    expect(json(result).Messages).to.have.length(7)
  })

  it('POST /calendar/v1 with a real AddressID from GET /core/v4/addresses, then GET /calendar/v1 --output json lists it', async () => {
    const addresses = json(await api(['GET', '/core/v4/addresses'])).Addresses as {ID: string}[]
    const body = JSON.stringify({AddressID: addresses[0].ID, Color: '#7272a7', Display: 1, Name: 'Work'})
    const created = await api(['POST', '/calendar/v1', '--body', body])
    expect(created.stderr).to.equal('')
    expect(created.status).to.equal(0)
    const id = (json(created).Calendar as {ID: string}).ID
    const listed = await api(['GET', '/calendar/v1', '--output', 'json'])
    expect(listed.status).to.equal(0)
    expect((json(listed).Calendars as {ID: string}[]).map((calendar) => calendar.ID)).to.include(id)
  })

  it('POST /calendar/v1 with an address of nobody: exit 1, the 422 body on stdout, one error line', async () => {
    const result = await api(['POST', '/calendar/v1', '--body', '{"Name":"Work","Color":"#7272a7","Display":1,"AddressID":"…"}'])
    expect(result.status).to.equal(1)
    expect(json(result)).to.include({Code: 2061})
    expect(result.stderr).to.match(/^Error: HTTP 422 .*2061 INVALID_ID_ERROR/)
  })

  it('label round trip: create, list, delete, delete again = exit 3', async () => {
    const created = await api(['POST', '/mail/v4/labels', '--body', '{"Name":"Receipts","Color":"#8080FF","Type":1}'])
    expect(created.status).to.equal(0)
    const id = (json(created).Label as {ID: string}).ID
    const listed = await api(['GET', '/mail/v4/labels'])
    expect((json(listed).Labels as {ID: string}[]).map((label) => label.ID)).to.include(id)
    const duplicate = await api(['POST', '/mail/v4/labels', '--body', '{"Name":"Receipts","Color":"#8080FF","Type":1}'])
    expect(duplicate.status).to.equal(4)
    const deleted = await api(['DELETE', `/mail/v4/labels/${id}`])
    expect(deleted.status).to.equal(0)
    expect(json(deleted)).to.deep.equal({Code: 1000})
    const again = await api(['DELETE', `/mail/v4/labels/${id}`])
    expect(again.status).to.equal(3)
    expect(json(again)).to.include({Code: 2501})
    expect(again.stderr).to.equal('Error: HTTP 404 Not Found, Code 2501 NOT_FOUND_ERROR: Label does not exist\n')
  })

  it('a non-JSON answer (fault html-502): stderr gets it, stdout stays empty, exit 5', async () => {
    await sandboxFetch(suite.sandbox, `faults`, {body: '{"Kind":"html-502","Path":"/drive/volumes"}', method: 'POST'})
    // A GET is retried after a 5xx (test/e2e/api-sandbox.test.ts); here the page must be the answer.
    const result = await api(['GET', '/drive/volumes', '--retries', '0'])
    expect(result.status).to.equal(5)
    expect(result.stdout.length).to.equal(0)
    expect(result.stderr).to.match(/<h1>502 Bad Gateway<\/h1>[\s\S]*Error: HTTP 502 Bad Gateway: the answer is not JSON/)
  })

  it('an expired access token is refreshed once, the rotated pair saved, the request answered', async () => {
    await sandboxFetch(suite.sandbox, `stats`, {method: 'DELETE'})
    const before = await suite.home.store.read('sandbox')
    await sandboxFetch(suite.sandbox, `expire-tokens`, {method: 'POST'})
    const result = await api(['GET', '/core/v4/users'])
    expect(result.status).to.equal(0)
    expect(json(result)).to.include({Code: 1000})
    const stats = (await (await sandboxFetch(suite.sandbox, `stats`)).json()) as {Refreshes: number}
    expect(stats.Refreshes).to.equal(1)
    const after = await suite.home.store.read('sandbox')
    expect(after!.AccessToken).not.to.equal(before!.AccessToken)
    expect(after!.RefreshToken).not.to.equal(before!.RefreshToken)
  })

  it('a refresh refused by the service ends the session (exit 2), keeping the file', async () => {
    const stored = await suite.home.store.read('sandbox')
    // A used refresh token: the sandbox answers 422 with Code 10013.
    await suite.home.store.write('sandbox', {...stored!, AccessToken: 'expired-token', RefreshToken: 'used-refresh-token'})
    const result = await api(['GET', '/core/v4/users'])
    expect(result.status).to.equal(2)
    expect(result.stdout.length).to.equal(0)
    expect(result.stderr).to.equal('Error: session expired (profile sandbox): run "proton auth login"\n')
    const kept = await suite.home.store.read('sandbox')
    expect(kept!.RefreshRefusedAt).to.be.a('string')
    expect(kept!.RefreshError).to.match(/^HTTP 422, Code 10013/)
    await suite.home.store.write('sandbox', stored!)
  })

  it('stops on SIGTERM with exit 0', async () => {
    suite.sandbox.child.kill('SIGTERM')
    expect(await suite.sandbox.exited).to.equal(0)
  })
})

describe('proton sandbox options (built binary)', function () {
  this.timeout(30_000)
  let home: TempHome
  let running: Running | undefined
  beforeEach(() => {
    home = tempHome()
  })
  afterEach(() => {
    if (running && running.child.exitCode === null) running.child.kill('SIGKILL')
    running = undefined
    home.remove()
  })

  it('writes a session through a TOTP login with --totp-secret, to the PROFILE given', async () => {
    running = await startSandboxProcess(
      ['--port', '0', '--user', 'alice', '--write-session', 'alice'],
      baseEnv(home.home, {PROTON_SANDBOX_PASSWORD: 'pw 1', PROTON_SANDBOX_TOTP_SECRET: 'JBSWY3DPEHPK3PXP'}),
    )
    const result = await runBinary(['api', '--profile', 'alice', 'GET', '/core/v4/users'], {env: baseEnv(home.home)})
    expect(result.status).to.equal(0)
    expect(JSON.parse(result.stdout.toString()).User).to.include({Name: 'alice'})
    expect(await home.store.read('sandbox')).to.equal(undefined)
  })

  for (const [args, message] of [
    [['--host', '0.0.0.0'], /^Error: --host must be a loopback address/],
    [['other'], /^Error: PROFILE is the profile --write-session writes/],
    [['--totp-secret', 'not base32!'], /^Error: --totp-secret: the base32 secret has a character outside/],
    [['--write-session', '../x'], /^Error: profile names use letters/],
    // Standard input is empty here.
    [['--password-stdin'], /^Error: --password-stdin: standard input holds no password \(its first line is empty\)\n$/],
    [['--password', 'typed', '--password-stdin'], /^Error: --password and --password-stdin both give the password: give one\n$/],
  ] as const) {
    it(`refuses ${args.join(' ')} with exit 1 and one line`, async () => {
      const result = await runBinary(['sandbox', ...args], {env: baseEnv(home.home)})
      expect(result.status).to.equal(1)
      expect(result.stdout.length).to.equal(0)
      expect(result.stderr).to.match(message)
      expect(result.stderr.trim().split('\n')).to.have.length(1)
    })
  }

  it('refuses --token-ttl 0 with exit 1, the problem and where the help is', async () => {
    const result = await runBinary(['sandbox', '--token-ttl', '0'], {env: baseEnv(home.home)})
    expect([result.status, result.stdout.length]).to.deep.equal([1, 0])
    expect(result.stderr).to.equal('Error: --token-ttl must be an integer greater than or equal to 1, not "0"\nSee "proton sandbox --help".\n')
  })

  it('refuses a port in use with exit 1 and one line', async () => {
    running = await startSandboxProcess(['--port', '0'], baseEnv(home.home))
    const port = new URL(running.url).port
    const result = await runBinary(['sandbox', '--port', port], {env: baseEnv(home.home)})
    expect(result.status).to.equal(1)
    expect(result.stderr).to.equal(`Error: cannot listen on 127.0.0.1:${port}: the port is in use (--port 0 picks a free one)\n`)
  })
})
