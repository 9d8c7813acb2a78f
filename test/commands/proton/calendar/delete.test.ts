/**
 * proton calendar delete in-process (nock). Its question on a terminal, and its refusal without one, are
 * test/e2e/mailbox-requests.test.ts's: in-process, standard input is the test runner's.
 */
import {expect} from 'chai'
import nock from 'nock'

import {API, proton, useInProcessService} from '../../../helpers/in-process.ts'

describe('proton calendar delete (in-process, nock)', () => {
  useInProcessService()

  it('--yes: one DELETE per ID, the ID percent-encoded as one segment; the deleted IDs on stdout, the first failure’s status', async () => {
    nock(API)
      .get('/api/calendar/v1')
      .reply(200, JSON.stringify({Code: 1000, Calendars: [{ID: 'c1==', Members: [{Name: 'Home'}]}]}))
      .delete('/api/calendar/v1/c1==')
      .reply(200, '{"Code":1000}')
      .delete('/api/calendar/v1/a%20b')
      .reply(404, '{"Code":2501,"Error":"Calendar does not exist"}')
    const result = await proton(['calendar', 'delete', 'c1==', 'a b', '--yes'])
    expect(result).to.deep.equal({
      exit: 3,
      stderr: 'Deleted calendar c1==.\nError: calendar a b: HTTP 404 Not Found, Code 2501 NOT_FOUND_ERROR: Calendar does not exist\n',
      stdout: 'c1==\n',
    })
  })

  it('a name, ignoring case, as --calendar takes it: looked up, then its ID deleted', async () => {
    nock(API)
      .get('/api/calendar/v1')
      .reply(
        200,
        JSON.stringify({
          Code: 1000,
          Calendars: [
            {ID: 'c1==', Members: [{Name: 'Work'}]},
            {ID: 'c2', Members: [{Name: 'Home'}]},
          ],
        }),
      )
      .delete('/api/calendar/v1/c1==')
      .reply(200, '{"Code":1000}')
    const result = await proton(['calendar', 'delete', 'work', '--yes'])
    expect(result).to.deep.equal({exit: 0, stderr: 'Deleted calendar c1==.\n', stdout: 'c1==\n'})
  })

  it('--dry-run: the names looked up (GET), the DELETE printed, nothing sent, nothing asked', async () => {
    nock(API)
      .get('/api/calendar/v1')
      .reply(200, JSON.stringify({Code: 1000, Calendars: [{ID: 'c1', Members: [{Name: 'Home'}]}]}))
    const result = await proton(['calendar', 'delete', 'c1', '--dry-run'])
    expect(result).to.deep.equal({exit: 0, stderr: 'Dry run: the request was not sent.\n', stdout: 'DELETE https://mail.proton.me/api/calendar/v1/c1\n'})
  })
})
