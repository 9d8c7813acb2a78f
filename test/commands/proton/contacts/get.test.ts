/**
 * proton contacts get in-process (nock): what is refused before anything is sent. Reading real cards against the
 * sandbox is test/e2e/contacts.test.ts's.
 */
import {expect} from 'chai'

import {proton, useInProcessService} from '../../../helpers/in-process.ts'

describe('proton contacts get (in-process, nock)', () => {
  useInProcessService()

  it('a session from PROTON_UID / PROTON_ACCESS_TOKEN carries no keys: exit 2, one line naming auth login, nothing sent', async () => {
    // nock lets no request through unmocked: one sent would fail the command with another error.
    const result = await proton(['contacts', 'get', 'alice@example.test'])
    expect(result).to.deep.equal({exit: 2, stderr: 'Error: a session from PROTON_UID / PROTON_ACCESS_TOKEN carries no keys: run "proton auth login" to use encrypted data\n', stdout: ''})
  })

  it('contacts export likewise', async () => {
    const result = await proton(['contacts', 'export'])
    expect(result.exit).to.equal(2)
    expect(result.stderr).to.match(/carries no keys/)
  })
})
