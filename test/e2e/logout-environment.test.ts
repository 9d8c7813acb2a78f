/**
 * auth logout with a session in the environment, through the built binary
 * against the sandbox: the profile "sandbox" (the sandbox's own login) and a
 * second real login given as PROTON_UID/PROTON_ACCESS_TOKEN. Logout ends
 * the environment's session on the service and leaves the profile's file
 * and session alone.
 */
import {expect} from 'chai'
import {readFileSync} from 'node:fs'

import {baseEnv, runBinary} from '../helpers/run-binary.ts'
import {sandboxForSuite} from '../helpers/sandbox-process.ts'

describe('auth logout with a session in the environment (built binary, sandbox)', function () {
  this.timeout(60_000)
  const suite = sandboxForSuite()

  const run = (args: string[], env: NodeJS.ProcessEnv = {}, input?: string) => runBinary(args, {env: baseEnv(suite.home.home, env), input})

  it('ends the environment’s session only: the profile’s file is byte for byte the same and still works', async () => {
    const {home, sandbox} = suite
    // A second session of the same account, given the way a CI job gives one: in the environment, with no file.
    const login = await run(['auth', 'login', 'demo', '--password-stdin', '--api-url', sandbox.url, '--profile', 'elsewhere'], {}, 'demo\n')
    expect(login.status, login.stderr).to.equal(0)
    const other = (await home.store.read('elsewhere'))!
    await home.store.remove('elsewhere')
    const environment = {PROTON_ACCESS_TOKEN: other.AccessToken, PROTON_API_URL: sandbox.url, PROTON_UID: other.UID}
    const stored = readFileSync(home.store.pathOf('sandbox'))
    expect((await home.store.read('sandbox'))!.UID).not.to.equal(other.UID)
    expect((await run(['api', 'GET', '/core/v4/users'], environment)).status).to.equal(0)

    const logout = await run(['auth', 'logout', '--profile', 'sandbox'], environment)
    expect(logout.stderr).to.equal('logged out: ended the session from PROTON_UID/PROTON_ACCESS_TOKEN; stored sessions are kept (unset those variables to log out of profile sandbox)\n')
    expect(logout.status).to.equal(0)
    expect(readFileSync(home.store.pathOf('sandbox')).equals(stored)).to.equal(true)

    const profile = await run(['api', 'GET', '/core/v4/users', '--profile', 'sandbox'])
    expect(profile.status, profile.stderr).to.equal(0)
    expect(JSON.parse(profile.stdout.toString()).User.Name).to.equal('demo')
    const revoked = await run(['api', 'GET', '/core/v4/users'], environment)
    expect(revoked.status).to.equal(2)
    expect(revoked.stderr).to.match(/^Error: HTTP 401 /)

    // Logging out of it again: the service no longer knows it, so it says so, and still touches no file.
    const again = await run(['auth', 'logout', '--profile', 'sandbox'], environment)
    expect(again.status).to.equal(2)
    expect(again.stderr).to.match(/^Error: the service did not end the session from PROTON_UID\/PROTON_ACCESS_TOKEN \(HTTP 401 .*\); no stored session was touched\n$/)
    expect(readFileSync(home.store.pathOf('sandbox')).equals(stored)).to.equal(true)
  })
})
