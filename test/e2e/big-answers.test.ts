/**
 * Answers of any size through the built binary: bin/run.js in a child
 * process against a server on 127.0.0.1 that generates big bodies as it
 * sends them. Stdout must carry exactly the bytes sent (compared by hash),
 * the child's peak RSS (its VmHWM, reported by bench/peak-rss.js at exit)
 * must stay flat, and the spool must be private and leave nothing behind.
 */
import {expect} from 'chai'
import {type ChildProcess, spawn} from 'node:child_process'
import {createHash} from 'node:crypto'
import {closeSync, existsSync, openSync, readdirSync, readFileSync, readlinkSync, readSync, statSync, writeFileSync} from 'node:fs'
import type {ServerResponse} from 'node:http'
import {join} from 'node:path'
import type {Readable} from 'node:stream'
import {fileURLToPath} from 'node:url'

import {baseEnv, BIN} from '../helpers/run-binary.ts'
import {serverForSuite} from '../helpers/scripted-server.ts'

const MiB = 1024 * 1024
const PEAK_RSS = fileURLToPath(new URL('../../bench/peak-rss.js', import.meta.url))

/** One item of a generated list: about 1 KB, its index in it. */
function item(index: number): string {
  return `{"ID":"item-${index}","Size":12345678901234567890,"Body":"${'x'.repeat(960)}"}`
}

/**
 * A JSON envelope holding items [from, to) of a list of `total`, produced in
 * pieces of some 256 KB so no side ever holds it whole.
 */
function* envelope(from: number, to: number, total: number): Generator<Buffer> {
  yield Buffer.from(`{"Code":1000,"Total":${total},"Items":[`)
  for (let start = from; start < to; start += 256) {
    const items = Array.from({length: Math.min(256, to - start)}, (_, k) => item(start + k))
    yield Buffer.from(`${start === from ? '' : ','}${items.join(',')}`)
  }

  yield Buffer.from(']}')
}

/** How many items make `mib` MiB. */
const itemsFor = (mib: number) => Math.ceil((mib * MiB) / (item(0).length + 1))

/** The sha256 and length of bytes given a piece at a time. */
function digest(chunks: Iterable<Buffer>): {hash: string; length: number} {
  const hash = createHash('sha256')
  let length = 0
  for (const chunk of chunks) {
    hash.update(chunk)
    length += chunk.length
  }

  return {hash: hash.digest('hex'), length}
}

/**
 * Send generated chunks, waiting whenever the socket asks to; `after(n)` runs
 * before the n-th byte would be passed and may hold the rest back or cut the
 * connection (returns false).
 */
async function stream(response: ServerResponse, chunks: Iterable<Buffer>, after?: (sent: number) => Promise<boolean> | boolean): Promise<void> {
  let sent = 0
  for (const chunk of chunks) {
    if (response.destroyed) return
    if (after && !(await after(sent))) return
    if (!response.write(chunk)) await new Promise((resolve) => response.once('drain', resolve))
    sent += chunk.length
  }

  response.end()
}

/** The hash and length of a file, read a piece at a time. */
function digestFile(path: string): {hash: string; length: number} {
  const fd = openSync(path, 'r')
  const buffer = Buffer.alloc(MiB)
  try {
    return digest(
      (function* () {
        for (let read; (read = readSync(fd, buffer, 0, buffer.length, null)) > 0;) yield buffer.subarray(0, read)
      })(),
    )
  } finally {
    closeSync(fd)
  }
}

interface Outcome {
  status: number | null
  signal: NodeJS.Signals | null
  stdout: {hash: string; length: number}
  stderr: Buffer
  /** Peak resident set size in MiB, as the child saw it at exit. */
  peakMiB: number
}

/** The built binary with its stdout hashed as it comes (never held), and its peak RSS reported on fd 3. */
function launch(args: string[], env: NodeJS.ProcessEnv): {child: ChildProcess; done: Promise<Outcome>; printed: () => number} {
  const child = spawn(process.execPath, ['--import', PEAK_RSS, BIN, 'api', ...args], {env: {...env, PEAK_RSS_FD: '3'}, stdio: ['ignore', 'pipe', 'pipe', 'pipe']})
  const hash = createHash('sha256')
  let length = 0
  const stderr: Buffer[] = []
  let report = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    hash.update(chunk)
    length += chunk.length
  })
  child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk))
  const reports = child.stdio[3] as Readable
  reports.on('data', (chunk: Buffer) => (report += chunk.toString()))
  // A test that fails halfway does not leave the child running.
  const timer = setTimeout(() => child.kill('SIGKILL'), 100_000)
  const done = new Promise<Outcome>((resolve) => {
    child.on('close', (status, signal) => {
      clearTimeout(timer)
      resolve({peakMiB: Number(report.trim()) / 1024, signal, status, stderr: Buffer.concat(stderr), stdout: {hash: hash.digest('hex'), length}})
    })
  })
  return {child, done, printed: () => length}
}

/** The descriptor (/proc/PID/fd/N) a process holds on a file under `directory`, if any. */
function descriptorUnder(pid: number | undefined, directory: string): string | undefined {
  const descriptors = `/proc/${pid}/fd`
  for (const fd of existsSync(descriptors) ? readdirSync(descriptors) : []) {
    try {
      if (readlinkSync(join(descriptors, fd)).startsWith(`${directory}/`)) return join(descriptors, fd)
    } catch {
      // Closed meanwhile.
    }
  }

  return undefined
}

/**
 * The descriptor a process holds on a spool file once its name is gone: the
 * spool unlinks the file right after opening it, so a look in between sees
 * the name still there.
 */
function unlinkedUnder(pid: number | undefined, directory: string): string | undefined {
  const fd = descriptorUnder(pid, directory)
  try {
    return fd !== undefined && readlinkSync(fd).endsWith(' (deleted)') ? fd : undefined
  } catch {
    return undefined
  }
}

/** Ask `check` every 20 ms (at most `tries` times) until it holds. */
async function eventually(check: () => boolean, tries = 500): Promise<boolean> {
  for (let tried = 0; tried < tries; tried++) {
    if (check()) return true
    await new Promise((resolve) => setTimeout(resolve, 20))
  }

  return false
}

describe('bin/run.js api with answers of any size (child process)', function () {
  this.timeout(120_000)
  const suite = serverForSuite({lifetimeMs: 300_000, perTest: 'home', session: true})
  let env: NodeJS.ProcessEnv
  let spoolDir: string

  beforeEach(() => {
    env = baseEnv(suite.home.home)
    spoolDir = join(suite.home.home, 'cache', 'proton-cli', 'spool')
  })

  /** The spool's files, none when it was never needed. */
  const spooled = () => (existsSync(spoolDir) ? readdirSync(spoolDir) : [])

  it('passes a 400 MiB JSON answer to stdout byte for byte, in flat memory (peak RSS under 160 MiB)', async () => {
    const count = itemsFor(400)
    const sent = digest(envelope(0, count, count))
    suite.server.handle((_request, response) => {
      response.writeHead(200, {'content-length': sent.length, 'content-type': 'application/json'})
      void stream(response, envelope(0, count, count))
    })
    const {done} = launch(['GET', '/mail/v4/messages'], env)
    const outcome = await done
    expect(outcome.stderr.toString()).to.equal('')
    expect(outcome.status).to.equal(0)
    expect(outcome.stdout).to.deep.equal(sent)
    expect(outcome.peakMiB).to.be.above(0).and.below(160)
    expect(spooled()).to.deep.equal([])
  })

  it('spools a big answer privately: a 0600 file of this user in a 0700 directory, its name gone while it is in use, nothing left after', async () => {
    const count = itemsFor(24)
    const sent = digest(envelope(0, count, count))
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    suite.server.handle((_request, response) => {
      response.writeHead(200, {'content-length': sent.length, 'content-type': 'application/json'})
      // Past the part kept in memory, the rest waits until the test has looked.
      void stream(response, envelope(0, count, count), async (bytes) => (bytes >= 16 * MiB ? held.then(() => true) : true))
    })
    const {child, done, printed} = launch(['GET', '/mail/v4/messages'], env)
    try {
      expect(await eventually(() => descriptorUnder(child.pid, spoolDir) !== undefined), 'the child opens a spool file').to.equal(true)
      const fd = descriptorUnder(child.pid, spoolDir) as string
      // Its name goes right after the open (a file of the spool never has one for long): seen gone, eventually.
      expect(await eventually(() => / \(deleted\)$/.test(readlinkSync(fd))), 'the spool file is unlinked while open').to.equal(true)
      expect(statSync(fd).mode & 0o777).to.equal(0o600)
      expect(statSync(fd).uid).to.equal(process.getuid?.())
      expect(statSync(spoolDir).mode & 0o777).to.equal(0o700)
      expect(spooled()).to.deep.equal([])
      // Megabytes are in, and nothing is printed while the answer is not whole.
      expect(await eventually(() => statSync(fd).size >= 8 * MiB)).to.equal(true)
      expect(printed()).to.equal(0)
    } finally {
      release()
    }

    const outcome = await done
    expect(outcome.status).to.equal(0)
    expect(outcome.stdout).to.deep.equal(sent)
    expect(spooled()).to.deep.equal([])
  })

  it('Ctrl-C while a big answer arrives: ends by SIGINT (130), nothing on stdout, nothing left in the spool; SIGKILL leaves nothing either', async () => {
    const count = itemsFor(40)
    suite.server.handle((_request, response) => {
      response.writeHead(200, {'content-type': 'application/json'})
      // Stalls after 20 MiB, ending by itself if nobody comes back for it.
      void stream(response, envelope(0, count, count), async (bytes) => {
        if (bytes < 20 * MiB) return true
        await new Promise((resolve) => setTimeout(resolve, 10_000))
        return false
      })
    })
    for (const signal of ['SIGINT', 'SIGKILL'] as const) {
      const {child, done} = launch(['GET', '/mail/v4/messages'], env)
      // Killed once the spool file is open and its name gone (not in the moment between, which a later run sweeps up).
      expect(await eventually(() => unlinkedUnder(child.pid, spoolDir) !== undefined)).to.equal(true)
      child.kill(signal)
      const outcome = await done
      // Ctrl-C: aborted, then ended by the signal itself, re-raised (a shell reports 130).
      expect(outcome.signal).to.equal(signal)
      if (signal === 'SIGINT') expect(outcome.stderr.toString()).to.equal('Error: interrupted\n')
      expect(outcome.stdout.length).to.equal(0)
      expect(spooled()).to.deep.equal([])
    }
  })

  it('writes a 400 MiB answer to --output-file as it arrives: the exact bytes, no temporary file left, flat memory', async () => {
    const count = itemsFor(400)
    const sent = digest(envelope(0, count, count))
    suite.server.handle((_request, response) => {
      response.writeHead(200, {'content-length': sent.length, 'content-type': 'application/json'})
      void stream(response, envelope(0, count, count))
    })
    const path = join(suite.home.home, 'answer.json')
    const outcome = await launch(['GET', '/mail/v4/messages', '--output-file', path], env).done
    expect([outcome.status, outcome.stdout.length, outcome.stderr.toString()]).to.deep.equal([0, 0, ''])
    expect(digestFile(path)).to.deep.equal(sent)
    expect(readdirSync(suite.home.home).filter((name) => name.includes('answer'))).to.deep.equal(['answer.json'])
    expect(outcome.peakMiB).to.be.below(160)
    expect(spooled()).to.deep.equal([])
  })

  it('--output-file with an answer cut short: exit 5, the file as it was, no temporary file', async () => {
    const path = join(suite.home.home, 'answer.json')
    writeFileSync(path, 'before')
    const count = itemsFor(30)
    suite.server.handle((_request, response) => {
      response.writeHead(200, {'content-length': 30 * MiB, 'content-type': 'application/json'})
      void stream(response, envelope(0, count, count), (bytes) => {
        if (bytes < 10 * MiB) return true
        response.socket?.destroy()
        return false
      })
    })
    const outcome = await launch(['GET', '/mail/v4/messages', '--output-file', path, '--retries', '0'], env).done
    expect(outcome.status).to.equal(5)
    expect(outcome.stdout.length).to.equal(0)
    expect(outcome.stderr.toString()).to.match(/^Error: request to http:\/\/127\.0\.0\.1:\d+ failed: \S+\n$/)
    expect(readFileSync(path, 'utf8')).to.equal('before')
    expect(readdirSync(suite.home.home).filter((name) => name.includes('answer'))).to.deep.equal(['answer.json'])
  })

  it('--paginate over big pages: one envelope with every item in order, merged from the spool in flat memory', async () => {
    const perPage = itemsFor(60)
    const total = perPage * 4 - 7
    suite.server.handle((request, response) => {
      const page = Number(new URL(request.url, 'http://x').searchParams.get('Page'))
      const from = page * perPage
      response.writeHead(200, {'content-type': 'application/json'})
      void stream(response, envelope(from, Math.min(total, from + perPage), total))
    })
    const expected = digest([...envelope(0, total, total), Buffer.from('\n')])
    const outcome = await launch(['GET', '/mail/v4/messages', '--paginate'], env).done
    expect(outcome.stderr.toString()).to.equal('')
    expect(outcome.status).to.equal(0)
    expect(outcome.stdout).to.deep.equal(expected)
    expect(suite.server.requests.map((request) => new URL(request.url, 'http://x').searchParams.get('Page')).sort()).to.deep.equal(['0', '1', '2', '3'])
    expect(outcome.peakMiB).to.be.below(160)
    expect(spooled()).to.deep.equal([])
  })

  it('a big answer that is not JSON goes to stderr whole, stdout empty, exit 5', async () => {
    const line = Buffer.from(`<p>${'Bad Gateway '.repeat(80)}</p>\n`)
    const lines = Math.ceil((20 * MiB) / line.length)
    const page = function* () {
      for (let k = 0; k < lines; k += 64) yield Buffer.concat(Array.from({length: Math.min(64, lines - k)}, () => line))
    }

    const sent = digest(page())
    suite.server.handle((_request, response) => {
      response.writeHead(502, {'content-length': sent.length, 'content-type': 'text/html'})
      void stream(response, page())
    })
    const outcome = await launch(['GET', '/mail/v4/messages', '--retries', '0'], env).done
    expect(outcome.status).to.equal(5)
    expect(outcome.stdout.length).to.equal(0)
    const errorLine = `Error: HTTP 502 Bad Gateway: the answer is not JSON (text/html, ${sent.length} bytes)\n`
    expect(outcome.stderr.subarray(-errorLine.length).toString()).to.equal(errorLine)
    expect(digest([outcome.stderr.subarray(0, -errorLine.length)])).to.deep.equal(sent)
    expect(outcome.peakMiB).to.be.below(160)
  })

  it('a big JSON answer cut short mid-stream: exit 5, stdout empty, one error line', async () => {
    const count = itemsFor(40)
    suite.server.handle((_request, response) => {
      response.writeHead(200, {'content-length': 40 * MiB, 'content-type': 'application/json'})
      void stream(response, envelope(0, count, count), (bytes) => {
        if (bytes < 25 * MiB) return true
        response.socket?.destroy()
        return false
      })
    })
    const outcome = await launch(['GET', '/mail/v4/messages', '--retries', '0'], env).done
    expect(outcome.status).to.equal(5)
    expect(outcome.stdout.length).to.equal(0)
    expect(outcome.stderr.toString()).to.match(/^Error: request to http:\/\/127\.0\.0\.1:\d+ failed: \S+\n$/)
    expect(spooled()).to.deep.equal([])
  })

  it('a big answer cut short, then retried: stdout gets the retried answer once, nothing of the first attempt', async () => {
    const count = itemsFor(30)
    const sent = digest(envelope(0, count, count))
    let attempts = 0
    suite.server.handle((_request, response) => {
      const cut = attempts++ === 0
      response.writeHead(200, {'content-length': sent.length, 'content-type': 'application/json'})
      void stream(response, envelope(0, count, count), (bytes) => {
        if (!cut || bytes < 20 * MiB) return true
        response.socket?.destroy()
        return false
      })
    })
    const outcome = await launch(['GET', '/mail/v4/messages', '--verbose'], env).done
    expect(outcome.status).to.equal(0)
    expect(outcome.stdout).to.deep.equal(sent)
    expect(suite.server.requests).to.have.length(2)
    expect(outcome.stderr.toString()).to.match(/\(GET \/mail\/v4\/messages: \S+; retry 1 of 3 in \d+ ms\)\n/)
  })
})
