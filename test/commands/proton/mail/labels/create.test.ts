/** proton mail labels list / create / delete in-process (nock). */
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
  const service = useInProcessService()

  describe('list', () => {
    it('without --type: labels (Type=1), then folders (Type=3), in one table with paths and parents', async () => {
      labels('1').reply(200, LABELS)
      labels('3').reply(200, FOLDERS)
      const result = await proton(['mail', 'labels', 'list'])
      expect(result.exit).to.equal(0)
      expect(result.stdout).to.equal(
        [
          'ID  NAME           TYPE            COLOR    PARENT',
          'l1  Work           MESSAGE_LABEL   #8080FF',
          's1  Odd            9               #000000',
          'f0  Invoices       MESSAGE_FOLDER  #54473F',
          'f1  Invoices/2024  MESSAGE_FOLDER  #54473F  f0',
          '',
        ].join('\n'),
      )
    })

    it('without --type, --output json: both answers as received, one JSON document after the other; yaml: two documents', async () => {
      labels('1').twice().reply(200, LABELS)
      labels('3').twice().reply(200, FOLDERS)
      expect((await proton(['mail', 'labels', 'list', '--output', 'json'])).stdout).to.equal(`${LABELS}\n${FOLDERS}\n`)
      const yaml = await proton(['mail', 'labels', 'list', '--output', 'yaml'])
      expect(yaml.stdout).to.match(/^---\nCode: 1000\nLabels:\n {2}- Color: "#8080FF"\n[\s\S]*\n---\nCode: 1000\nLabels:\n {2}- Color: "#54473F"\n/)
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
        expect(result).to.deep.equal({exit: 0, stderr: '', stdout: 'ID  NAME  TYPE  COLOR  PARENT\n'})
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

  describe('create', () => {
    const created = '{"Code":1000,"Label":{"ID":"new-id==","Name":"Receipts","Color":"#8080FF","Type":1}}'

    it('sends Name, Color and Type 1; prints the ID alone on stdout and a confirmation on stderr', async () => {
      nock(API).post('/api/core/v4/labels', {Color: '#8080FF', Name: 'Receipts', Type: 1}).reply(200, created)
      const result = await proton(['mail', 'labels', 'create', '--name', 'Receipts', '--color', '#8080FF'])
      expect(result).to.deep.equal({exit: 0, stderr: 'Created label "Receipts" (new-id==).\n', stdout: 'new-id==\n'})
    })

    it('a folder under a parent: Type 3 and ParentID', async () => {
      nock(API).post('/api/core/v4/labels', {Color: '#54473F', Name: '2024', ParentID: 'f0', Type: 3}).reply(200, created)
      const result = await proton(['mail', 'labels', 'create', '--name', '2024', '--color', '#54473F', '--type', 'folder', '--parent', 'f0'])
      expect(result.exit).to.equal(0)
      expect(result.stderr).to.equal('Created folder "2024" (new-id==).\n')
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
      expect(JSON.parse(result.stdout)).to.deep.equal([
        {Body: {Color: '#8080FF', Name: 'Receipts', Type: 1}, Method: 'POST', URL: 'https://mail.proton.me/api/core/v4/labels'},
      ])
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

  describe('delete', () => {
    it('deletes one ID, printing it on stdout and a confirmation on stderr', async () => {
      nock(API).delete('/api/core/v4/labels/l1').reply(200, '{"Code":1000}')
      const result = await proton(['mail', 'labels', 'delete', 'l1'])
      expect(result).to.deep.equal({exit: 0, stderr: 'Deleted l1.\n', stdout: 'l1\n'})
    })

    it('percent-encodes an ID so it stays one path segment', async () => {
      nock(API).delete('/api/core/v4/labels/a%2F..%2Fb%3F').reply(200, '{"Code":1000}')
      expect((await proton(['mail', 'labels', 'delete', 'a/../b?'])).exit).to.equal(0)
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
