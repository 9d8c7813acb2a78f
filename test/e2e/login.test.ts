/**
 * `auth login` through the built binary against the sandbox: SRP with the
 * password on stdin or in the environment, TOTP, refusals, a tampered
 * modulus, human verification, and no secret in any output.
 */
import {expect} from 'chai'
import {spawn} from 'node:child_process'
import {statSync} from 'node:fs'

import {decodeBase32, totp} from '../../src/lib/crypto/totp.ts'
import {baseEnv, BIN, runBinary} from '../helpers/run-binary.ts'
import {type Running, sandboxFetch, startSandboxProcess} from '../helpers/sandbox-process.ts'
import {type TempHome, tempHome} from '../helpers/session-files.ts'
import {vectors} from '../lib/session/srp/vectors.ts'

const TOTP_SECRET = 'JBSWY3DPEHPK3PXP'
const PASSWORD = 'correct horse battery staple'

describe('auth login (built binary, sandbox)', function () {
  this.timeout(60_000)
  let home: TempHome
  let plain: Running
  let withTotp: Running

  before(async () => {
    home = tempHome()
    const env = baseEnv(home.home, {PROTON_SANDBOX_PASSWORD: PASSWORD})
    plain = await startSandboxProcess(['--port', '0'], env)
    withTotp = await startSandboxProcess(['--port', '0', '--user', 'otto'], {...env, PROTON_SANDBOX_TOTP_SECRET: TOTP_SECRET})
  })

  after(() => {
    for (const sandbox of [plain, withTotp]) if (sandbox?.child.exitCode === null) sandbox.child.kill('SIGKILL')
    home.remove()
  })

  afterEach(async () => {
    for (const sandbox of [plain, withTotp]) await sandboxFetch(sandbox, `faults`, {method: 'DELETE'})
    for (const profile of await home.store.list()) await home.store.remove(profile)
  })

  const login = (args: string[], options: {env?: NodeJS.ProcessEnv; input?: string} = {}) => runBinary(['auth', 'login', ...args], {env: baseEnv(home.home, options.env), input: options.input})
  const fault = (sandbox: Running, rule: object) => sandboxFetch(sandbox, `faults`, {body: JSON.stringify(rule), headers: {'content-type': 'application/json'}, method: 'POST'})

  it('logs in with the password on stdin and keeps the session (0600) that api then uses', async () => {
    const result = await login(['demo', '--password-stdin', '--api-url', plain.url], {input: `${PASSWORD}\nignored second line\n`})
    expect(result.stderr).to.equal(`logged in as demo (profile default, ${plain.url})\nkeys unlocked: the primary user key and 2 of 2 addresses\n`)
    expect(result.status).to.equal(0)
    expect(result.stdout.length).to.equal(0)
    const session = await home.store.read('default')
    expect(session).to.include({APIURL: plain.url, AppVersion: 'Other', Username: 'demo'})
    expect(session!.Scopes).to.include('full')
    for (const field of ['UID', 'AccessToken', 'RefreshToken', 'CreatedAt', 'RefreshedAt']) expect(session![field], field).to.be.a('string')
    expect(statSync(home.store.pathOf('default')).mode & 0o777).to.equal(0o600)
    const users = await runBinary(['api', 'GET', '/core/v4/users'], {env: baseEnv(home.home)})
    expect(users.status).to.equal(0)
    expect(JSON.parse(users.stdout.toString()).User.Name).to.equal('demo')
  })

  it('auth login --app-version keeps it in the profile; every later call and refresh sends it, unless PROTON_APP_VERSION overrides', async () => {
    const version = 'web-mail@5.0.99.0'
    const result = await login(['demo', '--password-stdin', '--api-url', plain.url, '--app-version', version], {input: PASSWORD})
    expect(result.status).to.equal(0)
    expect(await home.store.read('default')).to.include({AppVersion: version})
    await sandboxFetch(plain, 'stats', {method: 'DELETE'})
    await sandboxFetch(plain, 'expire-tokens', {method: 'POST'})
    expect((await runBinary(['api', 'GET', '/core/v4/users'], {env: baseEnv(home.home)})).status).to.equal(0)
    expect((await runBinary(['mail', 'labels', 'list'], {env: baseEnv(home.home)})).status).to.equal(0)
    expect((await runBinary(['api', 'GET', '/core/v4/addresses'], {env: baseEnv(home.home, {PROTON_APP_VERSION: 'Other'})})).status).to.equal(0)
    const stats = (await (await sandboxFetch(plain, 'stats')).json()) as {Refreshes: number; Requests: Array<{AppVersion: string; Method: string; Path: string; Status: number}>}
    expect(stats.Requests.map((entry) => `${entry.Method} ${entry.Path} ${entry.Status} ${entry.AppVersion}`)).to.deep.equal([
      `GET /core/v4/users 401 ${version}`,
      `POST /auth/v4/refresh 200 ${version}`,
      `GET /core/v4/users 200 ${version}`,
      `GET /core/v4/labels 200 ${version}`,
      `GET /core/v4/labels 200 ${version}`,
      'GET /core/v4/addresses 200 Other',
    ])
    expect(stats.Refreshes).to.equal(1)
  })

  it('takes the password from PROTON_PASSWORD, into the --profile given', async () => {
    const result = await login(['demo', '--api-url', plain.url, '--profile', 'work'], {env: {PROTON_PASSWORD: PASSWORD}})
    expect(result.status).to.equal(0)
    expect(await home.store.list()).to.deep.equal(['work'])
  })

  it('SIGINT after the password is accepted, while the keys are fetched: the new session is ended, nothing kept, ends by the signal', async () => {
    // The user's record comes slowly, so that the signal arrives once the service made the session and before anything is kept.
    await fault(plain, {Count: 1, DelayMs: 3000, Kind: 'latency', Method: 'GET', Path: '/core/v4/users'})
    await sandboxFetch(plain, 'stats', {method: 'DELETE'})
    const requests = async () => ((await (await sandboxFetch(plain, 'stats')).json()) as {Requests: Array<{Method: string; Path: string; Status: number}>}).Requests
    const child = spawn(process.execPath, [BIN, 'auth', 'login', 'demo', '--password-stdin', '--profile', 'interrupted', '--api-url', plain.url], {
      env: baseEnv(home.home),
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const closed = new Promise<[NodeJS.Signals | null, number | null]>((resolve) => child.on('close', (status, signal) => resolve([signal, status])))
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
    child.stdin.end(`${PASSWORD}\n`)
    // The password was accepted (POST /core/v4/auth answered): the tool now waits for the user's record.
    const accepted = async () => (await requests()).some((entry) => entry.Method === 'POST' && entry.Path === '/core/v4/auth' && entry.Status === 200)
    for (let tries = 0; tries < 200 && !(await accepted()); tries++) await new Promise((resolve) => setTimeout(resolve, 50))
    expect(await accepted()).to.equal(true)
    child.kill('SIGINT')
    const ended = await closed
    clearTimeout(timer)
    expect(ended).to.deep.equal(['SIGINT', null])
    expect(stderr).to.equal('The new session was ended; nothing was kept.\nError: interrupted\n')
    expect((await requests()).filter((entry) => entry.Method === 'DELETE').map((entry) => `${entry.Path} ${entry.Status}`)).to.deep.equal(['/auth/v4 200'])
    expect(await home.store.list()).not.to.include('interrupted')
  })

  it('refuses a wrong password (exit 2) and keeps nothing', async () => {
    const result = await login(['demo', '--password-stdin', '--api-url', plain.url], {input: 'wrong password\n'})
    expect(result.status).to.equal(2)
    expect(result.stderr).to.equal('Error: wrong username or password\n')
    expect(await home.store.list()).to.deep.equal([])
  })

  it('says how to give a password when there is no terminal (exit 1)', async () => {
    const result = await login(['demo', '--api-url', plain.url])
    expect(result.status).to.equal(1)
    expect(result.stderr).to.equal('Error: no password given: pipe it with --password-stdin, set PROTON_PASSWORD, or run on a terminal\n')
  })

  it('asks for the TOTP code when the account has one: PROTON_TOTP, a wrong code, none', async () => {
    const code = totp(decodeBase32(TOTP_SECRET), Date.now() / 1000)
    const ok = await login(['otto', '--password-stdin', '--api-url', withTotp.url], {env: {PROTON_TOTP: code}, input: PASSWORD})
    expect(ok.status).to.equal(0)
    expect((await home.store.read('default'))!.Scopes).to.include('full')

    const wrongCode = code === '000000' ? '111111' : '000000'
    const wrong = await login(['otto', '--password-stdin', '--api-url', withTotp.url, '--profile', 'b'], {env: {PROTON_TOTP: wrongCode}, input: PASSWORD})
    expect([wrong.status, wrong.stderr]).to.deep.equal([2, 'Error: wrong two-factor code\n'])
    const none = await login(['otto', '--password-stdin', '--api-url', withTotp.url, '--profile', 'c'], {input: PASSWORD})
    expect([none.status, none.stderr]).to.deep.equal([1, 'Error: this account needs a two-factor code: give --totp-stdin or PROTON_TOTP, or run on a terminal\n'])
    expect(await home.store.list()).to.deep.equal(['default'])
  })

  it('refuses a modulus not signed by the service (exit 2)', async () => {
    const tampered = vectors.modulusChecks.find((check) => check.Exception !== null)!.SignedModulus
    await fault(plain, {
      Body: {Code: 1000, Modulus: tampered, Salt: 'AAAAAAAAAAAAAA==', ServerEphemeral: Buffer.alloc(256, 7).toString('base64'), SRPSession: 'x', Version: 4},
      Kind: 'status',
      Path: '/core/v4/auth/info',
      Status: 200,
    })
    const result = await login(['demo', '--password-stdin', '--api-url', plain.url], {input: PASSWORD})
    expect(result.status).to.equal(2)
    expect(result.stderr).to.equal("Error: refusing to log in: the server's SRP modulus is not signed by the service's modulus key\n")
    expect(await home.store.list()).to.deep.equal([])
  })

  it('refuses a session whose server proof is wrong, keeping nothing (exit 2)', async () => {
    await fault(plain, {
      Body: {'2FA': {Enabled: 0}, AccessToken: 'a', Code: 1000, RefreshToken: 'r', Scopes: ['full'], ServerProof: Buffer.alloc(256, 1).toString('base64'), UID: 'u'},
      Kind: 'status',
      Method: 'POST',
      Path: '/core/v4/auth',
      After: 1,
      Status: 200,
    })
    const result = await login(['demo', '--password-stdin', '--api-url', plain.url], {input: PASSWORD})
    expect(result.status).to.equal(2)
    expect(result.stderr).to.equal('Error: refusing the session: the server did not prove that it knows the password verifier\n')
    expect(await home.store.list()).to.deep.equal([])
  })

  it('human verification without a terminal: prints where and how, exit 2; a second login with --hv-token and --hv-type finishes it', async () => {
    await fault(plain, {Count: 0, Kind: 'human-verification', Method: 'POST', Path: '/core/v4/auth', WebUrl: false})
    const result = await login(['demo', '--password-stdin', '--api-url', plain.url], {input: PASSWORD})
    expect(result.status).to.equal(2)
    // No WebUrl: the link is built as the web client builds it, on the sandbox's own (loopback) origin.
    const shown = /^Human verification required \(methods: captcha, email\): complete it in a browser at (http:\/\/127\.0\.0\.1:\d+)\/\?methods=captcha%2Cemail&token=(sandbox-hv-\d+)\n/.exec(
      result.stderr,
    )
    expect(shown, result.stderr).not.to.equal(null)
    expect(shown![1]).to.equal(plain.url)
    const token = shown![2]
    expect(result.stderr.slice(shown![0].length)).to.equal(
      `Error: human verification required; complete it, then log in again with --hv-token '${token}' and --hv-type set to the method you completed (captcha, email), or from a terminal, or sign in by approval with proton auth login --web\n`,
    )
    expect(await home.store.list()).to.deep.equal([])

    const refused = await login(['demo', '--password-stdin', '--api-url', plain.url, '--hv-token', token, '--hv-type', 'sms'], {input: PASSWORD})
    expect(refused.status).to.equal(2)
    expect(refused.stderr).to.match(/^Human verification not accepted \(Code 12087\), verify again \(methods: captcha, email\)/)
    expect(refused.stderr).to.match(/\nError: the service did not accept the human verification given \(Code 12087\); complete it again, then log in again with --hv-token /)

    const finished = await login(['demo', '--password-stdin', '--api-url', plain.url, '--hv-token', token, '--hv-type', 'email'], {input: PASSWORD})
    expect(finished.stderr).to.equal(`logged in as demo (profile default, ${plain.url})\nkeys unlocked: the primary user key and 2 of 2 addresses\n`)
    expect(finished.status).to.equal(0)
    const again = await login(['demo', '--password-stdin', '--api-url', plain.url], {env: {PROTON_HV_TOKEN: token, PROTON_HV_TYPE: 'captcha'}, input: PASSWORD})
    expect(again.status, again.stderr).to.equal(0)
  })

  /**
   * The login on a pseudo-terminal (`script`), each prompt answered each time it shows: `answers` maps a prompt to
   * what is typed (a function, given the screen so far, may act first, as a person in a browser would). Resolves with the screen and the status.
   */
  async function loginOnTerminal(answers: Array<[string, (shown: string) => Promise<string> | string]>): Promise<{screen: string; status: number | null}> {
    const child = spawn('script', ['-q', '-e', '-c', `${process.execPath} ${BIN} auth login demo --api-url ${plain.url}`, '/dev/null'], {env: baseEnv(home.home)})
    let screen = ''
    const answered = answers.map(() => 0)
    let busy = false
    const step = async () => {
      if (busy) return
      busy = true
      for (const [index, [prompt, answer]] of answers.entries()) {
        if (screen.split(prompt).length - 1 > answered[index]) {
          answered[index]++
          child.stdin.write(`${await answer(screen)}\r`)
        }
      }

      busy = false
    }

    child.stdout.on('data', (chunk: Buffer) => {
      screen = (screen + chunk.toString()).replaceAll('\r\n', '\n')
      step().catch((error: unknown) => {
        screen += `\n(test: ${String(error)})\n`
        child.kill('SIGKILL')
      })
      // `script` ends with the command only once its own input is closed.
      if (/logged in as|Error:/.test(screen)) child.stdin.end()
    })
    const timer = setTimeout(() => child.kill('SIGKILL'), 50_000)
    const status = await new Promise<number | null>((resolve) => child.on('close', resolve))
    clearTimeout(timer)
    return {screen, status}
  }

  const sentCodes = async () => ((await (await sandboxFetch(plain, 'verification-codes')).json()) as {Codes: Array<{Code: string; Destination: string; Type: string}>}).Codes

  it('on a terminal, email offered: the password without echo, then an address, the code the service sent to it, and the retry carries address:code', async () => {
    // Strict: only a code the sandbox sent passes (verification.ts); the captcha token alone would not.
    await fault(plain, {Count: 0, Kind: 'human-verification', Method: 'POST', Path: '/core/v4/auth', Strict: true})
    const {screen, status} = await loginOnTerminal([
      ['Password: ', () => PASSWORD],
      ['Email address to send a verification code to (Enter for the verification page instead): ', () => 'me@example.test'],
      [
        'Verification code: ',
        async () => {
          const codes = await sentCodes()
          expect(codes.at(-1)).to.include({Destination: 'me@example.test', Type: 'email'})
          return codes.at(-1)!.Code
        },
      ],
    ])
    expect(screen).to.include('Human verification required (methods: captcha, email)')
    expect(screen).to.include('A verification code was sent to me@example.test.')
    expect(screen, screen).to.include(`logged in as demo (profile default, ${plain.url})`)
    expect(screen).not.to.include(PASSWORD)
    expect(status).to.equal(0)
    expect((await home.store.read('default'))!.Username).to.equal('demo')
  })

  it('on a terminal, a wrong email code is answered 12087 and asked again; the attempts spent, exit 2', async () => {
    await fault(plain, {Count: 0, Kind: 'human-verification', Method: 'POST', Path: '/core/v4/auth', Strict: true})
    const {screen, status} = await loginOnTerminal([
      ['Password: ', () => PASSWORD],
      ['Email address to send a verification code to', () => 'me@example.test'],
      ['Verification code: ', () => '000000x'],
    ])
    expect(screen.split('Human verification not accepted (Code 12087), verify again')).to.have.length(3)
    expect(screen).to.match(/Error: the service did not accept the human verification after 3 attempts\n$/)
    expect(status).to.equal(2)
    expect(await home.store.list()).to.deep.equal([])
  })

  it('on a terminal, captcha only: the page at WebUrl, solved in the "browser", Enter, and the retry carries the same token typed "captcha"', async () => {
    await fault(plain, {Count: 0, Kind: 'human-verification', Methods: ['captcha'], Method: 'POST', Path: '/core/v4/auth', Strict: true})
    const {screen, status} = await loginOnTerminal([
      ['Password: ', () => PASSWORD],
      [
        'Press Enter once the verification at the link is done (or Ctrl-C and sign in by approval with proton auth login --web): ',
        async (shown) => {
          const page = /complete it in a browser at (http:\/\/\S+)/.exec(shown)![1]
          expect(page).to.match(/\/__sandbox\/verify\?token=sandbox-hv-\d+$/)
          // The person's browser: the page (no secret needed), then its button.
          const html = await (await fetch(page)).text()
          const token = /name="token" value="([^"]+)"/.exec(html)![1]
          const solved = await fetch(`${plain.url}/__sandbox/verify`, {body: new URLSearchParams({token}), method: 'POST'})
          expect(solved.status).to.equal(200)
          return ''
        },
      ],
    ])
    expect(screen).to.include('Human verification required (methods: captcha)')
    expect(screen, screen).to.include(`logged in as demo (profile default, ${plain.url})`)
    expect(status).to.equal(0)
  })

  it('on a terminal, sms only: a phone number, the code sent there, and the retry carries number:code typed sms', async () => {
    await fault(plain, {Count: 0, Kind: 'human-verification', Methods: ['sms'], Method: 'POST', Path: '/core/v4/auth', Strict: true})
    const {screen, status} = await loginOnTerminal([
      ['Password: ', () => PASSWORD],
      // sms alone: no page to fall back on, so no "Enter for the page" either.
      ['Phone number to send a verification code to: ', () => '+41 79 000 00 00'],
      ['Verification code: ', async () => (await sentCodes()).findLast((code) => code.Type === 'sms' && code.Destination === '+41 79 000 00 00')!.Code],
    ])
    expect(screen, screen).to.include(`logged in as demo (profile default, ${plain.url})`)
    expect(status).to.equal(0)
  })

  it('on a terminal, captcha and email offered: Enter at the address takes the page; solved, the retry carries the token typed "captcha,email" (Bridge)', async () => {
    await fault(plain, {Count: 0, Kind: 'human-verification', Method: 'POST', Path: '/core/v4/auth', Strict: true})
    const before = (await sentCodes()).length
    const {screen, status} = await loginOnTerminal([
      ['Password: ', () => PASSWORD],
      ['Email address to send a verification code to (Enter for the verification page instead): ', () => ''],
      [
        'Press Enter once the verification at the link is done',
        async (shown) => {
          const token = /token=(sandbox-hv-\d+)/.exec(shown)![1]
          await fetch(`${plain.url}/__sandbox/verify`, {body: new URLSearchParams({token}), method: 'POST'})
          return ''
        },
      ],
    ])
    expect(screen, screen).to.include(`logged in as demo (profile default, ${plain.url})`)
    expect(status).to.equal(0)
    // No code was asked for.
    expect(await sentCodes()).to.have.length(before)
  })

  it('on a terminal, captcha only: Enter without solving the page is answered 12087, asked again; the attempts spent, exit 2', async () => {
    await fault(plain, {Count: 0, Kind: 'human-verification', Methods: ['captcha'], Method: 'POST', Path: '/core/v4/auth', Strict: true})
    const {screen, status} = await loginOnTerminal([
      ['Password: ', () => PASSWORD],
      ['Press Enter once the verification at the link is done', () => ''],
    ])
    expect(screen).to.include('Human verification not accepted (Code 12087), verify again (methods: captcha)')
    expect(screen).to.match(/Error: the service did not accept the human verification after 3 attempts\n$/)
    expect(status).to.equal(2)
  })

  it('shows no password, token or TOTP code with --verbose', async () => {
    const code = totp(decodeBase32(TOTP_SECRET), Date.now() / 1000)
    const args = ['otto', '--password-stdin', '--api-url', withTotp.url, '--verbose']
    const result = await login(args, {env: {PROTON_TOTP: code}, input: PASSWORD})
    expect(result.status).to.equal(0)
    const session = (await home.store.read('default'))!
    const everything = result.stdout.toString() + result.stderr
    expect(everything).to.include('> POST http://127.0.0.1').and.include('/core/v4/auth/2fa')
    for (const secret of [PASSWORD, code, session.AccessToken, session.RefreshToken]) {
      expect(everything).not.to.include(secret)
      expect(args.join(' ')).not.to.include(secret)
    }
  })
})
