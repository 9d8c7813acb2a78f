/**
 * What a command line names, worked out before anything else is loaded
 * (src/launch/load.ts picks the bundle of the command by it): global flags
 * written before the command moved behind it, then the command id and the
 * words after it. Plain functions over the tables they are given, with no
 * imports, so the loader carries none of the modules the commands use.
 */

/** The global flags a line may begin with, as written: `--profile` and the like. */
export interface LeadingFlags {
  valued: ReadonlySet<string>
  boolean: ReadonlySet<string>
}

/**
 * `proton --profile work api GET /x`: oclif looks for the command id first
 * and would take `--profile` for it. Global flags written before the
 * command are moved behind it (before a `--`, if any), where oclif parses
 * them.
 */
export function moveLeadingFlags(argv: readonly string[], flags: LeadingFlags): string[] {
  const moved: string[] = []
  let index = 0
  while (index < argv.length) {
    const arg = argv[index]
    const name = arg.split('=', 1)[0]
    if (flags.boolean.has(arg) || (flags.valued.has(name) && arg.includes('='))) {
      moved.push(arg)
      index += 1
    } else if (flags.valued.has(arg) && index + 1 < argv.length) {
      moved.push(arg, argv[index + 1])
      index += 2
    } else {
      break
    }
  }

  if (moved.length === 0 || index === argv.length) return [...argv]
  const rest = argv.slice(index)
  const separator = rest.indexOf('--')
  return separator === -1 ? [...rest, ...moved] : [...rest.slice(0, separator), ...moved, ...rest.slice(separator)]
}

/** The command a line names and the words after it: as oclif joins words into an id while they name a command or a topic. */
export function resolveCommand(args: readonly string[], ids: readonly string[]): {id: string; rest: string[]} {
  const usable = new Set(ids.flatMap((id) => id.split(':').map((_, index, parts) => parts.slice(0, index + 1).join(':'))))
  let id = ''
  let index = 0
  for (; index < args.length; index++) {
    const next = id ? `${id}:${args[index]}` : args[index]
    if (!usable.has(next)) break
    id = next
  }

  return {id, rest: args.slice(index)}
}
