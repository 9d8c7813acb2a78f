/**
 * Homes where `<bin> autocomplete` has generated its scripts (with our
 * block added by the postrun hook), each with a `<bin>` on PATH that records
 * every start, so a test can tell whether a TAB started the CLI:
 * - completionHome(): the standalone `proton`;
 * - hostHome(separator): a host oclif CLI `tool` (topic separator ' ' as in
 *   sf, or ':' as in heroku) whose plugins are @oclif/plugin-autocomplete
 *   and ours, our package's files copied in as `tool plugins install` puts
 *   them, so that removing them is what uninstalling does.
 * Then drive(): real bash or zsh in a pseudo-terminal, TAB pressed on each line.
 */
import {spawnSync} from 'node:child_process'
import {chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'

import {BIN, baseEnv, runBinary} from '../helpers/run-binary.ts'

const REPO = fileURLToPath(new URL('../..', import.meta.url))

export interface CompletionHome {
  bin: string
  /** Environment of the shells: private HOME and XDG directories, the recording <bin> first on PATH. */
  env: NodeJS.ProcessEnv
  cacheDir: string
  /** Where session files go: <configDir>/sessions/<profile>.json. */
  sessionsDir: string
  /** An empty directory the shells run in (file-name completion finds nothing there). */
  workDir: string
  /** How many times <bin> was started. */
  starts(): number
  /** The line a shell profile sources, as `<bin> autocomplete script SHELL` prints it. */
  profileLine(shell: Shell): Promise<string>
  remove(): void
}

export type Shell = 'bash' | 'zsh'

/** A directory with a `bin` that logs each start, then runs `command…`. */
function recordingBin(root: string, bin: string, command: string[]): {binDir: string; starts: () => number} {
  const binDir = join(root, 'bin')
  const log = join(root, `${bin}-starts.log`)
  mkdirSync(binDir, {recursive: true})
  const shim = join(binDir, bin)
  writeFileSync(shim, `#!/bin/sh\necho "$*" >> '${log}'\nexec ${command.map((word) => `'${word}'`).join(' ')} "$@"\n`)
  chmodSync(shim, 0o755)
  return {binDir, starts: () => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean).length : 0)}
}

export async function completionHome(): Promise<CompletionHome> {
  const root = mkdtempSync(join(tmpdir(), 'proton-completion-'))
  const {binDir, starts} = recordingBin(root, 'proton', [process.execPath, BIN])
  const env = baseEnv(root, {PATH: `${binDir}:${process.env.PATH ?? ''}`})
  const workDir = join(root, 'work')
  mkdirSync(workDir)
  const setup = await runBinary(['autocomplete', '--refresh-cache'], {env})
  if (setup.status !== 0) {
    rmSync(root, {force: true, recursive: true})
    throw new Error(`proton autocomplete failed: ${setup.stderr}`)
  }
  return {
    bin: 'proton',
    cacheDir: join(root, 'cache', 'proton-cli'),
    env,
    async profileLine(shell) {
      const result = await runBinary(['autocomplete', 'script', shell], {env})
      if (result.status !== 0) throw new Error(`proton autocomplete script ${shell} failed: ${result.stderr}`)
      return result.stdout.toString().trim()
    },
    remove: () => rmSync(root, {force: true, recursive: true}),
    sessionsDir: join(root, 'proton-cli', 'sessions'),
    starts,
    workDir,
  }
}

export interface HostHome extends CompletionHome {
  /** Our package as the host installed it. */
  pluginDir: string
  /** What `tool plugins uninstall` does to our files. */
  uninstallPlugin(): void
}

/**
 * The host `tool`: a package.json naming its plugins, @oclif (core,
 * autocomplete) linked from this repository; our package under
 * node_modules with its package.json, manifest and dist copied (oclif takes
 * a plugin's root from where its files really are), its dependencies linked.
 */
export async function hostHome(separator: ' ' | ':'): Promise<HostHome> {
  const root = mkdtempSync(join(tmpdir(), 'proton-completion-host-'))
  const cli = join(root, 'cli')
  const pluginDir = join(cli, 'node_modules', '@proton-cli', 'plugin-api')
  mkdirSync(pluginDir, {recursive: true})
  symlinkSync(join(REPO, 'node_modules', '@oclif'), join(cli, 'node_modules', '@oclif'))
  for (const file of ['package.json', 'oclif.manifest.json']) cpSync(join(REPO, file), join(pluginDir, file))
  cpSync(join(REPO, 'dist'), join(pluginDir, 'dist'), {recursive: true})
  symlinkSync(join(REPO, 'node_modules'), join(pluginDir, 'node_modules'))
  const plugins = ['@oclif/plugin-autocomplete', '@proton-cli/plugin-api']
  const packageJson = {
    dependencies: Object.fromEntries(plugins.map((name) => [name, '*'])),
    name: 'tool',
    oclif: {bin: 'tool', dirname: 'tool', plugins, topicSeparator: separator},
    private: true,
    type: 'module',
    version: '1.0.0',
  }
  writeFileSync(join(cli, 'package.json'), `${JSON.stringify(packageJson, null, 2)}\n`)
  writeFileSync(join(cli, 'run.js'), "import {execute} from '@oclif/core'\n\nawait execute({dir: import.meta.url})\n")
  const {binDir, starts} = recordingBin(root, 'tool', [process.execPath, join(cli, 'run.js')])
  const home = join(root, 'home')
  const workDir = join(root, 'work')
  mkdirSync(home)
  mkdirSync(workDir)
  const env = {
    ...baseEnv(home, {PATH: `${binDir}:${process.env.PATH ?? ''}`}),
    // The bash driver registers its recorder for this command.
    COMPLETE_COMMAND: 'tool',
    XDG_CACHE_HOME: join(home, 'cache'),
    XDG_CONFIG_HOME: join(home, 'config'),
    XDG_DATA_HOME: join(home, 'data'),
  }
  const tool = (args: string[]) => spawnSync(process.execPath, [join(cli, 'run.js'), ...args], {cwd: workDir, encoding: 'utf8', env, timeout: 60_000})
  const remove = () => {
    // The links first, so that removing the directory cannot reach into the repository.
    for (const link of [join(pluginDir, 'node_modules'), join(cli, 'node_modules', '@oclif')]) if (existsSync(link)) unlinkSync(link)
    rmSync(root, {force: true, recursive: true})
  }
  const setup = tool(['autocomplete', '--refresh-cache'])
  if (setup.status !== 0) {
    remove()
    throw new Error(`tool autocomplete failed: ${setup.stdout}${setup.stderr}`)
  }

  return {
    bin: 'tool',
    cacheDir: join(home, 'cache', 'tool'),
    env,
    pluginDir,
    async profileLine(shell) {
      const result = tool([...(separator === ':' ? ['autocomplete:script'] : ['autocomplete', 'script']), shell])
      if (result.status !== 0) throw new Error(`tool autocomplete script ${shell} failed: ${result.stderr}`)
      return result.stdout.trim()
    },
    remove,
    sessionsDir: join(home, 'config', 'tool', 'sessions'),
    starts,
    uninstallPlugin() {
      unlinkSync(join(pluginDir, 'node_modules'))
      rmSync(pluginDir, {force: true, recursive: true})
    },
    workDir,
  }
}

/** What one TAB did. */
export interface Completion {
  /** The candidates offered (bash: COMPREPLY; zsh: every compadd). */
  candidates: string[]
  /** The edit line after TAB. */
  line: string
  /** Whatever was written on stderr. */
  stderr: string[]
}

const DRIVERS: Record<Shell, string> = {
  bash: fileURLToPath(new URL('bash-driver.zsh', import.meta.url)),
  zsh: fileURLToPath(new URL('zsh-driver.zsh', import.meta.url)),
}

/** The driver's output: `== line` headers, then <C>, <B>, <E> lines (and <R>, the bash registration, first). */
export function parseDriverOutput(output: string): {registration?: string; results: Map<string, Completion>} {
  const results = new Map<string, Completion>()
  let registration: string | undefined
  let current: Completion | undefined
  for (const line of output.split('\n')) {
    if (line.startsWith('<R>')) registration = line.slice(3)
    else if (line.startsWith('== ')) results.set(line.slice(3), (current = {candidates: [], line: '', stderr: []}))
    else if (current && line.startsWith('<C>')) current.candidates.push(line.slice(3))
    else if (current && line.startsWith('<B>')) current.line = line.slice(3)
    else if (current && line.startsWith('<E>')) current.stderr.push(line.slice(3))
  }

  return {registration, results}
}

/** Sources the profile line in a real interactive `shell`, then types each input and presses TAB. */
export function drive(shell: Shell, home: CompletionHome, profile: string, inputs: readonly string[]): {registration?: string; results: Map<string, Completion>} {
  const errors = join(home.workDir, '..', `${shell}-stderr`)
  const result = spawnSync('zsh', ['-f', DRIVERS[shell], errors, profile, ...inputs], {cwd: home.workDir, encoding: 'utf8', env: home.env, timeout: 120_000})
  if (result.error) throw new Error(`cannot run zsh (${result.error.message}): install it, as .ci/run does`)
  if (result.status !== 0) throw new Error(`the ${shell} driver exited ${result.status}: ${result.stderr}`)
  const parsed = parseDriverOutput(result.stdout)
  for (const input of inputs) if (!parsed.results.has(input)) throw new Error(`the ${shell} driver did not report ${JSON.stringify(input)}:\n${result.stdout}`)
  return parsed
}
