/**
 * Programs the tests install from the npm registry (real host CLIs, an old
 * Node), each once into the repo's own cache directory,
 * node_modules/.cache/proton-cli-tests (owner-only, never a shared /tmp),
 * and reused by later runs. A fresh clone installs them again after npm ci.
 */
import {spawnSync} from 'node:child_process'
import {existsSync, mkdirSync, rmSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'

export const TEST_CACHE = fileURLToPath(new URL('../../node_modules/.cache/proton-cli-tests', import.meta.url))

/** A directory only this user can enter, made if missing. */
export function privateDirectory(path: string): string {
  mkdirSync(path, {mode: 0o700, recursive: true})
  return path
}

/**
 * `npm install SPEC` into <cache>/<name>, unless an earlier run finished it
 * (a marker file says so). `allowScripts` names packages whose install
 * scripts must run (npm asks for that explicitly). Returns the directory.
 */
export function installOnce(name: string, spec: string, env: NodeJS.ProcessEnv = process.env, allowScripts: string[] = []): string {
  const directory = join(privateDirectory(TEST_CACHE), name)
  const marker = join(directory, '.installed')
  if (existsSync(marker)) return directory
  rmSync(directory, {force: true, recursive: true})
  privateDirectory(directory)
  writeFileSync(join(directory, 'package.json'), `${JSON.stringify({allowScripts: Object.fromEntries(allowScripts.map((name) => [name, true])), private: true})}\n`)
  const installed = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--no-save', spec], {cwd: directory, encoding: 'utf8', env, timeout: 600_000})
  if (installed.status !== 0) throw new Error(`npm install ${spec} failed (${installed.status ?? installed.signal}):\n${installed.stdout}${installed.stderr}`)
  writeFileSync(marker, `${spec}\n`)
  return directory
}
