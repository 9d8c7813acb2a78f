/**
 * The fast path's code caches (src/launch/load.ts), one per bundle, through
 * the built binary: written in the user's cache directory once a command
 * has run, read by the next start, written again only for a command of the
 * bundle it does not yet hold, and refused (then replaced) when it does not
 * fit; never a change to what a command prints.
 */
import {expect} from 'chai'
import {createHash} from 'node:crypto'
import {existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync} from 'node:fs'
import {createRequire} from 'node:module'
import {join} from 'node:path'

import {removeSeal} from '../../src/lib/account/key-seal.ts'
import {makeFifo} from '../helpers/fifo.ts'
import {baseEnv, runBinary, type RunResult} from '../helpers/run-binary.ts'
import {sandboxForSuite} from '../helpers/sandbox-process.ts'

describe('the fast path’s code cache (built binary)', function () {
  this.timeout(60_000)
  const suite = sandboxForSuite()
  const directory = () => join(suite.home.home, 'cache', 'proton-cli', 'code-cache')
  const files = () => (existsSync(directory()) ? readdirSync(directory()).sort() : [])
  /** The cache of a bundle (dist/fast/<bundle>.cjs). */
  const cacheFile = (bundle: string) => join(directory(), files().find((name) => name.startsWith(`${bundle}@`) && name.endsWith('.bin')) ?? 'none')
  const commands = (bundle: string) => readFileSync(`${cacheFile(bundle)}.commands`, 'utf8')
  const proton = (args: string[], extra: NodeJS.ProcessEnv = {}): Promise<RunResult> => runBinary(['--profile', 'sandbox', ...args], {env: baseEnv(suite.home.home, extra)})

  it('is written once a command has run, for its bundle, this Node and this build, and holds that command', async () => {
    const first = await proton(['api', 'GET', '/core/v4/users'])
    expect(first.status).to.equal(0)
    expect(files()).to.have.length(2)
    expect(files()[0]).to.match(new RegExp(`^api@${process.version}-${process.arch}-[0-9a-f]{16}\\.bin$`))
    expect(commands('api')).to.equal('api\n')
    expect(statSync(directory()).mode & 0o777).to.equal(0o700)
    expect(statSync(cacheFile('api')).mode & 0o777).to.equal(0o600)
  })

  it('is only read by the next start of a command it holds; another command of the bundle is added to it, another bundle has its own', async () => {
    const written = statSync(cacheFile('api'))
    const again = await proton(['api', 'GET', '/core/v4/users'])
    expect(again.status).to.equal(0)
    expect(statSync(cacheFile('api')).mtimeMs).to.equal(written.mtimeMs)
    const list = await proton(['mail', 'labels', 'list'])
    expect(list.status).to.equal(0)
    expect(commands('mail-labels-list')).to.equal('mail:labels:list\n')
    expect(statSync(cacheFile('api')).mtimeMs).to.equal(written.mtimeMs)
    // mail star and mail unstar: one module of src/lib/mail/commands (actions.ts), so one bundle.
    const listed = await proton(['mail', 'list', '--output', 'json'])
    const [{ID: id}] = (JSON.parse(listed.stdout.toString()) as {Messages: Array<{ID: string}>}).Messages
    for (const action of ['star', 'unstar']) expect((await proton(['mail', action, id])).status, action).to.equal(0)
    expect(commands('mail-actions')).to.equal('mail:star\nmail:unstar\n')
  })

  it('OpenPGP.js has its own, named by its file’s digest and shared by the bundles that decrypt: written after a read, added to by another command, a damaged one refused with the same answer', async () => {
    const openpgp = () => files().filter((name) => name.startsWith('openpgp@'))
    expect(openpgp()).to.deep.equal([])
    // api and mail labels list decrypt nothing: OpenPGP.js is not loaded.
    expect((await proton(['mail', 'labels', 'list'])).status).to.equal(0)
    expect(openpgp()).to.deep.equal([])
    const listed = await proton(['contacts', 'list', '--output', 'json'])
    const [{ID: id}] = (JSON.parse(listed.stdout.toString()) as {Contacts: Array<{ID: string}>}).Contacts
    const expected = await proton(['contacts', 'get', id])
    expect(expected.status, expected.stderr).to.equal(0)
    const digest = createHash('sha256')
      .update(readFileSync(createRequire(import.meta.url).resolve('openpgp')))
      .digest('hex')
      .slice(0, 16)
    const name = `openpgp@${process.version}-${process.arch}-${digest}.bin`
    expect(openpgp()).to.deep.equal([name, `${name}.commands`])
    expect(statSync(cacheFile('openpgp')).mode & 0o777).to.equal(0o600)
    expect(commands('openpgp')).to.equal('contacts:get\n')
    const written = statSync(cacheFile('openpgp')).mtimeMs
    expect((await proton(['contacts', 'get', id])).stdout.toString()).to.equal(expected.stdout.toString())
    expect(statSync(cacheFile('openpgp')).mtimeMs).to.equal(written)
    expect((await proton(['mail', 'read', (JSON.parse((await proton(['mail', 'list', '--output', 'json'])).stdout.toString()) as {Messages: Array<{ID: string}>}).Messages[0].ID])).status).to.equal(0)
    expect(commands('openpgp')).to.equal('contacts:get\nmail:read\n')
    const damaged = readFileSync(cacheFile('openpgp'))
    for (let index = 2048; index < damaged.length; index += 997) damaged[index] ^= 0x5a
    writeFileSync(cacheFile('openpgp'), damaged)
    // Without the sealed keys, so that it loads OpenPGP.js (with them, a read needs none: account/direct-keys.ts).
    removeSeal(join(suite.home.home, 'cache', 'proton-cli'), 'sandbox')
    const again = await proton(['contacts', 'get', id])
    expect([again.signal, again.status, again.stderr, again.stdout.toString()]).to.deep.equal([null, expected.status, expected.stderr, expected.stdout.toString()])
    expect(readFileSync(cacheFile('openpgp')).equals(damaged)).to.equal(false)
    expect(commands('openpgp')).to.equal('contacts:get\n')
  })

  it('a cache that does not fit is refused: the same answer, and a new cache for this command', async () => {
    const expected = await proton(['account', 'show', '--output', 'json'])
    writeFileSync(cacheFile('account-show'), Buffer.alloc(4096, 7))
    const refused = await proton(['account', 'show', '--output', 'json'])
    expect([refused.status, refused.stderr, refused.stdout.toString()]).to.deep.equal([expected.status, expected.stderr, expected.stdout.toString()])
    expect(commands('account-show')).to.equal('account:show\n')
    expect(readFileSync(cacheFile('account-show')).equals(Buffer.alloc(4096, 7))).to.equal(false)
  })

  it('a cache damaged past V8’s header (a flipped bit, a write cut short) is refused, not run: the same answer, and a new cache', async () => {
    const expected = await proton(['mail', 'labels', 'list', '--output', 'json'])
    expect(expected.status).to.equal(0)
    const file = cacheFile('mail-labels-list')
    const good = readFileSync(file)
    // V8 checks the header (its version, flags, the source's length), not the body: this once ended in a fatal V8 error, at every start.
    const damaged = Buffer.from(good)
    for (let index = 2048; index < damaged.length; index += 997) damaged[index] ^= 0x5a
    writeFileSync(file, damaged)
    for (let run = 0; run < 2; run++) {
      const again = await proton(['mail', 'labels', 'list', '--output', 'json'])
      expect([again.signal, again.status, again.stderr, again.stdout.toString()]).to.deep.equal([null, expected.status, expected.stderr, expected.stdout.toString()])
    }

    expect(readFileSync(file).equals(damaged)).to.equal(false)
  })

  it('a cache path that is a directory costs nothing: no temporary file is left behind at any start, and stale ones are removed', async () => {
    expect((await proton(['drive', 'volumes'])).status).to.equal(0)
    const file = cacheFile('drive-volumes')
    rmSync(file)
    mkdirSync(file)
    const stale = `${file}.commands.999999999.tmp`
    writeFileSync(stale, 'drive:volumes\n')
    for (let run = 0; run < 2; run++) expect((await proton(['drive', 'volumes'])).status).to.equal(0)
    expect(files().filter((name) => name.endsWith('.tmp'))).to.deep.equal([])
    rmSync(file, {recursive: true})
    expect((await proton(['drive', 'volumes'])).status).to.equal(0)
    expect(statSync(file).isFile()).to.equal(true)
  })

  it('a named pipe or a link where a cache file should be is not read (the start once waited on it forever), and is replaced', async () => {
    const expected = await proton(['mail', 'settings', '--output', 'json'])
    expect(expected.status).to.equal(0)
    const file = cacheFile('mail-settings')
    const good = readFileSync(file)
    for (const path of [`${file}.commands`, file]) {
      rmSync(path)
      makeFifo(path)
      try {
        const again = await runBinary(['--profile', 'sandbox', 'mail', 'settings', '--output', 'json'], {env: baseEnv(suite.home.home), timeoutMs: 8000})
        expect([again.signal, again.status, again.stdout.toString()]).to.deep.equal([null, 0, expected.stdout.toString()])
        expect(statSync(path).isFile()).to.equal(true)
      } finally {
        // Never a pipe left for the tests after this one to read.
        if (!statSync(path).isFile()) rmSync(path)
      }
    }

    // A link, even to a good cache of this very bundle: the directory's files are read as they are, never through one.
    const elsewhere = join(suite.home.home, 'good-cache.bin')
    writeFileSync(elsewhere, good)
    rmSync(file)
    symlinkSync(elsewhere, file)
    expect((await proton(['mail', 'settings', '--output', 'json'])).status).to.equal(0)
    expect(statSync(file).isFile()).to.equal(true)
    expect(readFileSync(elsewhere).equals(good)).to.equal(true)
  })

  it('a new cache drops those of the bundle’s other builds, and no other bundle’s', async () => {
    const current = cacheFile('api')
    const stale = join(directory(), `api@${process.version}-${process.arch}-0123456789abcdef.bin`)
    writeFileSync(stale, Buffer.alloc(64, 1), {mode: 0o600})
    writeFileSync(`${stale}.commands`, 'api\n', {mode: 0o600})
    const others = files().filter((name) => !name.startsWith('api@'))
    rmSync(current)
    expect((await proton(['api', 'GET', '/core/v4/users'])).status).to.equal(0)
    expect(existsSync(stale)).to.equal(false)
    expect(existsSync(`${stale}.commands`)).to.equal(false)
    expect(existsSync(current)).to.equal(true)
    expect(commands('api')).to.equal('api\n')
    expect(files().filter((name) => !name.startsWith('api@'))).to.deep.equal(others)
  })

  it('is neither read nor written with NODE_DISABLE_COMPILE_CACHE=1, nor for a line oclif runs', async () => {
    const before = files()
    const disabled = await proton(['drive', 'volumes'], {NODE_DISABLE_COMPILE_CACHE: '1'})
    expect(disabled.status).to.equal(0)
    const help = await proton(['drive', 'volumes', '--help'])
    expect(help.status).to.equal(0)
    expect(files()).to.deep.equal(before)
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
