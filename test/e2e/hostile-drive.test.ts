/**
 * Issue 40, drive: what a hostile or compromised server can make of a download, through the built binary against
 * the sandbox's drive and its tamper control (the seeded files are encrypted and signed by OpenPGP.js alone, in
 * scripts/generate-sandbox-drive.js): a content key packet swapped for another file's, a node key whose signature
 * fails, a manifest that fails; and the plaintext a download stages in the cache (--output-file -), removed on every
 * way out: success, a closed pipe, SIGTERM; decrypted files are written 0600 whatever the umask.
 */
import {expect} from 'chai'
import {spawn, spawnSync} from 'node:child_process'
import {randomBytes} from 'node:crypto'
import {existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {setTimeout as delay} from 'node:timers/promises'

import {DRIVE_FIXTURE} from '../../src/sandbox/fixtures/drive-fixture.ts'
import {baseEnv, BIN, runBinary} from '../helpers/run-binary.ts'
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
    for (const target of [
      ['--dir', dir],
      ['--output-file', join(dir, 'out.txt')],
      ['--output-file', '-'],
    ]) {
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

  it('a manifest signature the server swapped: drive info says its manifest check fails, as download does (exit 5)', async () => {
    const good = await run(['drive', 'info', 'notes.txt'])
    expect(good.status, good.stderr).to.equal(0)
    expect(good.stdout.toString()).to.match(/^Manifest signature: verified \(demo@proton\.test, over \d+ hash(es)?\)$/m)
    await tamper('manifest')
    const info = await run(['drive', 'info', 'notes.txt'])
    expect(info.status, info.stderr).to.equal(0)
    expect(info.stderr).to.equal('')
    expect(info.stdout.toString()).to.match(/^Manifest signature: FAILED \(not signed by demo@proton\.test over the revision's block hashes\)$/m)
    expect(info.stdout.toString()).to.not.match(/verified \(demo@proton\.test, over/)
    const json = await run(['drive', 'info', 'notes.txt', '--output', 'json'])
    expect(JSON.parse(json.stdout.toString())).to.include({manifestSignature: "FAILED (not signed by demo@proton.test over the revision's block hashes)"})
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

  it('a name signed, the server says, by another address (NameSignatureEmail swapped): downloaded (the content verified) with a WARNING naming the name signature', async () => {
    await tamper('name-author')
    const dir = work('name')
    const result = await run(['drive', 'download', 'notes.txt', '--dir', dir])
    expect(result.status, result.stderr).to.equal(0)
    expect(result.stderr).to.match(/^WARNING: notes\.txt: its name signature is NOT verified \(sandbox@proton\.test: .+\): the service may have changed it; the content's signature verified\n$/)
    expect(readFileSync(join(dir, 'notes.txt'), 'utf8')).to.equal(expected[NOTES].Content)
  })

  describe('plaintext left behind: the spool of --output-file -, and the mode of --output-file', () => {
    const spool = () => join(suite.home.home, 'cache', 'proton-cli', 'spool', 'download')
    const left = () => (existsSync(spool()) ? readdirSync(spool()) : [])
    const big = randomBytes(3 * 1024 * 1024)
    /** A file big enough to fill a pipe (the seeded volume is put back before each test). */
    const uploadBig = async () => {
      const dir = work('big')
      writeFileSync(join(dir, 'big.bin'), big)
      const up = await run(['drive', 'upload', join(dir, 'big.bin'), '--to', '/'])
      expect(up.status, up.stderr).to.equal(0)
    }

    it('success: the whole file on stdout, nothing left in the spool; what earlier runs left there (published names, dead temporaries) is swept', async () => {
      mkdirSync(spool(), {mode: 0o700, recursive: true})
      for (const name of ['notes.txt', 'notes (1).txt', 'download.999999999.0123456789ab.tmp']) writeFileSync(join(spool(), name), 'plaintext of an earlier run', {mode: 0o600})
      const result = await run(['drive', 'download', 'notes.txt', '--output-file', '-'])
      expect(result.status, result.stderr).to.equal(0)
      expect(result.stdout.toString()).to.equal(expected[NOTES].Content)
      expect(left()).to.deep.equal([])
    })

    it('a pipe closed early (| head -c 10): nothing left in the spool', async () => {
      await uploadBig()
      const piped = spawnSync('sh', ['-c', `"${process.execPath}" "${BIN}" --profile sandbox drive download big.bin --output-file - | head -c 10 | wc -c`], {env: env(), timeout: 60_000})
      expect(piped.stdout.toString().trim()).to.equal('10')
      expect(piped.stderr.toString()).to.not.match(/\bat \S+:\d+:\d+/)
      expect(left()).to.deep.equal([])
    })

    it('SIGTERM while the staged file is written out to a pipe nobody reads: ends by the signal, nothing left in the spool', async () => {
      await uploadBig()
      const child = spawn(process.execPath, [BIN, '--profile', 'sandbox', 'drive', 'download', 'big.bin', '--output-file', '-'], {env: env(), stdio: ['ignore', 'pipe', 'pipe']})
      const ended = new Promise<NodeJS.Signals | null>((resolve) => child.on('close', (_code, signal) => resolve(signal)))
      // Held: stdout is not read, so the write-out blocks once the pipe is full, the staged file still there.
      child.stdout.pause()
      for (let attempt = 0; attempt < 300 && left().length === 0; attempt++) await delay(100)
      expect(left()).to.have.length(1)
      expect(statSync(join(spool(), left()[0])).mode & 0o777).to.equal(0o600)
      await delay(300)
      child.kill('SIGTERM')
      expect(await ended).to.equal('SIGTERM')
      expect(left()).to.deep.equal([])
    })

    it('--output-file under umask 022: 0600, new or replacing a 0644 file (drive download, contacts export)', async () => {
      const dir = work('modes')
      writeFileSync(join(dir, 'old.txt'), 'old', {mode: 0o644})
      const umask = process.umask(0o022)
      try {
        for (const [args, path] of [
          [['drive', 'download', 'notes.txt', '--output-file', join(dir, 'new.txt')], join(dir, 'new.txt')],
          [['drive', 'download', 'notes.txt', '--output-file', join(dir, 'old.txt')], join(dir, 'old.txt')],
          [['contacts', 'export', '--output-file', join(dir, 'contacts.vcf')], join(dir, 'contacts.vcf')],
        ] as const) {
          const result = await run([...args])
          expect(result.status, result.stderr).to.equal(0)
          expect(statSync(path).mode & 0o777, path).to.equal(0o600)
        }
      } finally {
        process.umask(umask)
      }
    })
  })
})
