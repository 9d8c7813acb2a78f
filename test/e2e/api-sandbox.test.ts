/**
 * `proton api` for daily use, end to end: the built binary as a child
 * process against `proton sandbox` and its faults. The sandbox's request
 * log proves how many requests were sent (and that none was, for
 * --dry-run); waits are read from the --verbose retry lines, never timed.
 */
import {expect} from 'chai'
import {spawn} from 'node:child_process'
import {chmodSync, readFileSync, statSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {BIN, baseEnv, runBinary, type RunResult} from '../helpers/run-binary.ts'
import {sandboxFetch, sandboxForSuite} from '../helpers/sandbox-process.ts'

interface Logged {
  Method: string
  Path: string
  Query: string
  Status: number
}

describe('proton api against the sandbox’s faults (built binary)', function () {
  this.timeout(60_000)
  const suite = sandboxForSuite()
  const env = () => baseEnv(suite.home.home)
  const api = (args: string[], input?: string): Promise<RunResult> => runBinary(['--profile', 'sandbox', 'api', ...args], {env: env(), input})
  const control = (path: string, method = 'GET', body?: unknown) => sandboxFetch(suite.sandbox, `${path}`, {body: body === undefined ? undefined : JSON.stringify(body), method})
  const fault = async (rule: Record<string, unknown>) => expect((await control('faults', 'POST', rule)).status).to.equal(200)
  const requests = async (): Promise<string[]> => {
    const stats = (await (await control('stats')).json()) as {Requests: Logged[]}
    return stats.Requests.filter((entry) => !entry.Path.startsWith('/__sandbox/')).map((entry) => `${entry.Method} ${entry.Path}${entry.Query ? `?${entry.Query}` : ''} ${entry.Status}`)
  }

  const retryLines = (stderr: string) => stderr.split('\n').filter((line) => line.includes('; retry '))

  beforeEach(async () => {
    await control('faults', 'DELETE')
    await control('stats', 'DELETE')
  })

  it('429 twice then 200: two retries after the Retry-After given, one stderr line each with --verbose', async () => {
    await fault({Count: 2, Kind: 'rate-limit', Path: '/core/v4/users', RetryAfter: 0})
    const result = await api(['GET', '/core/v4/users', '--verbose'])
    expect(result.status, result.stderr).to.equal(0)
    expect(JSON.parse(result.stdout.toString())).to.have.property('Code', 1000)
    expect(await requests()).to.deep.equal(['GET /core/v4/users 429', 'GET /core/v4/users 429', 'GET /core/v4/users 200'])
    expect(retryLines(result.stderr)).to.deep.equal(['(GET /core/v4/users: HTTP 429; retry 1 of 3 in 0 ms)', '(GET /core/v4/users: HTTP 429; retry 2 of 3 in 0 ms)'])
    // Without --verbose the retries are silent.
    await fault({Count: 1, Kind: 'rate-limit', Path: '/core/v4/users', RetryAfter: 0})
    expect(await api(['GET', '/core/v4/users'])).to.deep.include({stderr: '', status: 0})
  })

  it('gives up after --retries, with the last answer’s exit status; --retries 0 sends once', async () => {
    await fault({Count: 0, Kind: 'rate-limit', Path: '/core/v4/users', RetryAfter: 0})
    const result = await api(['GET', '/core/v4/users', '--retries', '2'])
    expect(result.status).to.equal(5)
    expect(result.stderr).to.equal('Error: HTTP 429 Too Many Requests, Code 2028: Too many recent API requests\n')
    expect(await requests()).to.have.length(3)
    await control('stats', 'DELETE')
    expect((await api(['GET', '/core/v4/users', '--retries', '0'])).status).to.equal(5)
    expect(await requests()).to.have.length(1)
  })

  for (const kind of ['unavailable', 'rate-limit']) {
    it(`${kind} without Retry-After: the official clients' wait of seconds (3–8 s), never started past --timeout`, async () => {
      await fault({Count: 1, Kind: kind, Path: '/core/v4/users', RetryAfter: null})
      const result = await api(['GET', '/core/v4/users', '--timeout', '2', '--verbose'])
      expect(result.status).to.equal(5)
      const skipped = /\(GET \/core\/v4\/users: HTTP (\d+); not retried: waiting (\d+) ms would pass the 2 s timeout\)\n/.exec(result.stderr)
      expect(skipped, result.stderr).not.to.equal(null)
      expect(Number(skipped![1])).to.equal(kind === 'unavailable' ? 503 : 429)
      expect(Number(skipped![2])).to.be.within(3000, 8000)
      expect(await requests()).to.have.length(1)
    })
  }

  it('503 is retried for POST as for GET (not processed); another 5xx only for GET', async () => {
    await fault({Count: 1, Kind: 'unavailable', Method: 'POST', Path: '/mail/v4/labels', RetryAfter: 0})
    const created = await api(['POST', '/mail/v4/labels', '-f', 'Name=Retried', '-f', 'Color=#8080FF', '-F', 'Type=1'])
    expect(created.status, created.stderr).to.equal(0)
    expect(await requests()).to.deep.equal(['POST /mail/v4/labels 503', 'POST /mail/v4/labels 200'])

    await control('stats', 'DELETE')
    await fault({Count: 1, Kind: 'unavailable', Path: '/core/v4/users', RetryAfter: 0})
    expect((await api(['GET', '/core/v4/users'])).status).to.equal(0)
    expect(await requests()).to.deep.equal(['GET /core/v4/users 503', 'GET /core/v4/users 200'])

    await control('stats', 'DELETE')
    await fault({Count: 1, Kind: 'status', Method: 'POST', Path: '/mail/v4/labels', Status: 500})
    const failed = await api(['POST', '/mail/v4/labels', '-f', 'Name=Once', '-f', 'Color=#8080FF', '-F', 'Type=1'])
    expect(failed.status).to.equal(5)
    expect(await requests()).to.deep.equal(['POST /mail/v4/labels 500'])
  })

  it('an HTML 502: exit 5 with the page on stderr; GET retried within --retries, POST never', async () => {
    await fault({Count: 0, Kind: 'html-502', Path: '/core/v4/users'})
    const get = await api(['GET', '/core/v4/users', '--retries', '1'])
    expect(get.status).to.equal(5)
    expect(get.stdout.length).to.equal(0)
    expect(get.stderr).to.match(/<h1>502 Bad Gateway<\/h1>[\s\S]*Error: HTTP 502 Bad Gateway: the answer is not JSON \(text\/html, \d+ bytes\)\n$/)
    expect(await requests()).to.deep.equal(['GET /core/v4/users 502', 'GET /core/v4/users 502'])

    await control('stats', 'DELETE')
    await fault({Count: 0, Kind: 'html-502', Path: '/mail/v4/labels'})
    const post = await api(['POST', '/mail/v4/labels', '--body', '{"Name":"x","Color":"#8080FF","Type":1}'])
    expect(post.status).to.equal(5)
    expect(await requests()).to.deep.equal(['POST /mail/v4/labels 502'])
  })

  it('a dropped connection: GET retried (after the backoff), POST not', async () => {
    await fault({Count: 1, Kind: 'drop', Path: '/drive/volumes'})
    const get = await api(['GET', '/drive/volumes', '--retries', '1', '--verbose'])
    expect(get.status, get.stderr).to.equal(0)
    expect(await requests()).to.deep.equal(['GET /drive/volumes 0', 'GET /drive/volumes 200'])
    const [line] = retryLines(get.stderr)
    const wait = Number(/; retry 1 of 1 in (\d+) ms\)$/.exec(line)?.[1])
    // The first backoff: 500 ms with equal jitter.
    expect(wait).to.be.within(250, 500)

    await control('stats', 'DELETE')
    await fault({Count: 1, Kind: 'drop', Method: 'POST', Path: '/mail/v4/labels'})
    const post = await api(['POST', '/mail/v4/labels', '-f', 'Name=Dropped', '-f', 'Color=#8080FF', '-F', 'Type=1'])
    expect(post.status).to.equal(5)
    expect(post.stdout.length).to.equal(0)
    expect(post.stderr).to.match(/^Error: request to http:\/\/127\.0\.0\.1:\d+ failed: ECONNRESET\n$/)
    expect(await requests()).to.deep.equal(['POST /mail/v4/labels 0'])
  })

  it('--timeout: no answer in time exits 5 with a clear message', async () => {
    await fault({Count: 1, DelayMs: 4000, Kind: 'latency', Path: '/core/v4/users'})
    const result = await api(['GET', '/core/v4/users', '--timeout', '1'])
    expect(result.status).to.equal(5)
    expect(result.stdout.length).to.equal(0)
    expect(result.stderr).to.match(/^Error: no complete answer from http:\/\/127\.0\.0\.1:\d+ within 1 s \(timeout; see --timeout\)\n$/)
  })

  it('Ctrl-C mid-request: aborts, ends by SIGINT (a shell reports 130), nothing on stdout', async () => {
    await fault({Count: 1, DelayMs: 10_000, Kind: 'latency', Path: '/core/v4/users'})
    const child = spawn(process.execPath, [BIN, '--profile', 'sandbox', 'api', 'GET', '/core/v4/users'], {env: env(), stdio: ['ignore', 'pipe', 'pipe']})
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.on('close', (code, signal) => resolve([code, signal])))
    // Wait (bounded) until the sandbox holds the request, then interrupt.
    for (let tries = 0; tries < 200 && (await requests()).length === 0; tries++) await new Promise((resolve) => setTimeout(resolve, 25))
    expect(await requests()).to.have.length(1)
    child.kill('SIGINT')
    expect(await exited).to.deep.equal([null, 'SIGINT'])
    expect(stdout).to.equal('')
    expect(stderr).to.equal('Error: interrupted\n')
  })

  it('--paginate: 7 messages, page size 2, four pages, in order, Total as given; --slurp gives the pages', async () => {
    const all = await api(['GET', '/mail/v4/messages', '--query', 'PageSize=7'])
    const ids = (JSON.parse(all.stdout.toString()) as {Messages: Array<{ID: string}>}).Messages.map((message) => message.ID)
    expect(ids).to.have.length(7)
    await control('stats', 'DELETE')

    const merged = await api(['GET', '/mail/v4/messages', '-F', 'PageSize=2', '--paginate'])
    expect(merged.status, merged.stderr).to.equal(0)
    const envelope = JSON.parse(merged.stdout.toString()) as {Code: number; Messages: Array<{ID: string}>; Total: number}
    expect(envelope.Code).to.equal(1000)
    expect(envelope.Total).to.equal(7)
    expect(envelope.Messages.map((message) => message.ID)).to.deep.equal(ids)
    expect((await requests()).sort()).to.deep.equal([0, 1, 2, 3].map((page) => `GET /mail/v4/messages?PageSize=2&Page=${page} 200`))

    const slurped = await api(['GET', '/mail/v4/messages', '--query', 'PageSize=2', '--paginate', '--slurp'])
    const pages = JSON.parse(slurped.stdout.toString()) as Array<{Messages: Array<{ID: string}>}>
    expect(pages.map((page) => page.Messages.length)).to.deep.equal([2, 2, 2, 1])
    expect(pages.flatMap((page) => page.Messages.map((message) => message.ID))).to.deep.equal(ids)
  })

  it('--paginate stops on the first error with its exit status', async () => {
    await fault({After: 2, Count: 0, Kind: 'status', Path: '/mail/v4/messages', Status: 404})
    const result = await api(['GET', '/mail/v4/messages', '-F', 'PageSize=2', '--paginate'])
    expect(result.status).to.equal(3)
    expect(result.stdout.toString()).to.equal('{"Code":404,"Error":"Sandbox fault: HTTP 404"}')
  })

  it('--dry-run prints a curl command with the token redacted and sends nothing', async () => {
    const session = JSON.parse(readFileSync(join(suite.home.home, 'proton-cli', 'sessions', 'sandbox.json'), 'utf8')) as {AccessToken: string; UID: string}
    const result = await api(['POST', '/mail/v4/labels', '-f', 'Name=Dry', '-f', 'Color=#8080FF', '-F', 'Type=1', '--dry-run'])
    expect(result.status).to.equal(0)
    expect(result.stdout.toString()).to.equal(
      `curl -sS --compressed '${suite.sandbox.url}/mail/v4/labels' -H 'accept: application/vnd.protonmail.v1+json' -H 'accept-encoding: gzip, deflate, br' -H 'x-pm-appversion: Other' -H 'user-agent: proton-cli/0.1.0 (unofficial)' -H "authorization: Bearer $(proton auth token --profile sandbox)" -H 'x-pm-uid: ${session.UID}' -H 'content-type: application/json' --data-raw '{"Name":"Dry","Color":"#8080FF","Type":1}'\n`,
    )
    expect(result.stdout.toString() + result.stderr).not.to.include(session.AccessToken)
    expect(await requests()).to.deep.equal([])
  })

  it('refused input sends nothing: CR/LF in -H, a malformed -H, -F with --body (exit 1)', async () => {
    for (const args of [
      ['-H', 'X-A: b\r\nX-B: c'],
      ['-H', 'X-A: b\nc'],
      ['-H', 'no colon'],
      ['--body', '{}', '-F', 'a=1'],
    ]) {
      const result = await api(['POST', '/mail/v4/labels', ...args])
      expect(result.status, args.join(' ')).to.equal(1)
      expect(result.stdout.length).to.equal(0)
      expect(result.stderr).to.match(/^Error: (-H\/--header|--body and -F\/-f)/)
    }

    expect(await requests()).to.deep.equal([])
  })

  it('-H replacing a session header warns on stderr, naming it, and is sent', async () => {
    const result = await api(['GET', '/core/v4/users', '-H', 'Authorization: Bearer not-the-session-token'])
    expect(result.status).to.equal(2)
    expect(result.stderr.split('\n')[0]).to.equal('Warning: -H Authorization replaces the authorization header the session would send')
    expect(await requests()).to.deep.equal(['GET /core/v4/users 401'])
  })

  it('-i, --silent, --output-file and --input through the binary', async () => {
    const included = await api(['GET', '/core/v4/users', '-i'])
    expect(included.status).to.equal(0)
    expect(included.stderr).to.match(/^HTTP\/1\.1 200 OK\n/)
    expect(included.stderr).to.match(/\ncontent-type: application\/json[^\n]*\n/)
    expect(JSON.parse(included.stdout.toString())).to.have.property('Code', 1000)

    const silent = await api(['GET', '/core/v4/users', '--silent'])
    expect([silent.status, silent.stdout.length, silent.stderr]).to.deep.equal([0, 0, ''])

    const path = join(suite.home.home, 'user.json')
    const saved = await api(['GET', '/core/v4/users', '--output-file', path])
    expect([saved.status, saved.stdout.length, saved.stderr]).to.deep.equal([0, 0, ''])
    expect(JSON.parse(readFileSync(path, 'utf8'))).to.have.property('Code', 1000)

    const body = '{"Name":"From input","Color":"#8080FF","Type":1}'
    const created = await api(['POST', '/mail/v4/labels', '--input', '-', '-H', 'Content-Type: application/json'], body)
    expect(created.status, created.stderr).to.equal(0)
    expect(JSON.parse(created.stdout.toString())).to.have.nested.property('Label.Name', 'From input')
  })

  it('--output-file keeps an existing file’s mode and gives a new file the user’s umask', async () => {
    const kept = join(suite.home.home, 'kept.json')
    writeFileSync(kept, 'old')
    chmodSync(kept, 0o600)
    const fresh = join(suite.home.home, 'fresh.json')
    // The child inherits the umask it is started with.
    const umask = process.umask(0o027)
    try {
      expect((await api(['GET', '/core/v4/users', '--output-file', kept])).status).to.equal(0)
      expect((await api(['GET', '/core/v4/users', '--output-file', fresh])).status).to.equal(0)
    } finally {
      process.umask(umask)
    }

    expect([statSync(kept).mode & 0o777, statSync(fresh).mode & 0o777]).to.deep.equal([0o600, 0o640])
    expect(JSON.parse(readFileSync(kept, 'utf8'))).to.have.property('Code', 1000)
  })

  it('human verification without a terminal: the URL and methods on stderr, exit 2', async () => {
    await fault({Count: 1, Kind: 'human-verification', Path: '/core/v4/users'})
    const result = await api(['GET', '/core/v4/users'])
    expect(result.status).to.equal(2)
    expect(result.stdout.length).to.equal(0)
    expect(result.stderr).to.match(/^Human verification required \(methods: captcha, email\): complete it in a browser at http:\/\/127\.0\.0\.1:\d+\/__sandbox\/verify\?token=sandbox-hv-\d+\n/)
    expect(result.stderr).to.match(
      /\nError: human verification required; complete it, then run the command again with PROTON_HV_TOKEN='sandbox-hv-\d+' and PROTON_HV_TYPE set to the method you completed \(captcha, email\), or from a terminal\n$/,
    )
  })

  it('human verification finished by a second run: PROTON_HV_TOKEN and PROTON_HV_TYPE (the method completed) go with the request', async () => {
    await fault({Count: 0, Kind: 'human-verification', Methods: ['captcha'], Path: '/core/v4/users', WebUrl: false})
    const first = await api(['GET', '/core/v4/users'])
    expect(first.status).to.equal(2)
    const token = /&token=(sandbox-hv-\d+)\n/.exec(first.stderr)![1]
    expect(first.stderr.split('\n')[0]).to.equal(`Human verification required (methods: captcha): complete it in a browser at ${suite.sandbox.url}/?methods=captcha&token=${token}`)
    const second = await runBinary(['--profile', 'sandbox', 'api', 'GET', '/core/v4/users'], {env: baseEnv(suite.home.home, {PROTON_HV_TOKEN: token, PROTON_HV_TYPE: 'captcha'})})
    expect(second.status, second.stderr).to.equal(0)
    expect(JSON.parse(second.stdout.toString())).to.include({Code: 1000})
    expect(await requests()).to.deep.equal(['GET /core/v4/users 422', 'GET /core/v4/users 200'])
  })

  it('a token not accepted (12087) on a terminal: verify again at the prompt, then the answer', async () => {
    await fault({Count: 0, Kind: 'human-verification', Path: '/core/v4/users'})
    const command = `${process.execPath} ${BIN} --profile sandbox api GET /core/v4/users`
    const child = spawn('script', ['-q', '-e', '-c', command, '/dev/null'], {env: baseEnv(suite.home.home, {PROTON_HV_TOKEN: 'spent-token', PROTON_HV_TYPE: 'captcha'})})
    let screen = ''
    let typed = false
    child.stdout.on('data', (chunk: Buffer) => {
      screen += chunk.toString()
      if (!typed && screen.includes('[captcha]: ')) {
        typed = true
        child.stdin.write('\r')
      }

      if (/"Code": ?1000|Error:/.test(screen)) child.stdin.end()
    })
    const status = await new Promise<number | null>((resolve) => child.on('close', resolve))
    expect(screen).to.include('Human verification not accepted (Code 12087), verify again (methods: captcha, email)')
    expect(screen).to.match(/"Code": ?1000/)
    expect(status).to.equal(0)
    expect(await requests()).to.deep.equal(['GET /core/v4/users 422', 'GET /core/v4/users 200'])
  })

  it('human verification on a terminal: Enter takes the default method (captcha), then the request is sent again with its headers', async () => {
    await fault({Count: 0, Kind: 'human-verification', Path: '/core/v4/users'})
    // `script` gives the command a pseudo-terminal; Enter is typed at the prompt.
    const command = `${process.execPath} ${BIN} --profile sandbox api GET /core/v4/users`
    const child = spawn('script', ['-q', '-e', '-c', command, '/dev/null'], {env: env()})
    let screen = ''
    let typed = false
    child.stdout.on('data', (chunk: Buffer) => {
      screen += chunk.toString()
      if (!typed && screen.includes('Once it is done, press Enter (or type the method you completed: captcha, email) [captcha]: ')) {
        typed = true
        child.stdin.write('\r')
      }

      // `script` ends with the command only once its own input is closed.
      if (/"Code": ?1000|Error:/.test(screen)) child.stdin.end()
    })
    const status = await new Promise<number | null>((resolve) => child.on('close', resolve))
    expect(screen).to.include('Human verification required (methods: captcha, email)')
    expect(screen).to.match(/"Code": ?1000/)
    expect(status).to.equal(0)
    expect(await requests()).to.deep.equal(['GET /core/v4/users 422', 'GET /core/v4/users 200'])
  })
})
