/**
 * Issue 33, through the built binary against the sandbox's drive (one sandbox for the file): the commands on
 * @protontech/drive-sdk list, show, make, rename, move, trash and restore; text and a large random file come back
 * byte-identical, under a non-ASCII name; the request recorder sees neither a file's content nor its name in clear;
 * a tampered block is refused with nothing left behind; a user without My Files is told to run drive init, and
 * nothing is created until they do; a 112 MiB transfer peaks within what the design bounds of a 16 MiB one; progress on a terminal; a
 * download interrupted by SIGINT leaves nothing behind.
 */
import {expect} from 'chai'

import {spawn} from 'node:child_process'
import {randomBytes} from 'node:crypto'
import {mkdirSync, readdirSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {setTimeout as delay} from 'node:timers/promises'

import {DRIVE_FIXTURE} from '../../../../src/sandbox/fixtures/drive-fixture.ts'
import {baseEnv, BIN, runBinary} from '../../../helpers/run-binary.ts'
import {runMeasured} from '../../../helpers/run-measured.ts'
import {sandboxFetch, sandboxForSuite} from '../../../helpers/sandbox-process.ts'
import {runInTerminal} from '../../../helpers/terminal.ts'

const MiB = 1024 ** 2
const ESC = '\u001B'
const [, , NOTES] = DRIVE_FIXTURE.links.map((link) => link.LinkID)
const expected = DRIVE_FIXTURE.expected as Record<string, {Content?: string; Name: string}>

interface Recorded {
  Method: string
  Path: string
  Body: string
}

describe('drive commands (built binary, sandbox)', function () {
  this.timeout(120_000)
  const suite = sandboxForSuite()
  const env = () => baseEnv(suite.home.home, {TERM: 'dumb', TZ: 'UTC'})
  const run = (args: string[], input?: string) => runBinary(['--profile', 'sandbox', ...args], {env: env(), input, timeoutMs: 60_000})
  const work = (name: string) => {
    const dir = join(suite.home.home, 'work', name)
    mkdirSync(dir, {recursive: true})
    return dir
  }

  const recorded = async (): Promise<Recorded[]> => ((await (await sandboxFetch(suite.sandbox, 'drive/requests')).json()) as {Requests: Recorded[]}).Requests
  const clearRecorder = () => sandboxFetch(suite.sandbox, 'drive/requests', {method: 'DELETE'})

  it('ls: the seeded tree, piped as tab-separated whole values; --output json; a non-ASCII name decrypted', async () => {
    const top = await run(['drive', 'ls'])
    expect(top.status, top.stderr).to.equal(0)
    const rows = top.stdout
      .toString()
      .trimEnd()
      .split('\n')
      .map((line) => line.split('\t'))
    expect(rows.map((row) => [row[0], row[1]])).to.deep.equal([
      ['Documents', 'folder'],
      ['notes.txt', 'file'],
    ])
    for (const row of rows) expect(row).to.have.length(5)
    const json = await run(['drive', 'ls', 'Documents', '--output', 'json'])
    const nodes = JSON.parse(json.stdout.toString()) as Array<{name: string; kind: string; signatures: {name: string}}>
    expect(nodes.map((node) => [node.name, node.kind])).to.deep.equal([['résumé – 履歴書.txt', 'file']])
    expect(nodes[0].signatures.name).to.equal('verified (demo@proton.test)')
  })

  it('info: size, revision and every signature verified', async () => {
    const {status, stdout} = await run(['drive', 'info', 'notes.txt'])
    expect(status).to.equal(0)
    const text = stdout.toString()
    expect(text).to.include(`Size: ${Buffer.byteLength(expected[NOTES].Content as string)} B`)
    expect(text).to.match(/^Revision: \S+~\S+~\S+$/m)
    expect(text).to.include('Attributes signature: verified (demo@proton.test)')
    expect(text).to.match(/^Manifest signature: verified \(demo@proton\.test, over \d+ hash(es)?\)$/m)
    expect(text).to.include("Content: each block's hash is checked only by drive download, which refuses a file that fails")
  })

  it('upload and download: text under a non-ASCII name, byte-identical; nothing of it in clear in any request', async () => {
    const dir = work('text')
    const name = 'Grüße – 日本 ☃.txt'
    const content = `drive round trip ${randomBytes(8).toString('hex')}\nzweite Zeile ü\n`
    writeFileSync(join(dir, name), content)
    await clearRecorder()
    const up = await run(['drive', 'upload', join(dir, name), '--to', 'Documents'])
    expect(up.status, up.stderr).to.equal(0)
    expect(up.stdout.toString()).to.match(/^\S+~\S+\n$/)
    const bodies = (await recorded()).map((request) => Buffer.from(request.Body, 'base64'))
    expect(bodies.length).to.be.greaterThan(3)
    for (const body of bodies) {
      expect(body.includes(Buffer.from(content.slice(0, 24))), 'content in clear').to.equal(false)
      expect(body.includes(Buffer.from(name)), 'name in clear').to.equal(false)
      expect(body.includes(Buffer.from('Grüße')), 'name in clear').to.equal(false)
    }

    const down = await run(['drive', 'download', `Documents/${name}`, '--output-file', '-'])
    expect(down.status, down.stderr).to.equal(0)
    expect(down.stdout.toString()).to.equal(content)
  })

  it('mkdir, rename, mv, trash, trash list, restore, trash empty --yes', async () => {
    const made = await run(['drive', 'mkdir', 'Archive'])
    expect(made.status, made.stderr).to.equal(0)
    const dir = work('flow')
    writeFileSync(join(dir, 'a.txt'), 'a\n')
    expect((await run(['drive', 'upload', join(dir, 'a.txt')])).status).to.equal(0)
    expect((await run(['drive', 'rename', 'a.txt', 'b.txt'])).status).to.equal(0)
    const moved = await run(['drive', 'mv', 'b.txt', 'Archive'])
    expect([moved.status, moved.stderr]).to.deep.equal([0, 'b.txt: moved to Archive\n'])
    expect((await run(['drive', 'trash', 'Archive/b.txt'])).status).to.equal(0)
    expect((await run(['drive', 'trash', 'list'])).stdout.toString()).to.match(/^b\.txt\tfile\t/)
    const restored = await run(['drive', 'trash', 'restore', 'b.txt'])
    expect([restored.status, restored.stderr]).to.deep.equal([0, 'b.txt: restored\n'])
    const refused = await run(['drive', 'trash', 'empty'])
    expect(refused.status).to.equal(1)
    expect(refused.stderr).to.match(/^Error: refusing to delete .* \(add --yes\)\n$/)
    const emptied = await run(['drive', 'trash', 'empty', '--yes'])
    expect([emptied.status, emptied.stderr]).to.deep.equal([0, 'Emptied the drive trash.\n'])
  })

  it('bad input: one line and the right status (missing path 3, name taken 4, usage 1)', async () => {
    const missing = await run(['drive', 'ls', 'Documents/nope'])
    expect([missing.status, missing.stderr]).to.deep.equal([3, 'Error: no Documents/nope in My Files\n'])
    const taken = await run(['drive', 'mkdir', 'Documents'])
    expect(taken.status).to.equal(4)
    expect(taken.stderr.split('\n')).to.have.length(2)
    const two = await run(['drive', 'download', 'notes.txt', 'Documents', '--output-file', join(suite.home.home, 'x')])
    expect([two.status, two.stderr]).to.deep.equal([1, 'Error: --output-file takes one file; 2 PATHs given (use --dir)\n'])
    const folder = await run(['drive', 'download', 'Documents', '--dir', work('folder')])
    expect([folder.status, folder.stderr]).to.deep.equal([1, 'Error: Documents is a folder, not a file: give its files\n'])
    const local = await run(['drive', 'upload', join(suite.home.home, 'no-such-file')])
    expect(local.status).to.equal(1)
    expect(local.stderr).to.match(/^Error: .*no-such-file: no such file\n$/)
  })

  it('a large random file round-trips byte-identical; 112 MiB peaks less than 48 MiB above 16 MiB (holding it would cost 96 MiB more)', async function () {
    this.timeout(600_000)
    const dir = work('large')
    // 16 MiB: past the ramp-up (blocks in flight, read ahead), which an 8 MiB file does not reach on a download.
    const small = randomBytes(16 * MiB)
    const large = randomBytes(112 * MiB)
    writeFileSync(join(dir, 'small.bin'), small)
    writeFileSync(join(dir, 'large.bin'), large)
    const args = (rest: string[]) => ['--profile', 'sandbox', 'drive', ...rest]
    // As a user runs it: the command collects a transfer's garbage per block itself (core/collect-garbage.ts).
    const measured = env()
    await clearRecorder()
    const upSmall = await runMeasured(args(['upload', join(dir, 'small.bin')]), measured, 60_000)
    expect(upSmall.status, upSmall.stderr).to.equal(0)
    // The recorder saw every block of the small file: none carries a slice of it in clear.
    const probe = small.subarray(5 * MiB, 5 * MiB + 64)
    for (const request of await recorded()) expect(Buffer.from(request.Body, 'base64').includes(probe)).to.equal(false)
    await clearRecorder()
    const upLarge = await runMeasured(args(['upload', join(dir, 'large.bin')]), measured, 240_000)
    expect(upLarge.status, upLarge.stderr).to.equal(0)
    const out = join(dir, 'out')
    const downSmall = await runMeasured(args(['download', 'small.bin', '--dir', out]), measured, 60_000)
    const downLarge = await runMeasured(args(['download', 'large.bin', '--dir', out]), measured, 240_000)
    expect(downLarge.status, downLarge.stderr).to.equal(0)
    expect(readFileSync(join(out, 'small.bin')).equals(small)).to.equal(true)
    // --max-size bounds the plaintext: refused on the size the file claims, nothing written.
    const bounded = await run(['drive', 'download', 'small.bin', '--max-size', '1MiB', '--dir', join(dir, 'bounded')])
    expect([bounded.status, bounded.stderr.split('\n').at(-2)]).to.deep.equal([5, 'Error: small.bin: not downloaded: it is over --max-size (1 MiB); nothing written'])
    expect(readdirSync(join(dir, 'bounded'))).to.deep.equal([])
    expect(readFileSync(join(out, 'large.bin')).equals(large)).to.equal(true)
    // What the design bounds, with margin, rather than "the same peak": holding the large file would cost 96 MiB more
    // at the very least (several times that with its copies). The design holds at most two 4 MiB blocks in flight
    // and their copies as they decrypt, whatever the size (docs/drive.md), but a peak RSS moves by up to 20 MiB from
    // run to run on a loaded machine (2 cores, load 15, downloads measured twice each: 16 MiB 140-152, 44 MiB 147-168,
    // 64 MiB 149-167, 88 MiB 149-151 MiB). 48 MiB covers that noise twice over and is half of what holding the file
    // would cost. (Against 64 MiB and a 24 MiB bound, the noise alone failed it once: 24.37 MiB.)
    expect(upLarge.peakMiB - upSmall.peakMiB, 'upload').to.be.lessThan(48)
    expect(downLarge.peakMiB - downSmall.peakMiB, 'download').to.be.lessThan(48)
  })

  it('progress on a terminal, erased when done; SIGINT mid-download: "interrupted", ends by SIGINT, no file and no temporary left', async () => {
    const shown = work('progress')
    const onTerminal = await runInTerminal(['--profile', 'sandbox', 'drive', 'download', 'notes.txt', '--dir', shown], env())
    expect(onTerminal.status, onTerminal.output).to.equal(0)
    // The count (bytes and rate, no total: the SDK's count is of encrypted bytes), redrawn as it goes (more than once on a
    // slow machine), erased before the file's line.
    expect(onTerminal.output).to.match(new RegExp(`^(?:\\r${ESC}\\[Knotes\\.txt: \\d+ B\\b[^\\r]*)+\\r${ESC}\\[K${shown}/notes\\.txt\\n$`))
    expect(onTerminal.output).to.not.include(' of ')
    // Each block held 5 s by the sandbox: the download is in flight when the signal comes.
    const fault = await sandboxFetch(suite.sandbox, 'faults', {
      body: JSON.stringify({DelayMs: 5000, Kind: 'latency', Method: 'GET', Path: '/storage/blocks'}),
      headers: {'content-type': 'application/json'},
      method: 'POST',
    })
    expect(fault.status).to.equal(200)
    const dir = work('interrupted')
    try {
      const child = spawn(process.execPath, [BIN, '--profile', 'sandbox', 'drive', 'download', 'notes.txt', '--dir', dir], {env: env(), stdio: ['ignore', 'pipe', 'pipe']})
      let stderr = ''
      let stdout = ''
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
      const ended = new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.on('close', (status, signal) => resolve([status, signal])))
      // The temporary file is there once the transfer began (bounded wait, not a fixed sleep).
      for (let turn = 0; turn < 500 && readdirSync(dir).length === 0; turn++) await delay(20)
      expect(readdirSync(dir)).to.have.length(1)
      child.kill('SIGINT')
      // Ended by the signal itself, as every interrupted command ends (a shell shows 130).
      expect([await ended, stdout, stderr]).to.deep.equal([[null, 'SIGINT'], '', 'Error: interrupted\n'])
      expect(readdirSync(dir)).to.deep.equal([])
    } finally {
      await sandboxFetch(suite.sandbox, 'faults', {method: 'DELETE'})
    }
  })

  it('a block the service refuses mid-upload: the refusal in one line, not a crash on the blocks still in flight', async () => {
    // Every block after the first answered 422 (as a full quota is): the SDK abandons the blocks it had started.
    const rule = {After: 1, Body: {Code: 200001, Error: 'Storage quota exceeded'}, Count: 0, Kind: 'status', Method: 'POST', Path: '/storage/blocks', Status: 422}
    const fault = await sandboxFetch(suite.sandbox, 'faults', {body: JSON.stringify(rule), headers: {'content-type': 'application/json'}, method: 'POST'})
    expect(fault.status).to.equal(200)
    try {
      const file = join(work('refused'), 'refused.bin')
      writeFileSync(file, randomBytes(16 * MiB))
      const {status, stderr, stdout} = await run(['drive', 'upload', file])
      expect([status, stderr, stdout.toString()]).to.deep.equal([1, 'Error: Storage quota exceeded\n', ''])
    } finally {
      await sandboxFetch(suite.sandbox, 'faults', {method: 'DELETE'})
    }
  })

  it('a tampered block is refused: the check is named, nothing is left in --dir, exit 5', async () => {
    const tampered = await sandboxFetch(suite.sandbox, 'drive/tamper', {body: JSON.stringify({LinkID: NOTES}), headers: {'content-type': 'application/json'}, method: 'POST'})
    expect(tampered.status).to.equal(200)
    const dir = work('tampered')
    const {status, stderr, stdout} = await run(['drive', 'download', 'notes.txt', '--dir', dir])
    expect(status).to.equal(5)
    expect(stderr).to.equal("Error: notes.txt: not downloaded: a block's SHA-256 hash is not the one the revision lists (the block was changed); nothing written\n")
    expect(stdout.toString()).to.equal('')
    expect(readdirSync(dir)).to.deep.equal([])
  })

  it('without My Files: every command names drive init and nothing is created; drive init creates it', async () => {
    await sandboxFetch(suite.sandbox, 'drive/reset', {body: JSON.stringify({Volume: false}), headers: {'content-type': 'application/json'}, method: 'POST'})
    await clearRecorder()
    const dir = work('missing')
    writeFileSync(join(dir, 'x.txt'), 'x\n')
    for (const args of [['ls'], ['upload', join(dir, 'x.txt')], ['mkdir', 'New']]) {
      const {status, stderr} = await run(['drive', ...args])
      expect([status, stderr]).to.deep.equal([3, 'Error: My Files is missing on this account (no drive volume): run "proton drive init" to create it\n'])
    }

    expect((await recorded()).filter((request) => request.Method !== 'GET')).to.deep.equal([])
    const init = await run(['drive', 'init'])
    expect([init.status, init.stderr]).to.deep.equal([0, 'Created My Files (a new drive volume).\n'])
    expect((await recorded()).filter((request) => request.Method === 'POST' && request.Path === '/drive/volumes')).to.have.length(1)
    const again = await run(['drive', 'init'])
    expect([again.status, again.stderr, again.stdout.toString()]).to.deep.equal([0, 'My Files exists already: nothing created.\n', init.stdout.toString()])
    const empty = await run(['drive', 'ls'])
    expect([empty.status, empty.stdout.toString()]).to.deep.equal([0, ''])
  })
})
