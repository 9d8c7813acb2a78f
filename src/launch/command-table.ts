/**
 * The table fast-parse.ts reads, derived from a command's oclif flag and
 * argument definitions (at build time, by scripts/build-fast-path.js). A
 * definition that fast-parse could not follow exactly stops the build, so a
 * new flag can never make the two parsers disagree in silence.
 */
import {type Command, Flags} from '@oclif/core'

import type {CommandTable, FlagEntry} from '../lib/cli/fast-parse.ts'

const INTEGER_PARSE: unknown = Flags.integer().parse
const UNSUPPORTED = ['aliases', 'allowStdin', 'atLeastOne', 'charAliases', 'combinable', 'delimiter', 'exactlyOne', 'relationships'] as const

/** A flag or argument definition as oclif keeps it, read loosely: only the keys below matter. */
type Definition = Record<string, unknown> & {parse: (input: unknown, context: never, options: never) => Promise<unknown>; type?: string}

async function entry(name: string, flag: Definition): Promise<FlagEntry> {
  const refuse = (why: string) => new Error(`flag --${name}: ${why}; teach src/lib/cli/fast-parse.ts first`)
  const present = UNSUPPORTED.filter((key) => flag[key] !== undefined && flag[key] !== false)
  if (present.length > 0) throw refuse(`uses ${present.join(', ')}`)
  if (typeof flag.default === 'function') throw refuse('has a computed default')
  if (flag.deprecated || flag.deprecateAliases) throw refuse('is deprecated')
  const base = {
    char: flag.char as string | undefined,
    default: flag.default as FlagEntry['default'],
    dependsOn: flag.dependsOn as string[] | undefined,
    env: flag.env as string | undefined,
    exclusive: flag.exclusive as string[] | undefined,
    name,
    required: (flag.required as boolean | undefined) || undefined,
  }
  if (flag.type === 'boolean') {
    if (flag.allowNo || flag.env) throw refuse('is a boolean with --no- or a variable')
    if ((await flag.parse(true, {} as never, flag as never)) !== true) throw refuse('is a boolean with its own parse')
    return {...base, kind: 'boolean'}
  }

  if (flag.multiple && !flag.multipleNonGreedy) throw refuse('is a greedy multiple flag')
  if (flag.multiple && flag.env) throw refuse('is a multiple flag with a variable')
  if (flag.parse === INTEGER_PARSE)
    return {...base, kind: 'integer', max: flag.max as number | undefined, min: flag.min as number | undefined, multiple: (flag.multiple as boolean | undefined) || undefined}
  // Anything else must be a string flag whose value is taken as it is.
  if ((await flag.parse('probe', {} as never, flag as never)) !== 'probe') throw refuse('has its own parse')
  return {...base, kind: 'string', multiple: (flag.multiple as boolean | undefined) || undefined, options: flag.options as string[] | undefined}
}

/** The table of a command: its own flags after the base flags, as oclif merges them. */
export async function commandTable(command: Pick<Command.Class, 'args' | 'baseFlags' | 'flags' | 'strict'>): Promise<CommandTable> {
  const args = Object.entries(command.args ?? {}) as unknown as Array<[string, Definition]>
  if (args.some(([, arg]) => arg.multiple || arg.options || arg.default !== undefined)) {
    throw new Error('fast-parse only follows single arguments without options or defaults')
  }

  if (args.some(([, arg], index) => arg.required && index > 0 && !args[index - 1][1].required)) throw new Error('fast-parse only follows optional arguments after the required ones')
  // Left out, oclif reads an argument from standard input when that is not a terminal (and only waits 10 ms for it).
  const reading = args.find(([, arg]) => !arg.required && !arg.ignoreStdin)
  if (reading) throw new Error(`argument ${reading[0]} is optional without ignoreStdin: oclif may read it from standard input; teach src/lib/cli/fast-parse.ts first`)
  for (const [name, arg] of args) {
    if ((await arg.parse('probe', {} as never, arg as never)) !== 'probe') throw new Error(`argument ${name} has its own parse; teach src/lib/cli/fast-parse.ts first`)
  }

  const flags = {...command.baseFlags, ...command.flags} as unknown as Record<string, Definition>
  return {
    args: args.map(([name, arg]) => ({name, required: Boolean(arg.required)})),
    flags: await Promise.all(Object.entries(flags).map(([name, flag]) => entry(name, flag))),
    strict: command.strict !== false,
  }
}
