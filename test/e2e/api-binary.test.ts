/**
 * The built binary as a user's shell runs it: bin/run.js in a child
 * process against a scripted HTTP server on 127.0.0.1, asserting stdout
 * bytes, stderr and the exit status.
 */
import {expect} from 'chai'
import {spawn} from 'node:child_process'
import {writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {freePort} from '../helpers/free-port.ts'
import {baseEnv, BIN, runBinary} from '../helpers/run-binary.ts'
import {json, serverForSuite, startServer} from '../helpers/scripted-server.ts'
import {TOKENS} from '../helpers/session-files.ts'

const SECRETS = [TOKENS.AccessToken, TOKENS.RefreshToken]

describe('bin/run.js api (child process)', function () {
  this.timeout(30_000)
  const suite = serverForSuite({perTest: 'home', session: true})

  const run = (args: string[], options: {env?: NodeJS.ProcessEnv; input?: string} = {}) => runBinary(['api', ...args], {env: baseEnv(suite.home.home, options.env), input: options.input})

  it('passes the body through byte for byte: whitespace, \\u escapes, a 20-digit integer', async () => {
    const body = '{\n\t"Code" : 1000 ,  "ID":"caf\\u00e9\\u2603\\/",\r\n "Size": 12345678901234567890,"Neg":-0.000e-0 }   \n'
    suite.server.handle(json(200, body))
    const result = await run(['GET', '/core/v4/users'])
    expect(result.status).to.equal(0)
    expect(result.stdout.equals(Buffer.from(body))).to.equal(true)
    expect(result.stderr).to.equal('')
    const again = await run(['GET', '/core/v4/users', '--output', 'json'])
    expect(again.stdout.equals(Buffer.from(body))).to.equal(true)
  })

  it('sends the three headers and the session only to its own origin', async () => {
    suite.server.handle(json(200, '{"Code":1000}'))
    await run(['GET', '/core/v4/users', '--app-version', 'cli@1.2.3'])
    const [request] = suite.server.requests
    expect(request.method).to.equal('GET')
    expect(request.url).to.equal('/core/v4/users')
    expect(request.headers.authorization).to.equal(`Bearer ${TOKENS.AccessToken}`)
    expect(request.headers['x-pm-uid']).to.equal(TOKENS.UID)
    expect(request.headers['x-pm-appversion']).to.equal('cli@1.2.3')
  })

  it('exits with each class: 0, 1, 2, 3, 4, 5', async () => {
    const cases: Array<[number, string, number, string]> = [
      [200, '{"Code":1000}', 0, ''],
      [422, '{"Code":2000,"Error":"Name is required"}', 1, 'Error: HTTP 422 Unprocessable Entity, Code 2000 INVALID_REQUIREMENT_ERROR: Name is required\n'],
      [404, '{"Code":2501,"Error":"Label does not exist"}', 3, 'Error: HTTP 404 Not Found, Code 2501 NOT_FOUND_ERROR: Label does not exist\n'],
      [409, '{"Code":2500,"Error":"A label with this name already exists"}', 4, 'Error: HTTP 409 Conflict, Code 2500 ALREADY_EXISTS_ERROR: A label with this name already exists\n'],
      [429, '{"Code":2028,"Error":"Too many requests"}', 5, 'Error: HTTP 429 Too Many Requests, Code 2028: Too many requests\n'],
      [503, '{"Code":503}', 5, 'Error: HTTP 503 Service Unavailable, Code 503\n'],
    ]
    for (const [status, body, exit, stderr] of cases) {
      suite.server.handle(json(status, body))
      // No retries: a 429 or 503 without Retry-After would be waited on for seconds (the retries are tested elsewhere).
      const result = await run(['GET', '/core/v4/users', '--retries', '0'])
      expect(result.status, body).to.equal(exit)
      expect(result.stdout.toString(), body).to.equal(body)
      expect(result.stderr, body).to.equal(stderr)
    }
  })

  it('exits 2 when the service refuses the refresh token (422), and marks the session expired', async () => {
    suite.server.handle((request, res) =>
      (request.url === '/auth/v4/refresh' ? json(422, '{"Code":10013,"Error":"Invalid refresh token"}') : json(401, '{"Code":401,"Error":"Invalid access token"}'))(request, res),
    )
    const result = await run(['GET', '/core/v4/users'])
    expect(result.status).to.equal(2)
    expect(result.stdout.length).to.equal(0)
    expect(result.stderr).to.equal('Error: session expired (profile default): run "proton auth login"\n')
    expect(suite.server.requests.map((request) => `${request.method} ${request.url}`)).to.deep.equal(['GET /core/v4/users', 'POST /auth/v4/refresh'])
    const stored = await suite.home.store.read('default')
    expect(stored?.RefreshRefusedAt).to.be.a('string')
    expect(stored?.RefreshError).to.equal('HTTP 422, Code 10013: Invalid refresh token')
    // An ended session fails at once, without a request.
    const again = await run(['GET', '/core/v4/users'])
    expect([again.status, again.stderr]).to.deep.equal([2, result.stderr])
    expect(suite.server.requests).to.have.length(2)
  })

  it('passes a 401 through (exit 2) for an environment session without a refresh token', async () => {
    suite.server.handle(json(401, '{"Code":401,"Error":"Invalid access token"}'))
    const result = await run(['GET', '/core/v4/users', '--api-url', suite.server.url], {env: {PROTON_ACCESS_TOKEN: 'a', PROTON_UID: 'u'}})
    expect(result.status).to.equal(2)
    expect(result.stdout.toString()).to.equal('{"Code":401,"Error":"Invalid access token"}')
    expect(result.stderr).to.equal('Error: HTTP 401 Unauthorized, Code 401: Invalid access token\n')
  })

  it('sends an intermediary’s HTML 502 page to stderr, stdout empty, exit 5', async () => {
    const page = '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body><center><h1>502 Bad Gateway</h1></center></body>\r\n</html>\r\n'
    suite.server.handle((_req, res) => {
      res.writeHead(502, {'content-type': 'text/html'})
      res.end(page)
    })
    const result = await run(['GET', '/core/v4/users'])
    expect(result.status).to.equal(5)
    expect(result.stdout.length).to.equal(0)
    expect(result.stderr).to.equal(`${page}Error: HTTP 502 Bad Gateway: the answer is not JSON (text/html, ${page.length} bytes)\n`)
  })

  it('treats a truncated body as not JSON (exit 5), whether it ends cleanly or the connection drops', async () => {
    const cut = '{"Code":1000,"Messages":[{"ID":"m1"},{"ID":'
    suite.server.handle(json(200, cut))
    const clean = await run(['GET', '/mail/v4/messages'])
    expect(clean.status).to.equal(5)
    expect(clean.stdout.length).to.equal(0)
    expect(clean.stderr).to.equal(`${cut}\nError: HTTP 200 OK: the answer is not JSON (application/json, ${cut.length} bytes)\n`)

    suite.server.handle((_req, res) => {
      res.writeHead(200, {'content-length': 1000, 'content-type': 'application/json'})
      res.write(cut)
      setTimeout(() => res.socket?.destroy(), 20)
    })
    const dropped = await run(['GET', '/mail/v4/messages'])
    expect(dropped.status).to.equal(5)
    expect(dropped.stdout.length).to.equal(0)
    expect(dropped.stderr).to.match(/^Error: request to http:\/\/127\.0\.0\.1:\d+ failed: \S+\n$/)
  })

  it('exits 5 with one line when the connection is refused', async () => {
    const port = await freePort()
    await suite.home.writeSession(`http://127.0.0.1:${port}`)
    const result = await run(['GET', '/core/v4/users'])
    expect(result.status).to.equal(5)
    expect(result.stdout.length).to.equal(0)
    expect(result.stderr).to.equal(`Error: cannot connect to http://127.0.0.1:${port} (connection refused): is the service reachable, and is --api-url / the session's API URL right?\n`)
  })

  it('prints nothing for 204 and for HEAD', async () => {
    suite.server.handle((_req, res) => {
      res.writeHead(204)
      res.end()
    })
    const deleted = await run(['DELETE', '/mail/v4/labels/l1'])
    expect([deleted.status, deleted.stdout.length, deleted.stderr]).to.deep.equal([0, 0, ''])
    suite.server.handle(json(200, '{"Code":1000}'))
    const head = await run(['head', '/core/v4/users'])
    expect([head.status, head.stdout.length, head.stderr]).to.deep.equal([0, 0, ''])
    expect(suite.server.requests.map((request) => request.method)).to.deep.equal(['DELETE', 'HEAD'])
  })

  it('percent-encodes --query so the service receives exactly each key and value', async () => {
    suite.server.handle(json(200, '{"Code":1000}'))
    const pairs: Array<[string, string]> = [
      ['Page', '0'],
      ['PageSize', '25'],
      ['Keyword', 'a=b&c+d e'],
      ['Keyword', 'Zürich ✓ 100%'],
      ['Empty', ''],
    ]
    const result = await run(['GET', '/mail/v4/messages?Desc=1', ...pairs.flatMap(([key, value]) => ['--query', `${key}=${value}`])])
    expect(result.status).to.equal(0)
    const url = new URL(suite.server.requests[0].url, 'http://x')
    expect(url.pathname).to.equal('/mail/v4/messages')
    expect([...url.searchParams]).to.deep.equal([['Desc', '1'], ...pairs])
    expect(url.search).to.include('Keyword=a%3Db%26c%2Bd%20e')
  })

  it('sends --body from a file and from standard input, byte for byte', async () => {
    suite.server.handle(json(200, '{"Code":1000,"Label":{"ID":"l1"}}'))
    const fromFile = '{"Name": "Receipts",\n "Color": "#8080FF", "Type": 1}\n'
    const path = join(suite.home.home, 'label.json')
    writeFileSync(path, fromFile)
    expect((await run(['POST', '/mail/v4/labels', '--body', `@${path}`])).status).to.equal(0)
    const fromStdin = '{"Name":"Work","Color":"#7272a7","Display":1,"AddressID":"a1"}'
    expect((await run(['POST', '/calendar/v1', '--body', '-'], {input: fromStdin})).status).to.equal(0)
    expect(suite.server.requests.map((request) => request.body.toString())).to.deep.equal([fromFile, fromStdin])
    expect(suite.server.requests.map((request) => request.headers['content-type'])).to.deep.equal(['application/json', 'application/json'])
  })

  it('refuses invalid JSON with the position and sends nothing (exit 1)', async () => {
    const result = await run(['POST', '/mail/v4/labels', '--body', '-'], {input: '{"Name": "x",\n "Type": 1,,}'})
    expect(result.status).to.equal(1)
    expect(result.stdout.length).to.equal(0)
    expect(result.stderr).to.equal('Error: --body (standard input) is not valid JSON: expected a property name at line 2, column 12 (position 25)\n')
    expect(suite.server.requests).to.have.length(0)
  })

  it('refuses bad input with one line, no stack trace, nothing sent', async () => {
    const cases: string[][] = [
      ['TRACE', '/x'],
      ['GET', 'https://example.com/x'],
      ['GET', '/core/v4/users x'],
      ['GET', '/core/v4/users', '--query', '=v'],
      ['GET', '/core/v4/users', '--profile', '../etc'],
    ]
    for (const args of cases) {
      const result = await run(args)
      expect(result.status, args.join(' ')).to.equal(1)
      expect(result.stdout.length).to.equal(0)
      expect(result.stderr, args.join(' ')).to.match(/^Error: [^\n]+\n$/)
      expect(result.stderr).not.to.match(/\bat .*\.js:\d+/)
    }

    expect(suite.server.requests).to.have.length(0)
  })

  it('binds a stored session to its own base URL (exit 2, nothing sent)', async () => {
    const other = await startServer()
    try {
      for (const env of [{}, {PROTON_API_URL: other.url}]) {
        const args = Object.keys(env).length > 0 ? ['GET', '/core/v4/users'] : ['GET', '/core/v4/users', '--api-url', other.url]
        const result = await run(args, {env})
        expect(result.status).to.equal(2)
        expect(result.stderr).to.equal(`Error: the session of profile default belongs to ${suite.server.url} and is never sent elsewhere; to use ${other.url}, log in there with another --profile\n`)
      }

      expect(other.requests).to.have.length(0)
      expect(suite.server.requests).to.have.length(0)
      // Naming the session's own URL is fine.
      suite.server.handle(json(200, '{"Code":1000}'))
      expect((await run(['GET', '/x', '--api-url', `${suite.server.url}/`])).status).to.equal(0)
    } finally {
      await other.close()
    }
  })

  it('uses an environment session over the file, sent where --api-url says', async () => {
    suite.server.handle(json(200, '{"Code":1000}'))
    const result = await run(['GET', '/x', '--api-url', suite.server.url], {env: {PROTON_ACCESS_TOKEN: 'env-access', PROTON_UID: 'env-uid'}})
    expect(result.status).to.equal(0)
    expect(suite.server.requests[0].headers).to.include({authorization: 'Bearer env-access', 'x-pm-uid': 'env-uid'})
  })

  it('says how to log in when there is no session (exit 2)', async () => {
    const result = await run(['GET', '/core/v4/users', '--profile', 'nobody'])
    expect(result.status).to.equal(2)
    expect(result.stderr).to.equal('Error: not logged in (profile nobody): run "proton auth login"\n')
  })

  it('refreshes once on 401, persists the rotated pair, and never shows a token with --verbose', async () => {
    const renewed = {AccessToken: 'acc-renewed-91c3-secret', RefreshToken: 'ref-renewed-44d2-secret'}
    suite.server.handle((request, res) => {
      if (request.url === '/auth/v4/refresh') return json(200, JSON.stringify({Code: 1000, ...renewed, Scopes: ['full'], UID: TOKENS.UID}))(request, res)
      if (request.headers.authorization === `Bearer ${renewed.AccessToken}`) return json(200, '{"Code":1000}')(request, res)
      res.writeHead(401, {'content-type': 'application/json', 'set-cookie': `AUTH-${TOKENS.UID}=${TOKENS.AccessToken}; Path=/`})
      res.end('{"Code":401,"Error":"Invalid access token"}')
    })
    const result = await run(['POST', '/x', '--verbose', '--body', '{}'])
    expect(result.status).to.equal(0)
    expect(result.stdout.toString()).to.equal('{"Code":1000}')
    const everything = result.stdout.toString() + result.stderr
    for (const secret of [...SECRETS, ...Object.values(renewed)]) expect(everything).not.to.include(secret)
    expect(result.stderr).to.include('> authorization: Bearer [redacted]').and.include('< HTTP/1.1 401 Unauthorized')
    expect(result.stderr).to.include(`< set-cookie: AUTH-${TOKENS.UID}=[redacted]; Path=/`).and.include('> POST http://127.0.0.1')
    // Every request's status line, the one sent again after the refresh last.
    expect(result.stderr.match(/^< HTTP\/1\.1 .*$/gm)).to.deep.equal(['< HTTP/1.1 401 Unauthorized', '< HTTP/1.1 200 OK', '< HTTP/1.1 200 OK'])
    const [first, refresh, retry] = suite.server.requests
    expect(suite.server.requests).to.have.length(3)
    expect(first.body.toString()).to.equal('{}')
    expect(refresh.url).to.equal('/auth/v4/refresh')
    expect(refresh.headers['x-pm-uid']).to.equal(TOKENS.UID)
    expect(refresh.headers.authorization).to.equal(undefined)
    // As go-proton-api sends it: State is 32 random characters, new for each refresh.
    const {State, ...sent} = JSON.parse(refresh.body.toString()) as {State: string}
    expect(State).to.match(/^[\w-]{32}$/)
    expect(sent).to.deep.equal({
      GrantType: 'refresh_token',
      RedirectURI: 'https://protonmail.ch',
      RefreshToken: TOKENS.RefreshToken,
      ResponseType: 'token',
      UID: TOKENS.UID,
    })
    expect(retry.headers.authorization).to.equal(`Bearer ${renewed.AccessToken}`)
    expect(retry.body.toString()).to.equal('{}')
    const stored = await suite.home.store.read('default')
    expect(stored).to.include({...renewed, UID: TOKENS.UID})
    expect(stored?.Scopes).to.deep.equal(['full'])
  })

  it('keeps the session when the refresh meets a transient failure it outlasts, or an answer that is no refusal (exit 5)', async () => {
    const refreshes = () => suite.server.requests.filter((request) => request.url === '/auth/v4/refresh').length
    suite.server.handle((request, res) => json(request.url === '/auth/v4/refresh' ? 503 : 401, '{"Code":503}')(request, res))
    const result = await run(['GET', '/core/v4/users', '--timeout', '2'])
    expect(result.status).to.equal(5)
    expect(result.stderr).to.match(/^Error: could not refresh the session of profile default \(HTTP 503, Code 503\); the session is kept, try again\n$/)
    // Without Retry-After the wait is seconds (3 to 8), past a 2 s --timeout: not started.
    expect(refreshes()).to.equal(1)
    // With Retry-After: 1, asked again within --timeout, never taken for a refusal.
    suite.server.requests.length = 0
    suite.server.handle((request, res) => {
      if (request.url !== '/auth/v4/refresh') return json(401, '{"Code":401}')(request, res)
      res.writeHead(503, {'content-type': 'application/json', 'retry-after': '1'})
      res.end('{"Code":503}')
    })
    const again = await run(['GET', '/core/v4/users', '--timeout', '2'])
    expect(again.status).to.equal(5)
    expect(refreshes()).to.be.above(1)
    suite.server.handle((request, res) => json(401, '{"Code":401,"Error":"Invalid access token"}')(request, res))
    const unauthorized = await run(['GET', '/core/v4/users'])
    expect(unauthorized.status).to.equal(5)
    expect(unauthorized.stderr).to.equal('Error: could not refresh the session of profile default (HTTP 401, Code 401: Invalid access token); the session is kept, try again\n')
    expect(await suite.home.store.read('default')).to.deep.include({...TOKENS})
    expect((await suite.home.store.read('default'))?.RefreshRefusedAt).to.equal(undefined)
  })

  it('ends quietly with the answer’s status when the reader closes the pipe early (| head)', async () => {
    const big = JSON.stringify({Code: 2501, Error: 'gone', Padding: 'x'.repeat(4_000_000)})
    suite.server.handle(json(404, big))
    const child = spawn(process.execPath, [BIN, 'api', 'GET', '/x'], {env: baseEnv(suite.home.home)})
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
    })
    child.stdout.once('data', () => child.stdout.destroy())
    const status = await new Promise<number | null>((resolve) => child.on('close', resolve))
    expect(status).to.equal(3)
    expect(stderr).not.to.match(/EPIPE|unsettled|\bat .*:\d+/)
  })

  it('ends a dedicated command quietly with the answer’s status too when the reader closes the pipe', async () => {
    suite.server.handle(json(404, JSON.stringify({Code: 2501, Error: 'gone', Padding: 'x'.repeat(4_000_000)})))
    const child = spawn(process.execPath, [BIN, 'account', 'show', '--output', 'json'], {env: baseEnv(suite.home.home)})
    child.stdout.once('data', () => child.stdout.destroy())
    const status = await new Promise<number | null>((resolve) => child.on('close', resolve))
    expect(status).to.equal(3)
  })
})
