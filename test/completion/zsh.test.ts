/**
 * Completion in a real zsh (interactive, in a pseudo-terminal), the profile
 * line `proton autocomplete script zsh` prints sourced first. zsh must be
 * installed (.ci/run installs it): without it these tests fail, never
 * skip; the bash tests need it too, to drive bash. The cases are in
 * behaviour.ts, shared with bash.
 */
import {expect} from 'chai'
import {spawnSync} from 'node:child_process'

import {describeCompletion} from './behaviour.ts'
import {completionHome} from './setup.ts'

describe('zsh completion (real zsh)', function () {
  this.timeout(120_000)

  before(() => {
    const found = spawnSync('zsh', ['-fc', 'print $ZSH_VERSION'], {encoding: 'utf8'})
    if (found.error || found.status !== 0) throw new Error('zsh is not installed: these tests need it (.ci/run installs it with apt-get)')
  })

  it('is set up by the line `proton autocomplete script zsh` prints', async () => {
    const home = await completionHome()
    try {
      expect(await home.profileLine('zsh')).to.match(
        /^PROTON_AC_ZSH_SETUP_PATH=\S+\/autocomplete\/zsh_setup && test -f \$PROTON_AC_ZSH_SETUP_PATH && source \$PROTON_AC_ZSH_SETUP_PATH; # proton autocomplete setup$/,
      )
    } finally {
      home.remove()
    }
  })

  describeCompletion('zsh')
})
