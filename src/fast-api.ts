/**
 * The fast path of bin/run.js for `proton api METHOD ENDPOINT …` run on its
 * own: the same parse (fast-parse.ts, from a table of the oclif
 * definitions), Invocation and raw request as the oclif command, without
 * loading oclif, its config or its plugins, which are most of a cold
 * start. Bundled with its dependencies into dist/fast/ at build time
 * (scripts/build-fast-path.js). Inside a host CLI it is never used.
 */
import {join} from 'node:path'

import {standaloneNames} from './lib/runtime/command-names.ts'
import {type CommandTable, fastParse} from './lib/runtime/fast-parse.ts'
import {api} from './lib/commands/api.ts'
import {readGlobalFlags} from './lib/runtime/global-flags.ts'
import {Invocation} from './lib/runtime/invocation.ts'
import {LineReader} from './lib/runtime/parsed-line.ts'
import {execute} from './lib/runtime/plain-command.ts'
import {checkSessionDirectory} from './lib/session/directory.ts'
import {type CliNames, standaloneDirectories} from './lib/runtime/standalone-dirs.ts'

/** dist/fast/api-command.json, written at build time from the oclif definitions. */
export interface FastPathTable extends CliNames, CommandTable {
  /** The words after `api` that name another command (`api endpoints`, `api spec …`). */
  subcommands: string[]
  version: string
}

/**
 * Run `api` with these arguments and return true; or return false, having
 * done nothing, for oclif to run the command: on Windows, with
 * PROTON_FAST_PATH=0, with DEBUG set (oclif's debug lines), for another
 * command under `api`, and whenever the line is not one fast-parse
 * understands completely (help, usage errors …).
 */
export async function runApi(argv: readonly string[], table: FastPathTable, env = process.env): Promise<boolean> {
  if (process.platform === 'win32' || env.PROTON_FAST_PATH === '0' || env.DEBUG) return false
  if (table.subcommands.includes(argv[0])) return false
  const parsed = fastParse(argv, table, env)
  if (!parsed) return false
  const {cacheDir, configDir} = standaloneDirectories(table, env)
  const line = {...parsed, argv: Object.values(parsed.args)}
  const invocation = new Invocation(readGlobalFlags(new LineReader(line)), {cacheDir, configDir, names: standaloneNames(table.bin), version: table.version})
  // What the init hook does on oclif's path; it never stops a command.
  await checkSessionDirectory(join(configDir, 'sessions')).catch(() => undefined)
  process.exitCode = await execute(api, invocation, line)

  return true
}
