import {expect} from 'chai'

import {ProtonCommand} from '../../../src/lib/cli/oclif/base-command.ts'
import {BOOLEAN_GLOBAL_FLAGS, VALUED_GLOBAL_FLAGS} from '../../../src/lib/cli/leading-flags.ts'

describe('the global flags a line may begin with', () => {
  it('knows exactly the base command’s global flags', () => {
    const flags = Object.entries(ProtonCommand.baseFlags)
    expect([...VALUED_GLOBAL_FLAGS].sort()).to.deep.equal(
      flags
        .filter(([, flag]) => flag.type === 'option')
        .map(([name]) => `--${name}`)
        .sort(),
    )
    expect([...BOOLEAN_GLOBAL_FLAGS].sort()).to.deep.equal(
      flags
        .filter(([, flag]) => flag.type === 'boolean')
        .map(([name]) => `--${name}`)
        .sort(),
    )
  })
})
