/**
 * The fast path's code cache (src/fast-load.ts), through the built binary:
 * written in the user's cache directory once a command has run, read by the
 * next start, written again only for a command it does not yet hold, and
 * refused (then replaced) when it does not fit; never a change to what a
 * command prints.
 */
import {expect} from 'chai'
import {existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {baseEnv, runBinary, type RunResult} from '../helpers/run-binary.ts'
import {sandboxForSuite} from '../helpers/sandbox-process.ts'

describe('the fast path’s code cache (built binary)', function () {
  this.timeout(60_000)
  const suite = sandboxForSuite()
  const directory = () => join(suite.home.home, 'cache', 'proton-cli', 'code-cache')
  const files = () => (existsSync(directory()) ? readdirSync(directory()).sort() : [])
  const cacheFile = () => join(directory(), files().find((name) => name.endsWith('.bin')) ?? 'none')
  const commands = () => readFileSync(`${cacheFile()}.commands`, 'utf8')
  const proton = (args: string[], extra: NodeJS.ProcessEnv = {}): Promise<RunResult> => runBinary(['--profile', 'sandbox', ...args], {env: baseEnv(suite.home.home, extra)})

  it('is written once a command has run, for this Node and build, and holds that command', async () => {
    const first = await proton(['api', 'GET', '/core/v4/users'])
    expect(first.status).to.equal(0)
    expect(files()).to.have.length(2)
    expect(files()[0]).to.match(new RegExp(`^${process.version}-${process.arch}-[0-9a-f]{16}\\.bin$`))
    expect(commands()).to.equal('api\n')
    expect(statSync(directory()).mode & 0o777).to.equal(0o700)
    expect(statSync(cacheFile()).mode & 0o777).to.equal(0o600)
  })

  it('is only read by the next start of a command it holds; another command is added to it', async () => {
    const written = statSync(cacheFile())
    const again = await proton(['api', 'GET', '/core/v4/users'])
    expect(again.status).to.equal(0)
    expect(statSync(cacheFile()).mtimeMs).to.equal(written.mtimeMs)
    const list = await proton(['mail', 'labels', 'list'])
    expect(list.status).to.equal(0)
    expect(commands()).to.equal('api\nmail:labels:list\n')
  })

  it('a cache that does not fit is refused: the same answer, and a new cache for this command', async () => {
    const expected = await proton(['account', 'show', '--output', 'json'])
    writeFileSync(cacheFile(), Buffer.alloc(4096, 7))
    const refused = await proton(['account', 'show', '--output', 'json'])
    expect([refused.status, refused.stderr, refused.stdout.toString()]).to.deep.equal([expected.status, expected.stderr, expected.stdout.toString()])
    expect(commands()).to.equal('account:show\n')
    expect(readFileSync(cacheFile()).equals(Buffer.alloc(4096, 7))).to.equal(false)
  })

  it('is neither read nor written with NODE_DISABLE_COMPILE_CACHE=1, nor for a line oclif runs', async () => {
    const before = readFileSync(cacheFile())
    const disabled = await proton(['drive', 'volumes'], {NODE_DISABLE_COMPILE_CACHE: '1'})
    expect(disabled.status).to.equal(0)
    const help = await proton(['drive', 'volumes', '--help'])
    expect(help.status).to.equal(0)
    expect(readFileSync(cacheFile()).equals(before)).to.equal(true)
    expect(commands()).to.equal('account:show\n')
  })

  it('Node’s compile cache is in the user’s cache directory (0700), and nothing is written to the OS temporary directory', async () => {
    const temporary = join(suite.home.home, 'tmp')
    mkdirSync(temporary)
    const compileCache = join(suite.home.home, 'cache', 'proton-cli', 'compile-cache')
    rmSync(compileCache, {force: true, recursive: true})
    // --help goes to oclif: its modules are what Node's compile cache holds.
    const help = await proton(['api', '--help'], {TMPDIR: temporary})
    expect(help.status).to.equal(0)
    const run = await proton(['api', 'GET', '/core/v4/users'], {TMPDIR: temporary})
    expect(run.status).to.equal(0)
    expect(readdirSync(temporary)).to.deep.equal([])
    expect(statSync(compileCache).mode & 0o777).to.equal(0o700)
    expect(readdirSync(compileCache)).to.not.deep.equal([])
  })

  it('a cache directory that is a symbolic link is neither read nor written', async () => {
    const elsewhere = join(suite.home.home, 'elsewhere')
    renameSync(directory(), elsewhere)
    symlinkSync(elsewhere, directory())
    const planted = readdirSync(elsewhere).map((name) => [name, readFileSync(join(elsewhere, name))] as const)
    writeFileSync(join(elsewhere, 'planted.bin'), Buffer.alloc(64, 1))
    const run = await proton(['calendar', 'list'])
    expect(run.status).to.equal(0)
    expect(readdirSync(elsewhere).sort()).to.deep.equal([...planted.map(([name]) => name), 'planted.bin'].sort())
    for (const [name, bytes] of planted) expect(readFileSync(join(elsewhere, name)).equals(bytes)).to.equal(true)
    rmSync(directory())
  })
})
