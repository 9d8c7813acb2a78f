/** proton mail labels list in-process (nock). */
import {expect} from 'chai'
import nock from 'nock'

import {API, proton, useInProcessService} from '../../../../helpers/in-process.ts'

const LABELS = JSON.stringify({
  Code: 1000,
  Labels: [
    {Color: '#8080FF', ID: 'l1', Name: 'Work', Type: 1},
    {Color: '#000000', ID: 's1', Name: 'Odd', Type: 9},
  ],
})
const FOLDERS = JSON.stringify({
  Code: 1000,
  Labels: [
    {Color: '#54473F', ID: 'f0', Name: 'Invoices', Path: 'Invoices', Type: 3},
    {Color: '#54473F', ID: 'f1', Name: '2024', ParentID: 'f0', Path: 'Invoices/2024', Type: 3},
  ],
})
const labels = (type: string) => nock(API).get('/api/core/v4/labels').query({Type: type})

describe('proton mail labels (in-process, nock)', () => {
  useInProcessService()

  describe('list', () => {
    it('without --type: labels (Type=1), then folders (Type=3), in one list with paths and parents by name', async () => {
      labels('1').reply(200, LABELS)
      labels('3').reply(200, FOLDERS)
      const result = await proton(['mail', 'labels', 'list'])
      expect(result.exit).to.equal(0)
      expect(result.stdout).to.equal(
        ['l1\tWork\tMESSAGE_LABEL\t#8080FF\t', 's1\tOdd\t9\t#000000\t', 'f0\tInvoices\tMESSAGE_FOLDER\t#54473F\t', 'f1\tInvoices/2024\tMESSAGE_FOLDER\t#54473F\tInvoices', ''].join('\n'),
      )
    })

    it('without --type, --output json: one document holding both lists (compact when piped); yaml: one document', async () => {
      labels('1').twice().reply(200, LABELS)
      labels('3').twice().reply(200, FOLDERS)
      const both = [...(JSON.parse(LABELS) as {Labels: unknown[]}).Labels, ...(JSON.parse(FOLDERS) as {Labels: unknown[]}).Labels]
      expect((await proton(['mail', 'labels', 'list', '--output', 'json'])).stdout).to.equal(`${JSON.stringify({Code: 1000, Labels: both})}\n`)
      const yaml = await proton(['mail', 'labels', 'list', '--output', 'yaml'])
      expect(yaml.stdout).to.match(/^Code: 1000\nLabels:\n {2}- Color: "#8080FF"\n[\s\S]*\n {2}- Color: "#54473F"\n/)
      expect(yaml.stdout).not.to.include('---')
    })

    it('the first type refused: its error, exit status and no table', async () => {
      labels('1').reply(403, '{"Code":2011,"Error":"Not allowed"}')
      const result = await proton(['mail', 'labels', 'list'])
      expect(result).to.deep.equal({exit: 2, stderr: 'Error: HTTP 403 Forbidden, Code 2011 NOT_ALLOWED_ERROR: Not allowed\n', stdout: ''})
    })

    for (const [word, type] of [
      ['label', '1'],
      ['folder', '3'],
      ['contact-group', '2'],
      ['system', '4'],
      ['MESSAGE_FOLDER', '3'],
    ]) {
      it(`--type ${word} asks for Type=${type} alone`, async () => {
        labels(type).reply(200, '{"Code":1000,"Labels":[]}')
        const result = await proton(['mail', 'labels', 'list', '--type', word])
        expect(result).to.deep.equal({exit: 0, stderr: '', stdout: ''})
      })
    }

    it('refuses an unknown --type before sending', async () => {
      const result = await proton(['mail', 'labels', 'list', '--type', 'tag'])
      expect(result).to.deep.equal({exit: 1, stderr: 'Error: --type must be one of label, folder, contact-group, system, not "tag"\n', stdout: ''})
    })

    it('--type: --output json is the bytes; --output yaml the same data', async () => {
      labels('1').twice().reply(200, LABELS)
      expect((await proton(['mail', 'labels', 'list', '--type', 'label', '--output', 'json'])).stdout).to.equal(LABELS)
      const yaml = await proton(['mail', 'labels', 'list', '--type', 'label', '--output', 'yaml'])
      expect(yaml.stdout).to.match(/^Code: 1000\nLabels:\n {2}- Color: "#8080FF"\n {4}ID: l1\n/)
    })
  })
})
