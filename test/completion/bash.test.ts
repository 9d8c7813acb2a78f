/**
 * Completion in a real bash: the profile line `proton autocomplete script
 * bash` prints is evaluated, then the registered function is called with
 * COMP_WORDS / COMP_CWORD set as bash sets them on TAB.
 */
import {expect} from 'chai'
import {spawnSync} from 'node:child_process'
import {existsSync, rmSync} from 'node:fs'
import {join} from 'node:path'

import {runBinary} from '../helpers/run-binary.ts'
import {PUBLISHED_FILE} from '../spec/published-description.ts'
import {type CompletionHome, completionHome, parseCandidates, profileLine, quoteWords} from './setup.ts'

/** Each case is the words on the line, the last one being completed ('' after a space). */
function complete(home: CompletionHome, line: string, cases: string[][]): {registered: string; results: Map<string, string[]>} {
  const script = `${line}
registered=$(complete -p proton)
echo "registered: $registered"
fn=\${registered#*-F }; fn=\${fn%% *}
t() {
  COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMP_LINE="$*"; COMP_POINT=\${#COMP_LINE}; COMPREPLY=()
  "$fn" "$1" "\${COMP_WORDS[COMP_CWORD]}" "\${COMP_WORDS[COMP_CWORD-1]}"
  printf '== %s\\n' "$*"; printf '%s\\n' "\${COMPREPLY[@]}"
}
${cases.map((words) => `t ${quoteWords(words)}`).join('\n')}
`
  const result = spawnSync('bash', ['--norc', '--noprofile', '-c', script], {encoding: 'utf8', env: home.env, timeout: 15_000})
  expect(result.stderr).to.equal('')
  const registered = /^registered: (.*)$/m.exec(result.stdout)?.[1] ?? ''
  return {registered, results: parseCandidates(result.stdout)}
}

describe('bash completion (real bash)', () => {
  let home: CompletionHome
  let line: string
  before(async () => {
    home = await completionHome()
    line = await profileLine(home, 'bash')
  })
  after(() => home.remove())

  it('is set up by the line `proton autocomplete script bash` prints', () => {
    expect(line).to.match(/^PROTON_AC_BASH_SETUP_PATH=\S+\/autocomplete\/bash_setup && test -f \$PROTON_AC_BASH_SETUP_PATH && source \$PROTON_AC_BASH_SETUP_PATH; # proton autocomplete setup$/)
    expect(complete(home, line, []).registered).to.equal("complete -F _proton_api_complete proton")
  })

  it('completes METHOD, then the path templates of that method, without starting the CLI', () => {
    const before = home.starts()
    const {results} = complete(home, line, [
      ['proton', 'api', ''],
      ['proton', 'api', 'g'],
      ['proton', 'api', 'GET', '/mail/v4/conv'],
      ['proton', 'api', 'post', '/mail/v4/lab'],
      ['proton', 'api', 'DELETE', '/mail/v4/labels/'],
      ['proton', 'api', '--output', 'json', 'GET', '/drive/me/'],
      ['proton', 'api', '--output', '=', 'json', 'GET', '/drive/me/'],
      ['proton', 'api', '--body', ''],
    ])
    expect(results.get('proton api ')).to.deep.equal(['endpoints', 'spec', 'GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'])
    expect(results.get('proton api g')).to.deep.equal(['GET'])
    // The published description shipped with the package, as nothing is stored.
    expect(results.get('proton api GET /mail/v4/conv')).to.deep.equal(['/mail/v4/conversations', '/mail/v4/conversations/count', '/mail/v4/conversations/{conversationID}'])
    expect(results.get('proton api post /mail/v4/lab')).to.deep.equal(['/mail/v4/labels'])
    expect(results.get('proton api DELETE /mail/v4/labels/')).to.deep.equal(['/mail/v4/labels/{labelID}'])
    expect(results.get('proton api --output json GET /drive/me/')).to.deep.equal(['/drive/me/active', '/drive/me/settings'])
    expect(results.get('proton api --output = json GET /drive/me/')).to.deep.equal(['/drive/me/active', '/drive/me/settings'])
    expect(results.get('proton api --body ')).not.to.include('GET')
    expect(home.starts()).to.equal(before)
  })

  it('keeps the plugin’s command and flag completion, flags after the arguments included', () => {
    const {results} = complete(home, line, [
      ['proton', ''],
      ['proton', 'api', 'spec', ''],
      ['proton', 'api', 'endpoints', '--m'],
      ['proton', 'api', 'GET', '/core/v4/users', '--q'],
    ])
    expect(results.get('proton ')).to.include.members(['api', 'autocomplete'])
    expect(results.get('proton api spec ')).to.deep.equal(['show', 'update'])
    expect(results.get('proton api endpoints --m')).to.deep.equal(['--method'])
    expect(results.get('proton api GET /core/v4/users --q')).to.deep.equal(['--query', '--quiet'])
  })

  it('follows the description after `api spec update`, and writes a missing word list on first use', async () => {
    const update = await runBinary(['api', 'spec', 'update', '--from', PUBLISHED_FILE], {env: home.env})
    expect(update.status, update.stderr).to.equal(0)
    const updated = complete(home, line, [['proton', 'api', 'PUT', '/mail/v4/messages/r']]).results
    expect(updated.get('proton api PUT /mail/v4/messages/r')).to.deep.equal(['/mail/v4/messages/read'])

    rmSync(join(home.cacheDir, 'completion'), {force: true, recursive: true})
    const starts = home.starts()
    const first = complete(home, line, [['proton', 'api', 'PUT', '/mail/v4/messages/r'], ['proton', 'api', 'PUT', '/mail/v4/messages/unr']]).results
    expect(first.get('proton api PUT /mail/v4/messages/r')).to.deep.equal(['/mail/v4/messages/read'])
    expect(first.get('proton api PUT /mail/v4/messages/unr')).to.deep.equal(['/mail/v4/messages/unread'])
    expect(home.starts()).to.equal(starts + 1)
    expect(existsSync(join(home.cacheDir, 'completion', 'api', 'PUT'))).to.equal(true)
  })
})
