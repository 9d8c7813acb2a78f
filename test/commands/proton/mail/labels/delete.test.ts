/** proton mail labels delete in-process (nock). */
import {expect} from 'chai'
import nock from 'nock'

import {API, proton, useInProcessService} from '../../../../helpers/in-process.ts'

describe('proton mail labels (in-process, nock)', () => {
  useInProcessService()

  describe('delete', () => {
    it('deletes one ID, printing it on stdout and a confirmation on stderr', async () => {
      nock(API).delete('/api/core/v4/labels/l1').reply(200, '{"Code":1000}')
      const result = await proton(['mail', 'labels', 'delete', 'l1'])
      expect(result).to.deep.equal({exit: 0, stderr: 'Deleted l1.\n', stdout: 'l1\n'})
    })

    it('percent-encodes an ID so it stays one path segment; a path is no ID: refused, nothing sent', async () => {
      nock(API).delete('/api/core/v4/labels/a%20b%3F%23').reply(200, '{"Code":1000}')
      expect((await proton(['mail', 'labels', 'delete', 'a b?#'])).exit).to.equal(0)
      expect(await proton(['mail', 'labels', 'delete', 'l1', 'a/../b'])).to.deep.equal({exit: 1, stderr: 'Error: a label ID "a/../b" is refused: it holds a path separator\n', stdout: ''})
    })

    it('several IDs: each is tried; the exit status is the first failure’s', async () => {
      nock(API)
        .delete('/api/core/v4/labels/gone')
        .reply(404, '{"Code":2501,"Error":"Label does not exist"}')
        .delete('/api/core/v4/labels/l1')
        .reply(200, '{"Code":1000}')
      const result = await proton(['mail', 'labels', 'delete', 'gone', 'l1'])
      expect(result).to.deep.equal({
        exit: 3,
        stderr: 'Error: HTTP 404 Not Found, Code 2501 NOT_FOUND_ERROR: Label does not exist\nDeleted l1.\n',
        stdout: 'l1\n',
      })
    })

    it('several IDs with --output json: one answer per line, errors included', async () => {
      nock(API)
        .delete('/api/core/v4/labels/l1')
        .reply(200, '{"Code":1000}')
        .delete('/api/core/v4/labels/gone')
        .reply(404, '{"Code":2501}')
      const result = await proton(['mail', 'labels', 'delete', 'l1', 'gone', '--output', 'json'])
      expect(result.exit).to.equal(3)
      expect(result.stdout).to.equal('{"Code":1000}\n{"Code":2501}\n')
    })

    it('--dry-run prints every DELETE and sends nothing', async () => {
      const result = await proton(['mail', 'labels', 'delete', 'l1', 'l2', '--dry-run'])
      expect(result).to.deep.equal({
        exit: 0,
        stderr: 'Dry run: 2 requests were not sent.\n',
        stdout: 'DELETE https://mail.proton.me/api/core/v4/labels/l1\n\nDELETE https://mail.proton.me/api/core/v4/labels/l2\n',
      })
    })

    it('needs at least one ID', async () => {
      const result = await proton(['mail', 'labels', 'delete'])
      expect(result.exit).to.equal(1)
      expect(result.stderr).to.equal('Error: missing ID (label or folder ID; several may follow)\nSee "proton mail labels delete --help".\n')
    })
  })
})
