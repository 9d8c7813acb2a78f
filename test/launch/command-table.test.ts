import {Args, Flags} from '@oclif/core'
import {expect} from 'chai'

import Api from '../../src/commands/proton/api.ts'
import {commandTable} from '../../src/launch/command-table.ts'

const ARGS = {method: Args.string({required: true})}

describe('commandTable: the fast path’s table from the oclif definitions', () => {
  it('describes the api command: kinds, characters, defaults, variables, constraints', async () => {
    const table = await commandTable(Api)
    expect(table.args).to.deep.equal([
      {name: 'method', required: true},
      {name: 'endpoint', required: false},
    ])
    expect(table.strict).to.equal(true)
    const flag = (name: string) => table.flags.find((entry) => entry.name === name)
    expect(flag('retries')).to.include({default: 3, kind: 'integer', min: 0})
    expect(flag('timeout')).to.include({kind: 'integer', min: 1})
    expect(flag('output')).to.deep.include({default: 'text', kind: 'string', options: ['text', 'json', 'yaml']})
    expect(flag('profile')).to.include({default: 'default', env: 'PROTON_PROFILE', kind: 'string'})
    expect(flag('field')).to.include({char: 'F', kind: 'string', multiple: true})
    expect(flag('include')).to.include({char: 'i', kind: 'boolean'})
    expect(flag('slurp')?.dependsOn).to.deep.equal(['paginate'])
    expect(flag('quiet')?.exclusive).to.deep.equal(['verbose'])
    expect(table.flags.map((entry) => entry.name).sort()).to.deep.equal(Object.keys({...Api.baseFlags, ...Api.flags}).sort())
  })

  // Each of these would make the fast parser differ from oclif: the build stops instead.
  const refused: Array<[string, Record<string, unknown>]> = [
    ['--no- booleans', {flag: Flags.boolean({allowNo: true})}],
    ['a boolean read from a variable', {flag: Flags.boolean({env: 'X'})}],
    ['a greedy multiple flag', {flag: Flags.string({multiple: true})}],
    ['a computed default', {flag: Flags.string({default: async () => 'x'})}],
    ['a flag with its own parse', {flag: Flags.string({parse: async (input) => input.toUpperCase()})}],
    ['aliases', {flag: Flags.string({aliases: ['other']})}],
    ['a delimiter', {flag: Flags.string({delimiter: ',', multiple: true})}],
  ]
  for (const [what, flags] of refused) {
    it(`refuses ${what}`, async () => {
      let failure: Error | undefined
      await commandTable({args: ARGS, baseFlags: {}, flags: flags as never, strict: true}).catch((error: Error) => (failure = error))
      expect(failure?.message).to.match(/flag --flag: .*fast-parse/)
    })
  }

  it('takes required flags, optional arguments that ignore standard input, and non-strict commands', async () => {
    const table = await commandTable({args: {id: Args.string({required: true}), more: Args.string({ignoreStdin: true})}, baseFlags: {}, flags: {name: Flags.string({required: true})}, strict: false})
    expect(JSON.parse(JSON.stringify(table))).to.deep.equal({
      args: [
        {name: 'id', required: true},
        {name: 'more', required: false},
      ],
      flags: [{kind: 'string', name: 'name', required: true}],
      strict: false,
    })
  })

  it('refuses an optional argument oclif would read from standard input, and one before a required one', async () => {
    const reading = await commandTable({args: {method: Args.string()}, baseFlags: {}, flags: {}, strict: true}).catch((error: Error) => error)
    expect(String(reading)).to.match(/argument method is optional without ignoreStdin/)
    const order = await commandTable({args: {first: Args.string({ignoreStdin: true}), second: Args.string({required: true})}, baseFlags: {}, flags: {}, strict: true}).catch((error: Error) => error)
    expect(String(order)).to.match(/optional arguments after the required ones/)
    const options = await commandTable({args: {method: Args.string({options: ['GET'], required: true})}, baseFlags: {}, flags: {}, strict: true}).catch((error: Error) => error)
    expect(String(options)).to.match(/without options or defaults/)
  })
})
