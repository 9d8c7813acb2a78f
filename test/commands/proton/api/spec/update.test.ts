/**
 * `api spec update` through the built binary: from the published file, from a
 * URL on a loopback server (revalidation, failures), and without a source.
 */
import {expect} from 'chai'
import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {descriptionSuite, SMALL_DESCRIPTION} from '../../../../helpers/description-suite.ts'
import {json, type ScriptedServer, startServer} from '../../../../helpers/scripted-server.ts'
import {PUBLISHED_FILE} from '../../../../lib/description/published-description.ts'
import {BUILTIN_OPERATIONS} from '../../../../../src/lib/description/builtin.ts'

describe('api spec update (built binary)', () => {
  const suite = descriptionSuite()
  const {run, runBuiltin, storedFile} = suite

  describe('without the shipped description: the built-in one alone', () => {
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
      const empty = join(suite.home.home, 'empty.yaml')
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
      expect((await run(['api', 'endpoints', 'all widgets'])).stdout.toString()).to.match(/^GET\t\/core\/v4\/widgets\tList All Widgets$/m)
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
})
