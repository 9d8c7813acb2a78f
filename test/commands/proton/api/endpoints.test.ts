/**
 * `api endpoints` through the built binary, with the built-in description
 * alone (a copy of the package without the shipped one; the shipped one is
 * test/e2e/shipped-description.test.ts's).
 */
import {expect} from 'chai'
import {parse} from 'yaml'

import {descriptionSuite} from '../../../helpers/description-suite.ts'
import {BUILTIN_OPERATIONS} from '../../../../src/lib/description/builtin.ts'

describe('api endpoints (built binary)', () => {
  const {runBuiltin} = descriptionSuite()

  describe('without the shipped description: the built-in one alone', () => {
    it('piped: one operation a line, tab-separated, no header; nothing on stderr', async () => {
      const result = await runBuiltin(['api', 'endpoints'])
      expect([result.status, result.stderr]).to.deep.equal([0, ''])
      const lines = result.stdout.toString().trimEnd().split('\n')
      expect(lines).to.have.length(BUILTIN_OPERATIONS.length)
      expect(lines).to.include('DELETE\t/mail/v4/labels/{labelID}\tDelete a label')
      for (const line of lines) expect(line.split('\t')).to.have.length(3)
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
      const paths = async (args: string[]) =>
        JSON.parse((await runBuiltin(['api', 'endpoints', ...args, '--output', 'json'])).stdout.toString()).map((row: {method: string; path: string}) => `${row.method} ${row.path}`)
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
  })
})
