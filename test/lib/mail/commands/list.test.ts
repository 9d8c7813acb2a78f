/** mail list as a plain function, on an Invocation whose streams, environment and clock are the test's. */
import {expect} from 'chai'

import {mailList} from '../../../../src/lib/mail/commands/list.ts'
import {execute} from '../../../../src/lib/run/plain-command.ts'
import {parsedLine, plainCommandSuite, testRun} from '../../../helpers/invocation.ts'
import {json} from '../../../helpers/scripted-server.ts'

describe('plain commands', () => {
  const suite = plainCommandSuite()

  it('mail list: the page counted from 1 here, from 0 at the service; a table and its footer', async () => {
    suite.server.handle(json(200, '{"Code":1000,"Total":3,"Messages":[{"ID":"m1","Time":1735689600,"Sender":{"Address":"a@b.test"},"Subject":"Hi","Unread":1}]}'))
    const run = testRun(suite.home, {terminal: true})
    const status = await execute(mailList, run.invocation, parsedLine({page: 2, 'page-size': 1}))
    expect(status).to.equal(0)
    expect(suite.server.requests[0].url).to.equal('/mail/v4/messages?Page=1&PageSize=1&LabelID=0&Sort=Time&Desc=1')
    expect(run.stdout()).to.match(/^ID +TIME +FROM +SUBJECT +UNREAD\nm1 +2025-01-01 00:00 +a@b\.test +Hi +\*\npage 2 of 3, 3 messages\n$/)
  })
})
