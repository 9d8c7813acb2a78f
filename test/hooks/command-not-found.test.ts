/** The standalone `proton` with a command that does not exist, through the built binary. */
import {expect} from 'chai'

import {baseEnv, runBinary} from '../helpers/run-binary.ts'
import {type TempHome, tempHome} from '../helpers/session-files.ts'

describe('a mistyped command (command_not_found hook)', () => {
  let home: TempHome
  beforeEach(() => {
    home = tempHome()
  })
  afterEach(() => home.remove())

  it('names the nearest commands and exits 1, without prompting', async () => {
    const result = await runBinary(['mial', 'list', '--profile', 'x'], {env: baseEnv(home.home)})
    expect(result.status).to.equal(1)
    expect(result.stdout.length).to.equal(0)
    expect(result.stderr).to.equal('Error: "proton mial list" is not a command.\nDid you mean "proton mail list"?\nRun "proton help" for the list of commands.\n')
  })

  it('offers the commands a typo was of, and none for other words (mail reply is not mail read)', async () => {
    const two = await runBinary(['mail', 'lsit'], {env: baseEnv(home.home)})
    expect(two.stderr).to.include('Did you mean "proton mail list"?')
    const reply = await runBinary(['mail', 'reply'], {env: baseEnv(home.home)})
    expect(reply.stderr).to.equal('Error: "proton mail reply" is not a command.\nRun "proton help" for the list of commands.\n')
    const none = await runBinary(['frobnicate'], {env: baseEnv(home.home)})
    expect(none.status).to.equal(1)
    expect(none.stderr).to.equal('Error: "proton frobnicate" is not a command.\nRun "proton help" for the list of commands.\n')
  })

  it('"help" with a mistyped command: the same answer as the command itself, exit 1 (not oclif\'s exit 2, which is authentication\'s)', async () => {
    const direct = await runBinary(['mial', 'list'], {env: baseEnv(home.home)})
    const help = await runBinary(['help', 'mial', 'list'], {env: baseEnv(home.home)})
    expect([help.status, help.stderr, help.stdout.length]).to.deep.equal([1, direct.stderr, 0])
    const topic = await runBinary(['help', 'mail'], {env: baseEnv(home.home)})
    expect(topic.status).to.equal(0)
    expect(topic.stdout.toString()).to.include('mail list')
  })
})
