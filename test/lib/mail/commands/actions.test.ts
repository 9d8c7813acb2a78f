/**
 * The mail actions and list as plain functions, in-process: IDs read from
 * the invocation's own standard input, and tables fitted to the width.
 */
import {expect} from 'chai'

import {mailTrash} from '../../../../src/lib/mail/commands/actions.ts'
import {mailList} from '../../../../src/lib/mail/commands/list.ts'
import {execute} from '../../../../src/lib/run/plain-command.ts'
import {parsedLine, plainCommandSuite, testRun} from '../../../helpers/invocation.ts'
import {json} from '../../../helpers/scripted-server.ts'
const ID = `${'Zz9_-'.repeat(17)}abc==`

describe('mail actions and list (plain functions)', () => {
  const suite = plainCommandSuite()

  it('mail trash reads the IDs from the invocation’s standard input when none are given', async () => {
    suite.server.handle(json(200, '{"Code":1001,"Responses":[{"ID":"a","Response":{"Code":1000}},{"ID":"b","Response":{"Code":1000}}]}'))
    const run = testRun(suite.home, {stdin: 'a\nb\n'})
    expect(await execute(mailTrash, run.invocation, parsedLine({'dry-run': false}))).to.equal(0)
    expect(suite.server.requests.map((request) => request.body.toString())).to.deep.equal(['{"LabelID":"3","IDs":["a","b"]}'])
    expect([run.stdout(), run.stderr()]).to.deep.equal(['', 'Moved 2 messages to trash.\n'])
  })

  it('mail trash refuses a line of standard input holding C1 (U+009B), shown escaped; nothing sent', async () => {
    const run = testRun(suite.home, {stdin: 'a\nb\u009b2Jc\n'})
    expect(await execute(mailTrash, run.invocation, parsedLine({'dry-run': false}))).to.equal(1)
    expect(run.stderr()).to.equal(String.raw`Error: line 2 of standard input is not a message ID: "b\u009b2Jc" (one ID per line)` + '\n')
    expect(suite.server.requests).to.deep.equal([])
  })

  it('mail list fits 80 columns on a terminal (the ID gives way first); piped, whole values', async () => {
    const subject = 'A subject that goes on and on, past an 80-column terminal'
    suite.server.handle(
      json(200, JSON.stringify({Code: 1000, Messages: [{ID, Sender: {Address: 'someone@example.test', Name: 'Someone'}, Subject: subject, Time: 1_735_689_600, Unread: 1}], Total: 1})),
    )
    const narrow = testRun(suite.home, {terminal: true})
    expect(await execute(mailList, narrow.invocation, parsedLine({page: 1, 'page-size': 50}))).to.equal(0)
    const lines = narrow.stdout().trimEnd().split('\n')
    for (const text of lines) expect([...text].length, text).to.be.at.most(80)
    expect(lines[1]).to.match(/^Zz9_-Zz9_-Z\S*… {2}2025-01-01 00:00 {2}\S.*… {2}A subject.*… {2}\*$/)
    const piped = testRun(suite.home, {env: {COLUMNS: '20'}})
    expect(await execute(mailList, piped.invocation, parsedLine({page: 1, 'page-size': 50}))).to.equal(0)
    expect(piped.stdout()).to.equal(`${ID}\t2025-01-01T00:00:00+00:00\tSomeone <someone@example.test>\t${subject}\t*\n`)
  })
})
