/**
 * Issue 45, drive: once the seal holds the account's and the nodes' keys, drive ls and drive info read without
 * OpenPGP.js (DEBUG says proton-cli:direct), and print what OpenPGP.js alone printed; whatever crypto/direct does not
 * settle for certain falls back to OpenPGP.js, which gives the verdict in its words: a node key whose signature does
 * not hold, a name said signed by another address; a node key the service lists anew (another record than the one
 * sealed) is derived again with OpenPGP.js and sealed. Through the built binary against the sandbox's drive and its
 * tamper control.
 */
import {expect} from 'chai'
import {mkdirSync, readFileSync, rmSync} from 'node:fs'
import {join} from 'node:path'

import {DRIVE_FIXTURE} from '../../src/sandbox/fixtures/drive-fixture.ts'
import {baseEnv, runBinary} from '../helpers/run-binary.ts'
import {sandboxFetch, sandboxForSuite} from '../helpers/sandbox-process.ts'

const [, , NOTES] = DRIVE_FIXTURE.links.map((link) => link.LinkID)
const expected = DRIVE_FIXTURE.expected as Record<string, {Content?: string; Name: string}>

const DIRECT = /^proton-cli:direct drive: \d+ keys, names and signatures read without OpenPGP\.js$/

describe('drive reads without OpenPGP.js when the seal holds the keys (built binary, sandbox; issue 45)', function () {
  this.timeout(120_000)
  const suite = sandboxForSuite()
  const run = async (args: string[]) => {
    const result = await runBinary(['--profile', 'sandbox', ...args], {env: baseEnv(suite.home.home, {DEBUG: '1', TERM: 'dumb', TZ: 'UTC'}), timeoutMs: 60_000})
    const lines = result.stderr.split('\n')
    return {
      ...result,
      /** The proton-cli:direct lines of a read without OpenPGP.js (others say why it went to OpenPGP.js). */
      direct: lines.filter((line) => line.startsWith('proton-cli:direct') && line.endsWith(' without OpenPGP.js')),
      fellBack: lines.filter((line) => line.startsWith('proton-cli:direct drive with OpenPGP.js: ')),
      /** The keys derived (S2K) in the run, as the proton-cli:keys lines count them. */
      derived: lines.reduce((sum, line) => sum + Number(/^proton-cli:keys \d+ keys opened from the seal, (\d+) derived \(\d+ S2K runs so far\)$/.exec(line)?.[1] ?? 0), 0),
      /** The S2Ks the process ran, as its last proton-cli:keys line counts them. */
      s2k: Number(lines.findLast((line) => line.startsWith('proton-cli:keys '))?.match(/\((\d+) S2K runs so far\)$/)?.[1] ?? Number.NaN),
      /** stderr without the DEBUG lines. */
      said: lines.filter((line) => !line.startsWith('proton-cli:')).join('\n'),
      text: result.stdout.toString(),
    }
  }

  /** Without the seal, the next run is OpenPGP.js's alone (and seals the keys it derives). */
  const unseal = () => rmSync(join(suite.home.home, 'cache', 'proton-cli', 'keys', 'sandbox.sealed'), {force: true})
  const tamper = async (part: string) => {
    const response = await sandboxFetch(suite.sandbox, 'drive/tamper', {body: JSON.stringify({LinkID: NOTES, Part: part}), headers: {'content-type': 'application/json'}, method: 'POST'})
    expect(response.status, await response.text()).to.equal(200)
  }

  beforeEach(async () => {
    const reset = await sandboxFetch(suite.sandbox, 'drive/reset', {body: JSON.stringify({Volume: true}), headers: {'content-type': 'application/json'}, method: 'POST'})
    expect(reset.status).to.equal(200)
    unseal()
  })

  it('a second drive ls prints the same listing, read without OpenPGP.js and without any S2K; so do a folder in JSON and drive info', async () => {
    const first = await run(['drive', 'ls'])
    expect(first.status, first.stderr).to.equal(0)
    expect(first.direct).to.deep.equal([])
    expect(first.derived).to.be.greaterThan(0)
    expect(first.s2k).to.be.greaterThan(0)
    expect(first.text.split('\n').map((line) => line.split('\t')[0])).to.deep.equal(['Documents', 'notes.txt', ''])

    for (const args of [
      ['drive', 'ls'],
      ['drive', 'ls', 'Documents', '--output', 'json'],
      ['drive', 'info', 'notes.txt'],
    ]) {
      const before = await run(args)
      const again = await run(args)
      expect(again.status, again.stderr).to.equal(0)
      expect([again.text, again.said]).to.deep.equal([before.text, before.said])
      expect(again.direct, args.join(' ')).to.have.length(1)
      expect(again.direct[0]).to.match(DIRECT)
      expect(again.derived).to.equal(0)
      expect(again.s2k).to.equal(0)
    }

    const info = await run(['drive', 'info', 'notes.txt'])
    expect(info.text).to.include('Attributes signature: verified (demo@proton.test)')
    expect(info.text).to.match(/^Manifest signature: verified \(demo@proton\.test, over \d+ hash(es)?\)$/m)
    const [file] = JSON.parse((await run(['drive', 'ls', 'Documents', '--output', 'json'])).text) as Array<{name: string; signatures: Record<string, string>}>
    expect([file.name, file.signatures]).to.deep.equal(['résumé – 履歴書.txt', {content: 'verified (demo@proton.test)', key: 'verified (demo@proton.test)', name: 'verified (demo@proton.test)'}])
  })

  it('a node key whose signature does not hold and a name said signed by another address: the verdicts and warnings OpenPGP.js alone gives (the read falls back)', async () => {
    await tamper('key')
    await tamper('name-author')
    const alone = await run(['drive', 'ls', '--output', 'json'])
    expect(alone.status, alone.stderr).to.equal(0)
    const sealed = await run(['drive', 'ls', '--output', 'json'])
    expect(sealed.status, sealed.stderr).to.equal(0)
    expect(sealed.text).to.equal(alone.text)
    // Not read directly: OpenPGP.js said why the signatures fail; DEBUG says why crypto/direct left them to it.
    expect(sealed.direct).to.deep.equal([])
    expect(sealed.fellBack).to.include('proton-cli:direct drive with OpenPGP.js: a signature that does not hold')
    const notes = (JSON.parse(sealed.text) as Array<{name: string; signatures: Record<string, string>}>).find((node) => node.name === 'notes.txt')
    expect(notes?.signatures.key).to.match(/^NOT verified \(demo@proton\.test: .*Signed digest did not match\)$/)
    expect(notes?.signatures.name).to.match(/^NOT verified \(sandbox@proton\.test: .*Could not find signing key with key ID [0-9a-f]{16}\)$/)

    const dir = join(suite.home.home, 'work', 'fallback')
    mkdirSync(dir, {recursive: true})
    unseal()
    const downloadAlone = await run(['drive', 'download', 'notes.txt', '--output-file', join(dir, 'alone.txt')])
    const downloadSealed = await run(['drive', 'download', 'notes.txt', '--output-file', join(dir, 'sealed.txt')])
    expect([downloadSealed.status, downloadAlone.status]).to.deep.equal([0, 0])
    expect(downloadSealed.said.replace('sealed.txt', 'alone.txt')).to.equal(downloadAlone.said)
    expect(downloadSealed.said).to.match(/^WARNING: notes\.txt: its key signature is NOT verified \(.+\): the service may have changed it; the content's signature verified$/m)
    expect(downloadSealed.said).to.match(/^WARNING: notes\.txt: its name signature is NOT verified \(sandbox@proton\.test: .+\)/m)
    expect(readFileSync(join(dir, 'sealed.txt'), 'utf8')).to.equal(expected[NOTES].Content)
  })

  it('a node key the service lists anew (another record than the one sealed): derived again with OpenPGP.js, listed the same, then read directly again', async () => {
    const listing = (await run(['drive', 'ls'])).text
    const direct = await run(['drive', 'ls'])
    expect([direct.text, direct.direct.length]).to.deep.equal([listing, 1])
    await tamper('node-key')
    const changed = await run(['drive', 'ls'])
    expect(changed.status, changed.stderr).to.equal(0)
    expect(changed.text).to.equal(listing)
    expect(changed.direct).to.deep.equal([])
    expect(changed.derived).to.equal(1)
    // The node key's packet, derived once.
    expect(changed.s2k).to.equal(1)
    const after = await run(['drive', 'ls'])
    expect([after.text, after.direct.length, after.derived, after.s2k]).to.deep.equal([listing, 1, 0, 0])
  })
})
