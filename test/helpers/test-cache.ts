/**
 * Programs the tests install from the npm registry (real host CLIs, old
 * Nodes), each at an exact version, once, into a cache outside the clone:
 * ${XDG_CACHE_HOME:-~/.cache}/proton-cli-tests/<name>@<version>. Later runs,
 * other clones and worktrees reuse it. Every directory of the cache is a real
 * directory owned by this user and owner-only: a symlink or someone else's
 * directory there is refused, never followed.
 */
import {spawnSync} from 'node:child_process'
import {chmodSync, existsSync, lstatSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync} from 'node:fs'
import {homedir} from 'node:os'
import {join} from 'node:path'

export const TEST_CACHE = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'proton-cli-tests')

/** A directory only this user can enter, made if missing; a symlink or another owner's directory is an error. */
export function privateDirectory(path: string): string {
  mkdirSync(path, {mode: 0o700, recursive: true})
  const stat = lstatSync(path)
  if (!stat.isDirectory()) throw new Error(`${path} is not a directory (a symlink is not followed)`)
  if (stat.uid !== process.getuid?.()) throw new Error(`${path} belongs to another user`)
  if ((stat.mode & 0o077) !== 0) chmodSync(path, 0o700)
  return path
}

/** `name@x.y.z`, nothing that floats (no range, tag or URL). */
const EXACT = /^((?:@[\w.-]+\/)?[\w.-]+)@(\d+\.\d+\.\d+)$/

/**
 * `npm install SPEC` (an exact `name@x.y.z`) into <cache>/<name>@<version>,
 * unless an earlier run finished it (a marker file says so). The install
 * happens in a private scratch directory renamed into place when complete, so
 * an interrupted or concurrent run never leaves a half-installed package
 * that looks finished. `allowScripts` names packages whose install scripts
 * must run (npm asks for that explicitly). Returns the directory.
 */
export function installOnce(spec: string, env: NodeJS.ProcessEnv = process.env, allowScripts: string[] = []): string {
  const exact = EXACT.exec(spec)
  if (!exact) throw new Error(`${spec}: the tests install exact versions only (name@x.y.z)`)
  const [, name, version] = exact
  const cache = privateDirectory(TEST_CACHE)
  const directory = join(cache, `${name.replace('/', '+')}@${version}`)
  const marker = join(directory, '.installed')
  if (existsSync(directory) && existsSync(marker)) {
    privateDirectory(directory)
    return directory
  }

  const scratch = privateDirectory(join(cache, `.installing-${process.pid}-${name.replace('/', '+')}@${version}`))
  try {
    writeFileSync(join(scratch, 'package.json'), `${JSON.stringify({allowScripts: Object.fromEntries(allowScripts.map((allowed) => [allowed, true])), private: true})}\n`)
    const installed = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--no-save', '--save-exact', spec], {cwd: scratch, encoding: 'utf8', env, timeout: 600_000})
    if (installed.status !== 0) throw new Error(`npm install ${spec} failed (${installed.status ?? installed.signal}):\n${installed.stdout}${installed.stderr}`)
    const got = (JSON.parse(readFileSync(join(scratch, 'node_modules', name, 'package.json'), 'utf8')) as {version: string}).version
    if (got !== version) throw new Error(`npm install ${spec} installed ${got}`)
    writeFileSync(join(scratch, '.installed'), `${spec}\n`)
    // A stale unfinished directory (no marker) goes; a concurrent run that finished first wins.
    if (existsSync(directory) && !existsSync(marker)) rmSync(directory, {force: true, recursive: true})
    if (!existsSync(directory)) renameSync(scratch, directory)
  } finally {
    rmSync(scratch, {force: true, recursive: true})
  }

  return privateDirectory(directory)
}
