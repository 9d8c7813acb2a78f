/**
 * The commands as plain functions, in-process and without oclif: options
 * read from a parsed line, run on an Invocation whose streams, environment
 * and clock are the test's, the exit status out (execute).
 */
import {expect} from 'chai'

import {authStatus} from '../../../src/lib/commands/auth-status.ts'
import {mailLabelsDelete} from '../../../src/lib/commands/mail-labels-delete.ts'
import {mailList} from '../../../src/lib/commands/mail-list.ts'
import type {ParsedLine} from '../../../src/lib/runtime/parsed-line.ts'
import {execute} from '../../../src/lib/runtime/plain-command.ts'
import {setEnvironment, snapshotEnvironment} from '../../helpers/environment.ts'
import {testRun} from '../../helpers/invocation.ts'
import {json, type ScriptedServer, startServer} from '../../helpers/scripted-server.ts'
import {tempHome, type TempHome} from '../../helpers/session-files.ts'

const line = (flags: Record<string, unknown>, argv: string[] = []): ParsedLine => ({args: {}, argv, flags, flagsInOrder: []})

describe('plain commands', () => {
  let home: TempHome
  let server: ScriptedServer
  let restore: () => void

  beforeEach(async () => {
    // Tables show times in the process's zone (TZ), as the C library does.
    restore = snapshotEnvironment()
    setEnvironment({TZ: 'UTC'})
    home = tempHome()
    server = await startServer()
    await home.writeSession(server.url, 'default', {CreatedAt: '2025-12-30T03:04:05.000Z'})
  })

  afterEach(async () => {
    await server.close()
    home.remove()
    restore()
  })

  it('mail list: the page counted from 1 here, from 0 at the service; a table and its footer', async () => {
    server.handle(json(200, '{"Code":1000,"Total":3,"Messages":[{"ID":"m1","Time":1735689600,"Sender":{"Address":"a@b.test"},"Subject":"Hi","Unread":1}]}'))
    const run = testRun(home)
    const status = await execute(mailList, run.invocation, line({'page': 2, 'page-size': 1}))
    expect(status).to.equal(0)
    expect(server.requests[0].url).to.equal('/mail/v4/messages?Page=1&PageSize=1&LabelID=0&Sort=Time&Desc=1')
    expect(run.stdout()).to.match(/^ID +TIME +FROM +SUBJECT +UNREAD\nm1 +2025-01-01T00:00:00\+00:00 +a@b\.test +Hi +\*\npage 2 of 3, 3 messages\n$/)
  })

  it('mail labels delete: each ID in turn; the first failure’s status, the others still done', async () => {
    server.handle((request, response) => (request.url.endsWith('/gone') ? json(404, '{"Code":2501,"Error":"Label does not exist"}') : json(200, '{"Code":1000}'))(request, response))
    const run = testRun(home)
    const status = await execute(mailLabelsDelete, run.invocation, line({'dry-run': false}, ['a', 'gone', 'b']))
    expect(status).to.equal(3)
    expect(server.requests.map(({method, url}) => `${method} ${url}`)).to.deep.equal(['DELETE /core/v4/labels/a', 'DELETE /core/v4/labels/gone', 'DELETE /core/v4/labels/b'])
    expect(run.stdout()).to.equal('a\nb\n')
    expect(run.stderr()).to.equal('Deleted a.\nError: HTTP 404 Not Found, Code 2501 NOT_FOUND_ERROR: Label does not exist\nDeleted b.\n')
  })

  it('auth status: ages from the invocation’s clock', async () => {
    const run = testRun(home, {now: new Date('2026-01-02T03:04:05.000Z')})
    expect(await execute(authStatus, run.invocation, line({}))).to.equal(0)
    expect(run.stdout()).to.include('logged in       2025-12-30T03:04:05.000Z (3 days ago)\n')
  })

  it('a line whose values do not have their flags’ types is an internal error, not a run', async () => {
    const run = testRun(home)
    expect(await execute(mailList, run.invocation, line({'page': '2', 'page-size': 1}))).to.equal(1)
    expect(run.stderr()).to.equal('Error: internal: --page should be an integer, the parser gave "2"\n')
    expect(server.requests).to.deep.equal([])
  })
})
