/**
 * A command as a plain function, in the manner of the GitHub CLI's
 * commands (an options struct and a run function): its options read from
 * a parsed line, then run on an Invocation, which carries the global
 * flags, the streams, the environment and the clock. The oclif command
 * (src/commands/proton/…) is a thin adapter over it (flags, arguments,
 * help), and the fast path of bin/run.js runs the same function without
 * loading oclif. Nothing here may import @oclif/core.
 */
import {CommandExit, type Invocation} from './invocation.ts'
import {reportFailure} from './process-io.ts'
import {EXIT} from '../core/exit-status.ts'
import {LineReader, type ParsedLine} from '../core/parsed-line.ts'

export interface PlainCommand<Options> {
  /** The command's options from a parsed line (either parser's), checked against their types. */
  options(line: LineReader): Options
  /** Output on the invocation's streams; a failure is thrown (CliFailure, CommandExit) and becomes the exit status. */
  run(invocation: Invocation, options: Options): Promise<void>
}

export function plainCommand<Options>(command: PlainCommand<Options>): PlainCommand<Options> {
  return command
}

/** Run a command on a parsed line, its output prepared first (--jq compiled before anything is sent); failures thrown. */
export async function runOn(command: PlainCommand<unknown>, invocation: Invocation, line: ParsedLine): Promise<void> {
  const options = command.options(new LineReader(line))
  await invocation.prepare()
  await command.run(invocation, options)
  await invocation.finish()
}

/** Run a command on a parsed line: the exit status out, every failure reported as one stderr line. */
export async function execute(command: PlainCommand<unknown>, invocation: Invocation, line: ParsedLine): Promise<number> {
  try {
    await runOn(command, invocation, line)
    return EXIT.OK
  } catch (error) {
    return error instanceof CommandExit ? error.status : reportFailure(error, invocation.io)
  }
}
