import {expect} from 'chai'
import {spawnSync} from 'node:child_process'
import {existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {CliFailure} from '../../../src/lib/core/errors.ts'
import {EMPTY_LOCK_MS, processStartTime, withLock} from '../../../src/lib/session/file-lock.ts'

describe('withLock', () => {
  let dir: string
  let lock: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'proton-lock-'))
    lock = join(dir, 'default.json.lock')
  })
  afterEach(() => rmSync(dir, {force: true, recursive: true}))

  it('runs one holder at a time and removes the lock afterwards', async () => {
    const events: string[] = []
    const holder = (name: string) =>
      withLock(lock, async () => {
        events.push(`${name} in`)
        expect(readFileSync(lock, 'utf8')).to.match(new RegExp(`^${process.pid}:${processStartTime(process.pid)}:[0-9a-f]{12}$`))
        await new Promise((resolve) => setTimeout(resolve, 30))
        events.push(`${name} out`)
        return name
      })
    expect(await Promise.all([holder('a'), holder('b'), holder('c')])).to.deep.equal(['a', 'b', 'c'])
    for (let i = 0; i < events.length; i += 2) expect(events[i + 1]).to.equal(events[i].replace(' in', ' out'))
    expect(existsSync(lock)).to.equal(false)
  })

  it('breaks a lock whose owner is gone', async () => {
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString()
    writeFileSync(lock, `${dead}:abcdef012345`)
    expect(await withLock(lock, async () => 'ran', {waitMs: 1000})).to.equal('ran')
  })

  it('never breaks a lock whose owner lives, however old the lock is', async () => {
    const live = `${process.pid}:${processStartTime(process.pid)}:abcdef012345`
    writeFileSync(lock, live)
    const old = new Date(Date.now() - 3_600_000)
    utimesSync(lock, old, old)
    const error = await withLock(lock, async () => 'ran', {waitMs: 300}).catch((failure: unknown) => failure)
    expect(error).to.be.instanceOf(CliFailure)
    expect(readFileSync(lock, 'utf8')).to.equal(live)
  })

  it('breaks a lock whose pid now belongs to another process (another start time)', async () => {
    writeFileSync(lock, `${process.pid}:1:abcdef012345`)
    expect(await withLock(lock, async () => 'ran', {waitMs: 1000})).to.equal('ran')
  })

  it('breaks an empty lock only once it is older than a write could take', async () => {
    writeFileSync(lock, '')
    const fresh = await withLock(lock, async () => 'ran', {waitMs: 200}).catch((failure: unknown) => failure)
    expect(fresh).to.be.instanceOf(CliFailure)
    const old = new Date(Date.now() - EMPTY_LOCK_MS - 1000)
    utimesSync(lock, old, old)
    expect(await withLock(lock, async () => 'ran', {waitMs: 1000})).to.equal('ran')
  })

  it('says whom it waited for, as the caller words it', async () => {
    writeFileSync(lock, `${process.pid}:${processStartTime(process.pid)}:abcdef012345`)
    const error = await withLock(lock, async () => 'ran', {waited: (owner, waitedMs) => new Error(`pid ${owner?.pid} for ${waitedMs >= 100}`), waitMs: 100}).catch((failure: unknown) => failure)
    expect((error as Error).message).to.equal(`pid ${process.pid} for true`)
  })

  it('a lock it cannot create is a one-line file error (exit 1), not a wait', async () => {
    const error = await withLock(join(dir, 'missing', 'x.lock'), async () => 'ran').catch((failure: unknown) => failure)
    expect(error).to.be.instanceOf(CliFailure)
    expect((error as CliFailure).exitStatus).to.equal(1)
    expect((error as CliFailure).message).to.equal(`cannot create the lock file ${join(dir, 'missing', 'x.lock')}: failed (ENOENT)`)
  })

  it('gives up on a live lock after the wait bound (exit 5), leaving it in place', async () => {
    writeFileSync(lock, `${process.pid}:${processStartTime(process.pid)}:abcdef012345`)
    try {
      await withLock(lock, async () => 'ran', {waitMs: 100})
      expect.fail('expected a failure')
    } catch (error) {
      expect(error).to.be.instanceOf(CliFailure)
      expect((error as CliFailure).exitStatus).to.equal(5)
      expect((error as CliFailure).message).to.match(/locked by another process/)
    }

    expect(readFileSync(lock, 'utf8')).to.equal(`${process.pid}:${processStartTime(process.pid)}:abcdef012345`)
  })

  it('releases the lock when the work fails', async () => {
    try {
      await withLock(lock, async () => {
        throw new Error('boom')
      })
    } catch (error) {
      expect((error as Error).message).to.equal('boom')
    }

    expect(existsSync(lock)).to.equal(false)
  })
})
