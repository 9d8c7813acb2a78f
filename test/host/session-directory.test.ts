/** The init hook's check of the sessions directory, in-process (the host test runs it through `tool`). */
import {expect} from 'chai'
import {chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {checkSessionDirectory, LEFTOVER_AGE_MS} from '../../src/lib/session/directory.ts'

describe('checkSessionDirectory', () => {
  let root: string
  let directory: string
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'session-dir-'))
    directory = join(root, 'sessions')
  })
  afterEach(() => rmSync(root, {force: true, recursive: true}))

  const mode = (path: string): number => statSync(path).mode & 0o777

  it('leaves a missing directory missing', async () => {
    expect(await checkSessionDirectory(directory)).to.deep.equal({removed: [], tightened: []})
    expect(existsSync(directory)).to.equal(false)
  })

  it('narrows the directory to 0700 and session files to 0600, and touches nothing already narrow', async () => {
    mkdirSync(directory, {mode: 0o755})
    chmodSync(directory, 0o755)
    writeFileSync(join(directory, 'work.json'), '{}', {mode: 0o644})
    writeFileSync(join(directory, 'home.json'), '{}', {mode: 0o600})
    writeFileSync(join(directory, 'work.json.lock'), '1:x', {mode: 0o644})
    const report = await checkSessionDirectory(directory)
    expect(report.tightened).to.deep.equal([directory, join(directory, 'work.json')])
    expect(mode(directory)).to.equal(0o700)
    expect(mode(join(directory, 'work.json'))).to.equal(0o600)
    expect(mode(join(directory, 'work.json.lock'))).to.equal(0o644)
    expect(await checkSessionDirectory(directory)).to.deep.equal({removed: [], tightened: []})
  })

  it('removes temporary files whose writer is gone, keeps a live writer’s fresh one', async () => {
    mkdirSync(directory, {mode: 0o700})
    const gone = 'work.json.2147483646.0a1b2c.tmp'
    const live = `work.json.${process.pid}.0a1b2c.tmp`
    const other = 'notes.tmp'
    for (const name of [gone, live, other]) writeFileSync(join(directory, name), '{"UID":', {mode: 0o600})
    const report = await checkSessionDirectory(directory)
    expect(report.removed).to.deep.equal([join(directory, gone)])
    expect(readdirSync(directory).sort()).to.deep.equal([other, live].sort())
  })

  it('removes a temporary file too old to be a write in progress, even if its pid is alive again', async () => {
    mkdirSync(directory, {mode: 0o700})
    const name = `work.json.${process.pid}.0a1b2c.tmp`
    writeFileSync(join(directory, name), '{"UID":', {mode: 0o600})
    const report = await checkSessionDirectory(directory, Date.now() + LEFTOVER_AGE_MS + 60_000)
    expect(report.removed).to.deep.equal([join(directory, name)])
    expect(readdirSync(directory)).to.deep.equal([])
  })
})
