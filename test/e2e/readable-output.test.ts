/**
 * Issue 39, what a new user reads, through the built binary against the sandbox: account show in words, a
 * contact's note on its own lines, "1 byte", a label that is gone said so, and a Proton address that does not
 * exist refused as the service refuses it (Code 33102), so that the refusal path can be tried; narrow tables
 * that leave columns out before cutting the rest to stubs, and never cut a time or a size.
 */
import {expect} from 'chai'

import {baseEnv, runBinary} from '../helpers/run-binary.ts'
import {sandboxFetch, sandboxForSuite} from '../helpers/sandbox-process.ts'
import {runInTerminal} from '../helpers/terminal.ts'

describe('readable output (built binary, sandbox)', function () {
  this.timeout(60_000)
  const suite = sandboxForSuite()
  const run = async (args: string[]) => {
    const result = await runBinary(['--profile', 'sandbox', ...args], {env: baseEnv(suite.home.home, {TZ: 'UTC'}), timeoutMs: 30_000})
    return {...result, out: result.stdout.toString()}
  }

  it('account show says Delinquent and Private in words, not UNREADABLE or NOT_UNPAID', async () => {
    const {out, status} = await run(['account', 'show'])
    expect(status).to.equal(0)
    expect(out).to.match(/^Delinquent +0 \(paid up\)$/m)
    expect(out).to.match(/^Private +1 \(yes: only the user can read their data\)$/m)
    expect(out).to.not.match(/UNREADABLE|NOT_UNPAID/)
  })

  it("contacts get shows a note's line breaks as lines, not as ?", async () => {
    const created = await run(['contacts', 'create', '--name', 'Nora', '--email', 'nora@example.test', '--note', 'line one\nline two'])
    expect(created.status, created.stderr).to.equal(0)
    const {out, status} = await run(['contacts', 'get', created.out.trim()])
    expect(status).to.equal(0)
    expect(out).to.match(/^Notes: +line one\n +line two\n/m)
    expect(out).to.not.include('line one?line two')
  })

  it('a Proton address that does not exist is refused as the service refuses it (Code 33102), not sent in clear; "1 byte"', async () => {
    const posts = async () => ((await (await sandboxFetch(suite.sandbox, 'stats')).json()) as {Requests: Array<{Method: string}>}).Requests.filter((request) => request.Method !== 'GET').length
    const before = await posts()
    const sent = await run(['mail', 'send', '--to', 'nobody@proton.test', '--subject', 'S', '--body', 'b'])
    expect([sent.status, sent.stderr, sent.out]).to.deep.equal([
      1,
      'Error: cannot send to nobody@proton.test (HTTP 422 Unprocessable Entity, Code 33102: Address does not exist); nothing was created or sent\n',
      '',
    ])
    expect(await posts()).to.equal(before)
    const planned = await run(['mail', 'send', '--to', 'nobody@proton.test,a@example.test', '--subject', 'S', '--body', 'b', '--dry-run'])
    expect(planned.status).to.equal(1)
    expect(planned.out).to.include('To: nobody@proton.test (refused: HTTP 422 Unprocessable Entity, Code 33102: Address does not exist)\n')
    expect(planned.out).to.include('Body: 1 byte (text/plain)\n')
    // An address the sandbox knows a key of stays internal.
    const own = await run(['mail', 'send', '--to', 'demo.alias@proton.test', '--subject', 'S', '--body', 'b', '--dry-run'])
    expect(own.status, own.stderr).to.equal(0)
    expect(own.out).to.include('(internal: end-to-end encrypted)')
  })

  it('mail labels delete of something that is no label, folder or ID of yours says it names none, not "give an ID"', async () => {
    const {status, stderr} = await run(['mail', 'labels', 'delete', 'abcdef123', '--yes'])
    expect([status, stderr]).to.deep.equal([1, 'Error: label "abcdef123" names no label or folder (by name, path or ID); see "mail labels list"\n'])
  })

  it('a narrow terminal: the least useful columns go before the subject is cut to a stub; a time and a size stay whole', async () => {
    const env = baseEnv(suite.home.home, {TZ: 'UTC'})
    const mail = await runInTerminal(['--profile', 'sandbox', 'mail', 'list', '--page-size', '3'], env, 30_000, 40)
    expect(mail.status, mail.output).to.equal(0)
    const [header, first] = mail.output.split('\n')
    expect(header.split(/\s+/)).to.deep.equal(['ID', 'TIME', 'SUBJECT'])
    const subject = first.split(/\s{2,}/).at(-1) as string
    expect(subject.length, first).to.be.at.least(8)
    expect(first).to.match(/ {2}\d{4}-\d\d-\d\d \d\d:\d\d {2}/)
    for (const line of mail.output.split('\n').slice(0, 4)) expect(line.length).to.be.at.most(40)
    const drive = await runInTerminal(['--profile', 'sandbox', 'drive', 'ls'], env, 30_000, 40)
    expect(drive.status, drive.output).to.equal(0)
    expect(drive.output).to.match(/ {2}67 B {2}\d{4}-\d\d-\d\d \d\d:\d\d {2}/)
    expect(drive.output).to.not.match(/\d…/)
  })
})
