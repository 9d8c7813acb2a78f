/**
 * GnuPG interoperability (issue 21): a message encrypted by GnuPG (not
 * OpenPGP.js) to the sandbox's primary address key, as mail from any
 * OpenPGP user arrives, added to the sandbox (POST /__sandbox/messages) and
 * read with the built binary's mail read. GnuPG runs with a private
 * GNUPGHOME in a 0700 temporary directory holding only the address's public
 * key (exported from the fixture) and, for the signed message, a throwaway
 * key of its own; its agent is stopped and the directory removed after.
 * .ci/run installs gpg when the system has none.
 */
import {expect} from 'chai'
import {spawnSync} from 'node:child_process'
import {chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {KEY_FIXTURE} from '../../src/lib/sandbox/key-fixture.ts'
import {baseEnv, runBinary, type RunResult} from '../helpers/run-binary.ts'
import {sandboxFetch, sandboxForSuite} from '../helpers/sandbox-process.ts'

const GPG = existsSync('/usr/bin/gpg') ? '/usr/bin/gpg' : 'gpg'
const TEXT = 'Hello from GnuPG.\n\nGrüße, and a second paragraph.\n'

describe('GnuPG interoperability: mail read of a message GnuPG encrypted (built binary)', function () {
  this.timeout(60_000)
  const suite = sandboxForSuite()
  const proton = (args: string[]): Promise<RunResult> => runBinary(['--profile', 'reader', ...args], {env: baseEnv(suite.home.home, {TZ: 'UTC'})})
  let gnupgHome = ''
  const gpg = (args: string[], input?: string) => {
    const result = spawnSync(GPG, ['--homedir', gnupgHome, '--batch', '--no-tty', ...args], {encoding: 'utf8', input, timeout: 30_000})
    expect(result.error, `${GPG} could not run (install GnuPG: .ci/run does)`).to.equal(undefined)
    expect(result.status, result.stderr).to.equal(0)
    return result.stdout
  }

  async function addMessage(Body: string, Address: string): Promise<string> {
    const response = await sandboxFetch(suite.sandbox, 'messages', {
      body: JSON.stringify({Body, Sender: {Address, Name: 'GnuPG user'}, Subject: 'From GnuPG'}),
      headers: {'content-type': 'application/json'},
      method: 'POST',
    })
    expect(response.status).to.equal(200)
    return ((await response.json()) as {Message: {ID: string}}).Message.ID
  }

  before(async () => {
    gnupgHome = mkdtempSync(join(tmpdir(), 'proton-cli-gnupg-'))
    chmodSync(gnupgHome, 0o700)
    const openpgp = await import('openpgp')
    const addressKey = await openpgp.readPrivateKey({armoredKey: KEY_FIXTURE.addressKeys[0].PrivateKey})
    writeFileSync(join(gnupgHome, 'address.asc'), addressKey.toPublic().armor())
    gpg(['--import', join(gnupgHome, 'address.asc')])
    const login = await runBinary(['auth', 'login', 'demo', '--password-stdin', '--api-url', suite.sandbox.url, '--profile', 'reader'], {env: baseEnv(suite.home.home), input: 'demo\n'})
    expect(login.status, login.stderr).to.equal(0)
  })

  after(() => {
    if (gnupgHome === '') return
    spawnSync('gpgconf', ['--homedir', gnupgHome, '--kill', 'gpg-agent'], {timeout: 10_000})
    rmSync(gnupgHome, {force: true, recursive: true})
  })

  it('GnuPG encrypts to the address key; mail read decrypts it (not signed: Signature none)', async () => {
    const armored = gpg(['--trust-model', 'always', '--armor', '--recipient', 'demo@proton.test', '--encrypt'], TEXT)
    expect(armored).to.match(/^-----BEGIN PGP MESSAGE-----/)
    const id = await addMessage(armored, 'gnupg@example.test')
    // After "--": a base64url ID may begin with "-".
    const result = await proton(['mail', 'read', '--', id])
    expect(result.status, result.stderr).to.equal(0)
    const out = result.stdout.toString('utf8')
    expect(out).to.match(/From: +GnuPG user <gnupg@example\.test>\n/)
    expect(out).to.match(/Signature: +none/)
    expect(out.endsWith(`\n\n${TEXT}`)).to.equal(true)
  })

  it('GnuPG signs with its own key and encrypts; mail read decrypts it, the signature unverified (no published key for that sender)', async () => {
    gpg(['--pinentry-mode', 'loopback', '--passphrase', '', '--quick-generate-key', 'signer@example.test', 'ed25519', 'sign', 'never'])
    const armored = gpg(['--trust-model', 'always', '--armor', '--local-user', 'signer@example.test', '--recipient', 'demo@proton.test', '--sign', '--encrypt'], TEXT)
    const id = await addMessage(armored, 'signer@example.test')
    const result = await proton(['mail', 'read', '--', id])
    expect(result.status, result.stderr).to.equal(0)
    const out = result.stdout.toString('utf8')
    expect(out).to.match(/Signature: +unverified/)
    expect(out.endsWith(`\n\n${TEXT}`)).to.equal(true)
  })
})
