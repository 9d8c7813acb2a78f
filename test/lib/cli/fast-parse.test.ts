import {type Command, Parser} from '@oclif/core'
import {expect} from 'chai'

import Api from '../../../src/commands/proton/api.ts'
import {FAST_COMMANDS} from '../../../src/lib/cli/registry.ts'
import {commandTable} from '../../../src/launch/command-table.ts'
import {type CommandTable, fastParse, type FlagEntry} from '../../../src/lib/cli/fast-parse.ts'
import type {ParsedLine} from '../../../src/lib/core/parsed-line.ts'
import {booleanValues} from '../../../src/lib/cli/boolean-values.ts'
import {setEnvironment, snapshotEnvironment} from '../../helpers/environment.ts'

type Definitions = Pick<Command.Class, 'args' | 'baseFlags' | 'flags' | 'strict'>

/** What oclif's parser makes of a line (with the variables given), or undefined when it refuses it. */
async function oclifParse(command: Definitions, argv: string[], env: Record<string, string>): Promise<ParsedLine | undefined> {
  const restore = snapshotEnvironment()
  setEnvironment({...env, OCLIF_STDIN_TIMEOUT_MS: '1'})
  try {
    // As ProtonCommand parses a line: boolean flags given true or false taken first (boolean-values.ts).
    const all: Record<string, {type?: string}> = {...command.baseFlags, ...command.flags}
    const line = booleanValues(argv, new Set(Object.keys(all).filter((name) => all[name]?.type === 'boolean')))
    const {args, argv: positionals, flags, raw} = await Parser.parse(line, {args: command.args, flags: {...command.baseFlags, ...command.flags}, strict: command.strict})
    const flagsInOrder = raw.flatMap((token) => (token.type === 'flag' ? [{flag: token.flag, input: token.input}] : []))
    return {args: args as Record<string, string>, argv: positionals.map(String), flags, flagsInOrder}
  } catch {
    return undefined
  } finally {
    restore()
  }
}

/** A small seeded generator, so a failure names a line that can be run again. */
function generator(seed: number): (n: number) => number {
  let state = seed
  return (n) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    // The high bits: the low ones of this generator repeat with a short period.
    return Math.floor((state / 2_147_483_648) * n)
  }
}

const VALUES = [
  'a=1',
  'Name=Receipts',
  'x',
  '',
  '-',
  '-x',
  '--paginate',
  'json',
  'yaml',
  'xml',
  '0',
  '3',
  '01',
  '-1',
  '99999999999999999999',
  ' spaced value ',
  'Name: v',
  '@file',
  'ümlaut',
  '1e3',
  'PageSize=50',
  'IDs[]=a',
  '=x',
  'k==v',
  '10MiB',
]
const ODD = [
  '--',
  '-',
  '--help',
  '-h',
  '--version',
  '--no-paginate',
  '--paginate=true',
  '--paginate=false',
  '--dry-run=no',
  '-iF',
  '-ix',
  '--bogus',
  '--pag',
  '-Z',
  '-5',
  '--retries=-1',
  '-F=',
  '--body=',
  '--dry-run=yes',
]
const POSITIONALS = ['GET', 'post', '/core/v4/users', '/x?y=1', 'extra', 'abc', 'abc', 'label', 'inbox']
const ENVS: Array<Record<string, string>> = [{}, {PROTON_PROFILE: 'work'}, {PROTON_PROFILE: ''}, {PROTON_API_URL: 'http://127.0.0.1:1'}, {PROTON_APP_VERSION: 'Other@1'}]

/** Values a flag may be given, good and bad for its kind. */
function valuesFor(entry: FlagEntry): readonly string[] {
  if (entry.options) return [...entry.options, 'xml', '']
  if (entry.kind === 'integer') return ['0', '1', '3', '50', '-1', '01', '99999999999999999999', 'x']
  return VALUES
}

/** A line for this command: positionals, its flags (valid or not) in every written form, odd tokens, shuffled. */
function randomLine(random: (n: number) => number, table: CommandTable): string[] {
  const pick = <T>(list: readonly T[]): T => list[random(list.length)]
  const pieces: string[][] = []
  const declared = table.args.length
  const required = table.args.filter((arg) => arg.required).length
  // Mostly a count the command takes, sometimes one more or fewer.
  const positionals = [declared, declared, required, random(declared + 3)][random(4)]
  for (let index = 0; index < positionals; index++) pieces.push([index === 0 && table.args[0]?.name === 'method' ? pick(['GET', 'post', 'DELETE']) : pick(POSITIONALS)])
  const named = table.flags.filter((entry) => entry.kind !== 'boolean')
  const booleans = table.flags.filter((entry) => entry.kind === 'boolean')
  const chars = table.flags.filter((entry) => entry.char && entry.kind !== 'boolean')
  for (let count = random(6); count > 0; count--) {
    const form = random(10)
    const valued = pick(named)
    if (form < 3) pieces.push([`--${valued.name}`, pick(valuesFor(valued))])
    else if (form < 5) pieces.push([`--${valued.name}=${pick(valuesFor(valued))}`])
    else if (form < 6 && chars.length > 0) {
      const short = pick(chars)
      pieces.push([`-${short.char}${pick(valuesFor(short))}`])
    } else if (form < 7 && chars.length > 0) {
      const short = pick(chars)
      pieces.push([`-${short.char}`, pick(valuesFor(short))])
    } else if (form < 9 && booleans.length > 0) {
      const flag = pick(booleans)
      pieces.push([flag.char && random(2) ? `-${flag.char}` : `--${flag.name}`])
    } else pieces.push([pick(ODD)])
  }

  // Required flags, given most of the time, so that lines get past them.
  for (const entry of table.flags) if (entry.required && random(5) > 0) pieces.push([`--${entry.name}`, pick(valuesFor(entry))])
  // Flags before, between and after the arguments, as people write them.
  for (let index = pieces.length - 1; index > 0; index--) {
    const other = random(index + 1)
    ;[pieces[index], pieces[other]] = [pieces[other], pieces[index]]
  }

  return pieces.flat()
}

/** The oclif command class of a fast command (src/commands/proton/<id with slashes>.ts). */
async function commandClass(id: string): Promise<Definitions> {
  const module = (await import(`../../../src/commands/proton/${id.replaceAll(':', '/')}.ts`)) as {default: Definitions}
  return module.default
}

describe('fast-parse: every fast command parses as oclif does', () => {
  for (const id of Object.keys(FAST_COMMANDS)) {
    it(`${id}: agrees with oclif on every line it accepts (400 generated lines or more, 5 environments)`, async function () {
      this.timeout(120_000)
      const command = await commandClass(id)
      const table = await commandTable(command)
      const random = generator(20_261_122 + id.length)
      let accepted = 0
      // A command with several required flags accepts fewer random lines: more are generated, up to 2000, until 41 are.
      for (let index = 0; index < 400 || (accepted <= 40 && index < 2000); index++) {
        const argv = randomLine(random, table)
        const env = ENVS[index % ENVS.length]
        const fast = fastParse(argv, table, env)
        if (!fast) continue
        accepted++
        const line = `${id} ${JSON.stringify(argv)} with ${JSON.stringify(env)}`
        const oclif = await oclifParse(command, argv, env)
        expect(oclif, `oclif refuses ${line}`).to.not.equal(undefined)
        expect(fast, line).to.deep.equal(oclif)
      }

      // The generator is meant to hit both sides; many lines have an odd token somewhere.
      expect(accepted).to.be.greaterThan(40)
    })
  }
})

describe('fast-parse: the api command', () => {
  let table: CommandTable
  before(async () => {
    table = await commandTable(Api)
  })

  it('takes the lines scripts write', async () => {
    const lines = [
      ['GET', '/core/v4/users', '--profile', 'sandbox'],
      ['GET', '/mail/v4/messages', '-F=PageSize=50', '--paginate', '--slurp', '--output', 'json'],
      ['POST', '/mail/v4/labels', '-f', 'Name=Receipts', '-f', 'Color=#8080FF', '-F', 'Type=1', '--quiet'],
      ['POST', '/calendar/v1', '--body', '{"Name":"Work"}', '-H', 'X-Test: 1', '-i', '--retries=0', '--timeout', '30'],
      ['PUT', '/x', '--input', '-', '-HContent-Type: text/plain', '--output-file', 'out.json', '--strict', '--verbose'],
      ['DELETE', '/mail/v4/labels/abc', '--dry-run', '--api-url', 'http://127.0.0.1:9', '--app-version', 'Other'],
    ]
    for (const argv of lines) {
      const fast = fastParse(argv, table, {})
      expect(fast, JSON.stringify(argv)).to.not.equal(undefined)
      expect(fast).to.deep.equal(await oclifParse(Api, argv, {}))
    }
  })

  it('leaves help, odd tokens and broken lines to oclif', () => {
    const lines = [
      ['GET', '/x', '--help'],
      ['GET', '/x', '-h'],
      ['GET', '/x', 'extra'],
      ['GET', '/x', '--bogus'],
      ['GET', '/x', '--', '-v'],
      ['GET', '/x', '--quiet', '--verbose'],
      ['GET', '/x', '--slurp'],
      ['GET', '/x', '--output', 'xml'],
      ['GET', '/x', '--retries', '-1'],
      ['GET', '/x', '--timeout', '0'],
      ['GET', '/x', '--body', '{}', '--body', '{}'],
      ['GET', '/x', '--body'],
      ['GET', '/x', '-H', '--paginate'],
      ['GET', '/x', '-ix'],
      ['GET', '/x', '--paginate=maybe'],
    ]
    for (const argv of lines) expect(fastParse(argv, table, {}), JSON.stringify(argv)).to.equal(undefined)
  })

  it('--json, --jq and --jq-arg on the fast path; --json with --output given is oclif’s error, a defaulted --output is not', async () => {
    const lines = [
      ['GET', '/x', '--json'],
      ['GET', '/x', '--jq', '.User.Name', '--jq-arg', 'a=1', '--jq-arg=b=2'],
      ['GET', '/x', '--jq', '.', '--output', 'yaml'],
    ]
    for (const argv of lines) {
      const fast = fastParse(argv, table, {})
      expect(fast, JSON.stringify(argv)).to.not.equal(undefined)
      expect(fast).to.deep.equal(await oclifParse(Api, argv, {}))
    }

    expect(fastParse(['GET', '/x', '--jq-arg', 'a=1', '--jq-arg', 'b=2'], table, {})?.flags['jq-arg']).to.deep.equal(['a=1', 'b=2'])
    expect(fastParse(['GET', '/x', '--json', '--output', 'json'], table, {})).to.equal(undefined)
    expect(await oclifParse(Api, ['GET', '/x', '--json', '--output', 'json'], {})).to.equal(undefined)
  })

  it('reads a flag’s variable only when the flag is left out, and an empty one not at all', () => {
    expect(fastParse(['GET', '/x'], table, {PROTON_PROFILE: 'work'})?.flags.profile).to.equal('work')
    expect(fastParse(['GET', '/x', '--profile', 'home'], table, {PROTON_PROFILE: 'work'})?.flags.profile).to.equal('home')
    expect(fastParse(['GET', '/x'], table, {PROTON_PROFILE: ''})?.flags.profile).to.equal('default')
  })
})

describe('fast-parse: arguments and required flags', () => {
  it('lists the positionals of a non-strict command in oclif’s order, repeats together', async () => {
    const command = await commandClass('mail:labels:delete')
    const table = await commandTable(command)
    for (const argv of [
      ['a', 'b', 'a'],
      ['b', '--dry-run', 'a', 'b', 'c'],
      ['--output', 'x', 'y', 'x'],
    ]) {
      const fast = fastParse(argv, table, {})
      expect(fast, JSON.stringify(argv)).to.deep.equal(await oclifParse(command, argv, {}))
    }

    expect(fastParse(['a', 'b', 'a'], table, {})?.argv).to.deep.equal(['a', 'a', 'b'])
    expect(fastParse([], table, {}), 'no ID at all').to.equal(undefined)
  })

  it('takes an optional argument or its absence, and leaves a missing required flag to oclif', async () => {
    const endpoints = await commandTable(await commandClass('api:endpoints'))
    expect(fastParse([], endpoints, {})?.args).to.deep.equal({})
    expect(fastParse(['/mail/'], endpoints, {})?.args).to.deep.equal({filter: '/mail/'})
    expect(fastParse(['/mail/', 'more'], endpoints, {})).to.equal(undefined)
    const create = await commandTable(await commandClass('mail:labels:create'))
    expect(fastParse(['--name', 'N', '--color', '#8080FF'], create, {})?.flags).to.include({color: '#8080FF', name: 'N', type: 'label'})
    expect(fastParse(['--name', 'N'], create, {})).to.equal(undefined)
    expect(fastParse(['--name', '', '--color', ''], create, {})?.flags).to.include({color: '', name: ''})
  })
})
