/** proton mail list in-process (nock): query, pages, --label names and lookups, Stale, the three formats, errors. */
import {expect} from 'chai'
import nock from 'nock'

import {API, proton, useInProcessService} from '../../../helpers/in-process.ts'

const MESSAGES = JSON.stringify({
  Code: 1000,
  Messages: [
    {ID: 'm1', Sender: {Address: 'alex@example.test', Name: 'Alex'}, Size: 0, Subject: 'Lunch?', Time: 1_735_689_600, Unread: 1},
    {ID: 'm2', Sender: {Address: 'bot@example.test', Name: ''}, Subject: 'Report', Time: 1_735_686_000, Unread: 0},
  ],
  Total: 2,
}).replace('"Size":0', '"Size":12345678901234567890')
/** A middle page of 3 out of 7 messages. */
const PAGE_OF_THREE = JSON.stringify({Code: 1000, Messages: ['a', 'b', 'c'].map((ID) => ({ID, Subject: ID, Time: 1_735_689_600})), Total: 7})

describe('proton mail list (in-process, nock)', () => {
  useInProcessService()
  // What the web client sends besides (queryMessageMetadata): the inbox unless told, newest first.
  const messages = (query: Record<string, string>) =>
    nock(API)
      .get('/api/mail/v4/messages')
      .query({Desc: '1', LabelID: '0', Sort: 'Time', ...query})

  it('asks for page 0 of 50 of the inbox, newest first, by default and shows one row per message (piped: tab-separated), the footer on stderr', async () => {
    messages({Page: '0', PageSize: '50'}).reply(200, MESSAGES)
    const result = await proton(['mail', 'list'])
    expect(result.exit).to.equal(0)
    expect(result.stderr).to.equal('page 1 of 1, 2 messages\n')
    expect(result.stdout.split('\n')).to.deep.equal(['m1\t2025-01-01T00:00:00+00:00\tAlex <alex@example.test>\tLunch?\t*', 'm2\t2024-12-31T23:00:00+00:00\tbot@example.test\tReport\t', ''])
  })

  it('counts --page from 1 (sent as Page N-1) and shows the same number in the footer', async () => {
    messages({LabelID: '10', Page: '1', PageSize: '3'}).reply(200, PAGE_OF_THREE)
    const result = await proton(['mail', 'list', '--page', '2', '--page-size', '3', '--label', 'Starred'])
    expect(result.exit).to.equal(0)
    expect(result.stderr).to.equal('page 2 of 3, 7 messages\n')
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
    ['12', '12'],
    [`${'b64-LabelId_xyz'.repeat(3)}==`, `${'b64-LabelId_xyz'.repeat(3)}==`],
  ]) {
    it(`--label ${given} is sent as LabelID=${id}`, async () => {
      messages({LabelID: id, Page: '0', PageSize: '50'}).reply(200, MESSAGES)
      expect((await proton(['mail', 'list', '--label', given])).exit).to.equal(0)
    })
  }

  describe('--label NAME: looked up among labels (Type 1) and folders (Type 3), as go-proton-api GetLabels asks', () => {
    const LABELS = '{"Code":1000,"Labels":[{"ID":"l-work","Name":"Work","Path":"Work","Type":1},{"ID":"l-sub","Name":"Sub","Path":"Projects/Sub","Type":1}]}'
    const FOLDERS =
      '{"Code":1000,"Labels":[{"ID":"f-inv","Name":"Invoices","Path":"Invoices","Type":3},{"ID":"f-2024","Name":"2024","ParentID":"f-inv","Path":"Invoices/2024","Type":3},{"ID":"f-sub","Name":"Sub","ParentID":"f-inv","Path":"Invoices/Sub","Type":3}]}'
    const lookup = () => nock(API).get('/api/core/v4/labels').query({Type: '1'}).reply(200, LABELS).get('/api/core/v4/labels').query({Type: '3'}).reply(200, FOLDERS)

    for (const [given, id] of [
      ['Work', 'l-work'],
      ['work', 'l-work'],
      ['Invoices/2024', 'f-2024'],
      ['invoices/2024', 'f-2024'],
      ['2024', 'f-2024'],
      ['f-inv', 'f-inv'],
      ['Projects/Sub', 'l-sub'],
    ]) {
      it(`${given} → LabelID=${id}`, async () => {
        lookup()
        messages({LabelID: id, Page: '0', PageSize: '50'}).reply(200, MESSAGES)
        const result = await proton(['mail', 'list', '--label', given])
        expect(result.exit, result.stderr).to.equal(0)
      })
    }

    it('a name two of them share: exit 1, their paths listed, no messages asked for', async () => {
      lookup()
      const result = await proton(['mail', 'list', '--label', 'Sub'])
      expect(result).to.deep.equal({exit: 1, stderr: 'Error: --label "Sub" names 2 labels or folders (Projects/Sub, Invoices/Sub); give its path or ID\n', stdout: ''})
    })

    it('a name nothing has: exit 1, no messages asked for', async () => {
      lookup()
      const result = await proton(['mail', 'list', '--label', 'inbx'])
      expect(result).to.deep.equal({exit: 1, stderr: 'Error: --label "inbx" names no mailbox, label or folder; see "mail labels list", or give an ID\n', stdout: ''})
    })
  })

  describe('Stale (go-proton-api asks again while the answer says so)', () => {
    const stale = MESSAGES.replace('"Total":2', '"Total":2,"Stale":1')

    it('asks again while Stale is 1, then shows the fresh page', async () => {
      messages({Page: '0', PageSize: '50'}).times(2).reply(200, stale)
      messages({Page: '0', PageSize: '50'}).reply(200, MESSAGES.replace('"Total":2', '"Total":2,"Stale":0'))
      const result = await proton(['mail', 'list', '--output', 'json'])
      expect(result.exit).to.equal(0)
      expect(JSON.parse(result.stdout)).to.include({Stale: 0})
      expect(result.stderr).to.equal('')
    })

    it('asks at most 4 times; a page still stale is shown with a note', async () => {
      messages({Page: '0', PageSize: '50'}).times(4).reply(200, stale)
      const result = await proton(['mail', 'list'])
      expect(result.exit).to.equal(0)
      expect(result.stderr).to.equal('Note: the service still says the list is stale (Stale: 1) after 4 asks; it may miss recent changes\npage 1 of 1, 2 messages\n')
    })
  })

  it('the footer counts pages from what the service returned: a page shorter than asked, more following, was capped', async () => {
    const capped = JSON.stringify({Code: 1000, Messages: Array.from({length: 100}, (_, index) => ({ID: `m${index}`, Subject: 's', Time: 1})), Total: 250})
    messages({Page: '0', PageSize: '150'}).reply(200, capped)
    const result = await proton(['mail', 'list', '--page-size', '150'])
    expect(result.stderr).to.equal('page 1 of 3, 250 messages\n')
  })

  it('--page-size above 150 (the service\u2019s page) is refused before sending', async () => {
    const result = await proton(['mail', 'list', '--page-size', '151'])
    expect(result).to.deep.equal({exit: 1, stderr: 'Error: --page-size must be at most 150 (the most the service gives in one page)\n', stdout: ''})
  })

  it('refuses --page 0 and --page-size 0 before sending', async () => {
    expect((await proton(['mail', 'list', '--page', '0'])).exit).to.equal(1)
    const result = await proton(['mail', 'list', '--page-size', '0'])
    expect(result.exit).to.equal(1)
    expect(result.stderr).to.match(/^Error: --page-size must be an integer greater than or equal to 1, not "0"\nSee "proton mail list --help"\.\n$/)
  })

  it('an empty mailbox reads page 1 of 1, 0 messages', async () => {
    messages({Page: '0', PageSize: '50'}).reply(200, '{"Code":1000,"Messages":[],"Total":0}')
    expect(await proton(['mail', 'list'])).to.deep.include({stderr: 'page 1 of 1, 0 messages\n', stdout: ''})
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
    expect(result.stdout).to.include('Total: 2\n')
  })

  it('an API error: one stderr line in every format, the service’s JSON on stdout with --output json only', async () => {
    const body = '{"Code":2000,"Error":"PageSize must be an integer from 1 to 100"}'
    for (const output of ['text', 'yaml', 'json']) {
      messages({Page: '0', PageSize: '120'}).reply(422, body)
      const result = await proton(['mail', 'list', '--page-size', '120', '--output', output])
      expect(result.exit).to.equal(1)
      expect(result.stdout).to.equal(output === 'json' ? body : '')
      expect(result.stderr).to.equal('Error: HTTP 422 Unprocessable Entity, Code 2000 INVALID_REQUIREMENT_ERROR: PageSize must be an integer from 1 to 100\n')
    }
  })

  it('a body that is not JSON is described in one line on stderr, exit 5', async () => {
    messages({Page: '0', PageSize: '50'}).reply(502, '<h1>Bad Gateway</h1>', {'content-type': 'text/html'})
    const result = await proton(['mail', 'list', '--retries', '0'])
    expect(result.exit).to.equal(5)
    expect(result.stdout).to.equal('')
    expect(result.stderr).to.equal('Error: HTTP 502 Bad Gateway: the answer is not JSON (text/html, 20 bytes): an HTML page (--verbose prints it)\n')
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
