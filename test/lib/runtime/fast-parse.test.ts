import {Parser} from '@oclif/core'
import {expect} from 'chai'

import Api from '../../../src/commands/proton/api.ts'
import {commandTable} from '../../../src/lib/runtime/command-table.ts'
import {type CommandTable, type FastParse, fastParse} from '../../../src/lib/runtime/fast-parse.ts'
import {setEnvironment, snapshotEnvironment} from '../../helpers/environment.ts'

/** What oclif's parser makes of a line (with the variables given), or undefined when it refuses it. */
async function oclifParse(argv: string[], env: Record<string, string>): Promise<FastParse | undefined> {
  const restore = snapshotEnvironment()
  setEnvironment({...env, OCLIF_STDIN_TIMEOUT_MS: '1'})
  try {
    const {args, flags, raw} = await Parser.parse(argv, {args: Api.args, flags: {...Api.baseFlags, ...Api.flags}, strict: true})
    const flagsInOrder = raw.flatMap((token) => (token.type === 'flag' ? [{flag: token.flag, input: token.input}] : []))
    return {args: args as Record<string, string>, flags, flagsInOrder}
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
    return state % n
  }
}

const VALUES = ['a=1', 'Name=Receipts', 'x', '', '-', '-x', '--paginate', 'json', 'yaml', 'xml', '0', '3', '01', '-1', '99999999999999999999', ' spaced value ', 'Name: v', '@file', 'ümlaut', '1e3', 'PageSize=50', 'IDs[]=a', '=x', 'k==v', '10MiB']
const VALUED = ['--body', '--input', '--output-file', '--query', '--header', '--field', '--raw-field', '--profile', '--api-url', '--app-version', '--output', '--retries', '--timeout', '--max-size', '--max-pages']
const SHORT = ['-F', '-f', '-H']
const BOOLEANS = ['--dry-run', '-i', '--include', '--paginate', '--slurp', '--silent', '--strict', '--quiet', '--verbose']
const ODD = ['--', '-', '--help', '-h', '--version', '--no-paginate', '--paginate=true', '-iF', '-ix', '--bogus', '--pag', '-Z', '-5', '--retries=-1', '-F=', '--body=']
const POSITIONALS = ['GET', 'post', '/core/v4/users', '/x?y=1', 'extra']
const ENVS: Array<Record<string, string>> = [{}, {PROTON_PROFILE: 'work'}, {PROTON_PROFILE: ''}, {PROTON_API_URL: 'http://127.0.0.1:1'}, {PROTON_APP_VERSION: 'Other@1'}]

function randomLine(random: (n: number) => number): string[] {
  const pick = <T>(list: readonly T[]): T => list[random(list.length)]
  const pieces: string[][] = []
  const positionals = [2, 2, 2, 2, 1, 3, 0][random(7)]
  for (let index = 0; index < positionals; index++) pieces.push([index === 0 ? pick(['GET', 'post', 'DELETE']) : pick(POSITIONALS)])
  for (let count = random(6); count > 0; count--) {
    const form = random(10)
    if (form < 3) pieces.push([pick(VALUED), pick(VALUES)])
    else if (form < 5) pieces.push([`${pick(VALUED)}=${pick(VALUES)}`])
    else if (form < 6) pieces.push([`${pick(SHORT)}${pick(VALUES)}`])
    else if (form < 7) pieces.push([pick(SHORT), pick(VALUES)])
    else if (form < 9) pieces.push([pick(BOOLEANS)])
    else pieces.push([pick(ODD)])
  }

  // Flags before, between and after the arguments, as people write them.
  for (let index = pieces.length - 1; index > 0; index--) {
    const other = random(index + 1)
    ;[pieces[index], pieces[other]] = [pieces[other], pieces[index]]
  }

  return pieces.flat()
}

describe('fast-parse: the fast path parses as oclif does', () => {
  let table: CommandTable
  before(async () => {
    table = await commandTable(Api)
  })

  it('agrees with oclif on every line it accepts (1500 generated lines, 5 environments)', async function () {
    this.timeout(120_000)
    const random = generator(20_261_122)
    let accepted = 0
    for (let index = 0; index < 1500; index++) {
      const argv = randomLine(random)
      const env = ENVS[index % ENVS.length]
      const fast = fastParse(argv, table, env)
      if (!fast) continue
      accepted++
      const line = `${JSON.stringify(argv)} with ${JSON.stringify(env)}`
      const oclif = await oclifParse(argv, env)
      expect(oclif, `oclif refuses ${line}`).to.not.equal(undefined)
      expect(fast, line).to.deep.equal(oclif)
    }

    // The generator is meant to hit both sides; most lines have an odd token somewhere.
    expect(accepted).to.be.greaterThan(400)
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
      expect(fast).to.deep.equal(await oclifParse(argv, {}))
    }
  })

  it('leaves help, odd tokens and broken lines to oclif', () => {
    const lines = [
      ['GET', '/x', '--help'],
      ['GET', '/x', '-h'],
      ['GET'],
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
      ['GET', '/x', '--paginate=true'],
    ]
    for (const argv of lines) expect(fastParse(argv, table, {}), JSON.stringify(argv)).to.equal(undefined)
  })

  it('reads a flag’s variable only when the flag is left out, and an empty one not at all', () => {
    expect(fastParse(['GET', '/x'], table, {PROTON_PROFILE: 'work'})?.flags.profile).to.equal('work')
    expect(fastParse(['GET', '/x', '--profile', 'home'], table, {PROTON_PROFILE: 'work'})?.flags.profile).to.equal('home')
    expect(fastParse(['GET', '/x'], table, {PROTON_PROFILE: ''})?.flags.profile).to.equal('default')
  })
})
