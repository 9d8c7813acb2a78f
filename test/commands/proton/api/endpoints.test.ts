/**
 * The user-visible behaviour of `api endpoints`, `api spec update|show`
 * and the raw command's check, through the built binary; where the
 * built-in description alone is meant, through a copy of the package
 * without the shipped one (test/e2e/shipped-description.test.ts covers
 * that one).
 */
import {expect} from 'chai'
import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {parse} from 'yaml'

import {type PackageCopy, packageCopy} from '../../../helpers/package-copy.ts'
import {baseEnv, runBinary} from '../../../helpers/run-binary.ts'
import {json, type ScriptedServer, startServer} from '../../../helpers/scripted-server.ts'
import {type TempHome, tempHome} from '../../../helpers/session-files.ts'
import {PUBLISHED_FILE} from '../../../lib/description/published-description.ts'
import {BUILTIN_OPERATIONS} from '../../../../src/lib/description/builtin.ts'

const SMALL_DESCRIPTION = `openapi: 3.1.0
info: {title: small, version: "1"}
paths:
  /core/v4/widgets:
    get:
      summary: List Widgets
      description: "Lists widgets
across lines, unindented"
    post:
      summary: Create Widget
      deprecated: true
`

describe('api endpoints and api spec (built binary)', () => {
  let home: TempHome
  let withoutShipped: PackageCopy
  const run = (args: string[], env: NodeJS.ProcessEnv = {}) => runBinary(args, {env: baseEnv(home.home, env)})
  const runBuiltin = (args: string[]) => runBinary(args, {bin: withoutShipped.bin, env: baseEnv(home.home)})
  const storedFile = () => join(home.home, 'cache', 'proton-cli', 'api-description', 'description.json')

  before(() => {
    withoutShipped = packageCopy(['dist/description'])
  })
  after(() => withoutShipped.remove())

  beforeEach(() => {
    home = tempHome()
  })
  afterEach(() => home.remove())

  describe('without the shipped description: the built-in one alone', () => {
    it('lists operations as an aligned table on stdout, nothing on stderr', async () => {
      const result = await runBuiltin(['api', 'endpoints'])
      expect([result.status, result.stderr]).to.deep.equal([0, ''])
      const lines = result.stdout.toString().trimEnd().split('\n')
      expect(lines[0]).to.match(/^METHOD +PATH +SUMMARY$/)
      expect(lines).to.have.length(BUILTIN_OPERATIONS.length + 1)
      expect(lines).to.include('DELETE  /mail/v4/labels/{labelID}  Delete a label')
      const pathColumn = lines[0].indexOf('PATH')
      for (const line of lines) expect(line[pathColumn - 1]).to.equal(' ') && expect(line[pathColumn]).to.match(/[/P]/)
    })

    it('prints one JSON array of {method, path, summary, deprecated}, and the same as YAML', async () => {
      const asJson = await runBuiltin(['api', 'endpoints', '/mail/v4/', '--output', 'json'])
      const listed = JSON.parse(asJson.stdout.toString())
      expect(listed).to.deep.equal([
        {deprecated: false, method: 'POST', path: '/mail/v4/filters', summary: 'Create a Sieve filter'},
        {deprecated: false, method: 'GET', path: '/mail/v4/labels', summary: 'List labels, folders or contact groups (Type)'},
        {deprecated: false, method: 'POST', path: '/mail/v4/labels', summary: 'Create a label or folder'},
        {deprecated: false, method: 'DELETE', path: '/mail/v4/labels/{labelID}', summary: 'Delete a label'},
        {deprecated: false, method: 'GET', path: '/mail/v4/messages', summary: 'List messages, one page at a time (Page is zero-based)'},
      ])
      expect(Object.keys(listed[0])).to.deep.equal(['method', 'path', 'summary', 'deprecated'])
      const asYaml = await runBuiltin(['api', 'endpoints', '/mail/v4/', '--output', 'yaml'])
      expect(parse(asYaml.stdout.toString())).to.deep.equal(listed)
    })

    it('filters by path prefix, by the template a concrete path belongs to, by text in any case, and by --method', async () => {
      const paths = async (args: string[]) => JSON.parse((await runBuiltin(['api', 'endpoints', ...args, '--output', 'json'])).stdout.toString()).map((row: {method: string; path: string}) => `${row.method} ${row.path}`)
      expect(await paths(['/mail/v4/labels/abc'])).to.deep.equal(['DELETE /mail/v4/labels/{labelID}'])
      expect(await paths(['CALENDAR'])).to.deep.equal(['GET /calendar/v1', 'POST /calendar/v1'])
      expect(await paths(['--method', 'post'])).to.deep.equal(['POST /calendar/v1', 'POST /mail/v4/filters', 'POST /mail/v4/labels'])
      expect(await paths(['nothing-like-this'])).to.deep.equal([])
    })

    it('refuses a bad --method with one line and exit 1', async () => {
      const result = await runBuiltin(['api', 'endpoints', '--method', 'FETCH'])
      expect(result.status).to.equal(1)
      expect(result.stderr).to.match(/^Error: METHOD must be one of GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS, not "FETCH"\n$/)
    })

    it('spec show names the built-in description and its operation count', async () => {
      const text = await runBuiltin(['api', 'spec', 'show'])
      const count = BUILTIN_OPERATIONS.length
      expect(text.stdout.toString()).to.equal(`source      built-in (the endpoints the contract and the tool’s commands document)\noperations  ${count}\n`)
      const asJson = JSON.parse((await runBuiltin(['api', 'spec', 'show', '--output', 'json'])).stdout.toString())
      expect(asJson).to.deep.equal({builtinOperations: count, kind: 'built-in', operations: count, source: 'built-in'})
    })

    it('spec update without a source says to give --from (exit 1)', async () => {
      const result = await runBuiltin(['api', 'spec', 'update'])
      expect([result.status, result.stderr]).to.deep.equal([1, 'Error: no API description is stored yet: give its file or URL with --from\n'])
    })
  })

  describe('spec update --from the published file', () => {
    it('stores it, counts repaired blocks, lists its operations, and notes when it is more than 7 days old', async () => {
      const update = await run(['api', 'spec', 'update', '--from', PUBLISHED_FILE])
      expect(update.status, update.stderr).to.equal(0)
      expect(update.stdout.toString()).to.match(new RegExp(`^Stored the API description from ${PUBLISHED_FILE}\\.\n`))
      const shown = JSON.parse((await run(['api', 'spec', 'show', '--output', 'json'])).stdout.toString())
      expect(shown).to.include({ageDays: 0, kind: 'stored', repairedBlocks: 3, skippedBlocks: 0, source: PUBLISHED_FILE})
      expect(shown.operations).to.be.at.least(725)
      // A concrete path lists every operation it can reach: the literal template and the {messageID} ones.
      const read = await run(['api', 'endpoints', '/mail/v4/messages/read', '--output', 'json'])
      expect(JSON.parse(read.stdout.toString()).map((row: {method: string; path: string}) => `${row.method} ${row.path}`)).to.deep.equal([
        'PUT /mail/v4/messages/read',
        'GET /mail/v4/messages/{messageID}',
        'POST /mail/v4/messages/{messageID}',
        'PUT /mail/v4/messages/{messageID}',
      ])
      expect(read.stderr).to.equal('')

      const stored = JSON.parse(readFileSync(storedFile(), 'utf8'))
      stored.checkedAt = new Date(Date.now() - 10 * 24 * 3600 * 1000).toISOString()
      writeFileSync(storedFile(), JSON.stringify(stored))
      const note = `Note: the API description from ${PUBLISHED_FILE} was last checked 10 days ago; "proton api spec update" refreshes it\n`
      expect((await run(['api', 'endpoints', 'widget'])).stderr).to.equal(`${note}No operation of the API description (${PUBLISHED_FILE}) matches.\n`)
      expect((await run(['api', 'spec', 'show'])).stderr).to.equal(note)
      expect((await run(['api', 'spec', 'show', '--quiet'])).stderr).to.equal('')

      // An empty file is refused and the stored description kept.
      const empty = join(home.home, 'empty.yaml')
      writeFileSync(empty, '')
      const refused = await run(['api', 'spec', 'update', '--from', empty])
      expect([refused.status, refused.stderr]).to.deep.equal([1, `Error: the API description ${empty} is empty\n`])
      expect(JSON.parse((await run(['api', 'spec', 'show', '--output', 'json'])).stdout.toString()).source).to.equal(PUBLISHED_FILE)
    })
  })

  describe('spec update from a URL', () => {
    let server: ScriptedServer
    beforeEach(async () => {
      server = await startServer()
    })
    afterEach(() => server.close())

    it('revalidates with If-None-Match / If-Modified-Since and keeps the stored description on 304', async () => {
      let etag = '"v1"'
      let text = SMALL_DESCRIPTION
      const lastModified = 'Mon, 02 Nov 2026 10:00:00 GMT'
      server.handle((request, response) => {
        if (request.headers['if-none-match'] === etag) {
          response.writeHead(304, {etag})
          response.end()
          return
        }

        response.writeHead(200, {'content-type': 'application/yaml', etag, 'last-modified': lastModified})
        response.end(text)
      })
      const url = `${server.url}/openapi.yaml`
      const first = await run(['api', 'spec', 'update', '--from', url, '--output', 'json'])
      expect(first.status, first.stderr).to.equal(0)
      expect(JSON.parse(first.stdout.toString())).to.include({changed: true, etag: '"v1"', lastModified, operations: BUILTIN_OPERATIONS.length + 2, repairedBlocks: 1, source: url})
      expect(server.requests[0].headers).not.to.have.property('if-none-match')

      const second = await run(['api', 'spec', 'update'])
      expect(second.status, second.stderr).to.equal(0)
      expect(second.stdout.toString()).to.match(new RegExp(`^The API description from ${url} is unchanged\\.\n`))
      expect(server.requests[1].headers).to.include({'if-modified-since': lastModified, 'if-none-match': '"v1"'})

      const listed = JSON.parse((await run(['api', 'endpoints', 'widget', '--output', 'json'])).stdout.toString())
      expect(listed).to.deep.equal([
        {deprecated: false, method: 'GET', path: '/core/v4/widgets', summary: 'List Widgets'},
        {deprecated: true, method: 'POST', path: '/core/v4/widgets', summary: 'Create Widget'},
      ])

      etag = '"v2"'
      text = SMALL_DESCRIPTION.replace('List Widgets', 'List All Widgets')
      const third = await run(['api', 'spec', 'update', '--output', 'json'])
      expect(JSON.parse(third.stdout.toString())).to.include({changed: true, etag: '"v2"'})
      expect((await run(['api', 'endpoints', 'all widgets'])).stdout.toString()).to.match(/^GET +\/core\/v4\/widgets +List All Widgets$/m)
    })

    it('fails with the mapped exit status and keeps the stored description when the server fails', async () => {
      server.handle(json(503, '{"Code":503}'))
      const result = await run(['api', 'spec', 'update', '--from', `${server.url}/openapi.yaml`])
      expect([result.status, result.stderr]).to.deep.equal([5, `Error: fetching the API description from ${server.url}/openapi.yaml failed: HTTP 503 Service Unavailable\n`])
      expect(JSON.parse((await run(['api', 'spec', 'show', '--output', 'json'])).stdout.toString()).kind).to.equal('shipped')
    })

    it('refuses plain http:// to a host that is not loopback', async () => {
      const result = await run(['api', 'spec', 'update', '--from', 'http://example.org/openapi.yaml'])
      expect([result.status, result.stderr]).to.deep.equal([1, 'Error: --from http://example.org uses plain http://, allowed only for loopback hosts; use https://\n'])
    })
  })

  describe('the raw command checks requests against the built-in description', () => {
    let server: ScriptedServer
    beforeEach(async () => {
      server = await startServer(json(200, '{"Code":1000}'))
      await home.writeSession(server.url)
    })
    afterEach(() => server.close())

    it('warns about an operation not in the description and still sends it', async () => {
      const result = await runBuiltin(['api', 'GET', '/core/v4/userz'])
      expect(result.status).to.equal(0)
      expect(result.stdout.toString()).to.equal('{"Code":1000}')
      expect(result.stderr).to.equal('Warning: GET /core/v4/userz is not in the API description; nearest known: GET /core/v4/users, GET /core/v4/addresses (only the built-in description is installed; "proton api spec update --from FILE|URL" adds the full one)\n')
      expect(server.requests.map((request) => request.url)).to.deep.equal(['/core/v4/userz'])
      expect((await runBuiltin(['api', 'GET', '/core/v4/userz', '--quiet'])).stderr).to.equal('')
    })

    it('refuses with --strict: exit 1, one line, nothing sent', async () => {
      const unknown = await runBuiltin(['api', 'GET', '/core/v4/userz', '--strict'])
      expect([unknown.status, unknown.stdout.length]).to.deep.equal([1, 0])
      expect(unknown.stderr).to.equal('Error: GET /core/v4/userz is not in the API description; nearest known: GET /core/v4/users, GET /core/v4/addresses (only the built-in description is installed; "proton api spec update --from FILE|URL" adds the full one) (--strict: nothing sent)\n')
      const badBody = await runBuiltin(['api', 'POST', '/mail/v4/labels', '--body', '{"Name":"Receipts","Color":"blue"}', '--strict'])
      expect(badBody.status).to.equal(1)
      expect(badBody.stderr).to.equal(
        'Error: --body does not fit POST /mail/v4/labels in the API description: /Color must match pattern "^#[0-9A-Fa-f]{6}$" (--strict: nothing sent)\n',
      )
      expect(server.requests).to.have.length(0)
      const good = await runBuiltin(['api', 'POST', '/mail/v4/labels', '--body', '{"Name":"Receipts","Color":"#8080FF","Type":1}', '--strict'])
      expect([good.status, good.stderr]).to.deep.equal([0, ''])
      expect(server.requests).to.have.length(1)
    })

    it('warns about a body that does not fit and an undeclared query parameter, and sends', async () => {
      const result = await runBuiltin(['api', 'POST', '/mail/v4/labels', '--body', '{"Name":"Receipts","Type":"folder"}', '--query', 'Extra=1'])
      expect(result.status).to.equal(0)
      expect(result.stderr).to.equal(
        [
          'Warning: query parameter "Extra" is not declared for POST /mail/v4/labels in the API description (only the built-in description is installed; "proton api spec update --from FILE|URL" adds the full one)',
          'Warning: --body does not fit POST /mail/v4/labels in the API description: /Type must be integer, /Type must be equal to one of the allowed values (1, 2, 3, 4)',
          '',
        ].join('\n'),
      )
      expect(server.requests).to.have.length(1)
    })

    it('never fetches a description while sending a request', async () => {
      const source = await startServer((_request, response) => {
        response.writeHead(200, {etag: '"s"'})
        response.end(SMALL_DESCRIPTION)
      })
      try {
        expect((await runBuiltin(['api', 'spec', 'update', '--from', `${source.url}/d.yaml`])).status).to.equal(0)
        const result = await runBuiltin(['api', 'GET', '/core/v4/widgets'])
        expect([result.status, result.stderr]).to.deep.equal([0, ''])
        // With a full description installed, the warning has no hint to install one.
        const unknown = await runBuiltin(['api', 'GET', '/core/v4/widgetz'])
        expect(unknown.stderr).to.equal('Warning: GET /core/v4/widgetz is not in the API description; nearest known: GET /core/v4/widgets, POST /core/v4/widgets, GET /core/v4/addresses\n')
        expect(source.requests).to.have.length(1)
        expect(server.requests.map((request) => request.url)).to.deep.equal(['/core/v4/widgets', '/core/v4/widgetz'])
      } finally {
        await source.close()
      }
    })
  })
})
