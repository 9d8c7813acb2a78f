/**
 * oclif's parse errors (a missing argument, an unknown flag, a bad value …)
 * as a person at a terminal should read them: one short line per problem,
 * no colour codes, then where the help is. oclif's own text runs its
 * argument list, a note on repeatable flags and "See more help" together,
 * and dims parts of it with escape codes whenever stdout is a terminal.
 * The parser's error classes are not exported, so they are recognised by
 * their fields and their (stable) wording; anything unrecognised keeps its
 * own text, one line per line.
 */
import {CliFailure, oneLine} from '../core/errors.ts'
import {EXIT} from '../core/exit-status.ts'
import {nearestFlag} from './nearest-commands.ts'

/** A command line oclif could not parse: exit 1, one stderr line per problem, then the help hint. */
export class ParseFailure extends CliFailure {
  readonly problems: string[]
  readonly hint: string

  constructor(problems: string[], hint: string) {
    super(problems.join('; '), EXIT.USAGE)
    this.name = 'ParseFailure'
    this.problems = problems
    this.hint = hint
  }
}

/** What the command declares, for naming what is missing. */
export interface Definitions {
  flags?: Record<string, {description?: string; summary?: string} | undefined>
}

// eslint-disable-next-line no-control-regex
const ANSI = /\u001B\[[\d;]*[A-Za-z]/g

/** "Path relative …" reads "path relative …" after a colon; "HTTP method" stays as it is. */
function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text[0].toLowerCase() + text.slice(1) : text
}

/** One line, for text a person typed (it may hold anything). */
function quoted(text: string): string {
  return JSON.stringify(text)
}

/** "a, b, c" as "a, b or c". */
function either(list: string): string {
  const items = list.split(/,\s*/)
  return items.length < 2 ? list : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`
}

function described(name: string, description: string | undefined): string {
  return description ? `${name} (${lowerFirst(description.trim().replace(/\.$/, ''))})` : name
}

/** One problem oclif states on one line (a validation reason, a flag's value), in our words when it is a known one. */
function restate(line: string, definitions: Definitions): string {
  let match: RegExpMatchArray | null
  if ((match = /^Missing required flag (\S+)$/.exec(line))) {
    const flag = definitions.flags?.[match[1]]
    return `missing ${described(`--${match[1]}`, flag?.summary ?? flag?.description)}`
  }

  // oclif says a conflict once from each side: named in one order, it is said once.
  if ((match = /^--([\w-]+)(?:=.*)? cannot also be provided when using --([\w-]+)$/s.exec(line))) return `--${[match[1], match[2]].sort().join(' and --')} cannot be used together`
  if ((match = /^All of the following must be provided when using --([\w-]+): (.*)$/s.exec(line))) return `--${match[1]} needs ${match[2]}`
  if ((match = /^Expected --([\w-]+)=(.*) to be one of: (.*)$/s.exec(line))) return `--${match[1]} must be ${either(match[3])}, not ${quoted(match[2])}`
  if ((match = /^Flag --([\w-]+) expects one of these values: (.*)$/s.exec(line))) return `--${match[1]} needs a value: ${either(match[2])}`
  if ((match = /^Flag --([\w-]+) expects a value$/.exec(line))) return `--${match[1]} needs a value`
  if ((match = /^Flag --([\w-]+) can only be specified once$/.exec(line))) return `--${match[1]} may be given only once`
  return lowerFirst(line)
}

/**
 * The problems in an error thrown by oclif's parser, one line each. `args`
 * of a missing-arguments error are the argument definitions, `flags` of an
 * unknown-flags error the flags as typed.
 */
export function parseProblems(error: unknown, definitions: Definitions = {}): string[] {
  // Typed text is echoed back: no control characters, and each problem once.
  return [...new Set(problemsIn(error, definitions).map((problem) => oneLine(problem)))]
}

function problemsIn(error: unknown, definitions: Definitions): string[] {
  const text = error instanceof Error ? error.message : String(error)
  const lines = text
    .replaceAll(ANSI, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && line !== 'See more help with --help')
  const [first = ''] = lines
  const fields = (error ?? {}) as {args?: unknown; flags?: unknown}

  if (/^Missing \d+ required args?\b/.test(first) && Array.isArray(fields.args)) {
    return (fields.args as Array<{description?: string; name?: string}>).map((arg) => `missing ${described((arg.name ?? 'argument').toUpperCase(), arg.description)}`)
  }

  if (/^Unexpected arguments?:/.test(first) && Array.isArray(fields.args)) {
    return (fields.args as unknown[]).map((arg) => `unexpected argument ${quoted(String(arg))}`)
  }

  if (/^Nonexistent flags?:/.test(first) && Array.isArray(fields.flags)) {
    const known = Object.keys(definitions.flags ?? {})
    return (fields.flags as unknown[]).map((flag) => {
      const meant = nearestFlag(String(flag), known)
      return `unknown flag ${String(flag)}${meant === undefined ? '' : ` (did you mean --${meant}?)`}`
    })
  }

  // A flag's own parser failed: oclif puts "Parsing --NAME" before its message.
  const parsing = /^Parsing --([\w-]+)$/.exec(first)
  if (parsing && lines.length > 1) {
    const inner = lines.slice(1).join(' ')
    const expected = /^Expected (.+) but received: (.*)$/s.exec(inner)
    return [expected ? `--${parsing[1]} must be ${expected[1]}, not ${quoted(expected[2])}` : `--${parsing[1]}: ${lowerFirst(inner)}`]
  }

  // Failed validations: a heading, then one reason per line.
  if (/^The following errors? occurred:$/.test(first) && lines.length > 1) return lines.slice(1).map((line) => restate(line, definitions))
  return lines.length > 0 ? lines.map((line) => restate(line, definitions)) : ['the command line could not be read']
}
