/**
 * bin/proton-dev, the checkout's launcher: it runs bin/run.js on the pinned
 * Node (node_modules/node) from any directory, through a link too, whatever
 * `node` the PATH holds; and no text tells a user to reach the tool through
 * npm's exec or npx, which outside the checkout resolve the unrelated
 * `proton` package of the public registry.
 */
import {expect} from 'chai'
import {spawnSync} from 'node:child_process'
import {chmodSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'

import {baseEnv} from '../helpers/run-binary.ts'
import {type TempHome, tempHome} from '../helpers/session-files.ts'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const LAUNCHER = join(ROOT, 'bin', 'proton-dev')
const PINNED = spawnSync(join(ROOT, 'node_modules', 'node', 'bin', 'node'), ['--version'], {encoding: 'utf8'}).stdout.trim()

/** Every text file under `directory`, recursively. */
function textFiles(directory: string): string[] {
  return readdirSync(directory, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile() && /\.(md|ts|js)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
}

describe('bin/proton-dev', function () {
  this.timeout(60_000)
  let home: TempHome
  beforeEach(() => {
    home = tempHome()
  })
  afterEach(() => home.remove())

  /** A PATH whose first `node` is not a Node at all: the launcher must not start it. */
  function decoyPath(): string {
    const decoy = join(home.home, 'decoy')
    mkdirSync(decoy, {recursive: true})
    writeFileSync(join(decoy, 'node'), '#!/bin/sh\necho "the PATH\'s node ran" >&2\nexit 97\n')
    chmodSync(join(decoy, 'node'), 0o700)
    return `${decoy}:${process.env.PATH ?? ''}`
  }

  it('runs the checkout on its pinned Node from another directory, whatever node the PATH holds', () => {
    expect(PINNED).to.match(/^v24\./)
    const result = spawnSync(LAUNCHER, ['--version'], {cwd: home.home, encoding: 'utf8', env: baseEnv(home.home, {PATH: decoyPath()})})
    expect(result.stderr).to.equal('')
    expect(result.status).to.equal(0)
    expect(result.stdout).to.equal(`@proton-cli/plugin-api/0.1.0 ${process.platform}-${process.arch} node-${PINNED}\n`)
  })

  it('follows a link to itself back to the checkout, and passes the arguments and the exit status on', () => {
    const link = join(home.home, 'bin-proton')
    symlinkSync(LAUNCHER, link)
    const help = spawnSync(link, ['help', 'mail', 'list'], {cwd: home.home, encoding: 'utf8', env: baseEnv(home.home, {PATH: decoyPath()})})
    expect(help.status, help.stderr).to.equal(0)
    expect(help.stdout).to.include('$ proton mail list')
    const mistyped = spawnSync(link, ['mial', 'list'], {cwd: home.home, encoding: 'utf8', env: baseEnv(home.home, {PATH: decoyPath()})})
    expect(mistyped.status).to.equal(1)
    expect(mistyped.stderr).to.include('proton mail list')
    expect(mistyped.stderr).not.to.include('node ran')
  })

  it('is executable and not packed (the tarball has no node_modules/node to run on)', () => {
    expect(statSync(LAUNCHER).mode & 0o111).to.equal(0o111)
    const packed = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: {...process.env, PATH: `${join(ROOT, 'node_modules', '.bin')}:${process.env.PATH ?? ''}`},
    })
    expect(packed.status, packed.stderr).to.equal(0)
    const [{files}] = JSON.parse(packed.stdout) as [{files: Array<{path: string}>}]
    const paths = files.map(({path}) => path)
    expect(paths).to.include('bin/run.js')
    expect(paths.filter((path) => path.startsWith('bin/'))).to.deep.equal(['bin/run.js'])
  })

  it('is what README.md, docs/, the help and the demo give; nothing suggests npm exec or npx proton', () => {
    const files = [join(ROOT, 'README.md'), ...textFiles(join(ROOT, 'docs')), ...textFiles(join(ROOT, 'src')), ...textFiles(join(ROOT, 'scripts'))]
    const resolvingByName = /\bnpm\s+(?:exec|x)\b|\bnpx\s+(?:-\S+\s+)*(?:proton|@proton-cli)/
    for (const file of files) expect(readFileSync(file, 'utf8'), file).not.to.match(resolvingByName)
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
    expect(readme).to.match(/^ {4}bin\/proton-dev --version /m)
    expect(readme).to.match(/`bin\/proton-dev …` runs it on the pinned Node 24 \*\*from any directory\*\*/)
  })
})
