/**
 * Completion in a real bash (interactive, in a pseudo-terminal: readline
 * splits the line into COMP_WORDS itself), the profile line `proton
 * autocomplete script bash` prints sourced first. The cases are in
 * behaviour.ts, shared with zsh.
 */
import {expect} from 'chai'

import {describeCompletion} from './behaviour.ts'
import {completionHome, drive, hostHome} from './setup.ts'

describe('bash completion (real bash)', function () {
  this.timeout(120_000)

  it('is set up by the line `proton autocomplete script bash` prints, which registers our function', async () => {
    const home = await completionHome()
    try {
      const line = await home.profileLine('bash')
      expect(line).to.match(/^PROTON_AC_BASH_SETUP_PATH=\S+\/autocomplete\/bash_setup && test -f \$PROTON_AC_BASH_SETUP_PATH && source \$PROTON_AC_BASH_SETUP_PATH; # proton autocomplete setup$/)
      expect(drive('bash', home, line, []).registration).to.equal('complete -F _proton__proton_complete proton')
    } finally {
      home.remove()
    }
  })

  it('keeps the options the host registered its function with (-o default for the ":" template)', async () => {
    const home = await hostHome(':')
    try {
      expect(drive('bash', home, await home.profileLine('bash'), []).registration).to.equal('complete -o default -F _tool__proton_complete tool')
    } finally {
      home.remove()
    }
  })

  describeCompletion('bash')
})
