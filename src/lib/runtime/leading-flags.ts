/**
 * `proton --profile work api GET /x`: oclif looks for the command id first
 * and would take `--profile` for it. Global flags written before the
 * command are moved behind it (before a `--`, if any), where oclif parses
 * them.
 */
import {GLOBAL_FLAGS} from './global-flags.ts'

export const VALUED_GLOBAL_FLAGS: ReadonlySet<string> = new Set(GLOBAL_FLAGS.filter((flag) => flag.kind !== 'boolean').map((flag) => `--${flag.name}`))
export const BOOLEAN_GLOBAL_FLAGS: ReadonlySet<string> = new Set(GLOBAL_FLAGS.filter((flag) => flag.kind === 'boolean').map((flag) => `--${flag.name}`))

export function moveLeadingGlobalFlags(argv: readonly string[]): string[] {
  const moved: string[] = []
  let index = 0
  while (index < argv.length) {
    const arg = argv[index]
    const name = arg.split('=', 1)[0]
    if (BOOLEAN_GLOBAL_FLAGS.has(arg) || (VALUED_GLOBAL_FLAGS.has(name) && arg.includes('='))) {
      moved.push(arg)
      index += 1
    } else if (VALUED_GLOBAL_FLAGS.has(arg) && index + 1 < argv.length) {
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
