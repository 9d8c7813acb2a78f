/**
 * The mailbox commands end to end: the built binary as a child process
 * against `proton sandbox`, as a user's shell runs them. The sandbox's
 * request log proves what was (and was not) sent.
 */
import {expect} from 'chai'

import {displayWidth} from '../../src/lib/output/width.ts'
import {baseEnv, runBinary, type RunResult} from '../helpers/run-binary.ts'
import {sandboxFetch, sandboxForSuite} from '../helpers/sandbox-process.ts'

interface Logged {
  Method: string
  Path: string
  Query: string
  Status: number
}

const SIEVE = 'require ["fileinto"];\nif header :contains "subject" "invoice" {\n  fileinto "Invoices";\n}\n'

describe('the mailbox commands against the sandbox (built binary)', function () {
  this.timeout(60_000)
  const suite = sandboxForSuite()
  const env = () => baseEnv(suite.home.home, {TZ: 'UTC'})
  const proton = (args: string[], input?: string): Promise<RunResult> => runBinary(['--profile', 'sandbox', ...args], {env: env(), input})
  const out = (result: RunResult) => result.stdout.toString('utf8')
  const requests = async (): Promise<string[]> => {
    const stats = (await (await sandboxFetch(suite.sandbox, 'stats')).json()) as {Requests: Logged[]}
    return stats.Requests.filter((entry) => !entry.Path.startsWith('/__sandbox/')).map((entry) => `${entry.Method} ${entry.Path}${entry.Query ? `?${entry.Query}` : ''} ${entry.Status}`)
  }

  const resetLog = () => sandboxFetch(suite.sandbox, 'stats', {method: 'DELETE'})
  const fits = (result: RunResult) => {
    for (const line of out(result).split('\n')) expect(displayWidth(line), line).to.be.at.most(80)
  }

  it('account addresses: the original address first, then the alias, both enabled; piped: whole values, tab-separated', async () => {
    await resetLog()
    const result = await proton(['account', 'addresses'])
    expect(result.status).to.equal(0)
    expect(await requests()).to.deep.equal(['GET /core/v4/addresses 200'])
    expect(out(result)).to.match(/^[\w-]{86}==\tdemo@proton\.test\tENABLED\tORIGINAL\n[\w-]{86}==\tdemo\.alias@proton\.test\tENABLED\tALIAS\n$/)
  })

  it('account settings and mail settings: tables of every value, enumerations by name', async () => {
    const account = await proton(['account', 'settings'])
    expect(account.status).to.equal(0)
    expect(out(account)).to.match(/^FIELD +VALUE\n/)
    for (const row of [/\nPassword\.Mode +ONE_PASSWORD_MODE\n/, /\nEmail\.Status +VERIFIED\n/, /\nWeekStart +LOCALE_DEFAULT\n/, /\n2FA\.Allowed +OTP,FIDO2\n/]) expect(out(account)).to.match(row)
    fits(account)
    const mail = await proton(['mail', 'settings'])
    expect(mail.status).to.equal(0)
    for (const row of [/\nDisplayName +demo\n/, /\nViewMode +GROUP\n/, /\nPGPScheme +SEND_PGP_MIME\n/, /\nSwipeLeft +Archive\n/, /\nAutoResponder\.Repeat +FIXED\n/]) expect(out(mail)).to.match(row)
    fits(mail)
  })

  it('--output json of each read is byte for byte what proton api prints', async () => {
    for (const [dedicated, raw] of [
      [
        ['account', 'addresses'],
        ['GET', '/core/v4/addresses'],
      ],
      [
        ['account', 'settings'],
        ['GET', '/core/v4/settings'],
      ],
      [
        ['mail', 'settings'],
        ['GET', '/mail/v4/settings'],
      ],
      [
        ['mail', 'filters', 'list'],
        ['GET', '/mail/v4/filters'],
      ],
    ]) {
      const mine = await proton([...dedicated, '--output', 'json'])
      const theirs = await proton(['api', ...raw])
      expect(mine.status, dedicated.join(' ')).to.equal(0)
      expect(mine.stdout.equals(theirs.stdout), dedicated.join(' ')).to.equal(true)
    }
  })

  it('filters: create from standard input, disable, enable, delete, delete again (exit 3)', async () => {
    await resetLog()
    const created = await proton(['mail', 'filters', 'create', '--name', 'Invoices to folder', '--sieve-file', '-'], SIEVE)
    expect(created.status).to.equal(0)
    const id = out(created).trim()
    expect(id).to.match(/^[\w-]{86}==$/)
    expect(created.stderr).to.equal(`Created filter "Invoices to folder" (${id}).\n`)
    const row = (status: string) => new RegExp(`(^|\\n)${id}\\tInvoices to folder\\t${status}\\n`)
    expect(out(await proton(['mail', 'filters', 'list']))).to.match(row('ENABLED'))
    expect(await proton(['mail', 'filters', 'disable', id])).to.deep.include({stderr: `Disabled filter ${id}.\n`, status: 0})
    expect(out(await proton(['mail', 'filters', 'list']))).to.match(row('DISABLED'))
    expect((await proton(['mail', 'filters', 'enable', id])).status).to.equal(0)
    expect(out(await proton(['mail', 'filters', 'list']))).to.match(row('ENABLED'))
    const deleted = await proton(['mail', 'filters', 'delete', id, '--yes'])
    expect(deleted).to.deep.include({stderr: `Deleted filter ${id}.\n`, status: 0})
    expect(out(deleted)).to.equal(`${id}\n`)
    const again = await proton(['mail', 'filters', 'delete', id, '--yes'])
    expect([again.status, again.stderr]).to.deep.equal([3, `Error: filter ${id}: HTTP 404 Not Found, Code 2501 NOT_FOUND_ERROR: Filter does not exist\n`])
    expect(await requests()).to.deep.equal([
      'POST /mail/v4/filters 200',
      'GET /mail/v4/filters 200',
      `PUT /mail/v4/filters/${id}/disable 200`,
      'GET /mail/v4/filters 200',
      `PUT /mail/v4/filters/${id}/enable 200`,
      'GET /mail/v4/filters 200',
      `DELETE /mail/v4/filters/${id} 200`,
      `DELETE /mail/v4/filters/${id} 404`,
    ])
    // --jq over several IDs: the filter runs once, over the one array of the answers (failures' JSON included).
    const filtered = await proton(['mail', 'filters', 'enable', id, 'no-such-filter', '--jq', '[length, (.[] | .Code)] | @tsv'])
    expect([filtered.status, out(filtered)]).to.deep.equal([3, '2\t2501\t2501\n'])
    expect(filtered.stderr.trimEnd().split('\n')).to.have.length(2)
  })

  it('a Sieve script the service refuses: its error, exit 1, nothing created', async () => {
    const result = await proton(['mail', 'filters', 'create', '--name', 'Broken', '--sieve', 'if true { keep;'])
    expect([result.status, out(result)]).to.deep.equal([1, ''])
    expect(result.stderr).to.equal('Error: HTTP 422 Unprocessable Entity, Code 2000 INVALID_REQUIREMENT_ERROR: Invalid Sieve script: "}" is missing\n')
    expect(out(await proton(['mail', 'filters', 'list']))).not.to.include('Broken')
  })

  it('calendar delete: refused without --yes (nothing sent); with it the calendar goes; again, exit 3 naming it', async () => {
    const created = await proton(['calendar', 'create', '--name', 'Short-lived', '--color', '#179FD9'])
    const id = out(created).trim()
    await resetLog()
    const refused = await proton(['calendar', 'delete', id])
    expect(refused.status).to.equal(1)
    expect(await requests()).to.deep.equal([])
    const deleted = await proton(['calendar', 'delete', id, '--yes'])
    expect([deleted.status, out(deleted), deleted.stderr]).to.deep.equal([0, `${id}\n`, `Deleted calendar ${id}.\n`])
    expect(out(await proton(['calendar', 'list']))).not.to.include('Short-lived')
    const again = await proton(['calendar', 'delete', id, '--yes'])
    expect([again.status, again.stderr]).to.deep.equal([3, `Error: calendar ${id}: HTTP 404 Not Found, Code 2501 NOT_FOUND_ERROR: Calendar does not exist\n`])
    // Each run looks the names up first (GET /calendar/v1: calendar delete takes names as --calendar does).
    expect((await requests()).filter((line) => line.startsWith('DELETE'))).to.deep.equal([`DELETE /calendar/v1/${id} 200`, `DELETE /calendar/v1/${id} 404`])
  })

  it('--dry-run sends nothing: filters create, delete, enable, disable and calendar delete leave the request log empty (but calendar delete’s lookup of names)', async () => {
    await resetLog()
    for (const args of [
      ['mail', 'filters', 'create', '--name', 'Never', '--sieve', 'keep;'],
      ['mail', 'filters', 'delete', 'f1'],
      ['mail', 'filters', 'enable', 'f1'],
      ['mail', 'filters', 'disable', 'f1'],
      ['calendar', 'delete', 'c1', 'c2'],
    ]) {
      const result = await proton([...args, '--dry-run'])
      expect(result.status, args.join(' ')).to.equal(0)
      expect(out(result), args.join(' ')).to.match(new RegExp(`^(POST|PUT|DELETE) ${suite.sandbox.url}/`))
    }

    expect(await requests()).to.deep.equal(['GET /calendar/v1 200'])
  })

  it('every new command has help with examples; the topics say what they hold', async () => {
    const ids = [
      'account addresses',
      'account settings',
      'mail settings',
      'mail filters list',
      'mail filters create',
      'mail filters delete',
      'mail filters enable',
      'mail filters disable',
      'calendar delete',
    ]
    for (const id of ids) {
      const help = await runBinary([...id.split(' '), '--help'], {env: env()})
      expect(help.status, id).to.equal(0)
      expect(out(help), id).to.match(/\nEXAMPLES\n {2}\$ proton /)
    }

    expect(out(await runBinary(['mail', '--help'], {env: env()}))).to.match(/mail filters +List, create, delete, enable and disable Sieve mail filters/)
    expect(out(await runBinary(['mail', 'filters', '--help'], {env: env()}))).to.match(/mail filters enable +Enable mail filters by ID/)
  })
})
