/**
 * Issue 40, drive: what a hostile or compromised server can make of a download, through the built binary against
 * the sandbox's drive and its tamper control (the seeded files are encrypted and signed by OpenPGP.js alone, in
 * scripts/generate-sandbox-drive.js): a content key packet swapped for another file's, a node key whose signature
 * fails, a manifest that fails; and the plaintext a download stages in the cache (--output-file -), removed on every
 * way out: success, a closed pipe, SIGTERM; decrypted files are written 0600 whatever the umask.
 */
import {expect} from 'chai'
import {mkdirSync, readdirSync, readFileSync} from 'node:fs'
import {join} from 'node:path'

import {DRIVE_FIXTURE} from '../../src/lib/sandbox/drive/drive-fixture.ts'
import {baseEnv, runBinary} from '../helpers/run-binary.ts'
import {sandboxFetch, sandboxForSuite} from '../helpers/sandbox-process.ts'

const [, , NOTES] = DRIVE_FIXTURE.links.map((link) => link.LinkID)
const expected = DRIVE_FIXTURE.expected as Record<string, {Content?: string; Name: string}>

describe('drive against a hostile server (built binary, sandbox; issue 40)', function () {
  this.timeout(120_000)
  const suite = sandboxForSuite()
  const env = () => baseEnv(suite.home.home, {TERM: 'dumb', TZ: 'UTC'})
  const run = (args: string[]) => runBinary(['--profile', 'sandbox', ...args], {env: env(), timeoutMs: 60_000})
  const work = (name: string) => {
    const dir = join(suite.home.home, 'work', name)
    mkdirSync(dir, {recursive: true})
    return dir
  }
  const tamper = async (part: string, linkId = NOTES) => {
    const response = await sandboxFetch(suite.sandbox, 'drive/tamper', {body: JSON.stringify({LinkID: linkId, Part: part}), headers: {'content-type': 'application/json'}, method: 'POST'})
    expect(response.status, await response.text()).to.equal(200)
  }

  beforeEach(async () => {
    const reset = await sandboxFetch(suite.sandbox, 'drive/reset', {body: JSON.stringify({Volume: true}), headers: {'content-type': 'application/json'}, method: 'POST'})
    expect(reset.status).to.equal(200)
  })

  it('a content key packet the server swapped: one line naming the file and the check, exit 5, nothing written; drive info names the problem', async () => {
    await tamper('content-key')
    const dir = work('content-key')
    for (const target of [['--dir', dir], ['--output-file', join(dir, 'out.txt')], ['--output-file', '-']]) {
      const result = await run(['drive', 'download', 'notes.txt', ...target])
      expect(result.status, result.stderr).to.equal(5)
      expect(result.stderr).to.equal('Error: notes.txt: not downloaded: its content key did not decrypt (Error decrypting session keys: No decryption key packets found); nothing written\n')
      expect(result.stdout.length).to.equal(0)
      expect(readdirSync(dir)).to.deep.equal([])
    }

    const info = await run(['drive', 'info', 'notes.txt'])
    expect(info.status, info.stderr).to.equal(0)
    expect(info.stderr).to.equal('')
    expect(info.stdout.toString()).to.match(/^Problem: .*No decryption key packets found/m)
  })

  it('a manifest signature the server swapped: drive info does not say the content verified; download refuses it (exit 5)', async () => {
    await tamper('manifest')
    const info = await run(['drive', 'info', 'notes.txt'])
    expect(info.status, info.stderr).to.equal(0)
    expect(info.stdout.toString()).to.not.match(/^Content signature/m)
    expect(info.stdout.toString()).to.match(/^Content: not checked here: drive download checks/m)
    const dir = work('manifest')
    const result = await run(['drive', 'download', 'notes.txt', '--dir', dir])
    expect(result.status).to.equal(5)
    expect(result.stderr).to.match(/^Error: notes\.txt: not downloaded: the manifest signature .* did not verify: .*; nothing written\n$/)
    expect(readdirSync(dir)).to.deep.equal([])
  })

  it('a node key whose signature fails: downloaded (the content verified) with a WARNING naming the key signature', async () => {
    await tamper('key')
    const dir = work('key')
    const result = await run(['drive', 'download', 'notes.txt', '--dir', dir])
    expect(result.status, result.stderr).to.equal(0)
    expect(result.stderr).to.match(/^WARNING: notes\.txt: its key signature is NOT verified \(.+\): the service may have changed it; the content's signature verified\n$/)
    expect(readFileSync(join(dir, 'notes.txt'), 'utf8')).to.equal(expected[NOTES].Content)
  })
})
