/** Where a download is written: download-directory.ts. */
import {expect} from 'chai'
import {mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {DownloadDirectory} from '../../../src/lib/files/download-directory.ts'
import {CliFailure} from '../../../src/lib/core/errors.ts'

describe('download-directory', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'downloads-'))
  })
  afterEach(() => rmSync(dir, {force: true, recursive: true}))

  const save = async (target: DownloadDirectory, given: unknown, content: string) => {
    const file = await target.create(given, (error) => error as Error)
    await file.write(Buffer.from(content))
    return target.publish(file, given)
  }

  it('refuses a --dir that is not a directory, in one line with the name shown safely', async () => {
    writeFileSync(join(dir, 'a-file'), '')
    for (const given of [join(dir, 'a-file'), join(dir, 'a-file', 'under'), `${dir}/a-file/\u001B[2J`]) {
      const error = await DownloadDirectory.open(given).then(
        () => undefined,
        (failure: unknown) => failure,
      )
      expect(error).to.be.instanceOf(CliFailure)
      expect((error as Error).message)
        .to.match(/^--dir ".*" (is not a directory|cannot be created: ENOTDIR)$/)
        .and.not.include('\u001B')
    }
  })

  it('creates a --dir that does not exist, with its parents, owner-only (0700), and says so', async () => {
    const created: string[] = []
    const target = await DownloadDirectory.open(join(dir, 'new', 'deeper'), (path) => created.push(path))
    expect(target.path).to.equal(join(dir, 'new', 'deeper'))
    expect(created).to.deep.equal([join(dir, 'new', 'deeper')])
    expect([statSync(join(dir, 'new')).mode & 0o777, statSync(join(dir, 'new', 'deeper')).mode & 0o777]).to.deep.equal([0o700, 0o700])
  })

  it('publishes under the sender’s name made safe, never over a file, 0600, with no temporary file left', async () => {
    const target = await DownloadDirectory.open(dir)
    expect(await save(target, 'report.csv', 'one')).to.deep.equal({path: join(dir, 'report.csv')})
    expect(await save(target, 'report.csv', 'two')).to.deep.equal({path: join(dir, 'report (1).csv'), taken: join(dir, 'report.csv')})
    expect(await save(target, '../../etc/passwd', 'three')).to.deep.equal({path: join(dir, '_.._etc_passwd'), renamedTo: '_.._etc_passwd'})
    expect(readFileSync(join(dir, 'report.csv'), 'utf8')).to.equal('one')
    expect(readFileSync(join(dir, 'report (1).csv'), 'utf8')).to.equal('two')
    expect(statSync(join(dir, 'report (1).csv')).mode & 0o777).to.equal(0o600)
    expect(readdirSync(dir).sort()).to.deep.equal(['_.._etc_passwd', 'report (1).csv', 'report.csv'])
  })

  it('105 files of one name are all written: "name (1)" to "name (99)", then a random suffix each', async () => {
    const target = await DownloadDirectory.open(dir)
    const paths: string[] = []
    for (let index = 0; index < 105; index++) paths.push((await save(target, 'same.txt', String(index))).path)
    expect(new Set(paths).size).to.equal(105)
    expect(paths.slice(0, 3)).to.deep.equal([join(dir, 'same.txt'), join(dir, 'same (1).txt'), join(dir, 'same (2).txt')])
    expect(paths[99]).to.equal(join(dir, 'same (99).txt'))
    for (const path of paths.slice(100)) expect(path).to.match(/\/same \([\da-f]{16}\)\.txt$/)
    expect(paths.map((path) => readFileSync(path, 'utf8'))).to.deep.equal(Array.from({length: 105}, (_, index) => String(index)))
    expect(readdirSync(dir)).to.have.length(105)
  })
})
