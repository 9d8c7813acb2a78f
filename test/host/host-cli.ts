/**
 * A throwaway host CLI, `tool`, as a user would make one: its own
 * package.json (bin and dirname "tool"), @oclif/core and the help, plugins
 * and autocomplete plugins installed from the npm registry, a minimal
 * bin/run.js. HOME and the XDG directories are private to it.
 *
 * Everything runs on this process's Node (the repo's pinned 24):
 * @oclif/plugin-plugins runs its own bundled npm with process.execPath, and
 * the host's PATH starts with that Node's directory for anything npm starts.
 */
import {spawn} from 'node:child_process'
import {copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {homedir, tmpdir} from 'node:os'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'

export const REPO = fileURLToPath(new URL('../..', import.meta.url))
export const SIBLING_FIXTURE = join(REPO, 'test', 'fixtures', 'sibling-plugin')

/** Major versions a host of today would pick. */
const HOST_PACKAGES = ['@oclif/core@^5', '@oclif/plugin-help@^7', '@oclif/plugin-plugins@^7', '@oclif/plugin-autocomplete@^4']

export interface RunResult {
  status: number | null
  stdout: string
  stderr: string
}

export interface Host {
  root: string
  bin: string
  env: NodeJS.ProcessEnv
  configDir: string
  dataDir: string
  cacheDir: string
}

/** Start a program; resolve with its output once it exits (killed after timeoutMs). */
export function run(command: string, args: string[], options: {cwd?: string; env: NodeJS.ProcessEnv; timeoutMs?: number}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe']})
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000)
    child.on('error', reject)
    child.on('close', (status) => {
      clearTimeout(timer)
      resolve({status, stderr, stdout})
    })
  })
}

/** Like run, but a non-zero exit is an error that shows the output. */
export async function runOrFail(command: string, args: string[], options: {cwd?: string; env: NodeJS.ProcessEnv; timeoutMs?: number}): Promise<RunResult> {
  const result = await run(command, args, options)
  if (result.status !== 0) {
    const ended = result.status === null ? `was stopped after ${options.timeoutMs ?? 60_000} ms` : `exited ${result.status}`
    throw new Error(`${command} ${args.join(' ')} ${ended}:\n${result.stdout}\n${result.stderr}`)
  }
  return result
}

/**
 * The host's environment: private HOME and XDG directories; the caller's
 * npm cache and user npmrc (registry, proxy) so installs behave as the
 * user's do; no PROTON_* variables.
 */
function hostEnv(home: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    HOME: home,
    LANG: 'C.UTF-8',
    NO_COLOR: '1',
    PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`,
    XDG_CACHE_HOME: join(home, 'cache'),
    XDG_CONFIG_HOME: join(home, 'config'),
    XDG_DATA_HOME: join(home, 'data'),
    npm_config_audit: 'false',
    npm_config_cache: process.env.npm_config_cache ?? join(homedir(), '.npm'),
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
  }
  const userNpmrc = process.env.npm_config_userconfig ?? join(homedir(), '.npmrc')
  if (existsSync(userNpmrc)) env.npm_config_userconfig = userNpmrc
  // How this machine reaches the registry: proxies, extra CA certificates.
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(https?_proxy|no_proxy|node_extra_ca_certs|ssl_cert_(file|dir)|npm_config_(registry|cafile|strict_ssl))$/i.test(key)) env[key] = value
  }

  return env
}

/** Create the host in a new temporary directory and install its packages from the registry. */
export async function createHost(): Promise<Host> {
  const root = mkdtempSync(join(tmpdir(), 'host-cli-'))
  const home = join(root, 'home')
  mkdirSync(join(root, 'bin'), {recursive: true})
  mkdirSync(home)
  const packageJson = {
    bin: {tool: './bin/run.js'},
    name: 'tool',
    oclif: {
      bin: 'tool',
      dirname: 'tool',
      plugins: ['@oclif/plugin-help', '@oclif/plugin-plugins', '@oclif/plugin-autocomplete'],
      topicSeparator: ' ',
    },
    private: true,
    type: 'module',
    version: '1.0.0',
  }
  writeFileSync(join(root, 'package.json'), `${JSON.stringify(packageJson, null, 2)}\n`)
  const bin = join(root, 'bin', 'run.js')
  writeFileSync(bin, "#!/usr/bin/env node\nimport {execute} from '@oclif/core'\n\nawait execute({dir: import.meta.url})\n", {mode: 0o755})
  const env = hostEnv(home)
  try {
    await runOrFail('npm', ['install', '--no-audit', '--no-fund', ...HOST_PACKAGES], {cwd: root, env, timeoutMs: 240_000})
  } catch (error) {
    rmSync(root, {force: true, recursive: true})
    throw error
  }

  return {bin, cacheDir: join(home, 'cache', 'tool'), configDir: join(home, 'config', 'tool'), dataDir: join(home, 'data', 'tool'), env, root}
}

/** `tool ARGS…` with the host's environment (plus extra variables). */
export function tool(host: Host, args: string[], extra: NodeJS.ProcessEnv = {}, timeoutMs = 60_000): Promise<RunResult> {
  return run(process.execPath, [host.bin, ...args], {cwd: host.root, env: {...host.env, ...extra}, timeoutMs})
}

/** `npm pack` a package directory into `destination`; returns the tarball's path. */
export async function pack(directory: string, destination: string, env: NodeJS.ProcessEnv): Promise<string> {
  const {stdout} = await runOrFail('npm', ['pack', '--json', '--pack-destination', destination], {cwd: directory, env})
  const [{filename}] = JSON.parse(stdout) as [{filename: string}]
  return join(destination, filename)
}

/** The sibling fixture compiled against the built dist/index.d.ts (the packed types), then packed. */
export async function packSibling(destination: string, env: NodeJS.ProcessEnv): Promise<string> {
  const directory = join(destination, 'sibling-plugin')
  const tsc = join(REPO, 'node_modules', 'typescript', 'bin', 'tsc')
  await runOrFail(process.execPath, [tsc, '-p', join(SIBLING_FIXTURE, 'tsconfig.json'), '--outDir', join(directory, 'dist')], {env})
  copyFileSync(join(SIBLING_FIXTURE, 'package.json'), join(directory, 'package.json'))
  return pack(directory, destination, env)
}
