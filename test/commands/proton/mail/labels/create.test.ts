/** proton mail labels create in-process (nock). */
import {expect} from 'chai'
import nock from 'nock'

import {API, proton, useInProcessService} from '../../../../helpers/in-process.ts'

describe('proton mail labels (in-process, nock)', () => {
  const service = useInProcessService()

  describe('create', () => {
    const created = '{"Code":1000,"Label":{"ID":"new-id==","Name":"Receipts","Color":"#8080FF","Type":1}}'

    it('sends Name, Color and Type 1; prints the ID alone on stdout and a confirmation on stderr', async () => {
      nock(API).post('/api/core/v4/labels', {Color: '#8080FF', Name: 'Receipts', Type: 1}).reply(200, created)
      const result = await proton(['mail', 'labels', 'create', '--name', 'Receipts', '--color', '#8080FF'])
      expect(result).to.deep.equal({exit: 0, stderr: 'Created label "Receipts" (new-id==).\n', stdout: 'new-id==\n'})
    })

    it('a folder under a parent (by name, path or ID, looked up among the folders first): Type 3 and ParentID', async () => {
      const folders = JSON.stringify({Code: 1000, Labels: [{ID: 'f0', Name: 'Invoices', Path: 'Invoices', Type: 3}]})
      nock(API).get('/api/core/v4/labels').query({Type: '3'}).times(3).reply(200, folders)
      nock(API).post('/api/core/v4/labels', {Color: '#54473F', Name: '2024', ParentID: 'f0', Type: 3}).times(2).reply(200, created)
      for (const parent of ['Invoices', 'f0']) {
        const result = await proton(['mail', 'labels', 'create', '--name', '2024', '--color', '#54473F', '--type', 'folder', '--parent', parent])
        expect([result.exit, result.stderr]).to.deep.equal([0, 'Created folder "2024" (new-id==).\n'])
      }

      const label = await proton(['mail', 'labels', 'create', '--name', '2024', '--color', '#54473F', '--type', 'folder', '--parent', 'Work'])
      expect(label).to.deep.equal({exit: 1, stderr: 'Error: --parent "Work" names no folder; see "mail labels list --type folder"\n', stdout: ''})
    })

    it('--output json prints the answer exactly, --output yaml as YAML; --quiet drops the confirmation', async () => {
      nock(API).post('/api/core/v4/labels').twice().reply(200, created)
      const asJson = await proton(['mail', 'labels', 'create', '--name', 'Receipts', '--color', '#8080FF', '--output', 'json', '--quiet'])
      expect(asJson).to.deep.equal({exit: 0, stderr: '', stdout: created})
      const asYaml = await proton(['mail', 'labels', 'create', '--name', 'Receipts', '--color', '#8080FF', '--output', 'yaml'])
      expect(asYaml.stdout).to.equal('Code: 1000\nLabel:\n  ID: new-id==\n  Name: Receipts\n  Color: "#8080FF"\n  Type: 1\n')
    })

    const refused: Array<[string[], string]> = [
      [['--name', 'X', '--color', 'red'], 'Error: --color must be a colour of the form #RRGGBB (six hex digits), not "red"'],
      [['--name', 'X', '--color', '#12345'], 'Error: --color must be a colour of the form #RRGGBB (six hex digits), not "#12345"'],
      [['--name', 'X', '--color', '#GGGGGG'], 'Error: --color must be a colour of the form #RRGGBB (six hex digits), not "#GGGGGG"'],
      [['--name=', '--color', '#123456'], 'Error: --name must not be empty'],
      [['--name', 'X', '--color', '#123456', '--type', 'contact-group'], 'Error: --type must be one of label, folder, not "contact-group"'],
      [['--name', 'X', '--color', '#123456', '--parent', 'f0'], 'Error: --parent goes with --type folder only (labels do not nest)'],
    ]
    for (const [args, line] of refused) {
      it(`refuses ${args.join(' ')} with exit 1, sending nothing`, async () => {
        const result = await proton(['mail', 'labels', 'create', ...args])
        expect(result).to.deep.equal({exit: 1, stderr: `${line}\n`, stdout: ''})
      })
    }

    it('a name taken: exit 4, the error line, stdout empty in text mode', async () => {
      nock(API).post('/api/core/v4/labels').reply(409, '{"Code":2500,"Error":"A label or folder with the name \\"Receipts\\" already exists"}')
      const result = await proton(['mail', 'labels', 'create', '--name', 'Receipts', '--color', '#8080FF'])
      expect(result).to.deep.equal({
        exit: 4,
        stderr: 'Error: HTTP 409 Conflict, Code 2500 ALREADY_EXISTS_ERROR: A label or folder with the name "Receipts" already exists\n',
        stdout: '',
      })
    })

    it('a success without Label.ID: exit 5 rather than an empty ID', async () => {
      nock(API).post('/api/core/v4/labels').reply(200, '{"Code":1000,"Label":{}}')
      const result = await proton(['mail', 'labels', 'create', '--name', 'Receipts', '--color', '#8080FF'])
      expect(result).to.deep.equal({exit: 5, stderr: 'Error: the answer carries no "Label.ID" (see it with --output json)\n', stdout: ''})
    })

    it('an ID holding an escape sequence: exit 5, nothing on stdout; --output json still prints the answer exactly', async () => {
      const hostile = '{"Code":1000,"Label":{"ID":"x\\u001b]0;pwned\\u0007"}}'
      nock(API).post('/api/core/v4/labels').twice().reply(200, hostile)
      const result = await proton(['mail', 'labels', 'create', '--name', 'Receipts', '--color', '#8080FF'])
      expect(result).to.deep.equal({exit: 5, stderr: 'Error: the answer\'s "Label.ID" is not an ID: it holds white space or control characters (see it with --output json)\n', stdout: ''})
      const asJson = await proton(['mail', 'labels', 'create', '--name', 'Receipts', '--color', '#8080FF', '--output', 'json'])
      expect(asJson.stdout).to.equal(hostile)
    })

    it('--dry-run prints method, URL and body and sends nothing (no network allowed)', async () => {
      const result = await proton(['mail', 'labels', 'create', '--name', 'Receipts', '--color', '#8080FF', '--dry-run'])
      expect(result).to.deep.equal({
        exit: 0,
        stderr: 'Dry run: the request was not sent.\n',
        stdout: 'POST https://mail.proton.me/api/core/v4/labels\n{\n  "Name": "Receipts",\n  "Color": "#8080FF",\n  "Type": 1\n}\n',
      })
    })

    it('--dry-run --output json: the planned requests as JSON', async () => {
      const result = await proton(['mail', 'labels', 'create', '--name', 'Receipts', '--color', '#8080FF', '--dry-run', '--output', 'json'])
      expect(JSON.parse(result.stdout)).to.deep.equal([{Body: {Color: '#8080FF', Name: 'Receipts', Type: 1}, Method: 'POST', URL: 'https://mail.proton.me/api/core/v4/labels'}])
    })

    it('--dry-run without a session: the stored profile’s base URL if any, else the default with a note', async () => {
      service.withoutSession()
      const bare = await proton(['mail', 'labels', 'create', '--name', 'R', '--color', '#8080FF', '--dry-run'])
      expect(bare.exit).to.equal(0)
      expect(bare.stdout).to.match(/^POST https:\/\/mail\.proton\.me\/api\/core\/v4\/labels\n/)
      expect(bare.stderr).to.equal('Note: not logged in (profile default); a real run needs "proton auth login" first.\nDry run: the request was not sent.\n')
      await service.home().writeSession('http://127.0.0.1:9/api', 'local')
      const stored = await proton(['mail', 'labels', 'create', '--name', 'R', '--color', '#8080FF', '--dry-run', '--profile', 'local'])
      expect(stored.stdout).to.match(/^POST http:\/\/127\.0\.0\.1:9\/api\/core\/v4\/labels\n/)
      expect(stored.stderr).to.equal('Dry run: the request was not sent.\n')
    })

    it('--dry-run still checks the input first', async () => {
      const result = await proton(['mail', 'labels', 'create', '--name', 'R', '--color', '8080FF', '--dry-run'])
      expect(result.exit).to.equal(1)
      expect(result.stdout).to.equal('')
    })
  })
})
