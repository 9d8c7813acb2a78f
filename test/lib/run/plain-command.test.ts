/** execute: a command's plain function run on a parsed line, the exit status out. */
import {expect} from 'chai'

import {mailList} from '../../../src/lib/mail/commands/list.ts'
import {execute} from '../../../src/lib/run/plain-command.ts'
import {parsedLine, plainCommandSuite, testRun} from '../../helpers/invocation.ts'

describe('plain commands', () => {
  const suite = plainCommandSuite()

  it('a line whose values do not have their flags’ types is an internal error, not a run', async () => {
    const run = testRun(suite.home)
    expect(await execute(mailList, run.invocation, parsedLine({page: '2', 'page-size': 1}))).to.equal(1)
    expect(run.stderr()).to.equal('Error: internal: --page should be an integer, the parser gave "2"\n')
    expect(suite.server.requests).to.deep.equal([])
  })
})
