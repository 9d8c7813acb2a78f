/** Quoting and naming for the generated completion code. */
import {expect} from 'chai'

import {anyCasePattern, shellIdentifier} from '../../../src/lib/completion/shell-words.ts'

describe('shell words', () => {
  it('shellIdentifier: a bin name as part of a variable or function name', () => {
    expect(shellIdentifier('proton')).to.equal('proton')
    expect(shellIdentifier('my-cli.v2')).to.equal('my_cli_v2')
  })

  it('anyCasePattern: a case pattern for the word in any letter case', () => {
    expect(anyCasePattern('GET')).to.equal('[Gg][Ee][Tt]')
    expect(anyCasePattern('a-1')).to.equal('[Aa]-1')
  })
})
