/** Sweeping the temporary files a run of ours left behind (stale-temporary.ts): only ours, only abandoned ones. */
import {expect} from 'chai'
import {mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {temporaryName} from '../../../src/lib/files/atomic-file.ts'
import {processIsGone, sweepSpool, sweepStaleTemporaries, temporaryPid} from '../../../src/lib/files/stale-temporary.ts'

/** A pid no process can have (above Linux's largest pid_max and macOS's). */
const DEAD = 2_147_483_646

describe('stale temporary files', () => {
  let dir: string

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'stale-'))
  })

  afterEach(() => rmSync(dir, {force: true, recursive: true}))

  it('reads the pid from the name atomic-file.ts gives, of any file or of one file only', () => {
    const name = temporaryName('report.pdf').replace(String(process.pid), String(DEAD))
    expect(temporaryPid(name)).to.equal(DEAD)
    expect(temporaryPid(name, 'report.pdf')).to.equal(DEAD)
    expect(temporaryPid(name, 'report')).to.equal(undefined)
    for (const other of ['report.pdf.123.tmp', 'report.pdf.123.0123456789AB.tmp', 'report.pdf.x1.0123456789ab.tmp', 'report.pdf.0.0123456789ab.tmp', '.123.0123456789ab.tmp.bak']) {
      expect(temporaryPid(other), other).to.equal(undefined)
    }
  })

  it('knows a live process (this one) from a gone one', () => {
    expect(processIsGone(process.pid)).to.equal(false)
    expect(processIsGone(DEAD)).to.equal(true)
  })

  it('removes the regular files of a gone process; keeps a live process’s, links, other names, and everything when the directory cannot be read', async () => {
    const gone = [`a.txt.${DEAD}.0123456789ab.tmp`, `b.json.${DEAD}.ffffffffffff.tmp`]
    const kept = [`a.txt.${process.pid}.0123456789ab.tmp`, `a.txt.${DEAD}.0123.tmp`, 'a.txt', 'target']
    for (const name of [...gone, ...kept]) writeFileSync(join(dir, name), 'x')
    const link = `c.txt.${DEAD}.0123456789ab.tmp`
    symlinkSync(join(dir, 'target'), join(dir, link))
    expect(await sweepStaleTemporaries(dir, 'b.json')).to.deep.equal([join(dir, gone[1])])
    expect((await sweepStaleTemporaries(dir)).sort()).to.deep.equal([join(dir, gone[0])])
    expect(readdirSync(dir).sort()).to.deep.equal([...kept, link].sort())
    expect(await sweepStaleTemporaries(join(dir, 'missing'))).to.deep.equal([])
  })

  it('a spool: every file of an earlier run goes (published names, dead temporaries), a live process’s temporary and links stay', async () => {
    const gone = ['notes.txt', 'notes (1).txt', `download.${DEAD}.0123456789ab.tmp`]
    const kept = [`download.${process.pid}.0123456789ab.tmp`, 'target-link']
    for (const name of [...gone, kept[0]]) writeFileSync(join(dir, name), 'x')
    symlinkSync('/etc/hostname', join(dir, 'target-link'))
    expect((await sweepSpool(dir)).sort()).to.deep.equal(gone.map((name) => join(dir, name)).sort())
    expect(readdirSync(dir).sort()).to.deep.equal(kept.sort())
  })
})
