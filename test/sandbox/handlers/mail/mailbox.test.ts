import {expect} from 'chai'

import {filterInput, sieveProblem} from '../../../../src/sandbox/handlers/mail/mailbox.ts'
import type {StoredSession} from '../../../../src/lib/session/store.ts'
import {type Harness, startHarness} from '../../harness.ts'

const SIEVE = 'require ["fileinto"];\nif header :contains "subject" "invoice" {\n  fileinto "Invoices";\n}\n'

describe('sandbox: settings, filters and calendar deletion (mailbox.ts)', () => {
  let harness: Harness
  let session: StoredSession
  const call = (method: string, path: string, body?: unknown) => harness.call(method, path, {body, session})

  before(async () => {
    harness = await startHarness()
    session = await harness.login()
  })
  after(() => harness.close())

  it('GET /core/v4/settings: the UserSettings the web client reads', async () => {
    const {json, status} = await call('GET', '/core/v4/settings')
    expect(status).to.equal(200)
    expect(json).to.include({Code: 1000})
    const settings = json!.UserSettings as Record<string, unknown>
    expect(settings).to.include({Locale: 'en_US', Telemetry: 1, WeekStart: 0})
    expect(settings.Password).to.deep.equal({ExpirationTime: null, Mode: 1})
    expect(settings['2FA']).to.include({Enabled: 0})
    expect(settings.Email).to.include({Status: 1})
  })

  it('GET /mail/v4/settings: the MailSettings the web client reads, with the account’s display name', async () => {
    const {json} = await call('GET', '/mail/v4/settings')
    const settings = json!.MailSettings as Record<string, unknown>
    expect(settings).to.include({DisplayName: 'demo', PGPScheme: 16, ViewLayout: 1, ViewMode: 0})
    expect(settings.AutoResponder).to.include({IsEnabled: false, Repeat: 0})
  })

  it('PUT /mail/v4/settings/sign and /pgpscheme: Sign 0 or 1, PGPScheme 8 or 16, read back; anything else refused (422) and nothing changed', async () => {
    const settings = async () => (await call('GET', '/mail/v4/settings')).json!.MailSettings as Record<string, unknown>
    expect((await call('PUT', '/mail/v4/settings/sign', {Sign: 1})).status).to.equal(200)
    expect((await call('PUT', '/mail/v4/settings/pgpscheme', {PGPScheme: 8})).status).to.equal(200)
    expect(await settings()).to.include({PGPScheme: 8, Sign: 1})
    for (const [path, body] of [
      ['sign', {Sign: 2}],
      ['sign', {Sign: '1'}],
      ['pgpscheme', {PGPScheme: 4}],
      ['pgpscheme', {}],
    ] as const) {
      expect((await call('PUT', `/mail/v4/settings/${path}`, body)).status, JSON.stringify(body)).to.equal(422)
    }

    expect(await settings()).to.include({PGPScheme: 8, Sign: 1})
    await call('PUT', '/mail/v4/settings/sign', {Sign: 0})
    await call('PUT', '/mail/v4/settings/pgpscheme', {PGPScheme: 16})
    expect(await settings()).to.include({PGPScheme: 16, Sign: 0})
  })

  it('filters: one seeded; created enabled and last; disabled, enabled, deleted; then 404 for it', async () => {
    const listed = async () => ((await call('GET', '/mail/v4/filters')).json!.Filters as Array<Record<string, unknown>>).map(({Name, Status}) => `${Name}:${Status}`)
    expect(await listed()).to.deep.equal(['Shop receipts:1'])
    const created = await call('POST', '/mail/v4/filters', {Name: 'Invoices', Sieve: SIEVE, Version: 2})
    expect(created.status).to.equal(200)
    const filter = created.json!.Filter as Record<string, unknown>
    expect(filter).to.include({Name: 'Invoices', Priority: 2, Sieve: SIEVE, Status: 1, Version: 2})
    const id = String(filter.ID)
    expect(id).to.match(/^[\w-]{86}==$/)
    const disabled = await call('PUT', `/mail/v4/filters/${id}/disable`)
    expect(disabled.json).to.deep.include({Code: 1000})
    expect(disabled.json!.Filter).to.include({ID: id, Status: 0})
    expect(await listed()).to.deep.equal(['Shop receipts:1', 'Invoices:0'])
    expect((await call('PUT', `/mail/v4/filters/${id}/enable`)).json!.Filter).to.include({Status: 1})
    expect((await call('DELETE', `/mail/v4/filters/${id}`)).json).to.deep.equal({Code: 1000})
    expect(await listed()).to.deep.equal(['Shop receipts:1'])
    for (const [method, path] of [
      ['DELETE', `/mail/v4/filters/${id}`],
      ['PUT', `/mail/v4/filters/${id}/enable`],
      ['PUT', `/mail/v4/filters/${id}/disable`],
    ]) {
      const gone = await call(method, path)
      expect([gone.status, gone.json], `${method} ${path}`).to.deep.equal([404, {Code: 2501, Error: 'Filter does not exist'}])
    }
  })

  it('POST /mail/v4/filters refuses what the web client never sends: 422, Code 2000, the rule broken', async () => {
    for (const [body, error] of [
      [{Sieve: SIEVE, Version: 2}, 'Name is required'],
      [{Name: ' ', Sieve: SIEVE, Version: 2}, 'Name must not be empty'],
      [{Name: 'x'.repeat(101), Sieve: SIEVE, Version: 2}, 'Name must be at most 100 characters'],
      [{Name: 'F', Sieve: SIEVE}, 'Version is required'],
      [{Name: 'F', Sieve: SIEVE, Version: '2'}, 'Version must be 1 or 2 (an integer)'],
      [{Name: 'F', Version: 2}, 'Sieve is required'],
      [{Name: 'F', Sieve: 3, Version: 2}, 'Sieve must be a string'],
      [{Name: 'F', Sieve: 'keep', Version: 2}, 'Invalid Sieve script: the script must end with a command (";") or a block ("}")'],
    ] as const) {
      const answer = await call('POST', '/mail/v4/filters', body)
      expect([answer.status, answer.json], JSON.stringify(body)).to.deep.equal([422, {Code: 2000, Error: error}])
    }
  })

  it('DELETE /calendar/v1/{id}: the calendar goes; again, 404 Code 2501', async () => {
    const [seeded] = (await call('GET', '/calendar/v1')).json!.Calendars as Array<{ID: string}>
    expect((await call('DELETE', `/calendar/v1/${seeded.ID}`)).json).to.deep.equal({Code: 1000})
    // The other seeded calendar (Work) stays.
    expect(((await call('GET', '/calendar/v1')).json!.Calendars as Array<{ID: string}>).map(({ID}) => ID)).not.to.include(seeded.ID)
    const again = await call('DELETE', `/calendar/v1/${seeded.ID}`)
    expect([again.status, again.json]).to.deep.equal([404, {Code: 2501, Error: 'Calendar does not exist'}])
  })

  it('needs a session like every other route', async () => {
    for (const [method, path] of [
      ['GET', '/core/v4/settings'],
      ['GET', '/mail/v4/settings'],
      ['GET', '/mail/v4/filters'],
      ['DELETE', '/calendar/v1/x'],
    ]) {
      expect((await harness.call(method, path)).status, `${method} ${path}`).to.equal(401)
    }
  })

  describe('the Sieve check', () => {
    it('takes scripts a compiler takes: comments, string lists, escapes, multi-line strings', () => {
      for (const script of [
        SIEVE,
        'keep;',
        '# a comment with "quote\nkeep;',
        '/* block { comment */ discard;',
        'if header :is "subject" "a \\"quoted\\" }" { stop; }',
        'require "vacation";\nvacation :subject "Away" text:\nI am away "for now".\n.\n;',
      ]) {
        expect(sieveProblem(script), script).to.equal(undefined)
      }
    })

    it('names what no compiler takes', () => {
      expect(sieveProblem('if true { keep;')).to.equal('"}" is missing')
      expect(sieveProblem('keep; }')).to.equal('unexpected "}"')
      expect(sieveProblem('if header :is "subject "x" { keep; }')).to.equal('a quoted string is not closed')
      expect(sieveProblem('/* open comment keep;')).to.equal('a comment is not closed')
      expect(sieveProblem('vacation text:\nstill going\n')).to.equal('a multi-line string (text:) is not closed')
      expect(sieveProblem('if true [ keep; }')).to.equal('unexpected "}"')
    })

    it('filterInput keeps what it checked', () => {
      expect(filterInput({Name: 'N', Sieve: 'keep;', Version: 1})).to.deep.equal({Name: 'N', Sieve: 'keep;', Version: 1})
    })
  })
})
