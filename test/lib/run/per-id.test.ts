/**
 * One request per ID (per-id.ts), in-process: what is and is not about one
 * ID. (Asking on a terminal and refusing without one: test/e2e/mailbox-requests.test.ts.)
 */
import {expect} from 'chai'

import {eachId} from '../../../src/lib/run/per-id.ts'
import {exitOf, testRun} from '../../helpers/invocation.ts'
import {json, serverForSuite} from '../../helpers/scripted-server.ts'

const DELETE = {done: (id: string) => `Deleted thing ${id}.`, noun: 'thing', request: (id: string) => ({method: 'DELETE', path: `/things/${id}`}) as const}

describe('one request per ID (per-id.ts)', () => {
  const suite = serverForSuite({
    handler: (request, response) => (request.url.endsWith('/gone') ? json(404, '{"Code":2501,"Error":"Thing does not exist"}') : json(200, '{"Code":1000}'))(request, response),
    perTest: 'server+home',
  })

  it('no session is not about an ID: its own error, exit 2, nothing sent', async () => {
    const run = testRun(suite.home)
    const failure = await eachId(run.invocation, ['a', 'b'], DELETE).then(
      () => undefined,
      (error: unknown) => error as {exitStatus: number; message: string},
    )
    expect(failure?.exitStatus).to.equal(2)
    expect(failure?.message).to.match(/^not logged in \(profile default\)/)
    expect(suite.server.requests).to.deep.equal([])
    expect(run.stderr()).to.equal('')
  })

  it('--output yaml: one document per ID, the failure’s included; the first failure’s status', async () => {
    await suite.home.writeSession(suite.server.url)
    const run = testRun(suite.home, {flags: {output: 'yaml'}})
    expect(await exitOf(eachId(run.invocation, ['a', 'gone', 'b'], DELETE))).to.equal(3)
    expect(run.stdout()).to.equal('---\nCode: 1000\n---\n---\nCode: 1000\n')
    expect(run.stderr()).to.equal('Deleted thing a.\nError: thing gone: HTTP 404 Not Found, Code 2501 NOT_FOUND_ERROR: Thing does not exist\nDeleted thing b.\n')
  })

  it('--quiet: the IDs on stdout, no confirmations', async () => {
    await suite.home.writeSession(suite.server.url)
    const run = testRun(suite.home, {flags: {quiet: true}})
    expect(await exitOf(eachId(run.invocation, ['a', 'b'], DELETE))).to.equal(0)
    expect([run.stdout(), run.stderr()]).to.deep.equal(['a\nb\n', ''])
  })
})
