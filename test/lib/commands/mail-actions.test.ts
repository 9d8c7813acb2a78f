/**
 * The mail actions and list as plain functions, in-process: IDs read from
 * the invocation's own standard input, and tables fitted to the width.
 */
import {expect} from 'chai'

import {mailTrash} from '../../../src/lib/commands/mail-actions.ts'
import {mailList} from '../../../src/lib/commands/mail-list.ts'
import type {ParsedLine} from '../../../src/lib/runtime/parsed-line.ts'
import {execute} from '../../../src/lib/runtime/plain-command.ts'
import {setEnvironment, snapshotEnvironment} from '../../helpers/environment.ts'
import {testRun} from '../../helpers/invocation.ts'
import {json, type ScriptedServer, startServer} from '../../helpers/scripted-server.ts'
import {tempHome, type TempHome} from '../../helpers/session-files.ts'

const line = (flags: Record<string, unknown>, argv: string[] = []): ParsedLine => ({args: {}, argv, flags, flagsInOrder: []})
const ID = `${'Zz9_-'.repeat(17)}abc==`

describe('mail actions and list (plain functions)', () => {
  let home: TempHome
  let server: ScriptedServer
  let restore: () => void

  beforeEach(async () => {
    restore = snapshotEnvironment()
    setEnvironment({TZ: 'UTC'})
    home = tempHome()
    server = await startServer()
    await home.writeSession(server.url)
  })

  afterEach(async () => {
    await server.close()
    home.remove()
    restore()
  })

  it('mail trash reads the IDs from the invocation’s standard input when none are given', async () => {
    server.handle(json(200, '{"Code":1001,"Responses":[{"ID":"a","Response":{"Code":1000}},{"ID":"b","Response":{"Code":1000}}]}'))
    const run = testRun(home, {stdin: 'a\nb\n'})
    expect(await execute(mailTrash, run.invocation, line({'dry-run': false}))).to.equal(0)
    expect(server.requests.map((request) => request.body.toString())).to.deep.equal(['{"LabelID":"3","IDs":["a","b"]}'])
    expect([run.stdout(), run.stderr()]).to.deep.equal(['', 'Moved 2 messages to trash.\n'])
  })

  it('mail list fits 80 columns (the ID gives way first), or the $COLUMNS it is given', async () => {
    const subject = 'A subject that goes on and on, past an 80-column terminal'
    server.handle(json(200, JSON.stringify({Code: 1000, Messages: [{ID, Sender: {Address: 'someone@example.test', Name: 'Someone'}, Subject: subject, Time: 1_735_689_600, Unread: 1}], Total: 1})))
    const narrow = testRun(home, {terminal: true})
    expect(await execute(mailList, narrow.invocation, line({page: 1, 'page-size': 50}))).to.equal(0)
    const lines = narrow.stdout().trimEnd().split('\n')
    for (const text of lines) expect([...text].length, text).to.be.at.most(80)
    expect(lines[1]).to.match(/^Zz9_-Zz9_-Z… {2}2025-01-01T00:00:00\+00:00 {2}\S.*… {2}A subject.*… {2}\*$/)
    const wide = testRun(home, {env: {COLUMNS: '250'}})
    expect(await execute(mailList, wide.invocation, line({page: 1, 'page-size': 50}))).to.equal(0)
    expect(wide.stdout()).to.include(`${ID}  2025-01-01T00:00:00+00:00  Someone <someone@example.test>  ${subject}  *`)
  })
})
