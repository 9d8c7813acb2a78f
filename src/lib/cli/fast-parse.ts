/**
 * Parses a command line the way oclif's parser would, from a table of the
 * command's flags and arguments written at build time from the oclif
 * definitions themselves (scripts/build-fast-path.js), without loading
 * oclif. It only accepts what it understands completely: anything else
 * (help, an unknown or repeated flag, a bad value, a missing argument or
 * required flag, a flag's constraint broken) returns undefined and oclif
 * parses the line, so every usage error still comes from oclif.
 * test/lib/cli/fast-parse.test.ts checks that both parsers agree on
 * every line this one accepts, for every command.
 */
import {booleanValues} from './boolean-values.ts'
import type {FileFormat} from '../output/output.ts'
import type {ParsedLine} from '../core/parsed-line.ts'

export interface FlagEntry {
  name: string
  char?: string
  kind: 'boolean' | 'integer' | 'string'
  multiple?: boolean
  options?: readonly string[]
  default?: boolean | number | string
  env?: string
  min?: number
  max?: number
  exclusive?: readonly string[]
  dependsOn?: readonly string[]
  required?: boolean
}

export interface ArgEntry {
  name: string
  /** Optional arguments follow the required ones. */
  required: boolean
}

export interface CommandTable {
  /** The declared positional arguments, in order. */
  args: readonly ArgEntry[]
  flags: readonly FlagEntry[]
  /** False: positionals beyond the declared arguments are taken (oclif's static strict = false). */
  strict: boolean
  /** File formats the command adds to the global --output (global-flags.ts globalFlagsWith), when any. */
  formats?: readonly FileFormat[]
}

/** A token oclif might read as a flag (or as a misspelt one). */
function flagLike(token: string): boolean {
  return token.startsWith('-') && token !== '-'
}

function parseValue(entry: FlagEntry, text: string): unknown {
  if (entry.options && !entry.options.includes(text)) return undefined
  if (entry.kind !== 'integer') return text
  if (!/^\d{1,15}$/.test(text)) return undefined
  const value = Number(text)
  if ((entry.min !== undefined && value < entry.min) || (entry.max !== undefined && value > entry.max)) return undefined
  return value
}

type FlagInput = {flag: string; input: string}

/** The flag a token names, and the value written inside it (--name=value, -cvalue, -c=value). */
function flagOf(token: string, byName: ReadonlyMap<string, FlagEntry>, byChar: ReadonlyMap<string | undefined, FlagEntry>): {entry?: FlagEntry; inline?: string} {
  if (token.startsWith('--')) {
    const equals = token.indexOf('=')
    return equals === -1 ? {entry: byName.get(token.slice(2))} : {entry: byName.get(token.slice(2, equals)), inline: token.slice(equals + 1)}
  }

  return {entry: byChar.get(token[1]), inline: token.length > 2 ? token.slice(token[2] === '=' ? 3 : 2) : undefined}
}

/** The line split into flags (in their order) and positionals; undefined for anything not plainly one of them. */
function tokens(argv: readonly string[], table: CommandTable): {flagsInOrder: FlagInput[]; positionals: string[]} | undefined {
  const byName = new Map(table.flags.map((entry) => [entry.name, entry]))
  const byChar = new Map(table.flags.filter((entry) => entry.char).map((entry) => [entry.char, entry]))
  const flagsInOrder: FlagInput[] = []
  const positionals: string[] = []
  for (let index = 0; index < argv.length; index++) {
    const token = argv[index]
    if (!flagLike(token)) {
      positionals.push(token)
      continue
    }

    // --name, --name=value, --name value; -c, -cvalue, -c=value, -c value. Nothing else (no --, no -abc bundles).
    const {entry, inline} = flagOf(token, byName, byChar)
    if (!entry) return undefined
    if (entry.kind === 'boolean') {
      if (inline !== undefined) return undefined
      flagsInOrder.push({flag: entry.name, input: token})
      continue
    }

    const value = inline ?? argv[++index]
    if (value === undefined || flagLike(value)) return undefined
    if (!entry.multiple && flagsInOrder.some(({flag}) => flag === entry.name)) return undefined
    flagsInOrder.push({flag: entry.name, input: value})
  }

  return {flagsInOrder, positionals}
}

const INVALID = Symbol('invalid')

/** A flag's value as oclif would have it: from the line, else a non-empty variable, else the default. */
function flagValue(entry: FlagEntry, inputs: readonly string[], env: NodeJS.ProcessEnv): unknown {
  if (inputs.length > 0 && entry.kind === 'boolean') return true
  if (inputs.length > 0) {
    const values = inputs.map((text) => parseValue(entry, text))
    if (values.includes(undefined)) return INVALID
    return entry.multiple ? values : values[0]
  }

  if (entry.env && env[entry.env]) {
    // oclif reads a non-empty variable for a flag left out; only string flags here have one.
    if (entry.kind !== 'string' || entry.multiple) return INVALID
    return parseValue(entry, env[entry.env] as string) ?? INVALID
  }

  return entry.default
}

/** Every flag's value, or undefined when one is invalid, missing though required, or breaks a constraint. */
function flagValues(table: CommandTable, flagsInOrder: readonly FlagInput[], env: NodeJS.ProcessEnv): Record<string, unknown> | undefined {
  const flags: Record<string, unknown> = {}
  const defaulted = new Set<string>()
  for (const entry of table.flags) {
    const inputs = flagsInOrder.filter(({flag}) => flag === entry.name).map(({input}) => input)
    const value = flagValue(entry, inputs, env)
    if (value === INVALID) return undefined
    if (value !== undefined) flags[entry.name] = value
    else if (entry.required) return undefined
    if (value !== undefined && inputs.length === 0 && !(entry.env && env[entry.env])) defaulted.add(entry.name)
  }

  // oclif checks these for every flag with a value, variables included; exclusivity not for a value that is a default.
  for (const entry of table.flags) {
    if (flags[entry.name] === undefined) continue
    if (!defaulted.has(entry.name) && entry.exclusive?.some((other) => flags[other] !== undefined && !defaulted.has(other))) return undefined
    if (entry.dependsOn?.some((other) => flags[other] === undefined)) return undefined
  }

  return flags
}

export function fastParse(given: readonly string[], table: CommandTable, env: NodeJS.ProcessEnv = process.env): ParsedLine | undefined {
  const argv = booleanValues(given, new Set(table.flags.filter((entry) => entry.kind === 'boolean').map((entry) => entry.name)))
  const split = tokens(argv, table)
  if (!split) return undefined
  const {flagsInOrder, positionals} = split
  // A missing required argument: oclif may read it from standard input, or says it is missing.
  if (table.args.some(({required}, index) => required && index >= positionals.length)) return undefined
  if (table.strict && positionals.length > table.args.length) return undefined
  const flags = flagValues(table, flagsInOrder, env)
  if (!flags) return undefined
  const args: Record<string, string> = {}
  for (const [index, {name}] of table.args.entries()) if (index < positionals.length) args[name] = positionals[index]
  // oclif lists the positionals in the order of their first occurrence on the line (repeats together).
  const ordered = positionals.map((token, index) => ({first: argv.indexOf(token), index, token}))
  ordered.sort((a, b) => a.first - b.first || a.index - b.index)
  return {args, argv: ordered.map(({token}) => token), flags, flagsInOrder}
}
