import {Args, Flags} from '@oclif/core'
import {expect} from 'chai'

import Api from '../../../src/commands/proton/api.ts'
import {commandTable} from '../../../src/lib/runtime/command-table.ts'

const ARGS = {method: Args.string({required: true})}

describe('commandTable: the fast path’s table from the oclif definitions', () => {
  it('describes the api command: kinds, characters, defaults, variables, constraints', async () => {
    const table = await commandTable(Api)
    expect(table.args).to.deep.equal(['method', 'endpoint'])
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
    ['a required flag', {flag: Flags.string({required: true})}],
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

  it('refuses optional arguments and non-strict commands', async () => {
    const optional = await commandTable({args: {method: Args.string()}, baseFlags: {}, flags: {}, strict: true}).catch((error: Error) => error)
    expect(String(optional)).to.match(/required single arguments/)
    const loose = await commandTable({args: ARGS, baseFlags: {}, flags: {}, strict: false}).catch((error: Error) => error)
    expect(String(loose)).to.match(/strict/)
  })
})
