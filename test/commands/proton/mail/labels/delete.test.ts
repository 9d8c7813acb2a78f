/** proton mail labels delete in-process (nock): names, paths and IDs looked up with the label list, --yes without a terminal. */
import {expect} from 'chai'
import nock from 'nock'

import {API, proton, useInProcessService} from '../../../../helpers/in-process.ts'

const GONE = 'gone-label-000000000000000=='
const LABELS = JSON.stringify({Code: 1000, Labels: [{ID: 'l1', Name: 'Work', Path: 'Work', Type: 1}]})
const FOLDERS = JSON.stringify({
  Code: 1000,
  Labels: [
    {ID: 'f0', Name: 'Invoices', Path: 'Invoices', Type: 3},
    {ID: 'f1', Name: '2024', ParentID: 'f0', Path: 'Invoices/2024', Type: 3},
    {ID: 'a b?#', Name: 'Odd', Path: 'Odd', Type: 3},
    {ID: 'x/../y', Name: 'Evil', Path: 'Evil', Type: 3},
  ],
})

describe('proton mail labels (in-process, nock)', () => {
  useInProcessService()
  const lists = (times = 1) => nock(API).get('/api/core/v4/labels').query({Type: '1'}).times(times).reply(200, LABELS).get('/api/core/v4/labels').query({Type: '3'}).times(times).reply(200, FOLDERS)

  describe('delete', () => {
    it('deletes a label by name, printing its ID on stdout and a confirmation on stderr', async () => {
      lists()
      nock(API).delete('/api/core/v4/labels/l1').reply(200, '{"Code":1000}')
      const result = await proton(['mail', 'labels', 'delete', 'Work', '--yes'])
      expect(result).to.deep.equal({exit: 0, stderr: 'Deleted label Work.\n', stdout: 'l1\n'})
    })

    it('without a terminal and without --yes: nothing deleted, exit 1, the folders that would go counted', async () => {
      lists()
      const result = await proton(['mail', 'labels', 'delete', 'Invoices'])
      expect(result).to.deep.equal({exit: 1, stderr: 'Error: refusing to delete folder Invoices and its 1 sub-folder without confirmation: standard input is not a terminal (add --yes)\n', stdout: ''})
    })

    it('percent-encodes an ID so it stays one path segment; an ID that is a path is refused, nothing sent', async () => {
      lists(2)
      nock(API).delete('/api/core/v4/labels/a%20b%3F%23').reply(200, '{"Code":1000}')
      expect((await proton(['mail', 'labels', 'delete', 'Odd', '--yes'])).exit).to.equal(0)
      expect(await proton(['mail', 'labels', 'delete', 'Work', 'Evil', '--yes'])).to.deep.equal({exit: 1, stderr: 'Error: a label ID "x/../y" is refused: it holds a path separator\n', stdout: ''})
    })

    it('several: each is tried; an error names its label; the exit status is the first failure’s', async () => {
      lists()
      nock(API).delete(`/api/core/v4/labels/${GONE}`).reply(404, '{"Code":2501,"Error":"Label does not exist"}').delete('/api/core/v4/labels/f1').reply(200, '{"Code":1000}')
      const result = await proton(['mail', 'labels', 'delete', GONE, 'Invoices/2024', '--yes'])
      expect(result).to.deep.equal({
        exit: 3,
        stderr: `Error: label ${GONE}: HTTP 404 Not Found, Code 2501 NOT_FOUND_ERROR: Label does not exist\nDeleted folder Invoices/2024.\n`,
        stdout: 'f1\n',
      })
    })

    it('a name that names nothing: exit 1, nothing deleted', async () => {
      lists()
      const result = await proton(['mail', 'labels', 'delete', 'Nope', '--yes'])
      expect(result).to.deep.equal({exit: 1, stderr: 'Error: label "Nope" names no label or folder (by name, path or ID); see "mail labels list"\n', stdout: ''})
    })

    it('--dry-run looks the names up (GET only) and prints every DELETE', async () => {
      lists()
      const result = await proton(['mail', 'labels', 'delete', 'Work', 'Invoices', '--dry-run'])
      expect(result).to.deep.equal({
        exit: 0,
        stderr: 'Note: deleting folder Invoices would delete its 1 sub-folder too.\nDry run: 2 requests were not sent.\n',
        stdout: 'DELETE https://mail.proton.me/api/core/v4/labels/l1\n\nDELETE https://mail.proton.me/api/core/v4/labels/f0\n',
      })
    })

    it('needs at least one', async () => {
      const result = await proton(['mail', 'labels', 'delete'])
      expect(result.exit).to.equal(1)
      expect(result.stderr).to.equal(
        'Error: missing ID (label or folder: a name, a path (Invoices/2024) or an ID; several may follow; "-" reads them from standard input)\nSee "proton mail labels delete --help".\n',
      )
    })
  })
})
