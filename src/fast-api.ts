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
import {CommandExit, type GlobalFlags, Invocation, reportFailure} from './lib/runtime/invocation.ts'
import {fieldsInOrder, type RawRequestFlags, runRawRequest} from './lib/request/raw-request.ts'
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
  const invocation = new Invocation(parsed.flags as unknown as GlobalFlags, {cacheDir, configDir, names: standaloneNames(table.bin), version: table.version})
  const flags = parsed.flags as unknown as RawRequestFlags
  try {
    // What the init hook does on oclif's path; it never stops a command.
    await checkSessionDirectory(join(configDir, 'sessions')).catch(() => undefined)
    await runRawRequest(invocation, {endpoint: parsed.args.endpoint, fields: fieldsInOrder(parsed.flagsInOrder), flags, method: parsed.args.method})
  } catch (error) {
    process.exitCode = error instanceof CommandExit ? error.status : reportFailure(error)
  }

  return true
}
