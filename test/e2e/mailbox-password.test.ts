/**
 * Two-password accounts: the sandbox started with a mailbox
 * password (PROTON_SANDBOX_MAILBOX_PASSWORD: the user key is locked with a
 * passphrase from it, not from the login password). auth login
 * --mailbox-password-stdin reads it from stdin, the line after the password
 * (and the TOTP code) when they come from stdin too, and unlocks the keys with it; without it, or with a
 * wrong one, the login stands with one warning line and mail read says how to
 * get keys.
 */
import {expect} from 'chai'
import {readFileSync} from 'node:fs'
import {join} from 'node:path'

import {baseEnv, runBinary, type RunResult} from '../helpers/run-binary.ts'
import {sandboxForSuite} from '../helpers/sandbox-process.ts'

/** Test data: the sandbox's account protects nothing. */
const MAILBOX_PASSWORD = 'second secret, spaces kept'

describe('auth login --mailbox-password-stdin against a two-password sandbox (built binary)', function () {
  this.timeout(60_000)
  const suite = sandboxForSuite({args: ['--port', '0'], env: {PROTON_SANDBOX_MAILBOX_PASSWORD: MAILBOX_PASSWORD}})
  let firstId = ''
  const env = (extra: NodeJS.ProcessEnv = {}) => baseEnv(suite.home.home, {TZ: 'UTC', ...extra})
  const login = (profile: string, flags: string[], input: string, extra: NodeJS.ProcessEnv = {}): Promise<RunResult> =>
    runBinary(['auth', 'login', 'demo', ...flags, '--api-url', suite.sandbox.url, '--profile', profile], {env: env(extra), input})
  // After "--": a base64url ID may begin with "-".
  const read = (profile: string) => runBinary(['--profile', profile, 'mail', 'read', '--', firstId], {env: env()})

  before(async () => {
    const first = await login('first', ['--password-stdin'], 'demo\n')
    const list = await runBinary(['--profile', 'first', 'mail', 'list', '--output', 'json'], {env: env()})
    firstId = (JSON.parse(list.stdout.toString('utf8')) as {Messages: Array<{ID: string; Subject: string}>}).Messages.find((message) => message.Subject === 'Welcome to the Proton sandbox')?.ID ?? ''
    expect(first.status, first.stderr).to.equal(0)
    expect(firstId).to.not.equal('')
  })

  it('the password alone logs in but unlocks nothing: one warning line naming --mailbox-password-stdin, and mail read says what to run', async () => {
    const result = await login('plain', ['--password-stdin'], 'demo\n')
    expect(result.status, result.stderr).to.equal(0)
    const warnings = result.stderr.split('\n').filter((line) => line.startsWith('Warning:'))
    expect(warnings).to.deep.equal([
      'Warning: the password does not unlock this account’s keys (an account with a separate mailbox password? give it with --mailbox-password-stdin); logged in, but encrypted mail cannot be read',
    ])
    const reading = await read('plain')
    expect(reading.status).to.equal(2)
    expect(reading.stderr).to.include('holds no unlocked keys')
  })

  it('password then mailbox password on stdin: the keys unlock, mail read decrypts, and neither password is kept', async () => {
    const result = await login('two', ['--password-stdin', '--mailbox-password-stdin'], `demo\n${MAILBOX_PASSWORD}\n`)
    expect(result.status, result.stderr).to.equal(0)
    expect(result.stderr).to.include('keys unlocked: the primary user key and 2 of 2 addresses')
    expect(result.stderr).to.not.include('Warning')
    const stored = readFileSync(join(suite.home.home, 'proton-cli', 'sessions', 'two.json'), 'utf8')
    expect(stored).to.not.include(MAILBOX_PASSWORD)
    expect(JSON.parse(stored)).to.have.property('KeyPassphrase').that.matches(/^v1\./)
    const reading = await read('two')
    expect(reading.status, reading.stderr).to.equal(0)
    expect(reading.stdout.toString('utf8')).to.include('\n\nWelcome to the Proton sandbox.')
  })

  it('--mailbox-password-stdin alone (password from PROTON_PASSWORD): the mailbox password is the first line', async () => {
    const result = await login('env', ['--mailbox-password-stdin'], `${MAILBOX_PASSWORD}\n`, {PROTON_PASSWORD: 'demo'})
    expect(result.status, result.stderr).to.equal(0)
    expect(result.stderr).to.include('keys unlocked')
    expect((await read('env')).status).to.equal(0)
  })

  it('a wrong mailbox password: logged in, one warning saying the mailbox password unlocks nothing; a missing second line is a usage error', async () => {
    const wrong = await login('wrong', ['--password-stdin', '--mailbox-password-stdin'], 'demo\nnot it\n')
    expect(wrong.status, wrong.stderr).to.equal(0)
    expect(wrong.stderr).to.include('Warning: the mailbox password does not unlock this account’s keys')
    expect((await read('wrong')).status).to.equal(2)
    const missing = await login('missing', ['--password-stdin', '--mailbox-password-stdin'], 'demo\n')
    expect(missing.status).to.equal(1)
    expect(missing.stderr).to.equal('Error: --mailbox-password-stdin: no mailbox password on standard input (it follows the password and the TOTP code when they come from there too)\n')
  })
})
