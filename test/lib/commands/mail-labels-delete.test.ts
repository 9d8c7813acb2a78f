/** mail labels delete as a plain function, on an Invocation whose streams, environment and clock are the test's. */
import {expect} from 'chai'

import {mailLabelsDelete} from '../../../src/lib/commands/mail-labels-delete.ts'
import {execute} from '../../../src/lib/runtime/plain-command.ts'
import {parsedLine, plainCommandSuite, testRun} from '../../helpers/invocation.ts'
import {json} from '../../helpers/scripted-server.ts'

describe('plain commands', () => {
  const suite = plainCommandSuite()

  it('mail labels delete: each ID in turn; the first failure’s status, the others still done', async () => {
    suite.server.handle((request, response) => (request.url.endsWith('/gone') ? json(404, '{"Code":2501,"Error":"Label does not exist"}') : json(200, '{"Code":1000}'))(request, response))
    const run = testRun(suite.home)
    const status = await execute(mailLabelsDelete, run.invocation, parsedLine({'dry-run': false}, ['a', 'gone', 'b']))
    expect(status).to.equal(3)
    expect(suite.server.requests.map(({method, url}) => `${method} ${url}`)).to.deep.equal(['DELETE /core/v4/labels/a', 'DELETE /core/v4/labels/gone', 'DELETE /core/v4/labels/b'])
    expect(run.stdout()).to.equal('a\nb\n')
    expect(run.stderr()).to.equal('Deleted a.\nError: HTTP 404 Not Found, Code 2501 NOT_FOUND_ERROR: Label does not exist\nDeleted b.\n')
  })

  it('mail labels delete: an ID that is a path (".." among others) refuses the whole line, exit 1, nothing sent', async () => {
    const run = testRun(suite.home)
    const status = await execute(mailLabelsDelete, run.invocation, parsedLine({'dry-run': false}, ['a', '..', 'b']))
    expect(status).to.equal(1)
    expect(run.stderr()).to.equal('Error: a label ID ".." is refused: "." and ".." name a directory, not an item\n')
    expect(suite.server.requests).to.deep.equal([])
  })
})
