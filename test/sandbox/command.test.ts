/** proton sandbox as a plain function: what --write-session refuses before any server starts. */
import {expect} from 'chai'
import {readFileSync, writeFileSync} from 'node:fs'

import {sandbox} from '../../src/sandbox/command.ts'
import {execute} from '../../src/lib/run/plain-command.ts'
import {parsedLine, testRun} from '../helpers/invocation.ts'
import {tempHome, type TempHome} from '../helpers/session-files.ts'

describe('sandbox --write-session and a session that is not the sandbox’s', () => {
  let home: TempHome
  beforeEach(() => {
    home = tempHome()
  })
  afterEach(() => home.remove())

  const line = (flags: Record<string, unknown>) => parsedLine({host: '127.0.0.1', password: 'demo', 'password-stdin': false, port: 0, 'token-ttl': 3600, user: 'demo', 'write-session': true, ...flags})

  it('a real session (no SandboxSecret), or a file that cannot be read: exit 1, one line, the file untouched', async () => {
    await home.writeSession('https://mail.proton.me/api', 'work')
    const path = home.store.pathOf('work')
    const before = readFileSync(path)
    const run = testRun(home)
    expect(await execute(sandbox, run.invocation, {...line({}), args: {profile: 'work'}})).to.equal(1)
    expect(run.stderr()).to.equal(`Error: profile "work" holds a session that is not the sandbox's (${path}); --write-session would replace it: write another profile, or add --force\n`)
    expect(readFileSync(path).equals(before)).to.equal(true)
    writeFileSync(path, 'not JSON')
    const damaged = testRun(home)
    expect(await execute(sandbox, damaged.invocation, {...line({}), args: {profile: 'work'}})).to.equal(1)
    expect(damaged.stderr()).to.match(/^Error: profile "work" holds a session that is not the sandbox's/)
    expect(readFileSync(path, 'utf8')).to.equal('not JSON')
  })
})
