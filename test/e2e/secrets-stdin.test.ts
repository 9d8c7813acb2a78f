/**
 * Secrets off the command line, through the built binary against the
 * sandbox: `sandbox --password-stdin`, `auth login --totp-stdin` (alone and
 * with --password-stdin from one pipe). No secret is ever in a child's argv
 * (read from /proc/PID/cmdline while it runs) or in what it prints, even
 * with --verbose; the flags that take secrets on the line still work, and
 * their help and a warning say why not to.
 */
import {expect} from 'chai'
import {readFileSync} from 'node:fs'

import {decodeBase32, totp} from '../../src/lib/crypto/totp.ts'
import {baseEnv, runBinary} from '../helpers/run-binary.ts'
import {sandboxForSuite} from '../helpers/sandbox-process.ts'

const TOTP_SECRET = 'KRSXG5CTMVRXEZLUKN2XAZLSKNSWG4TF'
const PASSWORD = 'piped password: 7f3a9c'
/** Login's last line: the piped password also unlocked the account's keys (re-locked for it at the sandbox's start). */
const KEYS_UNLOCKED = 'keys unlocked: the primary user key and 2 of 2 addresses\n'

/** What a child was started with, as every local user can read it. */
const argvOf = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
const currentCode = () => totp(decodeBase32(TOTP_SECRET), Date.now() / 1000)
/** One line, whatever the help's wrapping did. */
const flat = (text: string) => text.replaceAll(/\s+/g, ' ')

describe('secrets from standard input, never in argv (built binary, sandbox)', function () {
  this.timeout(60_000)
  // A sandbox whose account needs a TOTP code; its password from standard input.
  // OCLIF_STDIN_TIMEOUT_MS: oclif reads standard input for a missing optional argument (PROFILE here) for that
  // long, 10 ms by default; longer, it would surely take the piped password, were the argument not kept from it.
  const suite = sandboxForSuite({
    args: ['--port', '0', '--user', 'otto', '--password-stdin', '--totp-secret', TOTP_SECRET, '--verbose'],
    env: {OCLIF_STDIN_TIMEOUT_MS: '2000'},
    input: `${PASSWORD}\n`,
  })
  let sandboxArgv: string[]

  before(() => {
    sandboxArgv = argvOf(suite.sandbox.child.pid!)
  })

  afterEach(async () => {
    for (const profile of await suite.home.store.list()) await suite.home.store.remove(profile)
  })

  const login = (args: string[], options: {env?: NodeJS.ProcessEnv; input?: string; onSpawn?: (pid: number) => void} = {}) =>
    runBinary(['auth', 'login', 'otto', '--api-url', suite.sandbox.url, ...args], {env: baseEnv(suite.home.home, options.env), input: options.input, onSpawn: options.onSpawn})

  it('sandbox --password-stdin: the account’s password from standard input, not in its argv or output', async () => {
    expect(sandboxArgv).to.include('--password-stdin')
    expect(sandboxArgv.join(' ')).not.to.include(PASSWORD)
    expect(suite.sandbox.stderr()).not.to.include(PASSWORD)
    // The TOTP secret was given on the line (as the setup above does): a warning names the safer way.
    expect(suite.sandbox.stderr()).to.include('Warning: --totp-secret on the command line is visible to other local users (ps) and kept in shell history; use PROTON_SANDBOX_TOTP_SECRET\n')
    // Its default password is not the account's: the one piped in is.
    const wrong = await login(['--password-stdin'], {env: {PROTON_TOTP: currentCode()}, input: 'demo\n'})
    expect([wrong.status, wrong.stderr]).to.deep.equal([2, 'Error: wrong username or password\n'])
  })

  it('auth login --totp-stdin: the code from standard input, the password from PROTON_PASSWORD', async () => {
    const code = currentCode()
    let argv: string[] = []
    const result = await login(['--totp-stdin'], {env: {PROTON_PASSWORD: PASSWORD}, input: `${code}\n`, onSpawn: (pid) => (argv = argvOf(pid))})
    expect(result.stderr).to.equal(`logged in as otto (profile default, ${suite.sandbox.url})\n${KEYS_UNLOCKED}`)
    expect(result.status).to.equal(0)
    expect((await suite.home.store.read('default'))!.Scopes).to.include('full')
    expect(argv).to.include('--totp-stdin')
    expect(argv.join(' ')).not.to.include(code)
  })

  it('auth login --password-stdin --totp-stdin: both from one pipe (password, then code), with --verbose; neither in argv or output', async () => {
    const code = currentCode()
    let argv: string[] = []
    const result = await login(['--password-stdin', '--totp-stdin', '--verbose'], {input: `${PASSWORD}\r\n${code}\n`, onSpawn: (pid) => (argv = argvOf(pid))})
    expect(result.status, result.stderr).to.equal(0)
    const session = (await suite.home.store.read('default'))!
    expect(session.Scopes).to.include('full')
    const everything = result.stdout.toString() + result.stderr
    // --verbose did show the exchange: the second factor was sent.
    expect(everything).to.include('> POST http://127.0.0.1').and.include('/core/v4/auth/2fa')
    expect(argv).to.include('--password-stdin').and.include('--totp-stdin')
    for (const secret of [PASSWORD, code, session.AccessToken, session.RefreshToken]) {
      expect(everything).not.to.include(secret)
      expect(argv.join(' ')).not.to.include(secret)
    }
  })

  it('a piped password is never taken for a USERNAME left out (oclif reads standard input for a missing argument)', async () => {
    const result = await runBinary(['auth', 'login', '--password-stdin', '--api-url', suite.sandbox.url], {env: baseEnv(suite.home.home, {OCLIF_STDIN_TIMEOUT_MS: '2000'}), input: `${PASSWORD}\n`})
    expect([result.status, result.stderr]).to.deep.equal([1, 'Error: give the USERNAME to log in as\n'])
    expect(await suite.home.store.list()).to.deep.equal([])
  })

  it('--totp-stdin without its line, or with --totp as well: exit 1, nothing kept', async () => {
    const missing = await login(['--password-stdin', '--totp-stdin'], {input: `${PASSWORD}\n`})
    expect([missing.status, missing.stderr]).to.deep.equal([1, 'Error: --totp-stdin: no TOTP code on the second line of standard input (the first line is the password)\n'])
    const both = await login(['--password-stdin', '--totp-stdin', '--totp', '123456'], {input: `${PASSWORD}\n123456\n`})
    expect([both.status, both.stderr]).to.deep.equal([1, 'Error: --totp and --totp-stdin both give the TOTP code: give one\n'])
    expect(await suite.home.store.list()).to.deep.equal([])
  })

  it('--totp CODE still works for scripts, with a warning naming the safer ways', async () => {
    const result = await login(['--password-stdin', '--totp', currentCode()], {input: PASSWORD})
    expect(result.status).to.equal(0)
    expect(result.stderr).to.equal(
      'Warning: a TOTP code on the command line is visible to other local users (ps) and kept in shell history; use --totp-stdin, PROTON_TOTP or the prompt\n' +
        `logged in as otto (profile default, ${suite.sandbox.url})\n${KEYS_UNLOCKED}`,
    )
  })

  it('the help of --totp and sandbox --password warns that the value is visible in ps and names the safer way', async () => {
    const loginHelp = flat((await runBinary(['auth', 'login', '--help'], {env: baseEnv(suite.home.home)})).stdout.toString())
    expect(loginHelp).to.include(
      '--totp=<value> [env: PROTON_TOTP] The current TOTP code. On the command line it is visible to other local users (ps) and kept in shell history: prefer --totp-stdin, PROTON_TOTP or the prompt.',
    )
    expect(loginHelp).to.include('--totp-stdin Read the TOTP code from the next line of standard input: its first, or its second after the password with --password-stdin (both from one pipe).')
    const sandboxHelp = flat((await runBinary(['sandbox', '--help'], {env: baseEnv(suite.home.home)})).stdout.toString())
    expect(sandboxHelp).to.include(
      '--password=<value> [default: demo, env: PROTON_SANDBOX_PASSWORD] Password of the sandbox account. On the command line it is visible to other local users (ps) and kept in shell history: prefer PROTON_SANDBOX_PASSWORD or --password-stdin.',
    )
    expect(sandboxHelp).to.include('--password-stdin Read the password of the sandbox account from the first line of standard input.')
  })
})

describe('auth login: password, TOTP code and mailbox password from one pipe, in login’s order (built binary, sandbox)', function () {
  this.timeout(60_000)
  const MAILBOX_PASSWORD = 'the mailbox one: 41c2'
  const suite = sandboxForSuite({
    args: ['--port', '0', '--user', 'otto'],
    env: {PROTON_SANDBOX_MAILBOX_PASSWORD: MAILBOX_PASSWORD, PROTON_SANDBOX_PASSWORD: PASSWORD, PROTON_SANDBOX_TOTP_SECRET: TOTP_SECRET},
  })

  it('--password-stdin --totp-stdin --mailbox-password-stdin: three lines, the keys unlocked, no secret printed or kept', async () => {
    const code = currentCode()
    const flags = ['--password-stdin', '--totp-stdin', '--mailbox-password-stdin']
    const result = await runBinary(['auth', 'login', 'otto', '--api-url', suite.sandbox.url, ...flags], {env: baseEnv(suite.home.home), input: `${PASSWORD}\n${code}\n${MAILBOX_PASSWORD}\n`})
    expect(result.status, result.stderr).to.equal(0)
    expect(result.stderr).to.include('keys unlocked').and.not.include('Warning')
    const stored = JSON.stringify(await suite.home.store.read('default'))
    for (const secret of [PASSWORD, code, MAILBOX_PASSWORD]) {
      expect(result.stderr + result.stdout.toString()).not.to.include(secret)
      expect(stored).not.to.include(secret)
    }
  })

  it('the mailbox password missing after the code: a usage error naming where it goes, nothing saved', async () => {
    const result = await runBinary(['auth', 'login', 'otto', '--api-url', suite.sandbox.url, '--password-stdin', '--totp-stdin', '--mailbox-password-stdin'], {
      env: baseEnv(suite.home.home),
      input: `${PASSWORD}\n${currentCode()}\n`,
    })
    expect([result.status, result.stderr]).to.deep.equal([
      1,
      'Error: --mailbox-password-stdin: no mailbox password on standard input (it follows the password and the TOTP code when they come from there too)\n',
    ])
  })
})
