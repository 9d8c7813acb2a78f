/**
 * Homes where `<bin> autocomplete` has generated its scripts (with our
 * block added by the postrun hook), each with a `<bin>` on PATH that records
 * every start, so a test can tell whether a TAB started the CLI:
 * - completionHome(): the standalone `proton`;
 * - hostHome(separator): a host oclif CLI `tool` (topic separator ' ' as in
 *   sf, or ':' as in heroku) with commands of its own, oclif's help and
 *   autocomplete plugins, and ours installed as a user plugin, our package's
 *   files copied in as `tool plugins install` puts them, so that removing
 *   them is what uninstalling does.
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
  /** `tool ARGS…` in the home's environment. */
  tool(args: string[], extra?: NodeJS.ProcessEnv): {status: number | null; stdout: string; stderr: string}
  /** `tool --help` and `tool help` as they were before our plugin was installed (when asked for). */
  helpBefore: {flag: string; command: string}
  /** The host's root (its package.json) and its oclif directories (TOOL_DATA_DIR … point there). */
  cliDir: string
  dirs: {TOOL_CACHE_DIR: string; TOOL_CONFIG_DIR: string; TOOL_DATA_DIR: string}
}

/** The host's own words for its `drive` topic, which ours must not replace. */
export const HOST_DRIVE_TOPIC = 'The host’s own drive commands'

/** A command of the host's own, in its root plugin (plain ESM, no build). */
function hostCommand(summary: string): string {
  return `import {Command} from '@oclif/core'

export default class HostCommand extends Command {
  static summary = ${JSON.stringify(summary)}
  async run() {
    this.log(${JSON.stringify(`host: ${summary}`)})
  }
}
`
}

/**
 * The host `tool`: a package.json naming its core plugins (@oclif's help
 * and autocomplete, linked from this repository) and commands of its own
 * (`auth logout`, and `drive status` under a `drive` topic it
 * describes); our package installed as `tool plugins install` installs it, a
 * user plugin in <dataDir>/node_modules, listed in <dataDir>/package.json:
 * its package.json, manifest and dist copied (oclif takes a plugin's root
 * from where its files really are), its dependencies linked.
 */
export async function hostHome(separator: ' ' | ':', options: {helpBefore?: boolean} = {}): Promise<HostHome> {
  const root = mkdtempSync(join(tmpdir(), 'proton-completion-host-'))
  const cli = join(root, 'cli')
  const home = join(root, 'home')
  const dataDir = join(home, 'data', 'tool')
  const pluginDir = join(dataDir, 'node_modules', '@proton-cli', 'plugin-api')
  mkdirSync(join(cli, 'node_modules'), {recursive: true})
  symlinkSync(join(REPO, 'node_modules', '@oclif'), join(cli, 'node_modules', '@oclif'))
  for (const [path, summary] of [
    ['auth/logout.js', 'Log out of the host.'],
    ['drive/status.js', 'Show the host’s drive status.'],
  ]) {
    mkdirSync(join(cli, 'commands', path, '..'), {recursive: true})
    writeFileSync(join(cli, 'commands', path), hostCommand(summary))
  }

  const plugins = ['@oclif/plugin-help', '@oclif/plugin-autocomplete']
  const packageJson = {
    dependencies: Object.fromEntries(plugins.map((name) => [name, '*'])),
    name: 'tool',
    oclif: {bin: 'tool', commands: './commands', dirname: 'tool', plugins, topicSeparator: separator, topics: {drive: {description: HOST_DRIVE_TOPIC}}},
    private: true,
    type: 'module',
    version: '1.0.0',
  }
  writeFileSync(join(cli, 'package.json'), `${JSON.stringify(packageJson, null, 2)}\n`)
  writeFileSync(join(cli, 'run.js'), "import {execute} from '@oclif/core'\n\nawait execute({dir: import.meta.url})\n")
  const {binDir, starts} = recordingBin(root, 'tool', [process.execPath, join(cli, 'run.js')])
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
  const tool = (args: string[], extra: NodeJS.ProcessEnv = {}) =>
    spawnSync(process.execPath, [join(cli, 'run.js'), ...args], {cwd: workDir, encoding: 'utf8', env: {...env, ...extra}, timeout: 60_000})
  const helpBefore = options.helpBefore ? {command: tool(['help']).stdout, flag: tool(['--help']).stdout} : {command: '', flag: ''}
  mkdirSync(pluginDir, {recursive: true})
  for (const file of ['package.json', 'oclif.manifest.json']) cpSync(join(REPO, file), join(pluginDir, file))
  cpSync(join(REPO, 'dist'), join(pluginDir, 'dist'), {recursive: true})
  symlinkSync(join(REPO, 'node_modules'), join(pluginDir, 'node_modules'))
  const userPlugins = {dependencies: {'@proton-cli/plugin-api': '*'}, oclif: {plugins: [{name: '@proton-cli/plugin-api', type: 'user'}], schema: 1}, private: true}
  writeFileSync(join(dataDir, 'package.json'), `${JSON.stringify(userPlugins, null, 2)}\n`)
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
    cliDir: cli,
    dirs: {TOOL_CACHE_DIR: join(home, 'cache', 'tool'), TOOL_CONFIG_DIR: join(home, 'config', 'tool'), TOOL_DATA_DIR: dataDir},
    env,
    helpBefore,
    pluginDir,
    async profileLine(shell) {
      const result = tool([...(separator === ':' ? ['autocomplete:script'] : ['autocomplete', 'script']), shell])
      if (result.status !== 0) throw new Error(`tool autocomplete script ${shell} failed: ${result.stderr}`)
      return result.stdout.trim()
    },
    remove,
    sessionsDir: join(home, 'config', 'tool', 'sessions'),
    starts,
    tool,
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
