/** Quoting and naming for the generated completion code. */
import {expect} from 'chai'
import {spawnSync} from 'node:child_process'

import {anyCasePattern, shellIdentifier, shellQuote} from '../../../src/lib/completion/shell-words.ts'

describe('shell words', () => {
  it('shellQuote: one single-quoted word, whatever it holds, as bash reads it back', () => {
    expect(shellQuote('plain')).to.equal("'plain'")
    expect(shellQuote("it's")).to.equal(String.raw`'it'\''s'`)
    const hostile = `a'b "c" $HOME \`x\` \\ ; *\n`
    const echoed = spawnSync('bash', ['-c', `printf %s ${shellQuote(hostile)}`], {encoding: 'utf8'})
    expect(echoed.stdout).to.equal(hostile)
  })

  it('shellIdentifier: a bin name as part of a variable or function name', () => {
    expect(shellIdentifier('proton')).to.equal('proton')
    expect(shellIdentifier('my-cli.v2')).to.equal('my_cli_v2')
  })

  it('anyCasePattern: a case pattern for the word in any letter case', () => {
    expect(anyCasePattern('GET')).to.equal('[Gg][Ee][Tt]')
    expect(anyCasePattern('a-1')).to.equal('[Aa]-1')
  })
})
