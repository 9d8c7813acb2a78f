/** mail labels delete as a plain function, on an Invocation whose streams, environment and clock are the test's. */
import {expect} from 'chai'

import {mailLabelsDelete} from '../../../../src/lib/mail/commands/labels-delete.ts'
import {execute} from '../../../../src/lib/run/plain-command.ts'
import {parsedLine, plainCommandSuite, testRun} from '../../../helpers/invocation.ts'
import {json} from '../../../helpers/scripted-server.ts'

const A = 'aaaaaaaaaaaaaaaaaaaaaaaa=='
const GONE = 'gggggggggggggggggggggggg=='

describe('plain commands', () => {
  const suite = plainCommandSuite()

  it('mail labels delete: each in turn (IDs of no label sent as they are); the first failure’s status, the others still done', async () => {
    suite.server.handle((request, response) => {
      if (request.method === 'GET') return json(200, request.url.endsWith('Type=1') ? '{"Code":1000,"Labels":[{"ID":"b","Name":"Bee","Type":1}]}' : '{"Code":1000,"Labels":[]}')(request, response)
      return (request.url.endsWith(`/${GONE}`) ? json(404, '{"Code":2501,"Error":"Label does not exist"}') : json(200, '{"Code":1000}'))(request, response)
    })
    const run = testRun(suite.home)
    const status = await execute(mailLabelsDelete, run.invocation, parsedLine({'dry-run': false, yes: true}, [A, GONE, 'Bee']))
    expect(status, run.stderr()).to.equal(3)
    expect(suite.server.requests.map(({method, url}) => `${method} ${url}`)).to.deep.equal([
      'GET /core/v4/labels?Type=1',
      'GET /core/v4/labels?Type=3',
      `DELETE /core/v4/labels/${A}`,
      `DELETE /core/v4/labels/${GONE}`,
      'DELETE /core/v4/labels/b',
    ])
    expect(run.stdout()).to.equal(`${A}\nb\n`)
    expect(run.stderr()).to.equal(`Deleted label ${A}.\nError: label ${GONE}: HTTP 404 Not Found, Code 2501 NOT_FOUND_ERROR: Label does not exist\nDeleted label Bee.\n`)
  })

  it('mail labels delete: a label whose ID is no path segment ("..") refuses the whole line, exit 1, nothing deleted', async () => {
    suite.server.handle((request, response) =>
      json(200, request.url.endsWith('Type=1') ? '{"Code":1000,"Labels":[{"ID":"..","Name":"Dots","Type":1},{"ID":"b","Name":"Bee","Type":1}]}' : '{"Code":1000,"Labels":[]}')(request, response),
    )
    const run = testRun(suite.home)
    const status = await execute(mailLabelsDelete, run.invocation, parsedLine({'dry-run': false, yes: true}, [A, 'Dots', 'Bee']))
    expect(status).to.equal(1)
    expect(run.stderr()).to.equal('Error: a label ID ".." is refused: "." and ".." name a directory, not an item\n')
    expect(suite.server.requests.map(({method}) => method)).to.deep.equal(['GET', 'GET'])
  })
})
