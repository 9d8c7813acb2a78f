import {expect} from 'chai'
import {build} from 'esbuild'
import {spawnSync} from 'node:child_process'
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'

import {lazyListFormat} from '../../scripts/lazy-list-format.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

/**
 * In a new process: how many Intl.ListFormat objects loading `module`
 * builds, and the message of an assertion that words a list.
 */
function probe(module: string): {built: number; message: string} {
  const script = `
let built = 0
const Original = Intl.ListFormat
Intl.ListFormat = class extends Original { constructor(...args) { super(...args); built++ } }
const is = await import(${JSON.stringify(module)})
const afterLoad = built
let message
try { is.assertAll(is.default.string, 1, 'a', null) } catch (error) { message = error.message }
console.log(JSON.stringify({built: afterLoad, message}))`
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {cwd: ROOT, encoding: 'utf8'})
  expect(result.status, result.stderr).to.equal(0)
  return JSON.parse(result.stdout) as {built: number; message: string}
}

describe('the lazy-list-format build plugin', function () {
  this.timeout(30_000)
  let dir: string
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'lazy-list-format-'))
  })
  after(() => rmSync(dir, {force: true, recursive: true}))

  it('builds no Intl.ListFormat while loading, and words the message exactly as the package does', async () => {
    const entry = join(dir, 'entry.js')
    writeFileSync(entry, "export * from '@sindresorhus/is'\nexport {default} from '@sindresorhus/is'\n")
    const outfile = join(dir, 'bundle.mjs')
    await build({absWorkingDir: ROOT, bundle: true, entryPoints: [entry], format: 'esm', logLevel: 'silent', nodePaths: [join(ROOT, 'node_modules')], outfile, platform: 'node', plugins: [lazyListFormat]})
    const original = probe('@sindresorhus/is')
    const bundled = probe(outfile)
    expect(original.built).to.equal(2)
    expect(bundled.built).to.equal(0)
    expect(bundled.message).to.equal(original.message).and.match(/`number`, `string`, and `null`/)
  })
})
