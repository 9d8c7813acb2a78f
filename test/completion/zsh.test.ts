/**
 * Completion in a real zsh, driven through a pseudo-terminal by
 * zsh-driver.zsh. zsh must be installed (.ci/run installs it): without it
 * these tests fail, never skip.
 */
import {expect} from 'chai'
import {spawnSync} from 'node:child_process'
import {fileURLToPath} from 'node:url'

import {type CompletionHome, completionHome, parseCandidates, profileLine} from './setup.ts'

const DRIVER = fileURLToPath(new URL('zsh-driver.zsh', import.meta.url))

function complete(home: CompletionHome, line: string, inputs: string[]): Map<string, string[]> {
  const result = spawnSync('zsh', ['-f', DRIVER, line, ...inputs], {encoding: 'utf8', env: home.env, timeout: 30_000})
  if (result.error) throw new Error(`cannot run zsh (${result.error.message}): install it, as .ci/run does`)
  expect(result.status, result.stderr).to.equal(0)
  return parseCandidates(result.stdout)
}

describe('zsh completion (real zsh)', () => {
  let home: CompletionHome
  let line: string
  before(async () => {
    const found = spawnSync('zsh', ['-fc', 'print $ZSH_VERSION'], {encoding: 'utf8'})
    if (found.error || found.status !== 0) throw new Error('zsh is not installed: these tests need it (.ci/run installs it with apt-get)')
    home = await completionHome()
    line = await profileLine(home, 'zsh')
  })
  after(() => home?.remove())

  it('completes METHOD and the path templates of that method, without starting the CLI; flags and subcommands still complete', () => {
    expect(line).to.match(/^PROTON_AC_ZSH_SETUP_PATH=\S+\/autocomplete\/zsh_setup && test -f \$PROTON_AC_ZSH_SETUP_PATH && source \$PROTON_AC_ZSH_SETUP_PATH; # proton autocomplete setup$/)
    const before = home.starts()
    const results = complete(home, line, [
      'proton a',
      'proton api ',
      'proton api g',
      'proton api post /mail/v4/lab',
      'proton api DELETE /mail/v4/labels/',
      'proton api --output=json GET /drive/me/',
      'proton api GET /core/v4/users --q',
      'proton api spec ',
      'proton api endpoints --m',
    ])
    expect(results.get('proton a')).to.deep.equal(['account', 'api', 'auth', 'autocomplete'])
    expect(results.get('proton api ')).to.have.members(['spec', 'endpoints', 'GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'])
    expect(results.get('proton api g')).to.deep.equal(['GET'])
    expect(results.get('proton api post /mail/v4/lab')).to.deep.equal(['/mail/v4/labels'])
    expect(results.get('proton api DELETE /mail/v4/labels/')).to.deep.equal(['/mail/v4/labels/{labelID}'])
    expect(results.get('proton api --output=json GET /drive/me/')).to.have.members(['/drive/me/active', '/drive/me/settings'])
    expect(results.get('proton api GET /core/v4/users --q')).to.have.members(['--query', '--quiet'])
    expect(results.get('proton api spec ')).to.have.members(['show', 'update'])
    expect(results.get('proton api endpoints --m')).to.deep.equal(['--method'])
    expect(home.starts()).to.equal(before)
  })
})
