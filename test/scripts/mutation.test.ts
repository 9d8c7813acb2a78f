/**
 * `npm run mutation` on a fresh clone: what its tests import that the build makes (src/lib/generated/, git-ignored)
 * is made first, as `npm test` builds first. Stryker itself is not run here (minutes): the script's steps before it
 * are, in a copy of the repository, and then one of the mutation suite's test files that imports the generated code.
 */
import {expect} from 'chai'
import {spawnSync} from 'node:child_process'
import {existsSync, readFileSync} from 'node:fs'
import {dirname, join} from 'node:path'

import {REPO, repositoryCopy} from '../helpers/repository-copy.ts'

describe('npm run mutation', () => {
  it('on a fresh clone, makes the generated code its tests import before running stryker', function () {
    this.timeout(180_000)
    const script = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as {scripts: Record<string, string>}).scripts.mutation
    const steps = script.split('&&').map((step) => step.trim())
    expect(steps.at(-1)).to.equal('stryker run')
    const config = JSON.parse(readFileSync(join(REPO, 'stryker.config.json'), 'utf8')) as {mochaOptions: {spec: string[]}}
    expect(config.mochaOptions.spec).to.include('test/lib/crypto/*.test.ts')
    const {remove, root} = repositoryCopy({linkModules: true})
    try {
      expect(existsSync(join(root, 'src/lib/generated'))).to.equal(false)
      const env = {...process.env, PATH: `${join(REPO, 'node_modules', '.bin')}:${dirname(process.execPath)}:${process.env.PATH ?? ''}`}
      for (const step of steps.slice(0, -1)) {
        const ran = spawnSync('sh', ['-c', step], {cwd: root, encoding: 'utf8', env, timeout: 60_000})
        expect(ran.status, `${step}: ${ran.stderr}`).to.equal(0)
      }

      // login-keys.test.ts imports envelope.ts, which imports the generated envelope check.
      const tests = spawnSync('mocha', ['test/lib/account/login-keys.test.ts'], {cwd: root, encoding: 'utf8', env, timeout: 120_000})
      expect(tests.status, tests.stdout + tests.stderr).to.equal(0)
    } finally {
      remove()
    }
  })
})
