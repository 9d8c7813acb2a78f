/**
 * Real oclif CLIs from the npm registry as hosts of the plugin: Salesforce's
 * `sf` (topic separator a space) and `heroku` (separator `:`), each
 * installed once into the tests' cache (test/helpers/test-cache.ts); every
 * run gets a new private HOME and XDG directories beside it.
 *
 * Everything runs on this process's Node (the repo's pinned 24): the hosts'
 * plugin installers run their bundled npm with process.execPath, and the
 * host's PATH starts with that Node's directory for anything npm starts.
 */
import {spawn} from 'node:child_process'
import {copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync} from 'node:fs'
import {homedir} from 'node:os'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'

import {installOnce, privateDirectory, TEST_CACHE} from '../helpers/test-cache.ts'

export const REPO = fileURLToPath(new URL('../..', import.meta.url))
export const SIBLING_FIXTURE = join(REPO, 'test', 'fixtures', 'sibling-plugin')

export interface HostSpec {
  /** The host's bin and oclif dirname. */
  name: 'heroku' | 'sf'
  /** What npm installs: an exact version (a current one when pinned), never a range. */
  spec: string
  /** The bin script inside the install. */
  binPath: string
  separator: ' ' | ':'
  /** oclif's @oclif/plugin-autocomplete, which our postrun hook extends, or the host's own. */
  autocomplete: 'oclif' | 'own'
  /** Quiet the host's update and telemetry chatter. */
  env: NodeJS.ProcessEnv
}

export const HOSTS: readonly HostSpec[] = [
  {
    autocomplete: 'oclif',
    binPath: 'node_modules/@salesforce/cli/bin/run.js',
    env: {SF_AUTOUPDATE_DISABLE: 'true', SF_DISABLE_AUTOUPDATE: 'true', SF_DISABLE_LOG_FILE: 'true', SF_DISABLE_TELEMETRY: 'true', SF_HIDE_RELEASE_NOTES: 'true', SF_SKIP_NEW_VERSION_CHECK: 'true'},
    name: 'sf',
    separator: ' ',
    spec: '@salesforce/cli@2.150.6',
  },
  {
    autocomplete: 'own',
    binPath: 'node_modules/heroku/bin/run',
    // HEROKU_DISABLE_AUTOUPDATE: @oclif/plugin-update's init hook returns at once when its bin's DISABLE_AUTOUPDATE
    // is true (config.scopedEnvVarTrue); otherwise a fresh home makes it start a detached `heroku update
    // --autoupdate`, which outlived the tests.
    env: {DISABLE_TELEMETRY: 'true', HEROKU_DISABLE_AUTOUPDATE: 'true', HEROKU_SKIP_NEW_VERSION_CHECK: 'true'},
    name: 'heroku',
    separator: ':',
    spec: 'heroku@11.10.0',
  },
]

export interface RunResult {
  status: number | null
  stdout: string
  stderr: string
}

export interface Host extends HostSpec {
  root: string
  bin: string
  /** How many times the host's command on PATH (a shim counting its starts) was started. */
  starts(): number
  env: NodeJS.ProcessEnv
  configDir: string
  dataDir: string
  cacheDir: string
}

/** Start a program; resolve with its output once it exits (killed after timeoutMs). */
export function run(command: string, args: string[], options: {cwd?: string; env: NodeJS.ProcessEnv; input?: string; timeoutMs?: number}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {cwd: options.cwd, env: options.env, stdio: ['pipe', 'pipe', 'pipe']})
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.stdin.end(options.input ?? '')
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
 * A host's environment: a private HOME and XDG directories; the caller's
 * npm cache and user npmrc (registry, proxy) so installs behave as the
 * user's do; no PROTON_* variables.
 */
function hostEnv(home: string, extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...extra,
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
    // Node's compile cache for the host's own modules (a host start loads many; every test starts the host), kept
    // beside the installs, owner-only: later starts and runs read the compiled code instead of compiling it again.
    NODE_COMPILE_CACHE: privateDirectory(join(TEST_CACHE, 'compile-cache')),
  }
  const userNpmrc = process.env.npm_config_userconfig ?? join(homedir(), '.npmrc')
  if (existsSync(userNpmrc)) env.npm_config_userconfig = userNpmrc
  // How this machine reaches the registry: proxies, extra CA certificates.
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(https?_proxy|no_proxy|node_extra_ca_certs|ssl_cert_(file|dir)|npm_config_(registry|cafile|strict_ssl))$/i.test(key)) env[key] = value
  }

  return env
}

/** The host installed (or reused from the cache), with a new private home. */
export async function createHost(spec: HostSpec): Promise<Host> {
  const root = mkdtempSync(join(privateDirectory(TEST_CACHE), `${spec.name}-home-`))
  const home = privateDirectory(join(root, 'home'))
  const env = hostEnv(home, spec.env)
  const installed = installOnce(spec.spec, env)
  // The host's command on PATH, as a shell's completion would start it: a shim that counts its starts.
  const shims = privateDirectory(join(root, 'bin'))
  const log = join(root, 'starts.log')
  const bin = join(installed, spec.binPath)
  writeFileSync(join(shims, spec.name), `#!/bin/sh\necho "$*" >> '${log}'\nexec '${process.execPath}' '${bin}' "$@"\n`, {mode: 0o755})
  env.PATH = `${shims}:${env.PATH ?? ''}`
  const starts = () => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean).length : 0)
  const configDir = join(home, 'config', spec.name)
  // sf asks before installing a plugin Salesforce did not sign; its allow list is the documented answer.
  if (spec.name === 'sf') privateDirectory(configDir)
  return {...spec, bin, starts, cacheDir: join(home, 'cache', spec.name), configDir, dataDir: join(home, 'data', spec.name), env, root}
}

/**
 * The processes still running with this host's HOME: the ones its runs started (a host's own may detach, out of
 * reach of the pids we hold), by pid, from /proc; `except` leaves out ones the test ends itself.
 */
export function hostProcesses(host: Host, except: readonly number[] = []): number[] {
  const marker = Buffer.from(`\0HOME=${host.env.HOME}\0`)
  const found: number[] = []
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry)
    if (!Number.isInteger(pid) || pid === process.pid || except.includes(pid)) continue
    try {
      if (Buffer.concat([Buffer.from([0]), readFileSync(`/proc/${pid}/environ`)]).includes(marker)) found.push(pid)
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }

  return found
}

/** End every process this host's runs left (hostProcesses), by pid. */
export function endHostProcesses(host: Host): void {
  for (const pid of hostProcesses(host)) {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // Ended meanwhile.
    }
  }
}

/** The arguments that run command `id` (`proton:mail:list`) in this host. */
export function spell(host: HostSpec, id: string): string[] {
  return host.separator === ':' ? [id] : id.split(':')
}

/** `<host> ARGS…` with the host's environment (plus extra variables). */
export function hostRun(host: Host, args: string[], extra: NodeJS.ProcessEnv = {}, timeoutMs = 60_000): Promise<RunResult> {
  return run(process.execPath, [host.bin, ...args], {cwd: host.root, env: {...host.env, ...extra}, timeoutMs})
}

/** Command `id` (ours, the sibling's or the host's) with its arguments, spelled the host's way. */
export function hostCommand(host: Host, id: string, args: string[] = [], extra: NodeJS.ProcessEnv = {}, timeoutMs = 120_000): Promise<RunResult> {
  return hostRun(host, [...spell(host, id), ...args], extra, timeoutMs)
}

/** `<host> plugins install file:TARBALL`, allow-listed where the host asks about signatures. */
export async function installPlugin(host: Host, tarball: string): Promise<RunResult> {
  const target = `file:${tarball}`
  if (host.name === 'sf') writeFileSync(join(host.configDir, 'unsignedPluginAllowList.json'), JSON.stringify([target]))
  return hostRun(host, [...spell(host, 'plugins:install'), target], {}, 300_000)
}

/** `npm pack` a package directory (already built) into `destination`; returns the tarball's path. */
export async function pack(directory: string, destination: string, env: NodeJS.ProcessEnv): Promise<string> {
  const {stdout} = await runOrFail('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', destination], {cwd: directory, env})
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

/** The TOPICS section of a root help: name → description (continuation lines joined). */
export function helpTopics(help: string): Map<string, string> {
  const topics = new Map<string, string>()
  const section =
    help
      .split('\n\n')
      .find((part) => part.startsWith('TOPICS\n'))
      ?.slice('TOPICS\n'.length) ?? ''
  let last = ''
  for (const line of section.split('\n')) {
    const entry = /^ {2}(\S+)(?: +(.*))?$/.exec(line)
    if (entry) topics.set((last = entry[1]), entry[2] ?? '')
    else if (last) topics.set(last, `${topics.get(last)} ${line.trim()}`)
  }

  return topics
}
