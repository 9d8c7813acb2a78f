import {expect} from 'chai'

import {ProtonCommand} from '../../../src/lib/runtime/base-command.ts'
import {BOOLEAN_GLOBAL_FLAGS, moveLeadingGlobalFlags, VALUED_GLOBAL_FLAGS} from '../../../src/lib/runtime/leading-flags.ts'

describe('moveLeadingGlobalFlags', () => {
  it('knows exactly the base command’s global flags', () => {
    const flags = Object.entries(ProtonCommand.baseFlags)
    expect([...VALUED_GLOBAL_FLAGS].sort()).to.deep.equal(flags.filter(([, flag]) => flag.type === 'option').map(([name]) => `--${name}`).sort())
    expect([...BOOLEAN_GLOBAL_FLAGS].sort()).to.deep.equal(flags.filter(([, flag]) => flag.type === 'boolean').map(([name]) => `--${name}`).sort())
  })

  it('moves global flags written before the command behind it', () => {
    expect(moveLeadingGlobalFlags(['--profile', 'sandbox', 'api', 'GET', '/x'])).to.deep.equal(['api', 'GET', '/x', '--profile', 'sandbox'])
    expect(moveLeadingGlobalFlags(['--verbose', '--output=json', 'mail', 'labels', 'list'])).to.deep.equal(['mail', 'labels', 'list', '--verbose', '--output=json'])
    expect(moveLeadingGlobalFlags(['--quiet', 'api', 'POST', '/x', '--', '-v'])).to.deep.equal(['api', 'POST', '/x', '--quiet', '--', '-v'])
  })

  it('leaves everything else as it is', () => {
    for (const argv of [['api', 'GET', '/x', '--profile', 'a'], ['--help'], ['--version'], ['--profile'], ['--profile', 'x'], ['--bogus', 'api'], []]) {
      expect(moveLeadingGlobalFlags(argv)).to.deep.equal(argv)
    }
  })
})
