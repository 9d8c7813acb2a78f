/** bench/report-file.js: `npm run bench` rewrites the tables of docs/speed.md between its markers, and nothing else. */
import {expect} from 'chai'
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'

type ReportFile = {REPORT_FILE: URL; writeReport: (report: string, file?: string | URL) => boolean}
const {REPORT_FILE, writeReport} = (await import(new URL('../../bench/report-file.js', import.meta.url).href)) as ReportFile

describe('bench/report-file.js', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'proton-cli-bench-report-'))
  })
  afterEach(() => rmSync(dir, {force: true, recursive: true}))

  it('the report goes to docs/speed.md, which holds the markers once each', () => {
    expect(fileURLToPath(REPORT_FILE)).to.equal(fileURLToPath(new URL('../../docs/speed.md', import.meta.url)))
    const text = readFileSync(REPORT_FILE, 'utf8')
    expect(text.match(/<!-- bench:start -->\n/g)).to.have.length(1)
    expect(text.match(/<!-- bench:end -->/g)).to.have.length(1)
    expect(text.indexOf('<!-- bench:start -->')).to.be.below(text.indexOf('<!-- bench:end -->'))
  })

  it('replaces only what is between the markers, the report taken literally', () => {
    const file = join(dir, 'speed.md')
    writeFileSync(file, '# Speed\n\nprose\n\n<!-- bench:start -->\n| old |\n<!-- bench:end -->\n\nafter\n')
    expect(writeReport('| new $1 $& |\n', file)).to.equal(true)
    expect(readFileSync(file, 'utf8')).to.equal('# Speed\n\nprose\n\n<!-- bench:start -->\n| new $1 $& |\n<!-- bench:end -->\n\nafter\n')
  })

  it('leaves a file without markers untouched and says so', () => {
    const file = join(dir, 'other.md')
    writeFileSync(file, '# no markers\n')
    expect(writeReport('| new |\n', file)).to.equal(false)
    expect(readFileSync(file, 'utf8')).to.equal('# no markers\n')
  })
})
