/**
 * The dedicated commands end to end: the built binary as a child process
 * against `proton sandbox`, as a user's shell runs them. The sandbox's
 * request log proves what was (and was not) sent.
 */
import {expect} from 'chai'
import {execFile} from 'node:child_process'

import {BIN, baseEnv, runBinary, type RunResult} from '../helpers/run-binary.ts'
import {sandboxFetch, sandboxForSuite} from '../helpers/sandbox-process.ts'

interface Logged {
  Method: string
  Path: string
  Query: string
  Status: number
}

describe('dedicated commands against the sandbox (built binary)', function () {
  this.timeout(60_000)
  const suite = sandboxForSuite()
  // Through a pipe, lists are whole values, tab-separated, one row a line, no header (table-style.ts); footers on stderr.
  const env = () => baseEnv(suite.home.home, {TZ: 'UTC'})
  const proton = (args: string[]): Promise<RunResult> => runBinary(['--profile', 'sandbox', ...args], {env: env()})
  const out = (result: RunResult) => result.stdout.toString('utf8')
  const requests = async (): Promise<Logged[]> => {
    const stats = (await (await sandboxFetch(suite.sandbox, `stats`)).json()) as {Requests: Logged[]}
    return stats.Requests.filter((entry) => !entry.Path.startsWith('/__sandbox/'))
  }

  const resetLog = () => sandboxFetch(suite.sandbox, `stats`, {method: 'DELETE'})

  // When a step fails because the sandbox is gone, say how it ended: that is a different fault.
  afterEach(function () {
    const {exitCode, signalCode} = suite.sandbox.child
    if (this.currentTest?.state === 'failed' && (exitCode !== null || signalCode !== null)) {
      console.error(`the sandbox had stopped (exit ${exitCode}, signal ${signalCode}); its stderr:\n${suite.sandbox.stderr()}`)
    }
  })

  it('labels: list, create, list again, delete, delete again (exit 3)', async () => {
    const before = await proton(['mail', 'labels', 'list'])
    expect(before.status).to.equal(0)
    expect(out(before)).to.match(/^\S+\tWork\tMESSAGE_LABEL\t#8080FF\t\n/)
    expect(out(before)).not.to.include('Tax Receipts')

    const created = await proton(['mail', 'labels', 'create', '--name', 'Tax Receipts', '--color', '#8080FF'])
    expect(created.status).to.equal(0)
    const id = out(created).trim()
    expect(out(created)).to.equal(`${id}\n`)
    expect(id).to.match(/^[\w-]{80,}==$/)
    expect(created.stderr).to.equal(`Created label "Tax Receipts" (${id}).\n`)

    const after = await proton(['mail', 'labels', 'list', '--type', 'label'])
    expect(out(after)).to.match(new RegExp(`\\n${id}\\tTax Receipts\\tMESSAGE_LABEL\\t#8080FF\\t\\n`))
    expect(out(after)).not.to.include('MESSAGE_FOLDER')

    const refused = await proton(['mail', 'labels', 'delete', 'Tax Receipts'])
    expect([refused.status, refused.stderr]).to.deep.equal([1, 'Error: refusing to delete label Tax Receipts without confirmation: standard input is not a terminal (add --yes)\n'])
    const deleted = await proton(['mail', 'labels', 'delete', 'Tax Receipts', '--yes'])
    expect(deleted).to.deep.include({status: 0, stderr: `Deleted label Tax Receipts.\n`})
    expect(out(deleted)).to.equal(`${id}\n`)

    const again = await proton(['mail', 'labels', 'delete', id, '--yes'])
    expect(again.status).to.equal(3)
    expect(out(again)).to.equal('')
    expect(again.stderr).to.equal(`Error: label ${id}: HTTP 404 Not Found, Code 2501 NOT_FOUND_ERROR: Label does not exist\n`)
    const unknown = await proton(['mail', 'labels', 'delete', 'No Such Label', '--yes'])
    expect([unknown.status, unknown.stderr]).to.deep.equal([1, 'Error: label "No Such Label" names no label or folder (by name, path or ID); see "mail labels list"\n'])
    expect(out(await proton(['mail', 'labels', 'list']))).not.to.include(id)
  })

  it('the confirmation of a create escapes what it repeats: control characters and bidi overrides never reach the terminal raw', async () => {
    const created = await proton(['mail', 'labels', 'create', '--name', 'Ev\u001B[31mR\u001B]0;t\u0007\u202Egnp\tT', '--color', '#112233', '--type', 'folder'])
    expect(created.status).to.equal(0)
    const id = out(created).trim()
    expect(created.stderr).to.equal(`Created folder "Ev\\x1b[31mR\\x1b]0;t\\x07\\u202egnp\\tT" (${id}).\n`)
    expect((await proton(['mail', 'labels', 'delete', id, '--yes'])).status).to.equal(0)
  })

  it('a duplicate name: exit 4, stdout empty in text mode, the 409 answer with --output json', async () => {
    const text = await proton(['mail', 'labels', 'create', '--name', 'Work', '--color', '#123456'])
    expect(text.status).to.equal(4)
    expect(out(text)).to.equal('')
    expect(text.stderr).to.equal('Error: HTTP 409 Conflict, Code 2500 ALREADY_EXISTS_ERROR: A label or folder with the name "Work" already exists\n')
    const json = await proton(['mail', 'labels', 'create', '--name', 'Work', '--color', '#123456', '--output', 'json'])
    expect(json.status).to.equal(4)
    expect(JSON.parse(out(json))).to.include({Code: 2500})
  })

  it('a bad colour, an empty name, an unknown type: exit 1, one line, nothing sent (the request log is empty)', async () => {
    await resetLog()
    for (const args of [
      ['--name', 'Bad', '--color', 'blue'],
      ['--name', '  ', '--color', '#123456'],
      ['--name', 'Bad', '--color', '#123456', '--type', 'system'],
    ]) {
      const result = await proton(['mail', 'labels', 'create', ...args])
      expect(result.status).to.equal(1)
      expect(out(result)).to.equal('')
      expect(result.stderr).to.match(/^Error: --(color|name|type) [^\n]+\n$/)
    }

    const calendar = await proton(['calendar', 'create', '--name', 'Bad', '--color', '#12345G'])
    expect(calendar.status).to.equal(1)
    expect(await requests()).to.deep.equal([])
  })

  it('ID=$(proton mail labels create …) captures the ID alone, usable by the next command', async () => {
    const script =
      'set -e; ID=$(node "$BIN" --profile sandbox mail labels create --name "Shell Made" --color "#0A0B0C" 2>/dev/null); node "$BIN" --profile sandbox mail labels delete "$ID" --yes 2>/dev/null; printf "captured=%s\\n" "$ID"'
    const {code, stdout} = await new Promise<{code: number; stdout: string}>((resolve) => {
      execFile('bash', ['-c', script], {env: {...env(), BIN}, timeout: 30_000}, (error, stdout) => resolve({code: error ? Number(error.code) : 0, stdout}))
    })
    expect(code).to.equal(0)
    const [deletedLine, capturedLine] = stdout.trim().split('\n')
    const id = capturedLine.replace('captured=', '')
    expect(id).to.match(/^[\w-]{80,}==$/)
    expect(deletedLine).to.equal(id)
  })

  it('--dry-run sends nothing but GET requests: create, delete (its names looked up) and calendar create', async () => {
    await resetLog()
    const create = await proton(['mail', 'labels', 'create', '--name', 'Never Sent', '--color', '#8080FF', '--dry-run'])
    expect(create.status).to.equal(0)
    expect(out(create)).to.equal(`POST ${suite.sandbox.url}/core/v4/labels\n{\n  "Name": "Never Sent",\n  "Color": "#8080FF",\n  "Type": 1\n}\n`)
    expect(create.stderr).to.equal('Dry run: the request was not sent.\n')
    const calendar = await proton(['calendar', 'create', '--name', 'Never Sent', '--color', '#7272a7', '--dry-run'])
    expect(out(calendar)).to.match(new RegExp(`^GET ${suite.sandbox.url}/core/v4/addresses\\n\\nPOST ${suite.sandbox.url}/calendar/v1\\n`))
    expect(await requests()).to.deep.equal([])
    const remove = await proton(['mail', 'labels', 'delete', 'Invoices', '--dry-run'])
    expect(out(remove)).to.match(new RegExp(`^DELETE ${suite.sandbox.url}/core/v4/labels/[\\w-]+=*\\n$`))
    expect(remove.stderr).to.equal('Note: deleting folder Invoices would delete its 1 sub-folder too.\nDry run: the request was not sent.\n')
    const missing = await proton(['mail', 'labels', 'delete', 'No Such Folder', '--dry-run'])
    expect(missing.status).to.equal(1)
    expect((await requests()).map((entry) => `${entry.Method} ${entry.Path}`)).to.deep.equal(Array.from({length: 2}, () => ['GET /core/v4/labels', 'GET /core/v4/labels']).flat())
    expect(out(await proton(['mail', 'labels', 'list']))).not.to.include('Never Sent')
  })

  it('calendar create without --address-id uses the first enabled address; calendar list shows it decoded', async () => {
    await resetLog()
    const created = await proton(['calendar', 'create', '--name', 'Team Days', '--color', '#179FD9', '--hidden'])
    expect(created.status).to.equal(0)
    const id = out(created).trim()
    expect(created.stderr).to.equal(`Created calendar "Team Days" (${id}), its keys set up.\n`)
    const log = (await requests()).map((entry) => `${entry.Method} ${entry.Path} ${entry.Status}`)
    // The three reads of the keys go together, in any order; then the calendar, then its keys.
    expect(log.slice(0, 3).sort()).to.deep.equal(['GET /auth/v4/sessions/local/key 200', 'GET /core/v4/addresses 200', 'GET /core/v4/users 200'])
    expect(log.slice(3)).to.deep.equal(['POST /calendar/v1 200', `POST /calendar/v1/${id}/keys 200`])
    const listed = await proton(['calendar', 'list'])
    expect(out(listed)).to.match(new RegExp(`\\n${id}\\tTeam Days\\t#179FD9\\tHIDDEN\\tPERSONAL\\tACTIVE\\tSUPER_OWNER,OWNER,ADMIN,READ_MEMBER_LIST,WRITE,READ,AVAILABILITY\\tdemo@proton\\.test\\n`))
    expect(out(listed)).to.match(/^\S+\tMy calendar\t#7272a7\tVISIBLE\tPERSONAL/)
  })

  it('the requests sent are the official clients’: labels by type at /core/v4/labels, messages newest first of a label looked up by path', async () => {
    await resetLog()
    const listed = await proton(['mail', 'labels', 'list'])
    expect(out(listed)).to.match(/\n\S+\tInvoices\/2024\tMESSAGE_FOLDER\t#54473F\tInvoices\n/)
    expect(out(listed)).not.to.include('SYSTEM_FOLDER')
    const folder = await proton(['mail', 'list', '--label', 'Invoices/2024'])
    expect(folder.status, folder.stderr).to.equal(0)
    expect([out(folder), folder.stderr]).to.deep.equal(['', 'page 1 of 1, 0 messages\n'])
    const work = await proton(['mail', 'list', '--label', 'work'])
    expect(out(work)).to.match(/\tTeam lunch on Friday\?\t\*\n$/)
    expect(work.stderr).to.equal('page 1 of 1, 1 message\n')
    const log = (await requests()).map((entry) => `${entry.Method} ${entry.Path}?${entry.Query} ${entry.Status}`)
    expect(log.slice(0, 5)).to.deep.equal(['GET /core/v4/labels?Type=1 200', 'GET /core/v4/labels?Type=3 200', 'GET /core/v4/labels?Type=1 200', 'GET /core/v4/labels?Type=3 200', log[4]])
    expect(log[4]).to.match(/^GET \/mail\/v4\/messages\?Page=0&PageSize=50&LabelID=[\w-]+(%3D){0,2}&Sort=Time&Desc=1 200$/)
    expect(log).to.have.length(8)
  })

  it('mail list: the seeded inbox, pages counted from 1, mailbox names', async () => {
    const all = await proton(['mail', 'list'])
    expect(all.status).to.equal(0)
    const lines = out(all).split('\n')
    expect(lines).to.have.length(8)
    expect(lines[0]).to.match(/^[\w-]{86}==\t2025-01-01T00:00:00\+00:00\tProton Sandbox <sandbox@proton\.test>\tWelcome to the Proton sandbox\t\*$/)
    expect(all.stderr).to.equal('page 1 of 1, 7 messages\n')
    const second = await proton(['--output', 'text', 'mail', 'list', '--label', 'Inbox', '--page', '3', '--page-size', '3'])
    expect(out(second)).to.match(/^[^\n]+\tPassword changed\t\n$/)
    expect(second.stderr).to.equal('page 3 of 3, 7 messages\n')
    const starred = await proton(['mail', 'list', '--label', 'starred'])
    expect(out(starred)).to.match(/^[^\n]+\tYour March invoice\t\*\n$/)
    expect(starred.stderr).to.equal('page 1 of 1, 1 message\n')
  })

  it('--output json of a dedicated command is byte for byte what proton api prints', async () => {
    for (const [dedicated, raw] of [
      [
        ['drive', 'volumes'],
        ['GET', '/drive/volumes'],
      ],
      [
        ['account', 'show'],
        ['GET', '/core/v4/users'],
      ],
      [
        ['calendar', 'list'],
        ['GET', '/calendar/v1'],
      ],
    ]) {
      const mine = await proton([...dedicated, '--output', 'json'])
      const theirs = await proton(['api', ...raw])
      expect(mine.status).to.equal(0)
      expect(mine.stdout.equals(theirs.stdout), dedicated.join(' ')).to.equal(true)
    }
  })

  it('drive volumes and account show as tables', async () => {
    const volumes = await proton(['drive', 'volumes'])
    expect(out(volumes)).to.match(/^\S+\tRegular\tActive\t1\.0 MiB\t5\.0 GiB\t2025-01-01T00:00:00\+00:00\t\S+\n\S+\tPhotos\tActive\t512\.0 KiB\t5\.0 GiB\t2025-01-01T00:00:00\+00:00\t\S+\n$/)
    const account = await proton(['account', 'show', '--output', 'yaml'])
    expect(out(account)).to.match(/^Code: 1000\nUser:\n/)
    const table = await proton(['account', 'show'])
    expect(out(table)).to.match(/\nEmail +demo@proton\.test\n/)
    expect(out(table)).to.match(/\nRole +FREE_ROLE\n/)
    expect(out(table)).to.match(/\nServices +1 \(MAIL\)\n/)
    expect(out(table)).to.match(/\nType +PROTON\n/)
  })

  it('an expired access token is refreshed once for a dedicated command too', async () => {
    await resetLog()
    await sandboxFetch(suite.sandbox, `expire-tokens`, {method: 'POST'})
    const result = await proton(['mail', 'labels', 'list'])
    expect(result.status).to.equal(0)
    const stats = (await (await sandboxFetch(suite.sandbox, `stats`)).json()) as {Refreshes: number}
    expect(stats.Refreshes).to.equal(1)
  })

  it('every dedicated command has help with examples, and the topics have descriptions', async () => {
    const ids = ['mail list', 'mail labels list', 'mail labels create', 'mail labels delete', 'calendar list', 'calendar create', 'drive volumes', 'account show']
    for (const id of ids) {
      const help = await runBinary([...id.split(' '), '--help'], {env: env()})
      expect(help.status, id).to.equal(0)
      expect(out(help), id).to.match(/\nEXAMPLES\n {2}\$ proton /)
    }

    const top = out(await runBinary(['--help'], {env: env()}))
    for (const topic of ['account', 'calendar', 'drive', 'mail']) expect(top).to.match(new RegExp(`\\n {2}${topic} +\\S`))
    expect(out(await runBinary(['mail', '--help'], {env: env()}))).to.match(/mail labels +List, create and delete labels/)
  })
})
