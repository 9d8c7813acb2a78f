/** proton mail list in-process (nock): query, pages, --label names, the three formats, errors. */
import {expect} from 'chai'
import nock from 'nock'

import {API, proton, useInProcessService} from '../../helpers/in-process.ts'

const MESSAGES = JSON.stringify({
  Code: 1000,
  Messages: [
    {ID: 'm1', Sender: {Address: 'alex@example.test', Name: 'Alex'}, Size: 0, Subject: 'Lunch?', Time: 1_735_689_600, Unread: 1},
    {ID: 'm2', Sender: {Address: 'bot@example.test', Name: ''}, Subject: 'Report', Time: 1_735_686_000, Unread: 0},
  ],
  Total: 7,
}).replace('"Size":0', '"Size":12345678901234567890')

describe('proton mail list (in-process, nock)', () => {
  useInProcessService()
  const messages = (query: Record<string, string>) => nock(API).get('/api/mail/v4/messages').query(query)

  it('asks for page 0 of 50 by default and shows one row per message with the footer', async () => {
    messages({Page: '0', PageSize: '50'}).reply(200, MESSAGES)
    const result = await proton(['mail', 'list'])
    expect(result.exit).to.equal(0)
    expect(result.stderr).to.equal('')
    expect(result.stdout.split('\n')).to.deep.equal([
      'ID  TIME                       FROM                      SUBJECT  UNREAD',
      'm1  2025-01-01T00:00:00+00:00  Alex <alex@example.test>  Lunch?   *',
      'm2  2024-12-31T23:00:00+00:00  bot@example.test          Report',
      'page 1 of 1, 7 messages',
      '',
    ])
  })

  it('counts --page from 1 (sent as Page N-1) and shows the same number in the footer', async () => {
    messages({LabelID: '10', Page: '1', PageSize: '3'}).reply(200, MESSAGES)
    const result = await proton(['mail', 'list', '--page', '2', '--page-size', '3', '--label', 'Starred'])
    expect(result.exit).to.equal(0)
    expect(result.stdout).to.match(/\npage 2 of 3, 7 messages\n$/)
  })

  for (const [given, id] of [
    ['inbox', '0'],
    ['INBOX', '0'],
    ['all-mail', '5'],
    ['all_mail', '5'],
    ['Almost-All-Mail', '15'],
    ['sent', '7'],
    ['archive', '6'],
    ['soft-deleted', '40'],
    ['b64-LabelId_xyz==', 'b64-LabelId_xyz=='],
  ]) {
    it(`--label ${given} is sent as LabelID=${id}`, async () => {
      messages({LabelID: id, Page: '0', PageSize: '50'}).reply(200, MESSAGES)
      expect((await proton(['mail', 'list', '--label', given])).exit).to.equal(0)
    })
  }

  it('refuses a plain word that names no mailbox, sending nothing', async () => {
    const result = await proton(['mail', 'list', '--label', 'inbx'])
    expect(result.exit).to.equal(1)
    expect(result.stdout).to.equal('')
    expect(result.stderr).to.match(/^Error: --label "inbx" names no mailbox; use one of inbox, all-drafts, .*, or a label ID\n$/)
  })

  it('refuses --page 0 and --page-size 0 before sending', async () => {
    expect((await proton(['mail', 'list', '--page', '0'])).exit).to.equal(1)
    const result = await proton(['mail', 'list', '--page-size', '0'])
    expect(result.exit).to.equal(1)
    expect(result.stderr).to.match(/^Error: --page-size must be an integer greater than or equal to 1, not "0"\nSee "proton mail list --help"\.\n$/)
  })

  it('an empty mailbox reads page 1 of 1, 0 messages', async () => {
    messages({Page: '0', PageSize: '50'}).reply(200, '{"Code":1000,"Messages":[],"Total":0}')
    expect((await proton(['mail', 'list'])).stdout).to.equal('ID  TIME  FROM  SUBJECT  UNREAD\npage 1 of 1, 0 messages\n')
  })

  it('--output json prints the answer’s bytes exactly', async () => {
    messages({Page: '0', PageSize: '50'}).reply(200, MESSAGES)
    const result = await proton(['mail', 'list', '--output', 'json'])
    expect(result).to.deep.equal({exit: 0, stderr: '', stdout: MESSAGES})
  })

  it('--output yaml keeps integers beyond 2^53 exact', async () => {
    messages({Page: '0', PageSize: '50'}).reply(200, MESSAGES)
    const result = await proton(['mail', 'list', '--output', 'yaml'])
    expect(result.exit).to.equal(0)
    expect(result.stdout).to.include('Size: 12345678901234567890\n')
    expect(result.stdout).to.include('Total: 7\n')
  })

  it('an API error: one stderr line in every format, the service’s JSON on stdout with --output json only', async () => {
    const body = '{"Code":2000,"Error":"PageSize must be an integer from 1 to 150"}'
    for (const output of ['text', 'yaml', 'json']) {
      messages({Page: '0', PageSize: '500'}).reply(422, body)
      const result = await proton(['mail', 'list', '--page-size', '500', '--output', output])
      expect(result.exit).to.equal(1)
      expect(result.stdout).to.equal(output === 'json' ? body : '')
      expect(result.stderr).to.equal('Error: HTTP 422 Unprocessable Entity, Code 2000 INVALID_REQUIREMENT_ERROR: PageSize must be an integer from 1 to 150\n')
    }
  })

  it('a body that is not JSON goes to stderr with exit 5', async () => {
    messages({Page: '0', PageSize: '50'}).reply(502, '<h1>Bad Gateway</h1>', {'content-type': 'text/html'})
    const result = await proton(['mail', 'list', '--retries', '0'])
    expect(result.exit).to.equal(5)
    expect(result.stdout).to.equal('')
    expect(result.stderr).to.equal('<h1>Bad Gateway</h1>\nError: HTTP 502 Bad Gateway: the answer is not JSON (text/html, 20 bytes)\n')
  })

  it('a success without a Messages list cannot be a table: exit 5, pointing at --output json', async () => {
    messages({Page: '0', PageSize: '50'}).reply(200, '{"Code":1000}')
    const result = await proton(['mail', 'list'])
    expect(result).to.deep.equal({exit: 5, stderr: 'Error: the answer carries no "Messages" list (see it with --output json)\n', stdout: ''})
  })

  it('without a session: exit 2, nothing sent', async () => {
    delete process.env.PROTON_UID
    delete process.env.PROTON_ACCESS_TOKEN
    const result = await proton(['mail', 'list'])
    expect(result).to.deep.equal({exit: 2, stderr: 'Error: not logged in (profile default): run "proton auth login"\n', stdout: ''})
  })
})
