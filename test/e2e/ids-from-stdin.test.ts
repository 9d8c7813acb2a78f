/**
 * Issue 39: "-" means standard input in every command that takes IDs (or
 * drive paths), through one reader (given-ids.ts), through the built binary
 * against the sandbox; a standard input that holds none is nothing to do
 * (exit 0, a note, nothing sent); mail send --body-file - reads the body
 * from standard input.
 */
import {expect} from 'chai'

import {baseEnv, runBinary} from '../helpers/run-binary.ts'
import {sandboxFetch, sandboxForSuite} from '../helpers/sandbox-process.ts'

interface Logged {
  Method: string
  Path: string
}

describe('IDs from standard input (built binary, sandbox)', function () {
  this.timeout(120_000)
  const suite = sandboxForSuite()
  const run = (args: string[], input?: string) => runBinary(['--profile', 'sandbox', ...args], {env: baseEnv(suite.home.home, {TERM: 'dumb', TZ: 'UTC'}), input, timeoutMs: 60_000})
  const json = async (args: string[], input?: string) => {
    const result = await run([...args, '--output', 'json'], input)
    expect(result.status, `${args.join(' ')}: ${result.stderr}`).to.equal(0)
    return JSON.parse(result.stdout.toString()) as unknown
  }

  /** What the sandbox was sent during `work` (its request log). */
  const sentDuring = async (work: () => Promise<unknown>): Promise<Logged[]> => {
    await sandboxFetch(suite.sandbox, 'stats', {method: 'DELETE'})
    await work()
    return ((await (await sandboxFetch(suite.sandbox, 'stats')).json()) as {Requests: Logged[]}).Requests
  }

  const messageIds = async () => ((await json(['mail', 'list'])) as {Messages: Array<{ID: string}>}).Messages.map((message) => message.ID)
  const contactIds = async () => ((await json(['contacts', 'list'])) as {Contacts: Array<{ID: string}>}).Contacts.map((contact) => contact.ID)

  it('mail read - with several IDs reads each, as mail read A B does', async () => {
    const ids = (await messageIds()).slice(0, 3)
    const read = await run(['mail', 'read', '-', '--jq', '[length, (.[] | .ID)] | @tsv'], `${ids.join('\n')}\n`)
    expect([read.status, read.stderr]).to.deep.equal([0, ''])
    expect(read.stdout.toString()).to.equal(`3\t${ids.join('\t')}\n`)
  })

  it('contacts get - and contacts delete -: the IDs read, never the ID "-"', async () => {
    const ids = await contactIds()
    const got = await run(['contacts', 'get', '-', '--jq', '[.[] | .ID] | join(",")'], `${ids[0]}\n${ids[1]}\n`)
    expect(got.status, got.stderr).to.equal(0)
    expect(got.stdout.toString()).to.equal(`${ids[0]},${ids[1]}\n`)
    const dry = await run(['contacts', 'delete', '-', '--dry-run', '--output', 'json'], `${ids[2]}\n`)
    expect(dry.status, dry.stderr).to.equal(0)
    expect(dry.stdout.toString())
      .to.include(JSON.stringify([ids[2]]))
      .and.not.to.include('"-"')
  })

  it('calendar events get -: the IDs read; calendar events delete - takes one line', async () => {
    const rows = (await json(['calendar', 'events', 'list', '--start', '2025-03-12', '--end', '2025-03-21'])) as Array<{ID: string; Summary: string}>
    const ids = [...new Set(rows.map((row) => row.ID))]
    const got = await run(['calendar', 'events', 'get', '-', '--jq', '[length, (.[] | .Summary)] | @tsv'], `${ids[0]}\n${ids[2]}\n`)
    expect([got.status, got.stdout.toString()], got.stderr).to.deep.equal([0, '2\tDentist\tCompany holiday\n'])
    const two = await run(['calendar', 'events', 'delete', '-', '--yes'], `${ids[0]}\n${ids[2]}\n`)
    expect([two.status, two.stderr]).to.deep.equal([1, 'Error: standard input ("-") held 2 event IDs: this command takes one\n'])
  })

  it('drive info -: the path on standard input, whole', async () => {
    const info = await run(['drive', 'info', '-', '--output', 'json'], 'Documents/résumé – 履歴書.txt\n')
    expect(info.status, info.stderr).to.equal(0)
    expect((JSON.parse(info.stdout.toString()) as {name: string}).name).to.equal('résumé – 履歴書.txt')
  })

  it('an empty standard input is nothing to do: exit 0, one note, nothing sent', async () => {
    for (const [args, noun] of [
      [['mail', 'trash', '-'], 'message IDs'],
      [['mail', 'read', '-'], 'message IDs'],
      [['contacts', 'delete', '-', '--yes'], 'contact IDs'],
      [['contacts', 'get', '-'], 'contact IDs'],
      [['calendar', 'delete', '-', '--yes'], 'calendar IDs'],
      [['calendar', 'events', 'get', '-'], 'event IDs'],
      [['mail', 'filters', 'delete', '-', '--yes'], 'filter IDs'],
      [['drive', 'info', '-'], 'paths'],
      [['drive', 'trash', '-'], 'paths'],
    ] as const) {
      let result: Awaited<ReturnType<typeof run>> | undefined
      const sent = await sentDuring(async () => {
        result = await run([...args], '\n \n')
      })
      expect([result?.status, result?.stdout.length, result?.stderr], args.join(' ')).to.deep.equal([0, 0, `Nothing to do: standard input held no ${noun}.\n`])
      expect(
        sent.filter((request) => request.Method !== 'GET'),
        args.join(' '),
      ).to.deep.equal([])
    }
  })

  it('mail send --body-file - reads the body from standard input', async () => {
    const dry = await run(['mail', 'send', '--to', 'demo.alias@proton.test', '--subject', 'Piped', '--body-file', '-', '--dry-run'], 'four\n')
    expect(dry.status, dry.stderr).to.equal(0)
    expect(dry.stdout.toString()).to.include('Body: 5 bytes (text/plain)\n')
  })
})
