/**
 * Signals and interrupted work (issue 26), the built binary against a
 * recording server on 127.0.0.1 that holds a request unanswered: once the
 * request has arrived (or the temporary file is there), a real SIGINT,
 * SIGTERM or SIGHUP goes to the child. Each run must end by that signal
 * (re-raised: a shell reports 130, 143, 129), leave no temporary file, and
 * say what was done, what may or may not have been, and what was not sent.
 * Also: the exit status of a batch is its gravest (a network failure's 5
 * over an earlier 2501's 3), --output-file's temporary file is 0600 while
 * written, and temporary files whose process is gone are swept, only those.
 */
import {expect} from 'chai'
import {spawn} from 'node:child_process'
import {chmodSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {baseEnv, BIN} from '../helpers/run-binary.ts'
import {type Recorded, serverForSuite} from '../helpers/scripted-server.ts'

/** A pid no process can have (above Linux's largest pid_max, 2^22, and macOS's 99999). */
const DEAD_PID = 2_147_483_646

interface Ended {
  status: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
}

/** Wait (bounded, never a fixed sleep) until `check` holds. */
async function until(check: () => boolean, what: string): Promise<void> {
  for (let tries = 0; tries < 600 && !check(); tries++) await new Promise((resolve) => setTimeout(resolve, 25))
  expect(check(), what).to.equal(true)
}

describe('signals and interrupted work (built binary, recording server)', function () {
  this.timeout(60_000)
  const suite = serverForSuite({session: true})
  /** Requests answered before the server starts holding them (0: none answered). */
  let answered = 0
  let directories = 0
  const freshDir = () => {
    const path = join(suite.home.home, `out-${++directories}`)
    mkdirSync(path)
    return path
  }

  /** Per item, as the service answers: an ID beginning with "missing" is refused (2501). */
  function perItem(request: Recorded): string {
    const ids = (JSON.parse(request.body.toString('utf8')) as {IDs: string[]}).IDs
    return JSON.stringify({Code: 1001, Responses: ids.map((ID) => ({ID, Response: ID.startsWith('missing') ? {Code: 2501, Error: 'Message does not exist'} : {Code: 1000}}))})
  }

  /** Answer the first `answered` requests (per item, or Code 1000), then hold every later one unanswered. */
  function answerThenHold(count: number): void {
    answered = count
    suite.server.handle((request, response) => {
      if (suite.server.requests.length > answered) return
      const body = request.url.startsWith('/mail/v4/messages/') ? perItem(request) : '{"Code":1000}'
      response.writeHead(200, {'content-type': 'application/json'}).end(body)
    })
  }

  /** The built binary as a child process; `input` on its standard input. */
  function start(args: string[], input = ''): {pid: number; ended: Promise<Ended>} {
    const child = spawn(process.execPath, [BIN, ...args], {env: baseEnv(suite.home.home), stdio: ['pipe', 'pipe', 'pipe']})
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.stdin.on('error', () => {})
    child.stdin.end(input)
    const timer = setTimeout(() => child.kill('SIGKILL'), 50_000)
    const ended = new Promise<Ended>((resolve) => {
      child.on('close', (status, signal) => {
        clearTimeout(timer)
        resolve({signal, status, stderr, stdout})
      })
    })
    return {ended, pid: child.pid as number}
  }

  /** Start the command, wait until the server holds request number `held` (1-based), send `signal`. */
  async function interrupt(args: string[], held: number, signal: NodeJS.Signals, input?: string): Promise<Ended> {
    const {ended, pid} = start(args, input)
    await until(() => suite.server.requests.length >= held, `request ${held} arrives`)
    process.kill(pid, signal)
    return ended
  }

  const ids = Array.from({length: 3000}, (_, index) => (index === 7 ? 'missing-7' : `m${index}`))
  const stdinIds = `${ids.join('\n')}\n`

  describe('a batch of messages (mail star - with 3,000 IDs, 150 a request)', () => {
    it('SIGINT while the third request is in flight: each ID not done named, the count of each kind, "Error: interrupted"; ends by SIGINT (130)', async () => {
      answerThenHold(2)
      const result = await interrupt(['mail', 'star', '-'], 3, 'SIGINT', stdinIds)
      expect([result.status, result.signal, result.stdout]).to.deep.equal([null, 'SIGINT', ''])
      // Nothing after the request in flight was sent.
      expect(suite.server.requests).to.have.length(3)
      const lines = result.stderr.trimEnd().split('\n')
      expect(lines).to.have.length(1 + 150 + 2550 + 2)
      expect(lines[0]).to.equal('Error: message missing-7: Code 2501 NOT_FOUND_ERROR: Message does not exist')
      expect(lines[1]).to.equal('Error: message m300: interrupted while its request was in flight: it may or may not have been applied')
      expect(lines[150]).to.equal('Error: message m449: interrupted while its request was in flight: it may or may not have been applied')
      expect(lines[151]).to.equal('Error: message m450: not sent: interrupted')
      expect(lines[2700]).to.equal('Error: message m2999: not sent: interrupted')
      expect(lines.slice(-2)).to.deep.equal(['Starred 299 of 3000 messages; 1 refused; 150 may or may not have been applied; 2550 not sent.', 'Error: interrupted'])
    })

    it('SIGTERM with --output json: every ID in the service’s shape, Outcome "unknown" or "not-sent", "Interrupted": "SIGTERM"; ends by SIGTERM (143)', async () => {
      answerThenHold(1)
      const result = await interrupt(['mail', 'star', '-', '--output', 'json', '--quiet'], 2, 'SIGTERM', stdinIds)
      expect([result.status, result.signal]).to.deep.equal([null, 'SIGTERM'])
      // --quiet leaves the one line an interruption always gets.
      expect(result.stderr).to.equal('Error: interrupted by SIGTERM\n')
      const document = JSON.parse(result.stdout) as {Code: number; Interrupted: string; Responses: Array<{ID: string; Response: Record<string, unknown>}>}
      expect(Object.keys(document)).to.deep.equal(['Code', 'Responses', 'Interrupted'])
      expect([document.Code, document.Interrupted]).to.deep.equal([1001, 'SIGTERM'])
      expect(document.Responses.map(({ID}) => ID)).to.deep.equal(ids)
      expect(document.Responses[0]).to.deep.equal({ID: 'm0', Response: {Code: 1000}})
      expect(document.Responses[7]).to.deep.equal({ID: 'missing-7', Response: {Code: 2501, Error: 'Message does not exist'}})
      const inFlight = {Error: 'interrupted by SIGTERM while its request was in flight: it may or may not have been applied', Outcome: 'unknown'}
      expect(document.Responses[150]).to.deep.equal({ID: 'm150', Response: inFlight})
      expect(document.Responses[299]).to.deep.equal({ID: 'm299', Response: inFlight})
      const notSent = {Error: 'not sent: interrupted by SIGTERM', Outcome: 'not-sent'}
      expect(document.Responses.slice(300).every(({Response}) => JSON.stringify(Response) === JSON.stringify(notSent))).to.equal(true)
    })

    it('the exit status is the gravest: a later request’s network failure (5) wins over an earlier 2501 (3)', async () => {
      suite.server.handle((request, response) => {
        if (suite.server.requests.length === 1) response.writeHead(200, {'content-type': 'application/json'}).end(perItem(request))
        else response.socket?.destroy()
      })
      const {ended} = start(['mail', 'star', '-', '--retries', '0'], `${ids.slice(0, 300).join('\n')}\n`)
      const result = await ended
      expect(result.status, result.stderr).to.equal(5)
      const lines = result.stderr.trimEnd().split('\n')
      expect(lines[0]).to.equal('Error: message missing-7: Code 2501 NOT_FOUND_ERROR: Message does not exist')
      expect(lines[1]).to.match(/^Error: message m150: .+ \(it may or may not have been applied\)$/)
      expect(lines.at(-1)).to.equal('Starred 149 of 300 messages; 1 refused; 150 may or may not have been applied.')
    })
  })

  describe('one request per ID', () => {
    it('mail filters enable, SIGHUP while the second is in flight: the first done, the second perhaps, the third not attempted; ends by SIGHUP (129)', async () => {
      answerThenHold(1)
      const result = await interrupt(['mail', 'filters', 'enable', 'a', 'b', 'c'], 2, 'SIGHUP')
      expect([result.status, result.signal, result.stdout]).to.deep.equal([null, 'SIGHUP', 'a\n'])
      expect(result.stderr).to.equal(
        'Enabled filter a.\n' +
          'Error: filter b: interrupted by SIGHUP while its request was in flight: it may or may not have been applied\n' +
          'Not attempted (interrupted by SIGHUP): c\n' +
          'Error: interrupted by SIGHUP\n',
      )
      expect(suite.server.requests).to.have.length(2)
    })

    it('mail labels delete, SIGINT while the second is in flight: the same report; ends by SIGINT', async () => {
      // The two GET requests that look the labels up (none listed: IDs of no listed label are sent as given), then one DELETE each.
      answerThenHold(3)
      const [l1, l2, l3, l4] = [1, 2, 3, 4].map((n) => `label-${n}-aaaaaaaaaaaaaaaaaaaa`)
      const result = await interrupt(['mail', 'labels', 'delete', l1, l2, l3, l4, '--yes'], 4, 'SIGINT')
      expect([result.status, result.signal]).to.deep.equal([null, 'SIGINT'])
      expect(result.stderr).to.equal(
        `Deleted label ${l1}.\nError: label ${l2}: interrupted while its request was in flight: it may or may not have been applied\nNot attempted (interrupted): ${l3}, ${l4}\nError: interrupted\n`,
      )
    })

    it('a network failure after a 404: exit 5, the gravest, not the first failure’s 3', async () => {
      suite.server.handle((_request, response) => {
        if (suite.server.requests.length === 1) response.writeHead(404, {'content-type': 'application/json'}).end('{"Code":2501,"Error":"Filter does not exist"}')
        else response.socket?.destroy()
      })
      const result = await start(['mail', 'filters', 'disable', 'gone', 'b', 'c', '--retries', '0']).ended
      expect(result.status, result.stderr).to.equal(5)
      expect(result.stderr).to.match(/^Error: filter gone: HTTP 404 Not Found, Code 2501 NOT_FOUND_ERROR: Filter does not exist\nError: filter b: .+\nNot attempted: c\n$/)
    })
  })

  describe('--output-file', () => {
    /** Send the head and a first part of a 1 MB answer, then hold the rest. */
    function partialAnswer(): void {
      suite.server.handle((_request, response) => {
        response.writeHead(200, {'content-length': 1_000_000, 'content-type': 'application/json'})
        response.write(`{"Code":1000,"Secret":"${'s'.repeat(4000)}`)
      })
    }

    for (const signal of ['SIGTERM', 'SIGHUP'] as const) {
      it(`${signal} while the answer arrives: its temporary file (0600 while written) removed, the file as it was; ends by ${signal}`, async () => {
        partialAnswer()
        const dir = freshDir()
        const path = join(dir, 'answer.json')
        writeFileSync(path, 'before')
        chmodSync(path, 0o644)
        const {ended, pid} = start(['api', 'GET', '/mail/v4/messages', '--output-file', path])
        const temporary = () => readdirSync(dir).find((name) => name.endsWith('.tmp'))
        await until(() => temporary() !== undefined && statSync(join(dir, temporary() as string)).size >= 4000, 'the temporary file fills')
        // Private while it is written, whatever mode the file it replaces has.
        expect(statSync(join(dir, temporary() as string)).mode & 0o777).to.equal(0o600)
        process.kill(pid, signal)
        const result = await ended
        expect([result.status, result.signal, result.stdout]).to.deep.equal([null, signal, ''])
        expect(result.stderr).to.equal(`Error: interrupted by ${signal}\n`)
        expect(readdirSync(dir)).to.deep.equal(['answer.json'])
        expect(readFileSync(path, 'utf8')).to.equal('before')
        expect(statSync(path).mode & 0o777).to.equal(0o644)
      })
    }

    it('sweeps the temporary files of this path whose process is gone; not a live process’s, another file’s or a symbolic link', async () => {
      suite.server.handle((_request, response) => response.writeHead(200, {'content-type': 'application/json'}).end('{"Code":1000}'))
      const dir = freshDir()
      const stale = `answer.json.${DEAD_PID}.0123456789ab.tmp`
      const live = `answer.json.${process.pid}.0123456789ab.tmp`
      const other = `other.json.${DEAD_PID}.0123456789ab.tmp`
      const link = `answer.json.${DEAD_PID}.ba9876543210.tmp`
      const shaped = `answer.json.${DEAD_PID}.0123.tmp`
      for (const name of [stale, live, other, shaped]) writeFileSync(join(dir, name), 'left')
      writeFileSync(join(dir, 'target'), 'kept')
      symlinkSync(join(dir, 'target'), join(dir, link))
      const result = await start(['api', 'GET', '/core/v4/users', '--output-file', join(dir, 'answer.json')]).ended
      expect(result.status, result.stderr).to.equal(0)
      expect(readdirSync(dir).sort()).to.deep.equal(['answer.json', link, shaped, live, other, 'target'].sort())
      expect(readFileSync(join(dir, 'target'), 'utf8')).to.equal('kept')
    })
  })
})
