/**
 * The mailbox end to end: the built binary as a child process against
 * `proton sandbox` (its own, started for this suite), as a user's shell
 * runs it: list with filters, act on what was listed (IDs piped from one
 * command to the next), and see the mailbox change. The service's IDs may
 * begin with "-", so IDs given as arguments go after "--", as a user's
 * script must give them.
 */
import {expect} from 'chai'
import {execFile} from 'node:child_process'

import {BIN, baseEnv, runBinary, type RunResult} from '../helpers/run-binary.ts'
import {sandboxFetch, sandboxForSuite} from '../helpers/sandbox-process.ts'

interface Message {
  ID: string
  Subject: string
  Unread: number
  LabelIDs: string[]
}

interface Logged {
  Method: string
  Path: string
  Status: number
}

describe('the mailbox against the sandbox (built binary)', function () {
  this.timeout(120_000)
  const suite = sandboxForSuite()
  const env = () => baseEnv(suite.home.home, {TZ: 'UTC'})
  const proton = (args: string[], input?: string): Promise<RunResult> => runBinary(['--profile', 'sandbox', ...args], {env: env(), input, timeoutMs: 60_000})
  const list = async (args: string[]): Promise<Message[]> => {
    const result = await proton(['mail', 'list', '--output', 'json', ...args])
    expect(result.status, result.stderr).to.equal(0)
    return (JSON.parse(result.stdout.toString('utf8')) as {Messages: Message[]}).Messages
  }

  const subjects = async (args: string[]) => (await list(args)).map((message) => message.Subject)
  const idOf = async (subject: string) => (await list(['--label', 'all-mail'])).find((message) => message.Subject === subject)!.ID
  /** A line for bash, each word quoted. */
  const shell = (script: string): Promise<{code: number; stderr: string; stdout: string}> =>
    new Promise((resolve) => {
      execFile('bash', ['-c', script], {env: {...env(), BIN}, timeout: 60_000}, (error, stdout, stderr) => resolve({code: error ? Number(error.code) : 0, stderr, stdout}))
    })

  it('mail list filters narrow the list as the service does', async () => {
    expect(await subjects(['--from', 'ALEX'])).to.deep.equal(['Team lunch on Friday?'])
    expect(await subjects(['--to', 'demo@proton.test'])).to.have.length(7)
    expect(await subjects(['--subject', 'invoice'])).to.deep.equal(['Your March invoice'])
    expect(await subjects(['--keyword', 'airline'])).to.deep.equal(['Flight confirmation ABC123'])
    expect(await subjects(['--after', '2024-12-31T22:00:00Z'])).to.deep.equal(['Welcome to the Proton sandbox', 'Your March invoice', 'Team lunch on Friday?'])
    expect(await subjects(['--before', '2024-12-31T20:00:00Z'])).to.deep.equal(['Re: quarterly report', 'Weekly newsletter', 'Password changed'])
    expect(await subjects(['--after', '2025-01-01'])).to.deep.equal(['Welcome to the Proton sandbox'])
    expect(await subjects(['--unread', '--starred', '--has-attachments'])).to.deep.equal(['Your March invoice'])
  })

  it('mail list --all: every page, as one list, complete', async () => {
    const all = await list(['--all', '--page-size', '2', '--label', 'all-mail'])
    expect(all).to.have.length(7)
    expect(new Set(all.map((message) => message.ID)).size).to.equal(7)
    const text = await proton(['mail', 'list', '--all', '--page-size', '3'])
    expect(text.status).to.equal(0)
    expect(text.stdout.toString().trimEnd().split('\n')).to.have.length(7)
    expect(text.stderr).to.equal('7 messages, every page\n')
  })

  it('list | extract the IDs | mail trash: moved to the trash; mail move --to inbox brings them back', async () => {
    const script = [
      'node "$BIN" --profile sandbox mail list --from newsletter --output json',
      `node -e 'let s="";process.stdin.on("data",(d)=>(s+=d)).on("end",()=>{for (const m of JSON.parse(s).Messages) console.log(m.ID)})'`,
      'node "$BIN" --profile sandbox mail trash -',
    ].join(' | ')
    const trashed = await shell(script)
    expect([trashed.code, trashed.stdout, trashed.stderr]).to.deep.equal([0, '', 'Moved 1 message to trash.\n'])
    expect(await subjects(['--label', 'trash'])).to.deep.equal(['Weekly newsletter'])
    expect(await subjects([])).not.to.include('Weekly newsletter')
    const back = await proton(['mail', 'move', '--to', 'inbox'], `${await idOf('Weekly newsletter')}\n`)
    expect([back.status, back.stderr]).to.deep.equal([0, 'Moved 1 message to inbox.\n'])
    expect(await subjects(['--label', 'trash'])).to.deep.equal([])
    expect(await subjects([])).to.include('Weekly newsletter')
  })

  it('mail move --to a folder by its path, then to archive: it is in one folder at a time', async () => {
    const id = await idOf('Flight confirmation ABC123')
    expect((await proton(['mail', 'move', '--to', 'invoices/2024', '--', id])).stderr).to.equal('Moved 1 message to Invoices/2024.\n')
    expect(await subjects(['--label', 'Invoices/2024'])).to.deep.equal(['Flight confirmation ABC123'])
    expect(await subjects([])).not.to.include('Flight confirmation ABC123')
    expect((await proton(['mail', 'move', '--to', 'archive', '--', id])).status).to.equal(0)
    expect(await subjects(['--label', 'Invoices/2024'])).to.deep.equal([])
    expect(await subjects(['--label', 'archive'])).to.deep.equal(['Flight confirmation ABC123'])
  })

  it('mail star / unstar, mail label --add / --remove: seen through --starred and --label', async () => {
    const id = await idOf('Password changed')
    expect((await proton(['mail', 'star', '--', id])).status).to.equal(0)
    expect(await subjects(['--starred'])).to.include('Password changed')
    expect((await proton(['mail', 'unstar', '--', id])).status).to.equal(0)
    expect(await subjects(['--starred'])).not.to.include('Password changed')
    expect((await proton(['mail', 'label', '--add', 'work', '--', id])).stderr).to.equal('Labelled 1 message with Work.\n')
    expect(await subjects(['--label', 'Work'])).to.include('Password changed')
    expect((await proton(['mail', 'label', '--remove', 'Work', '--', id])).status).to.equal(0)
    expect(await subjects(['--label', 'Work'])).not.to.include('Password changed')
  })

  it('mail mark --read / --unread, 151 IDs: two requests the sandbox (150 at most) takes; the IDs that are no message refused by name', async () => {
    await sandboxFetch(suite.sandbox, 'stats', {method: 'DELETE'})
    const real = (await list(['--label', 'all-mail'])).map((message) => message.ID)
    const ids = [...real, ...Array.from({length: 151 - real.length}, (_, index) => `no-such-message-${index}`)]
    const read = await proton(['mail', 'mark', '--read', '-'], ids.join('\n'))
    expect(read.status).to.equal(3)
    const lines = read.stderr.trimEnd().split('\n')
    expect(lines[0]).to.equal('Error: message no-such-message-0: Code 2501 NOT_FOUND_ERROR: Message does not exist')
    expect(lines.at(-1)).to.equal(`Marked ${real.length} of 151 messages read; ${151 - real.length} refused.`)
    expect(await list(['--unread', '--label', 'all-mail'])).to.deep.equal([])
    const stats = (await (await sandboxFetch(suite.sandbox, 'stats')).json()) as {Requests: Logged[]}
    expect(stats.Requests.filter((entry) => entry.Path === '/mail/v4/messages/read').map((entry) => [entry.Method, entry.Status])).to.deep.equal([
      ['PUT', 200],
      ['PUT', 200],
    ])
    expect((await proton(['mail', 'mark', '--unread', '--', real[0]])).status).to.equal(0)
    expect((await list(['--unread', '--label', 'all-mail'])).map((message) => message.ID)).to.deep.equal([real[0]])
  })

  it('mail count names every mailbox, folder and label with its total and unread', async () => {
    const result = await proton(['mail', 'count'])
    expect(result.status).to.equal(0)
    const rows = result.stdout.toString().trimEnd().split('\n')
    expect(rows).to.include.members(['inbox\tmailbox\t6\t1', 'archive\tmailbox\t1\t0', 'Invoices/2024\tfolder\t0\t0', 'Work\tlabel\t1\t0'])
  })

  it('mail delete: refused without a terminal unless --yes; then gone for good, and a second delete is refused per item (exit 3)', async () => {
    const id = await idOf('Re: quarterly report')
    const refused = await proton(['mail', 'delete', '--', id])
    expect(refused.status).to.equal(1)
    expect(await subjects(['--label', 'all-mail'])).to.include('Re: quarterly report')
    const deleted = await proton(['mail', 'delete', '--yes', '--', id])
    expect([deleted.status, deleted.stderr]).to.deep.equal([0, 'Deleted 1 message permanently.\n'])
    expect(await subjects(['--label', 'all-mail'])).not.to.include('Re: quarterly report')
    const again = await proton(['mail', 'delete', '--yes', '--output', 'json', '--', id])
    expect(again.status).to.equal(3)
    expect(JSON.parse(again.stdout.toString())).to.deep.equal({Code: 1001, Responses: [{ID: id, Response: {Code: 2501, Error: 'Message does not exist'}}]})
    expect(again.stderr).to.equal(`Error: message ${id}: Code 2501 NOT_FOUND_ERROR: Message does not exist\nDeleted 0 of 1 message permanently; 1 refused.\n`)
  })
})
