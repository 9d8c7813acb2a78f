/**
 * contacts update (issue 43), the built binary against the sandbox: the named fields replaced, the others kept (UID,
 * the addresses' groups), PREF renumbered as the web client saves; the cards made afresh and read by GnuPG (the
 * signed card verified over its text with trailing spaces stripped, the encrypted one decrypted and verified); a
 * contact whose card does not verify is not rewritten; --dry-run sends nothing.
 */
import {expect} from 'chai'
import {spawnSync} from 'node:child_process'
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import * as openpgp from 'openpgp'

import {KEY_FIXTURE} from '../../src/sandbox/fixtures/key-fixture.ts'
import {baseEnv, runBinary, type RunResult} from '../helpers/run-binary.ts'
import {sandboxFetch, sandboxForSuite} from '../helpers/sandbox-process.ts'

const GPG = existsSync('/usr/bin/gpg') ? '/usr/bin/gpg' : 'gpg'

interface Card {
  Type: number
  Data: string
  Signature: string | null
}

describe('contacts update (built binary, sandbox, GnuPG)', function () {
  this.timeout(60_000)
  const suite = sandboxForSuite()
  const proton = (args: string[]): Promise<RunResult> => runBinary(['--profile', 'sandbox', ...args], {env: baseEnv(suite.home.home, {TZ: 'UTC'})})
  const ok = (result: RunResult) => {
    expect(result.status, result.stderr).to.equal(0)
    return result.stdout.toString('utf8')
  }

  const writes = async () =>
    ((await (await sandboxFetch(suite.sandbox, 'stats')).json()) as {Requests: Array<{Method: string; Path: string}>}).Requests.filter(
      ({Method, Path}) => Method !== 'GET' && Path.startsWith('/contacts/'),
    )
  const cards = async (id: string) => (JSON.parse(ok(await proton(['api', 'GET', `/contacts/v4/contacts/${encodeURIComponent(id)}`]))) as {Contact: {Cards: Card[]}}).Contact.Cards
  let work = ''
  const gpg = (args: string[]) => spawnSync(GPG, ['--homedir', join(work, 'gnupg'), '--batch', '--no-tty', ...args], {encoding: 'utf8', timeout: 30_000})

  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'proton-cli-contacts-update-'))
    mkdirSync(join(work, 'gnupg'), {mode: 0o700})
    writeFileSync(join(work, 'user.asc'), (await openpgp.readPrivateKey({armoredKey: KEY_FIXTURE.userKey})).toPublic().armor())
    expect(gpg(['--import', join(work, 'user.asc')]).status).to.equal(0)
  })

  after(() => {
    if (work === '') return
    spawnSync('gpgconf', ['--homedir', join(work, 'gnupg'), '--kill', 'all'], {timeout: 10_000})
    rmSync(work, {force: true, recursive: true})
  })

  /** The signed card verified by GnuPG over its text with trailing spaces stripped (as the web client verifies). */
  const verifySigned = (card: Card) => {
    writeFileSync(
      join(work, 'signed.vcf'),
      card.Data.split('\n')
        .map((line) => line.replace(/[ \t\r]+$/, ''))
        .join('\n'),
    )
    writeFileSync(join(work, 'signed.sig'), String(card.Signature))
    expect(gpg(['--verify', join(work, 'signed.sig'), join(work, 'signed.vcf')]).stderr).to.match(/Good signature/)
  }

  it('update ADDRESS --phone --note: those replaced, the name, addresses, groups and UID kept; cards GnuPG verifies; --name --email: one address kept with its group, PREF 1', async () => {
    const id = ok(await proton(['contacts', 'create', '--name', 'Gina Update', '--email', 'gina@a.test', '--email', 'gina@b.test', '--phone', '+1 111', '--note', 'old note'])).trim()
    const uid = /\r\nUID:(\S+)\r\n/.exec((await cards(id)).find(({Type}) => Type === 2)!.Data)![1]
    const updated = await proton(['contacts', 'update', 'gina@a.test', '--phone', '+2 222', '--note', 'new note'])
    expect([ok(updated), updated.stderr]).to.deep.equal([`${id}\n`, `Updated contact "Gina Update" (${id}).\n`])
    const after = await cards(id)
    const signed = after.find(({Type}) => Type === 2)!
    expect(signed.Data).to.include(`\r\nUID:${uid}\r\n`)
    expect(signed.Data).to.match(/\r\nFN;PREF=1:Gina Update\r\n/)
    expect(signed.Data).to.match(/\r\nITEM1\.EMAIL;PREF=1:gina@a\.test\r\nITEM2\.EMAIL;PREF=2:gina@b\.test\r\n/)
    verifySigned(signed)
    const encrypted = after.find(({Type}) => Type === 3)!
    writeFileSync(join(work, 'encrypted.asc'), encrypted.Data)
    rmSync(join(work, 'decrypted.vcf'), {force: true})
    // The encrypted card needs the secret key: imported for this step only.
    const unlocked = await openpgp.decryptKey({
      passphrase: (await import('../../src/lib/crypto/passphrase.ts')).keyPassphrase(KEY_FIXTURE.password, KEY_FIXTURE.keySalt),
      privateKey: await openpgp.readPrivateKey({armoredKey: KEY_FIXTURE.userKey}),
    })
    writeFileSync(join(work, 'secret.asc'), unlocked.armor())
    expect(gpg(['--import', join(work, 'secret.asc')]).status).to.equal(0)
    expect(gpg(['--output', join(work, 'decrypted.vcf'), '--decrypt', join(work, 'encrypted.asc')]).status).to.equal(0)
    const plain = readFileSync(join(work, 'decrypted.vcf'), 'utf8')
    expect(plain).to.match(/\nTEL;PREF=1:\+2 222\r?\n/)
    expect(plain).to.match(/\nNOTE:new note\r?\n/)
    expect(plain).not.to.include('+1 111')
    writeFileSync(join(work, 'encrypted.sig'), String(encrypted.Signature))
    expect(gpg(['--verify', join(work, 'encrypted.sig'), join(work, 'decrypted.vcf')]).stderr).to.match(/Good signature/)

    ok(await proton(['contacts', 'update', id, '--name', 'Gina New', '--email', 'gina@b.test']))
    const renamed = (await cards(id)).find(({Type}) => Type === 2)!
    expect(renamed.Data).to.match(/\r\nFN;PREF=1:Gina New\r\nITEM2\.EMAIL;PREF=1:gina@b\.test\r\n/)
    expect(renamed.Data).not.to.include('gina@a.test')
    verifySigned(renamed)
    expect(JSON.parse(ok(await proton(['contacts', 'get', id, '--output', 'json'])))).to.deep.include({Name: 'Gina New', Notes: [{Signature: 'verified', Types: [], Value: 'new note'}]})
  })

  it('--dry-run prints the PUT and sends nothing; a contact whose card does not verify is not rewritten; no field: exit 1', async () => {
    const id = ok(await proton(['contacts', 'create', '--name', 'Dry Run', '--email', 'dry@example.test'])).trim()
    await sandboxFetch(suite.sandbox, 'stats', {method: 'DELETE'})
    const dry = await proton(['contacts', 'update', id, '--note', 'never', '--dry-run'])
    expect(dry.stderr).to.equal('Dry run: the request was not sent.\n')
    expect(ok(dry).split('\n')[0]).to.equal(`PUT ${suite.sandbox.url}/contacts/v4/contacts/${id}`)
    expect(ok(dry)).to.include('NOTE:never')
    const tampered = await proton(['contacts', 'update', 'mallory@attacker.test', '--note', 'laundered'])
    expect(tampered.status).to.equal(1)
    expect(tampered.stderr).to.match(/^Error: contact \S+: its card of Type 2 does not verify .*: not rewritten\n$/)
    const nothing = await proton(['contacts', 'update', id])
    expect([nothing.status, nothing.stderr]).to.deep.equal([1, 'Error: nothing to change: give --name, --email, --phone or --note\n'])
    expect(await writes()).to.deep.equal([])
  })
})
