/** The spool: answers in memory up to a budget, the rest in a private unlinked file; read back exactly. */
import {expect} from 'chai'
import {randomBytes} from 'node:crypto'
import {chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {Writable} from 'node:stream'

import {writeSource} from '../../../src/lib/output/output.ts'
import {bufferSource, joinSources, readAll, Spool} from '../../../src/lib/output/spool.ts'

describe('Spool', () => {
  let dir: string
  let spoolDir: string

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'spool-test-'))
    spoolDir = join(dir, 'cache', 'spool')
  })
  afterEach(() => rmSync(dir, {force: true, recursive: true}))

  /** `count` random chunks of `size` bytes. */
  const chunks = (count: number, size: number) => Array.from({length: count}, () => randomBytes(size))

  it('keeps answers in memory within the budget: no file, no directory', async () => {
    const spool = new Spool(spoolDir, 1000)
    const entry = spool.entry()
    const parts = chunks(3, 300)
    for (const part of parts) await entry.write(part)
    expect((await readAll(entry)).equals(Buffer.concat(parts))).to.equal(true)
    expect(entry.length).to.equal(900)
    await spool.close()
    expect(() => statSync(spoolDir)).to.throw()
  })

  it('moves an entry over the budget to the file, interleaved with another, and reads any range back exactly', async () => {
    const spool = new Spool(spoolDir, 1000)
    const [a, b] = [spool.entry(), spool.entry()]
    const [partsA, partsB] = [chunks(40, 100), chunks(40, 77)]
    for (let k = 0; k < 40; k++) {
      await a.write(partsA[k])
      await b.write(partsB[k])
    }

    const [wholeA, wholeB] = [Buffer.concat(partsA), Buffer.concat(partsB)]
    expect((await readAll(a)).equals(wholeA)).to.equal(true)
    expect((await readAll(b)).equals(wholeB)).to.equal(true)
    for (const [start, end] of [
      [0, 1],
      [99, 1234],
      [3999, 4000],
      [150, 150],
    ]) {
      const read: Buffer[] = []
      for await (const chunk of a.chunks(start, end)) read.push(Buffer.from(chunk))
      expect(Buffer.concat(read).equals(wholeA.subarray(start, end)), `${start}-${end}`).to.equal(true)
    }

    // The file is open, yet its name is gone; the directory is private.
    expect(readdirSync(spoolDir)).to.deep.equal([])
    expect(statSync(spoolDir).mode & 0o777).to.equal(0o700)
    await spool.close()
  })

  it('forgets a discarded entry (an attempt that failed partway) and gives its memory back', async () => {
    const spool = new Spool(spoolDir, 1000)
    const first = spool.entry()
    await first.write(randomBytes(900))
    first.discard()
    expect(first.length).to.equal(0)
    const second = spool.entry()
    await second.write(randomBytes(900))
    // Back within the budget: still no file.
    expect(() => statSync(spoolDir)).to.throw()
    await spool.close()
  })

  it('narrows a loose spool directory to 0700 and refuses a link in its place (exit 1)', async () => {
    mkdirSync(spoolDir, {recursive: true, mode: 0o755})
    chmodSync(spoolDir, 0o755)
    const spool = new Spool(spoolDir, 0)
    await spool.entry().write(randomBytes(10))
    expect(statSync(spoolDir).mode & 0o777).to.equal(0o700)
    await spool.close()

    const elsewhere = join(dir, 'elsewhere')
    mkdirSync(elsewhere, {mode: 0o700})
    const linked = join(dir, 'linked')
    symlinkSync(elsewhere, linked)
    const refused = new Spool(linked, 0)
    let failure: unknown
    await refused
      .entry()
      .write(randomBytes(10))
      .catch((error: unknown) => (failure = error))
    expect(failure).to.have.property('exitStatus', 1)
    expect((failure as Error).message).to.equal(`cannot keep the answer in ${linked}: not a directory of this user (the cache directory must be writable, with room for the answer)`)
    expect(readdirSync(elsewhere)).to.deep.equal([])
    await refused.close()
  })

  it('copies a spooled body to a slow stream exactly, though the spool lends one buffer for every read', async () => {
    const spool = new Spool(spoolDir, 0)
    const entry = spool.entry()
    const parts = chunks(5, 300 * 1024)
    for (const part of parts) await entry.write(part)
    const received: Buffer[] = []
    const slow = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _encoding, done) {
        // Taken only later, as a slow pipe would.
        setTimeout(() => {
          received.push(Buffer.from(chunk))
          done()
        }, 2)
      },
    })
    const source = joinSources([Buffer.from('['), {end: entry.length, source: entry, start: 0}, Buffer.from(']')])
    expect(await writeSource(source, slow)).to.equal(0x5d)
    expect(Buffer.concat(received).equals(Buffer.concat([Buffer.from('['), ...parts, Buffer.from(']')]))).to.equal(true)
    await spool.close()
  })

  it('joins literal bytes and ranges of sources into one source', async () => {
    const source = joinSources([Buffer.from('<'), {end: 4, source: bufferSource(Buffer.from('abcdef')), start: 1}, Buffer.from('>')])
    expect(source.length).to.equal(5)
    expect((await readAll(source)).toString()).to.equal('<bcd>')
    const middle: Buffer[] = []
    for await (const chunk of source.chunks(1, 3)) middle.push(Buffer.from(chunk))
    expect(Buffer.concat(middle).toString()).to.equal('bc')
  })
})
