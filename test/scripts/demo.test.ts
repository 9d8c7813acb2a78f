/**
 * The README's main-job command, run exactly as written there: it shows what it claims. It runs in a copy of the
 * repository (node_modules linked): its build must not rebuild this checkout's dist/ under the files that run it.
 */
import {expect} from 'chai'
import {spawnSync, type SpawnSyncReturns} from 'node:child_process'

import {repositoryCopy} from '../helpers/repository-copy.ts'

describe('npm run demo (the README’s main job)', function () {
  this.timeout(180_000)
  let result: SpawnSyncReturns<string>

  before(() => {
    const copy = repositoryCopy({linkModules: true})
    try {
      result = spawnSync('npm', ['run', 'demo'], {cwd: copy.root, encoding: 'utf8', timeout: 170_000})
    } finally {
      copy.remove()
    }
  })

  it('runs every usage form against the sandbox and exits 0', () => {
    expect(result.status, `${result.stdout}\n${result.stderr}`).to.equal(0)
    expect(result.stdout).to.match(/All \d+ calls behaved as documented\./)
    expect(result.stdout).to.match(/a temporary XDG_CONFIG_HOME; your own sessions are not touched/)
    expect(result.stdout).to.not.match(/✗/)
  })

  it('shows each usage form of proton api, each command with its answer checked', () => {
    const commands = result.stdout.split('\n').filter((line) => line.startsWith('$ proton --profile sandbox api '))
    const shows = (form: RegExp) =>
      expect(
        commands.some((line) => form.test(line)),
        `no "proton api" line matches ${form}`,
      ).to.equal(true)
    shows(/ api GET \/core\/v4\/users$/)
    shows(/ --query Page=0 --query PageSize=25$/)
    shows(/ api POST \/calendar\/v1 --body '\{/)
    shows(/ -f Name=Receipts -f 'Color=#8080FF' -F Type=1$/)
    shows(/ --paginate -F PageSize=3$/)
    shows(/ -i$/)
    shows(/ --output-file \S+user\.json$/)
    shows(/ --input \S+label\.json -H 'Content-Type: application\/json'$/)
    shows(/ api DELETE \S+ --dry-run$/)
    shows(/ --output json$/)
    expect(result.stdout).to.match(/^ {2}stderr: HTTP\/1\.1 200 OK$/m)
    expect(result.stdout).to.match(/^ {2}curl .* -X DELETE /m)
    expect(result.stdout).to.match(/^\$ proton --profile reader mail read -- /m)
  })

  it('ends by saying how to start the sandbox yourself', () => {
    const ending = result.stdout.slice(result.stdout.lastIndexOf('behaved as documented.'))
    expect(ending).to.match(/Start the sandbox yourself/)
    expect(ending).to.match(/^ {2}bin\/proton-dev sandbox --write-session +# .*Ctrl-C stops it$/m)
    expect(ending).to.match(/^ {2}bin\/proton-dev --profile sandbox mail list +# in another terminal$/m)
  })
})
