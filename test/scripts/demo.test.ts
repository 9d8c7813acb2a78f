/** The README's main-job command, run exactly as written there. */
import {expect} from 'chai'
import {spawnSync} from 'node:child_process'
import {fileURLToPath} from 'node:url'

describe('npm run demo (the README’s main job)', function () {
  this.timeout(180_000)

  it('runs every usage form against the sandbox and exits 0', () => {
    const result = spawnSync('npm', ['run', 'demo'], {cwd: fileURLToPath(new URL('../..', import.meta.url)), encoding: 'utf8', timeout: 170_000})
    expect(result.status, `${result.stdout}\n${result.stderr}`).to.equal(0)
    expect(result.stdout).to.match(/All \d+ calls behaved as documented\./)
    expect(result.stdout).to.match(/a temporary XDG_CONFIG_HOME; your own sessions are not touched/)
    expect(result.stdout).to.not.match(/✗/)
  })
})
