/**
 * Unlocked keys end to end (issue 21): the built binary against `proton
 * sandbox`, whose account has real keys (src/sandbox/fixtures/key-fixture.ts).
 * Login unlocks them and keeps only the key passphrase sealed with the
 * session's local key; mail read decrypts; a tampered body and a sealed
 * passphrase in another session's file are refused.
 */
import {expect} from 'chai'
import {copyFileSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {keyPassphrase} from '../../src/lib/crypto/passphrase.ts'
import {KEY_FIXTURE} from '../../src/sandbox/fixtures/key-fixture.ts'
import {baseEnv, runBinary, type RunResult} from '../helpers/run-binary.ts'
import {sandboxFetch, sandboxForSuite} from '../helpers/sandbox-process.ts'

describe('unlocked keys: auth login and mail read against the sandbox (built binary)', function () {
  this.timeout(60_000)
  const suite = sandboxForSuite()
  const env = () => baseEnv(suite.home.home, {TZ: 'UTC'})
  const proton = (args: string[], input?: string): Promise<RunResult> => runBinary(args, {env: env(), input})
  const sessionFile = (profile: string) => join(suite.home.home, 'proton-cli', 'sessions', `${profile}.json`)
  const passphrase = keyPassphrase('demo', KEY_FIXTURE.keySalt)
  const login = (profile: string) => proton(['auth', 'login', 'demo', '--password-stdin', '--api-url', suite.sandbox.url, '--profile', profile], 'demo\n')
  // Message IDs go after "--": a base64url ID may begin with "-", which the parser would take for a flag.
  let ids: string[] = []

  before(async () => {
    const list = await proton(['--profile', 'sandbox', 'mail', 'list', '--output', 'json'])
    ids = (JSON.parse(list.stdout.toString('utf8')) as {Messages: Array<{ID: string}>}).Messages.map((message) => message.ID)
  })

  it('auth login unlocks the keys and keeps the key passphrase only sealed, never the password or the passphrase', async () => {
    const result = await login('reader')
    expect(result.status, result.stderr).to.equal(0)
    expect(result.stderr).to.include('keys unlocked: the primary user key and 2 of 2 addresses')
    const text = readFileSync(sessionFile('reader'), 'utf8')
    const stored = JSON.parse(text) as Record<string, unknown>
    expect(stored.KeyPassphrase).to.match(/^v1\.[A-Za-z0-9+/=]+$/)
    // The sandbox's keys are curve25519: reads open them without OpenPGP.js, and need not load it early.
    expect(stored.KeysRead).to.equal('direct')
    expect(text).to.not.include(passphrase)
    expect(Object.entries(stored).filter(([name, value]) => name !== 'Username' && value === 'demo')).to.deep.equal([])
    expect(result.stdout.toString('utf8') + result.stderr).to.not.include(passphrase)
    const status = await proton(['--profile', 'reader', 'auth', 'status'])
    expect(status.stdout.toString('utf8')).to.match(/keys\s+available/)
  })

  it('auth login seals the keys it unlocked for the new session: the first read derives none (DEBUG counts it); the seal holds no key in clear', async () => {
    const seal = join(suite.home.home, 'cache', 'proton-cli', 'keys', 'reader.sealed')
    expect(statSync(seal).mode & 0o777).to.equal(0o600)
    const sealed = readFileSync(seal)
    for (const secret of [KEY_FIXTURE.userKey, KEY_FIXTURE.addressKeys[0].PrivateKey, passphrase]) expect(sealed.includes(Buffer.from(secret))).to.equal(false)
    const first = await runBinary(['--profile', 'reader', 'mail', 'read', '--', ids[0]], {env: baseEnv(suite.home.home, {DEBUG: 'proton-cli:keys', TZ: 'UTC'})})
    expect(first.status, first.stderr).to.equal(0)
    const counts = first.stderr.split('\n').filter((line) => line.startsWith('proton-cli:keys '))
    expect(counts).to.deep.equal(['proton-cli:keys 1 keys opened from the seal, 0 derived (0 S2K runs so far)', 'proton-cli:keys 1 keys opened from the seal, 0 derived (0 S2K runs so far)'])
    // A new login of the profile replaces the seal: the previous session's opens nothing for the new one.
    expect((await login('reader')).status).to.equal(0)
    expect(readFileSync(seal).equals(sealed)).to.equal(false)
  })

  it('mail read prints the header block and the decrypted plain text, with the signature verified', async () => {
    const result = await proton(['--profile', 'reader', 'mail', 'read', '--', ids[0]])
    expect(result.status, result.stderr).to.equal(0)
    const out = result.stdout.toString('utf8')
    expect(out).to.match(
      /^From: +Proton Sandbox <sandbox@proton\.test>\nTo: +demo <demo@proton\.test>\nDate: +2025-01-01T00:00:00\+00:00\nSubject: +Welcome to the Proton sandbox\nSignature: +verified/,
    )
    expect(out).to.include('\n\nWelcome to the Proton sandbox.\n\nThis message was encrypted to your address key')
  })

  it('mail read shows an HTML body as text, --html as HTML, and --output json the record with the plaintext Body', async () => {
    const text = (await proton(['--profile', 'reader', 'mail', 'read', '--', ids[1]])).stdout.toString('utf8')
    expect(text).to.match(/Attachments: +invoice-2025-03\.txt \(47 B\)/)
    expect(text).to.include(' * Total: 4.99 EUR').and.not.include('<li>')
    const html = (await proton(['--profile', 'reader', 'mail', 'read', '--html', '--', ids[1]])).stdout.toString('utf8')
    expect(html).to.include('<li>Total: 4.99 EUR</li>')
    const json = JSON.parse((await proton(['--profile', 'reader', 'mail', 'read', '--output', 'json', '--', ids[1]])).stdout.toString('utf8')) as Record<string, unknown>
    expect(json).to.include({ID: ids[1], MIMEType: 'text/html', Subject: 'Your March invoice'})
    expect(json.Body).to.match(/^<html><body><h1>Your March invoice/)
  })

  it('mail read uses Node’s compile cache (beside its own code caches) in the user’s own cache directory (0700), and not with NODE_DISABLE_COMPILE_CACHE=1', async () => {
    const compileCache = join(suite.home.home, 'cache', 'proton-cli', 'compile-cache')
    rmSync(compileCache, {force: true, recursive: true})
    const disabled = await runBinary(['--profile', 'reader', 'mail', 'read', '--', ids[0]], {env: baseEnv(suite.home.home, {NODE_DISABLE_COMPILE_CACHE: '1', TZ: 'UTC'})})
    expect(disabled.status, disabled.stderr).to.equal(0)
    expect(existsSync(compileCache)).to.equal(false)
    const first = await proton(['--profile', 'reader', 'mail', 'read', '--', ids[0]])
    expect(first.status, first.stderr).to.equal(0)
    expect(statSync(compileCache).mode & 0o777).to.equal(0o700)
    expect(readdirSync(compileCache)).to.not.deep.equal([])
    const again = await proton(['--profile', 'reader', 'mail', 'read', '--', ids[0]])
    expect(again.stdout.equals(first.stdout)).to.equal(true)
  })

  it('a tampered body: one line naming the message and the cause, exit 1, nothing on stdout', async () => {
    const original = JSON.parse((await proton(['--profile', 'reader', 'api', 'GET', `/mail/v4/messages/${ids[2]}`])).stdout.toString('utf8')) as {Message: Record<string, unknown>}
    const armored = String(original.Message.Body)
    const lines = armored.trimEnd().split('\n')
    const begin = lines.findIndex((line) => line === '') + 1
    const end = lines.findIndex((line) => line.startsWith('=') || line.startsWith('-----END'))
    const binary = Buffer.from(lines.slice(begin, end).join(''), 'base64')
    binary[binary.length - 30] ^= 0x01
    const tampered = `-----BEGIN PGP MESSAGE-----\n\n${binary.toString('base64').replaceAll(/(.{64})/g, '$1\n')}\n-----END PGP MESSAGE-----\n`
    const fault = {Body: {Code: 1000, Message: {...original.Message, Body: tampered}}, Count: 0, Kind: 'status', Method: 'GET', Path: `/mail/v4/messages/`, Status: 200}
    expect((await sandboxFetch(suite.sandbox, 'faults', {body: JSON.stringify(fault), headers: {'content-type': 'application/json'}, method: 'POST'})).status).to.equal(200)
    try {
      const result = await proton(['--profile', 'reader', 'mail', 'read', '--verbose', '--', ids[2]])
      expect(result.status).to.equal(1)
      expect(result.stdout.length).to.equal(0)
      const errors = result.stderr.split('\n').filter((line) => line.startsWith('Error:'))
      expect(errors).to.have.length(1)
      expect(errors[0]).to.match(new RegExp(`^Error: message ${ids[2].replaceAll(/[+=]/g, '.')}: cannot decrypt its body: \\S`))
      expect(result.stderr)
        .to.not.match(/\n\s+at /)
        .and.not.include('lunch')
      expect(result.stderr).to.not.include(passphrase)
    } finally {
      await sandboxFetch(suite.sandbox, 'faults', {method: 'DELETE'})
    }
  })

  it('a copied session file opens no keys: not once the session is logged out, nor inside another session', async () => {
    copyFileSync(sessionFile('reader'), sessionFile('copy'))
    const sealed = (JSON.parse(readFileSync(sessionFile('reader'), 'utf8')) as {KeyPassphrase: string}).KeyPassphrase
    // Another live session with the first one's sealed passphrase: its local key does not open it.
    expect((await login('other')).status).to.equal(0)
    const other = JSON.parse(readFileSync(sessionFile('other'), 'utf8')) as Record<string, unknown>
    writeFileSync(sessionFile('other'), JSON.stringify({...other, KeyPassphrase: sealed}), {mode: 0o600})
    const mixed = await proton(['--profile', 'other', 'mail', 'read', '--', ids[0]])
    expect(mixed.status).to.equal(2)
    expect(mixed.stdout.length).to.equal(0)
    expect(mixed.stderr).to.include('does not open the stored key passphrase')

    expect((await proton(['--profile', 'reader', 'auth', 'logout'])).status).to.equal(0)
    const copied = await proton(['--profile', 'copy', 'mail', 'read', '--', ids[0]])
    expect(copied.status).to.equal(2)
    expect(copied.stdout.length).to.equal(0)
    expect(copied.stderr).to.not.include('Welcome')
  })

  it('a session from the environment, or one logged in without keys, says how to get them (exit 2)', async () => {
    const stored = JSON.parse(readFileSync(sessionFile('other'), 'utf8')) as Record<string, string>
    const fromEnv = await runBinary(['mail', 'read', '--api-url', suite.sandbox.url, '--', ids[0]], {env: baseEnv(suite.home.home, {PROTON_ACCESS_TOKEN: stored.AccessToken, PROTON_UID: stored.UID})})
    expect(fromEnv.status).to.equal(2)
    expect(fromEnv.stderr).to.match(/carries no keys: run "proton auth login"/)
    const {KeyPassphrase: _dropped, ...withoutKeys} = stored
    writeFileSync(sessionFile('other'), JSON.stringify(withoutKeys), {mode: 0o600})
    const none = await proton(['--profile', 'other', 'mail', 'read', '--', ids[0]])
    expect(none.status).to.equal(2)
    expect(none.stderr).to.match(/holds no unlocked keys/)
    expect((await proton(['--profile', 'other', 'auth', 'status'])).stdout.toString('utf8')).to.match(/keys\s+not unlocked/)
  })
})
