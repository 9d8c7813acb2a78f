/**
 * The fast path of bin/run.js: any command of ours, run on its own, without
 * loading oclif, its config or its plugins, which are most of a cold start.
 * The line, its command id resolved as oclif does (cli/resolve-line.ts),
 * is parsed by fast-parse from the table the build wrote from the commands'
 * oclif definitions (dist/fast/commands.json, see
 * scripts/build-fast-path.js), and the command's plain function
 * (src/lib/<feature>/commands) runs on an Invocation, as the oclif command would run
 * it. Whatever the fast path does not understand completely goes to oclif.
 * Bundled at build time with each module of src/lib/<feature>/commands into
 * dist/fast/<module>.cjs, which src/launch/load.ts picks by the line's
 * command; inside a host CLI it is never used.
 */
import {existsSync} from 'node:fs'
import {join} from 'node:path'

import {standaloneNames} from '../lib/core/command-names.ts'
import {type CommandTable, fastParse} from '../lib/cli/fast-parse.ts'
import {globalFlagsWith, readGlobalFlags} from '../lib/cli/global-flags.ts'
import {Invocation} from '../lib/run/invocation.ts'
import {LineReader, type ParsedLine} from '../lib/core/parsed-line.ts'
import {execute, type PlainCommand} from '../lib/run/plain-command.ts'
import {resolveCommand} from '../lib/cli/resolve-line.ts'
import {checkSessionDirectory} from '../lib/session/directory.ts'
import {type CliNames, standaloneDirectories} from './standalone-dirs.ts'

/** dist/fast/commands.json, written at build time from the standalone manifest and the commands' oclif definitions. */
export interface FastTable extends CliNames {
  version: string
  /** Every command id of the standalone CLI, to resolve a line's id as oclif does. */
  ids: readonly string[]
  /** The commands the fast path runs: their arguments and own flags (the global ones are GLOBAL_FLAGS, --output with the command's formats). */
  commands: Readonly<Record<string, CommandTable>>
}

interface Planned {
  id: string
  line: ParsedLine
  directories: ReturnType<typeof standaloneDirectories>
}

/**
 * The run the fast path would make of this line, or undefined for oclif:
 * on Windows, with PROTON_FAST_PATH=0, with DEBUG set (oclif's debug
 * lines), with plugins a user installed (oclif loads them from the data
 * directory), for a command it does not run (auth login, sandbox, help,
 * autocomplete, a topic, an unknown id), and whenever fast-parse does not
 * understand the line completely (--help, usage errors …).
 */
export function plan(args: readonly string[], table: FastTable, env: NodeJS.ProcessEnv, resolved = resolveCommand(args, table.ids)): Planned | undefined {
  if (process.platform === 'win32' || env.PROTON_FAST_PATH === '0' || env.DEBUG) return undefined
  const {id, rest} = resolved
  const command = table.commands[id]
  if (!command) return undefined
  const line = fastParse(rest, {...command, flags: [...globalFlagsWith(command.formats), ...command.flags]}, env)
  if (!line) return undefined
  const directories = standaloneDirectories(table, env)
  if (existsSync(join(directories.dataDir, 'package.json'))) return undefined
  return {directories, id, line}
}

/**
 * Run the line (its leading global flags already moved behind the command)
 * with one of `commands`, the plain functions of this bundle by id, and
 * return undefined; or return the arguments for oclif, having done nothing.
 * `running` learns which command runs.
 */
export async function dispatch(
  args: readonly string[],
  /** What the loader resolved the line to (cli/resolve-line.ts), so it is not worked out twice. */
  resolved: ReturnType<typeof resolveCommand>,
  table: FastTable,
  commands: Readonly<Record<string, PlainCommand<unknown>>>,
  env = process.env,
  running?: (id: string) => void,
): Promise<string[] | undefined> {
  const planned = plan(args, table, env, resolved)
  const command = planned && commands[planned.id]
  if (!planned || !command) return [...args]
  running?.(planned.id)
  const {directories, line} = planned
  const context = {cacheDir: directories.cacheDir, configDir: directories.configDir, names: standaloneNames(table.bin), version: table.version}
  const invocation = new Invocation(readGlobalFlags(new LineReader(line), table.commands[planned.id].formats), context)
  // What the init hook does on oclif's path. It never stops a command and nothing the command does depends on it,
  // so it runs once the command waits, for its request as a rule, rather than before.
  const checked = new Promise<unknown>((resolve) => {
    setImmediate(() => resolve(checkSessionDirectory(join(directories.configDir, 'sessions')).catch(() => undefined)))
  })
  const status = await execute(command, invocation, line)
  await checked
  // Once everything is written, end now: what the event loop still holds (the idle keep-alive socket, a garbage
  // collection it has scheduled) changes nothing the command says, and waiting for it costs a millisecond or two.
  if (process.stdout.writableLength === 0 && process.stderr.writableLength === 0) process.exit(status)
  process.exitCode = status
  return undefined
}
