/**
 * scripts/build-description.js, run as the build runs it (after tsc) on
 * small descriptions: what it writes, and that it fails the build when the
 * loader misses an operation the text declares.
 */
import {expect} from 'chai'
import {spawnSync} from 'node:child_process'
import {createHash} from 'node:crypto'
import {existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'

const SCRIPT = fileURLToPath(new URL('../../scripts/build-description.js', import.meta.url))

const HEAD = 'openapi: 3.1.0\ninfo: {title: t, version: "1"}\npaths:\n'

describe('scripts/build-description.js', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'proton-cli-build-description-'))
  })
  afterEach(() => rmSync(dir, {force: true, recursive: true}))

  const build = (text: string) => {
    const from = join(dir, 'openapi.yaml')
    const to = join(dir, 'out', 'published.json')
    writeFileSync(from, text)
    return {from, result: spawnSync(process.execPath, [SCRIPT, from, to], {encoding: 'utf8'}), to}
  }

  it('writes the operations as compact JSON with the format, source, hash and repair counts, and prints the count', () => {
    const text = `${HEAD}  /a/{id}:\n    get:\n      summary: Get A\n      description: "two\nlines"\n    delete:\n      deprecated: true\n`
    const {from, result, to} = build(text)
    expect([result.status, result.stderr]).to.deep.equal([0, ''])
    expect(result.stdout).to.match(/: 2 operations \(2 declared\), 1 blocks repaired, 0 skipped, 0 query parameters added from vendor\/description-amendments.json; 0 KiB\n$/)
    const written = readFileSync(to, 'utf8')
    expect(written).not.to.include('\n')
    expect(JSON.parse(written)).to.deep.equal({
      format: 1,
      operations: [
        {deprecated: false, method: 'GET', path: '/a/{id}', query: [], summary: 'Get A'},
        {deprecated: true, method: 'DELETE', path: '/a/{id}', query: [], summary: ''},
      ],
      repaired: 1,
      sha256: createHash('sha256').update(text).digest('hex'),
      skipped: 0,
      source: from,
    })
  })

  it('fails, naming them, when the loader misses operations the text declares, and writes nothing', () => {
    // A path given twice: YAML keeps the second, so GET /a is lost.
    const {result, to} = build(`${HEAD}  /a:\n    get:\n      summary: A\n  /b:\n    post:\n      summary: B\n  /a:\n    put:\n      summary: A2\n`)
    expect(result.status).to.equal(1)
    expect(result.stderr).to.match(/^build-description: \S+openapi\.yaml declares 3 operations; the loader missed 1: GET \/a\n$/)
    expect(existsSync(to)).to.equal(false)
  })

  it('fails when it finds no operation at all', () => {
    const {result, to} = build(`${HEAD}  {}\n`)
    expect(result.status).to.equal(1)
    expect(result.stderr).to.match(/found no operation under "paths:"/)
    expect(existsSync(to)).to.equal(false)
  })
})
