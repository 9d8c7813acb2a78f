/**
 * A command line once parsed, by oclif (ProtonCommand) or by fast-parse
 * (the fast path): the same shape from both, which the commands' plain
 * functions read their options from. The readers check each value's type,
 * so what a parser produced reaches a command typed, with no cast between.
 */

export interface ParsedLine {
  /** The declared arguments by name (undefined when an optional one is left out). */
  args: Readonly<Record<string, string | undefined>>
  /** Every positional argument, in oclif's order (for commands that take a list). */
  argv: readonly string[]
  /** Flag values by name: given, from a variable, or defaults; absent when none. */
  flags: Readonly<Record<string, unknown>>
  /** Flags in the order given on the line, for flags whose relative order matters. */
  flagsInOrder: ReadonlyArray<{flag: string; input: string}>
}

/** A value of the wrong type can only come from a parser that disagrees with the definitions: a bug, not a usage error. */
function mismatch(what: string, expected: string, value: unknown): Error {
  return new TypeError(`internal: ${what} should be ${expected}, the parser gave ${JSON.stringify(value)}`)
}

export class LineReader {
  readonly line: ParsedLine

  constructor(line: ParsedLine) {
    this.line = line
  }

  /** A string flag with a default (always present). */
  string(name: string): string {
    const value = this.line.flags[name]
    if (typeof value !== 'string') throw mismatch(`--${name}`, 'a string', value)
    return value
  }

  optionalString(name: string): string | undefined {
    return this.line.flags[name] === undefined ? undefined : this.string(name)
  }

  /** A flag whose value is one of `options`. */
  option<T extends string>(name: string, options: readonly T[]): T {
    const value = this.string(name)
    const known = options.find((option) => option === value)
    if (known === undefined) throw mismatch(`--${name}`, `one of ${options.join(', ')}`, value)
    return known
  }

  integer(name: string): number {
    const value = this.line.flags[name]
    if (typeof value !== 'number' || !Number.isInteger(value)) throw mismatch(`--${name}`, 'an integer', value)
    return value
  }

  optionalInteger(name: string): number | undefined {
    return this.line.flags[name] === undefined ? undefined : this.integer(name)
  }

  /** A boolean flag: false when not given. */
  boolean(name: string): boolean {
    const value = this.line.flags[name] ?? false
    if (typeof value !== 'boolean') throw mismatch(`--${name}`, 'a boolean', value)
    return value
  }

  /** A repeatable flag: its values in order, undefined when not given. */
  strings(name: string): string[] | undefined {
    const value = this.line.flags[name]
    if (value === undefined) return undefined
    if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) throw mismatch(`--${name}`, 'a list of strings', value)
    return value
  }

  /** A required argument. */
  arg(name: string): string {
    const value = this.line.args[name]
    if (typeof value !== 'string') throw mismatch(`argument ${name}`, 'a string', value)
    return value
  }

  optionalArg(name: string): string | undefined {
    return this.line.args[name] === undefined ? undefined : this.arg(name)
  }
}
