/**
 * Refresh tokens rotate, so when many processes meet a 401 together only
 * one may refresh. Sixteen at once against the sandbox, which counts.
 */
import {expect} from 'chai'
import {readFileSync} from 'node:fs'

import {baseEnv, runBinary} from '../helpers/run-binary.ts'
import {sandboxFetch, sandboxForSuite} from '../helpers/sandbox-process.ts'

describe('refresh race (16 processes, built binary, sandbox)', function () {
  this.timeout(120_000)
  const suite = sandboxForSuite()

  const stats = async () => (await (await sandboxFetch(suite.sandbox, `stats`)).json()) as {Refreshes: number; RefreshesRefused: number}

  for (let round = 1; round <= 2; round++) {
    it(`all 16 succeed with exactly one refresh (round ${round})`, async () => {
      await sandboxFetch(suite.sandbox, `expire-tokens`, {method: 'POST'})
      await sandboxFetch(suite.sandbox, `stats`, {method: 'DELETE'})
      const runs = await Promise.all(Array.from({length: 16}, () => runBinary(['api', 'GET', '/core/v4/users', '--profile', 'sandbox'], {env: baseEnv(suite.home.home), timeoutMs: 60_000})))
      for (const run of runs) {
        expect(run.stderr).to.equal('')
        expect(run.status).to.equal(0)
        expect(JSON.parse(run.stdout.toString())).to.include({Code: 1000})
      }

      expect(await stats()).to.include({Refreshes: 1, RefreshesRefused: 0})
      const session = JSON.parse(readFileSync(suite.home.store.pathOf('sandbox'), 'utf8'))
      expect(session.AccessToken).to.be.a('string')
      expect(session.RefreshedAt).to.be.a('string')
    })
  }
})
