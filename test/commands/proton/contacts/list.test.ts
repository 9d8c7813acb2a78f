/**
 * proton contacts list in-process (nock): every page, complete or fail. The sandbox's answers are
 * test/e2e/contacts.test.ts's.
 */
import {expect} from 'chai'
import nock from 'nock'

import {API, proton, useInProcessService} from '../../../helpers/in-process.ts'

const contact = (n: number) => ({ContactEmails: [{Email: `c${n}@example.test`}], ID: `id${n}`, Name: `Contact ${n}`})

describe('proton contacts list (in-process, nock)', () => {
  useInProcessService()

  it('asks page after page (1000 a page, as the web client) until Total contacts are in, and prints them in one list', async () => {
    nock(API)
      .get('/api/contacts/v4/contacts')
      .query({Page: '0', PageSize: '1000'})
      .reply(200, {Code: 1000, Contacts: [contact(1), contact(2)], Total: 3})
      .get('/api/contacts/v4/contacts')
      .query({Page: '1', PageSize: '1000'})
      .reply(200, {Code: 1000, Contacts: [contact(3)], Total: 3})
    const json = await proton(['contacts', 'list', '--output', 'json'])
    expect(json.exit).to.equal(0)
    expect(JSON.parse(json.stdout)).to.deep.equal({Code: 1000, Contacts: [contact(1), contact(2), contact(3)], Total: 3})
  })

  it('a page that comes back empty before Total: exit 5, one line, nothing printed', async () => {
    nock(API)
      .get('/api/contacts/v4/contacts')
      .query(true)
      .reply(200, {Code: 1000, Contacts: [contact(1)], Total: 5})
      .get('/api/contacts/v4/contacts')
      .query(true)
      .reply(200, {Code: 1000, Contacts: [], Total: 5})
    const result = await proton(['contacts', 'list'])
    expect(result).to.deep.equal({exit: 5, stderr: 'Error: /contacts/v4/contacts: only 1 of Total 5 items arrived (Page 1 came back without items)\n', stdout: ''})
  })

  it('the service’s text in the table: control characters escaped, whole values tab-separated when piped', async () => {
    nock(API)
      .get('/api/contacts/v4/contacts')
      .query(true)
      .reply(200, {Code: 1000, Contacts: [{ContactEmails: [{Email: 'e@x.test'}], ID: 'id1', Name: 'Evil\u001b[2J\u202eName'}], Total: 1})
    const result = await proton(['contacts', 'list'])
    expect(result.exit).to.equal(0)
    expect(result.stdout).to.equal('id1\tEvil\\x1b[2J\\u202eName\te@x.test\n')
  })
})
