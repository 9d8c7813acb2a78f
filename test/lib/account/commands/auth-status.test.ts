/** auth status as a plain function, on an Invocation whose streams, environment and clock are the test's. */
import {expect} from 'chai'

import {authStatus} from '../../../../src/lib/account/commands/auth-status.ts'
import {execute} from '../../../../src/lib/run/plain-command.ts'
import {parsedLine, plainCommandSuite, testRun} from '../../../helpers/invocation.ts'

describe('plain commands', () => {
  const suite = plainCommandSuite({fields: {CreatedAt: '2025-12-30T03:04:05.000Z'}})

  it('auth status: ages from the invocation’s clock', async () => {
    const run = testRun(suite.home, {now: new Date('2026-01-02T03:04:05.000Z')})
    expect(await execute(authStatus, run.invocation, parsedLine({}))).to.equal(0)
    expect(run.stdout()).to.include('logged in       2025-12-30T03:04:05.000Z (3 days ago)\n')
  })
})
