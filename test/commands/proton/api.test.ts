/**
 * The api command: in-process (oclif's runCommand with nock standing in for
 * the service, so every rule is checked against the real default base URL),
 * and through the built binary where the check against the built-in API
 * description is meant (a copy of the package without the shipped one).
 */
import {expect} from 'chai'
import nock from 'nock'
import {mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {descriptionSuite, SMALL_DESCRIPTION} from '../../helpers/description-suite.ts'
import {API, proton, useInProcessService} from '../../helpers/in-process.ts'
import {type Handler, json, type ScriptedServer, startServer} from '../../helpers/scripted-server.ts'
import {TOKENS} from '../../helpers/session-files.ts'

const OK = '{"Code":1000}'

describe('proton api (in-process, nock)', () => {
  const api = (args: string[]) => proton(['api', ...args])
  // The redirect test leaves the other origin's reply unasked on purpose.
  const service = useInProcessService({allMocksUsed: false, session: false})
  const useEnvSession = service.withSession

  it('sends the three headers to the default base URL and prints the body', async () => {
    useEnvSession()
    const scope = nock(API, {
      reqheaders: {authorization: `Bearer ${TOKENS.AccessToken}`, 'x-pm-appversion': 'Other', 'x-pm-uid': TOKENS.UID},
    })
      .get('/api/core/v4/users')
      .reply(200, '{"Code":1000,"User":{"Name":"alice"}}', {'content-type': 'application/json'})
    const result = await api(['get', '/core/v4/users'])
    expect(result).to.deep.equal({exit: 0, stderr: '', stdout: '{"Code":1000,"User":{"Name":"alice"}}'})
    scope.done()
  })

  it('takes the app version from --app-version or PROTON_APP_VERSION', async () => {
    useEnvSession()
    process.env.PROTON_APP_VERSION = 'env-app@1.0'
    const scope = nock(API).get('/api/a').matchHeader('x-pm-appversion', 'env-app@1.0').reply(200, '{}').get('/api/b').matchHeader('x-pm-appversion', 'flag-app@2.0').reply(200, '{}')
    expect((await api(['GET', '/a'])).exit).to.equal(0)
    expect((await api(['GET', '/b', '--app-version', 'flag-app@2.0'])).exit).to.equal(0)
    scope.done()
  })

  it('sends the app version the profile logged in with, on every call and its refresh, unless --app-version / PROTON_APP_VERSION say otherwise', async () => {
    await service.home().writeSession(`${API}/api`, 'default', {AppVersion: 'web-mail@5.0.99.0'})
    const scope = nock(API)
      .get('/api/core/v4/users')
      .matchHeader('x-pm-appversion', 'web-mail@5.0.99.0')
      .reply(401, '{"Code":401}')
      .post('/api/auth/v4/refresh')
      .matchHeader('x-pm-appversion', 'web-mail@5.0.99.0')
      .reply(200, {AccessToken: 'new-access', Code: 1000, RefreshToken: 'new-refresh', UID: TOKENS.UID})
      .get('/api/core/v4/users')
      .matchHeader('x-pm-appversion', 'web-mail@5.0.99.0')
      .reply(200, '{"Code":1000}')
      .get('/api/a')
      .matchHeader('x-pm-appversion', 'flag-app@2.0')
      .reply(200, '{}')
      .get('/api/b')
      .matchHeader('x-pm-appversion', 'env-app@1.0')
      .reply(200, '{}')
    expect(await api(['GET', '/core/v4/users'])).to.deep.equal({exit: 0, stderr: '', stdout: '{"Code":1000}'})
    expect((await api(['GET', '/a', '--app-version', 'flag-app@2.0'])).exit).to.equal(0)
    process.env.PROTON_APP_VERSION = 'env-app@1.0'
    expect((await api(['GET', '/b'])).exit).to.equal(0)
    scope.done()
    // What the profile keeps is the login's choice, not an override of one call.
    expect((await service.home().store.read('default'))!.AppVersion).to.equal('web-mail@5.0.99.0')
  })

  it('the curl of --dry-run carries the profile’s app version too', async () => {
    await service.home().writeSession(`${API}/api`, 'default', {AppVersion: 'web-mail@5.0.99.0'})
    const result = await api(['GET', '/core/v4/users', '--dry-run'])
    expect(result.exit).to.equal(0)
    expect(result.stdout).to.include("-H 'x-pm-appversion: web-mail@5.0.99.0'")
  })

  it('uses the stored session of --profile / PROTON_PROFILE', async () => {
    await service.home().writeSession(`${API}/api`, 'work', {AccessToken: 'work-token'})
    process.env.PROTON_PROFILE = 'work'
    const scope = nock(API).get('/api/core/v4/users').matchHeader('authorization', 'Bearer work-token').reply(200, '{"Code":1000}')
    expect((await api(['GET', '/core/v4/users'])).exit).to.equal(0)
    scope.done()
    const missing = await api(['GET', '/core/v4/users', '--profile', 'other'])
    expect(missing).to.deep.equal({exit: 2, stderr: 'Error: not logged in (profile other): run "proton auth login"\n', stdout: ''})
  })

  // (Values with spaces are also tested through the binary.)
  it('encodes --query pairs after the endpoint’s own query, in order', async () => {
    useEnvSession()
    const scope = nock(API).get('/api/mail/v4/messages?Sort=Time&Page=0&PageSize=25&q=a%3Db%26c%2Bd&LabelID=x&LabelID=y').reply(200, '{"Code":1000}')
    const result = await api(['GET', '/mail/v4/messages?Sort=Time', '--query', 'Page=0', '--query', 'PageSize=25', '--query', 'q=a=b&c+d', '--query', 'LabelID=x', '--query', 'LabelID=y'])
    expect(result.exit).to.equal(0)
    scope.done()
  })

  it('sends --body as given with Content-Type application/json', async () => {
    useEnvSession()
    const body = '{"Name":"Receipts","Color":"#8080FF","Type":1}'
    // A string body matcher compares the raw request body.
    const scope = nock(API).post('/api/mail/v4/labels', body).matchHeader('content-type', 'application/json').reply(200, '{"Code":1000}')
    expect((await api(['POST', '/mail/v4/labels', '--body', body])).exit).to.equal(0)
    scope.done()
  })

  it('prints an API error body on stdout and one line on stderr, which --quiet drops', async () => {
    useEnvSession()
    const body = '{"Code":2501,"Error":"Label does not exist"}'
    nock(API).delete('/api/mail/v4/labels/l1').times(2).reply(404, body)
    expect(await api(['DELETE', '/mail/v4/labels/l1'])).to.deep.equal({
      exit: 3,
      stderr: 'Error: HTTP 404 Not Found, Code 2501 NOT_FOUND_ERROR: Label does not exist\n',
      stdout: body,
    })
    expect(await api(['DELETE', '/mail/v4/labels/l1', '--quiet'])).to.deep.equal({exit: 3, stderr: '', stdout: body})
  })

  it('maps each exit class', async () => {
    useEnvSession()
    const cases: Array<[number, string, number]> = [
      [200, '{"Code":1001}', 0],
      [422, '{"Code":2000,"Error":"Invalid"}', 1],
      [401, '{"Code":401,"Error":"Invalid access token"}', 2],
      [403, '{"Code":2011}', 2],
      [200, '{"Code":2501}', 3],
      [409, '{"Code":2500,"Error":"exists"}', 4],
      [429, '{"Code":2028}', 5],
      [500, '{"Code":500}', 5],
    ]
    for (const [status, body, exit] of cases) {
      nock(API).get('/api/x').reply(status, body)
      // Retries are tested below ("retries"); here each answer is the last.
      const result = await api(['GET', '/x', '--retries', '0'])
      expect(result.exit, `${status} ${body}`).to.equal(exit)
      expect(result.stdout).to.equal(body)
    }
  })

  it('sends a body that is not JSON to stderr and exits 5', async () => {
    useEnvSession()
    const page = '<html><body><h1>502 Bad Gateway</h1></body></html>'
    nock(API).get('/api/core/v4/users').reply(502, page, {'content-type': 'text/html'})
    const result = await api(['GET', '/core/v4/users', '--retries', '0'])
    expect(result.exit).to.equal(5)
    expect(result.stdout).to.equal('')
    expect(result.stderr).to.equal(`${page}\nError: HTTP 502 Bad Gateway: the answer is not JSON (text/html, ${page.length} bytes)\n`)
  })

  it('prints nothing for an empty answer', async () => {
    useEnvSession()
    nock(API).delete('/api/mail/v4/labels/l1').reply(204).head('/api/core/v4/users').reply(200)
    expect(await api(['DELETE', '/mail/v4/labels/l1'])).to.deep.equal({exit: 0, stderr: '', stdout: ''})
    expect(await api(['HEAD', '/core/v4/users'])).to.deep.equal({exit: 0, stderr: '', stdout: ''})
  })

  it('follows a same-origin redirect but never carries credentials to another origin', async () => {
    useEnvSession()
    const evil = nock('https://evil.example').get('/steal').reply(200, '{"Code":1000}')
    nock(API)
      .get('/api/old')
      .reply(301, '', {location: '/api/new'})
      .get('/api/new')
      .matchHeader('authorization', `Bearer ${TOKENS.AccessToken}`)
      .reply(200, '{"Code":1000}')
      .get('/api/away')
      .reply(302, '', {location: 'https://evil.example/steal'})
    expect((await api(['GET', '/old'])).stdout).to.equal('{"Code":1000}')
    const away = await api(['GET', '/away'])
    expect(away.exit).to.equal(1)
    expect(away.stderr).to.include('redirect to https://evil.example/steal not followed')
    expect(evil.isDone()).to.equal(false)
  })

  it('converts to YAML with --output yaml, integers exact', async () => {
    useEnvSession()
    nock(API).get('/api/x').reply(200, '{"Code":1000,"Size":123456789012345678901}')
    expect((await api(['GET', '/x', '--output', 'yaml'])).stdout).to.equal('Code: 1000\nSize: 123456789012345678901\n')
  })

  it('logs redacted request and response lines with --verbose', async () => {
    useEnvSession()
    nock(API)
      .get('/api/x')
      .reply(200, '{"Code":1000}', {'set-cookie': `AUTH-${TOKENS.UID}=${TOKENS.AccessToken}; Path=/`})
    const result = await api(['GET', '/x', '--verbose'])
    expect(result.stdout).to.equal('{"Code":1000}')
    expect(result.stderr).to.include('> GET https://mail.proton.me/api/x\n').and.include('> authorization: Bearer [redacted]\n')
    expect(result.stderr).to.include(`> x-pm-uid: ${TOKENS.UID}\n`).and.include('< HTTP/1.1 200 OK\n')
    expect(result.stderr).to.include(`< set-cookie: AUTH-${TOKENS.UID}=[redacted]; Path=/`)
    expect(result.stderr).not.to.include(TOKENS.AccessToken)
  })

  it('refuses bad input with one line and exit 1, sending nothing', async () => {
    useEnvSession()
    const cases: Array<[string[], RegExp]> = [
      [['FETCH', '/x'], /^Error: METHOD must be one of GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS, not "FETCH"\n$/],
      [['GET', 'https://evil.example/x'], /^Error: ENDPOINT must be a path relative to the API base URL/],
      [['GET', '//evil.example/x'], /single "\/"/],
      [['GET', '/core/v4/users', '--query', 'novalue'], /--query takes key=value/],
      [['POST', '/mail/v4/labels', '--body', '{"a":'], /--body \(the argument\) is not valid JSON: unexpected end of input at line 1, column 6/],
      [['GET', '/core/v4/users', '--api-url', 'http://mail.proton.me/api'], /plain http:\/\/, which is allowed only for loopback hosts/],
    ]
    for (const [args, pattern] of cases) {
      const result = await api(args)
      expect(result.exit, args.join(' ')).to.equal(1)
      expect(result.stdout).to.equal('')
      expect(result.stderr).to.match(pattern)
      expect(result.stderr.trimEnd().split('\n'), result.stderr).to.have.length(1)
    }

    expect(nock.pendingMocks()).to.deep.equal([])
  })

  it('refuses a line the parser cannot read with one line per problem and where the help is (exit 1)', async () => {
    useEnvSession()
    const cases: Array<[string[], string]> = [
      [['GET', '/core/v4/users', '--nope'], 'Error: unknown flag --nope\n'],
      [['GET', '/core/v4/users', '--output', 'xml'], 'Error: --output must be text, json or yaml, not "xml"\n'],
      [['GET', '/core/v4/users', '--quiet', '--verbose'], 'Error: --quiet and --verbose cannot be used together\n'],
    ]
    for (const [args, problem] of cases) {
      const result = await api(args)
      expect(result.exit, args.join(' ')).to.equal(1)
      expect(result.stdout).to.equal('')
      expect(result.stderr).to.equal(`${problem}See "proton api --help".\n`)
    }

    // A METHOD alone parses (ENDPOINT may stand alone); the command says what is missing.
    expect(await api(['GET'])).to.deep.equal({exit: 1, stderr: 'Error: missing ENDPOINT after GET (a path such as /core/v4/users)\n', stdout: ''})
  })
})

/**
 * The daily-use flags and the retry rules. nock's interceptors prove what
 * was sent: each reply is used once, and scope.done() / pendingMocks() say
 * whether every one was (or was not) asked.
 */
describe('proton api for daily use (in-process, nock)', () => {
  /** The command's outcome (in-process); the check against the API description (tested elsewhere) is left out of stderr. */
  const api = async (args: string[]) => {
    const run = await proton(['api', ...args])
    return {...run, stderr: run.stderr.replaceAll(/^Warning: .* (is not in|in) the API description.*\n/gm, '')}
  }

  useInProcessService({allMocksUsed: false})
  let dir: string

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'api-flags-'))
  })

  afterEach(() => rmSync(dir, {force: true, recursive: true}))

  describe('retries', () => {
    it('429 twice then 200: two retries after Retry-After (seconds, then an HTTP date in the past)', async () => {
      const scope = nock(API)
        .get('/api/x')
        .reply(429, '{"Code":2028}', {'retry-after': '0'})
        .get('/api/x')
        .reply(429, '{"Code":2028}', {'retry-after': 'Wed, 01 Jan 2020 00:00:00 GMT'})
        .get('/api/x')
        .reply(200, OK)
      const result = await api(['GET', '/x', '--verbose'])
      expect(result.exit).to.equal(0)
      expect(result.stdout).to.equal(OK)
      expect(result.stderr.split('\n').filter((line) => line.includes('; retry '))).to.deep.equal(['(GET /api/x: HTTP 429; retry 1 of 3 in 0 ms)', '(GET /api/x: HTTP 429; retry 2 of 3 in 0 ms)'])
      scope.done()
    })

    it('POST: retried on 503, not on 500 or a network failure', async () => {
      const retried = nock(API).post('/api/x').reply(503, '{"Code":503}', {'retry-after': '0'}).post('/api/x').reply(200, OK)
      expect(await api(['POST', '/x', '--body', '{}'])).to.deep.equal({exit: 0, stderr: '', stdout: OK})
      retried.done()

      nock(API).post('/api/x').reply(500, '{"Code":500}').post('/api/x').reply(200, OK)
      expect((await api(['POST', '/x', '--body', '{}'])).exit).to.equal(5)
      expect(nock.pendingMocks()).to.have.length(1)
      nock.cleanAll()
    })

    // nock's replyWithError leaves got 16 waiting forever; a loopback server that drops the connection stands in.
    it('a dropped connection: GET retried, POST not', async () => {
      const server = await startServer()
      try {
        nock.enableNetConnect('127.0.0.1')
        process.env.PROTON_API_URL = server.url
        const dropFirst = (): Handler => {
          let seen = 0
          return (request, response) => (seen++ === 0 ? response.socket?.destroy() : json(200, OK)(request, response))
        }

        server.handle(dropFirst())
        expect(await api(['GET', '/x', '--retries', '1'])).to.deep.equal({exit: 0, stderr: '', stdout: OK})
        expect(server.requests).to.have.length(2)
        server.requests.length = 0
        server.handle(dropFirst())
        const failed = await api(['POST', '/x', '--body', '{}'])
        expect(failed).to.deep.equal({exit: 5, stderr: `Error: request to ${server.url} failed: ECONNRESET\n`, stdout: ''})
        expect(server.requests).to.have.length(1)
      } finally {
        await server.close()
      }
    })

    it('GET: retried on another 5xx; --retries 0 sends once', async () => {
      const scope = nock(API).get('/api/x').reply(500, '{"Code":500}').get('/api/x').reply(200, OK)
      expect((await api(['GET', '/x', '--retries', '1'])).exit).to.equal(0)
      scope.done()
      nock(API).get('/api/x').reply(502, '{"Code":502}').get('/api/x').reply(200, OK)
      expect((await api(['GET', '/x', '--retries', '0'])).exit).to.equal(5)
      expect(nock.pendingMocks()).to.have.length(1)
    })

    it('refuses a negative --retries (exit 1)', async () => {
      expect((await api(['GET', '/x', '--retries', '-1'])).exit).to.equal(1)
    })
  })

  it('--timeout bounds the whole request: exit 5 with a clear message', async () => {
    nock(API).get('/api/x').delay(3000).reply(200, OK)
    const result = await api(['GET', '/x', '--timeout', '1'])
    expect(result).to.deep.equal({exit: 5, stderr: 'Error: no complete answer from https://mail.proton.me within 1 s (timeout; see --timeout)\n', stdout: ''})
  })

  describe('request building', () => {
    it('-F/-f make the JSON body for POST, PUT and PATCH', async () => {
      for (const method of ['POST', 'PUT', 'PATCH']) {
        const scope = nock(API).intercept('/api/x', method, '{"Name":"a","Type":1,"On":true,"P":{"C":"2"},"IDs":["a",2]}').matchHeader('content-type', 'application/json').reply(200, OK)
        const result = await api([method, '/x', '-f', 'Name=a', '-F', 'Type=1', '-F', 'On=true', '-f', 'P[C]=2', '-f', 'IDs[]=a', '-F', 'IDs[]=2'])
        expect(result.exit, method).to.equal(0)
        scope.done()
      }
    })

    it('-F/-f make the query for GET, HEAD and DELETE, after --query', async () => {
      for (const method of ['GET', 'HEAD', 'DELETE']) {
        const scope = nock(API)
          .intercept('/api/x?a=0&Page=1&IDs%5B%5D=a&IDs%5B%5D=b', method)
          .reply(200, method === 'HEAD' ? '' : OK)
        const result = await api([method, '/x', '--query', 'a=0', '-F', 'Page=1', '-f', 'IDs[]=a', '-F', 'IDs[]=b'])
        expect(result.exit, method).to.equal(0)
        scope.done()
      }
    })

    it('mixing fields with --body is exit 1, nothing sent', async () => {
      const result = await api(['POST', '/x', '--body', '{}', '-F', 'a=1'])
      expect(result).to.deep.equal({exit: 1, stderr: 'Error: --body and -F/-f cannot be used together: give the request body one way\n', stdout: ''})
    })

    it('--input sends any bytes, with the Content-Type given by -H', async () => {
      const bytes = Buffer.from([0, 1, 2, 255])
      writeFileSync(join(dir, 'blob.bin'), bytes)
      const scope = nock(API)
        .put('/api/x', (body) => Buffer.from(body as string, 'hex').equals(bytes))
        .matchHeader('content-type', 'application/octet-stream')
        .reply(200, OK)
      const result = await api(['PUT', '/x', '--input', join(dir, 'blob.bin'), '-H', 'Content-Type: application/octet-stream'])
      expect(result.exit).to.equal(0)
      scope.done()
    })

    it('-H adds headers; replacing a session header warns, naming it, and wins', async () => {
      const scope = nock(API, {reqheaders: {authorization: 'Bearer other', 'x-custom': 'v 1', 'x-pm-appversion': 'mine@1', 'x-pm-uid': TOKENS.UID}})
        .get('/api/x')
        .reply(200, OK)
      const result = await api(['GET', '/x', '-H', 'X-Custom: v 1', '-H', 'Authorization: Bearer other', '-H', 'x-pm-appversion: mine@1'])
      expect(result.exit).to.equal(0)
      expect(result.stderr).to.equal(
        'Warning: -H Authorization replaces the authorization header the session would send\nWarning: -H x-pm-appversion replaces the x-pm-appversion header the session would send\n',
      )
      scope.done()
    })

    it('-H with CR or LF in a value, or malformed: exit 1, nothing sent', async () => {
      for (const header of ['X-A: b\r\nX-B: c', 'X-A: b\nc', 'no colon', 'Bad Name: v']) {
        const result = await api(['GET', '/x', '-H', header])
        expect(result.exit, header).to.equal(1)
        expect(result.stdout).to.equal('')
        expect(result.stderr).to.match(/^Error: -H\/--header /)
      }
    })

    it('--dry-run prints curl, sends nothing (no interceptor, no network), exits 0', async () => {
      const result = await api(['DELETE', '/mail/v4/labels/l1', '--dry-run'])
      expect(result).to.deep.equal({
        exit: 0,
        stderr: '',
        stdout: `curl -sS --compressed -X DELETE 'https://mail.proton.me/api/mail/v4/labels/l1' -H 'accept: application/vnd.protonmail.v1+json' -H 'accept-encoding: gzip, deflate, br' -H 'x-pm-appversion: Other' -H 'user-agent: proton-cli/0.1.0 (unofficial)' -H "authorization: Bearer $(proton auth token)" -H 'x-pm-uid: ${TOKENS.UID}'\n`,
      })
    })
  })

  describe('responses', () => {
    it('-i: the status line and headers on stderr, the body alone on stdout', async () => {
      nock(API).get('/api/x').reply(200, OK, {'content-type': 'application/json', 'set-cookie': 'Session=abc; Path=/'})
      const result = await api(['GET', '/x', '-i'])
      expect(result.stdout).to.equal(OK)
      expect(result.stderr).to.equal('HTTP/1.1 200 OK\ncontent-type: application/json\nset-cookie: Session=[redacted]; Path=/\n')
    })

    it('--silent: no body, the exit status still tells', async () => {
      nock(API).get('/api/x').reply(200, OK).get('/api/y').reply(404, '{"Code":2501,"Error":"gone"}')
      expect(await api(['GET', '/x', '--silent'])).to.deep.equal({exit: 0, stderr: '', stdout: ''})
      expect(await api(['GET', '/y', '--silent'])).to.deep.equal({exit: 3, stderr: 'Error: HTTP 404 Not Found, Code 2501 NOT_FOUND_ERROR: gone\n', stdout: ''})
    })

    it('--output-file: the body (JSON or not) in the file, nothing on stdout; a failure leaves the file', async () => {
      const path = join(dir, 'out')
      nock(API)
        .get('/api/j')
        .reply(200, OK)
        .get('/api/bin')
        .reply(200, Buffer.from([0xff, 0, 1]), {'content-type': 'application/octet-stream'})
      expect(await api(['GET', '/j', '--output-file', path])).to.deep.equal({exit: 0, stderr: '', stdout: ''})
      expect(readFileSync(path, 'utf8')).to.equal(OK)
      expect(await api(['GET', '/bin', '--output-file', path])).to.deep.equal({exit: 0, stderr: '', stdout: ''})
      expect(readFileSync(path)).to.deep.equal(Buffer.from([0xff, 0, 1]))
      nock(API).get('/api/gone').reply(404, '{"Code":2501}')
      const failed = await api(['GET', '/gone', '--output-file', path])
      expect(failed).to.deep.equal({exit: 3, stderr: `Error: HTTP 404 Not Found, Code 2501 NOT_FOUND_ERROR (${path} left as it was)\n`, stdout: ''})
      expect(readFileSync(path)).to.deep.equal(Buffer.from([0xff, 0, 1]))
      expect(readdirSync(dir)).to.deep.equal(['out'])
    })

    it('--paginate merges pages in order, integers exact, Total as given; one page passes through untouched', async () => {
      const page = (n: number, ids: number[]) =>
        nock(API)
          .get('/api/m')
          .query({Page: String(n), PageSize: '2'})
          .reply(200, `{"Code":1000,"Total":5,"Items":[${ids.map((id) => `{"ID":${id},"Big":98765432109876543210}`).join(',')}],"Extra":1}`)
      page(0, [0, 1])
      page(1, [2, 3])
      page(2, [4])
      const result = await api(['GET', '/m', '-F', 'PageSize=2', '--paginate'])
      expect(result.exit).to.equal(0)
      expect(result.stdout).to.equal(`{"Code":1000,"Total":5,"Items":[${[0, 1, 2, 3, 4].map((id) => `{"ID":${id},"Big":98765432109876543210}`).join(',')}],"Extra":1}\n`)

      const single = ' {"Code":1000, "Total":1,"Items":[{"ID":1.0}]} '
      nock(API).get('/api/m').query({Page: '0', PageSize: '2'}).reply(200, single)
      expect((await api(['GET', '/m', '-F', 'PageSize=2', '--paginate'])).stdout).to.equal(single)
    })

    it('--paginate is for GET; --slurp needs --paginate (exit 1)', async () => {
      expect((await api(['POST', '/m', '--paginate'])).exit).to.equal(1)
      expect((await api(['GET', '/m', '--slurp'])).exit).to.equal(1)
    })

    it('human verification (Code 9001) without a terminal: the challenge on stderr, exit 2', async () => {
      nock(API)
        .get('/api/x')
        .reply(422, '{"Code":9001,"Error":"Human verification required","Details":{"HumanVerificationMethods":["captcha"],"HumanVerificationToken":"t1","WebUrl":"https://verify.proton.me/?t=t1"}}')
      const result = await api(['GET', '/x'])
      expect(result).to.deep.equal({
        exit: 2,
        stderr:
          'Human verification required (methods: captcha): complete it in a browser at https://verify.proton.me/?t=t1\n' +
          "Error: human verification required; complete it, then run the command again with PROTON_HV_TOKEN='t1' and PROTON_HV_TYPE set to the method you completed (captcha), or from a terminal\n",
        stdout: '',
      })
    })

    it('human verification without Details.WebUrl: the link the web client would open, https://verify.proton.me/?methods=…&token=…', async () => {
      nock(API).get('/api/x').reply(422, '{"Code":9001,"Details":{"HumanVerificationMethods":["captcha","email"],"HumanVerificationToken":"t+1"}}')
      const result = await api(['GET', '/x'])
      expect(result.exit).to.equal(2)
      expect(result.stderr.split('\n')[0]).to.equal('Human verification required (methods: captcha, email): complete it in a browser at https://verify.proton.me/?methods=captcha%2Cemail&token=t%2B1')
    })

    it('a second run finishes it: PROTON_HV_TOKEN and PROTON_HV_TYPE go with the request as the verification headers', async () => {
      process.env.PROTON_HV_TOKEN = 't1'
      process.env.PROTON_HV_TYPE = 'email'
      const scope = nock(API, {reqheaders: {'x-pm-human-verification-token': 't1', 'x-pm-human-verification-token-type': 'email'}})
        .get('/api/x')
        .reply(200, '{"Code":1000}')
      expect(await api(['GET', '/x'])).to.deep.equal({exit: 0, stderr: '', stdout: '{"Code":1000}'})
      scope.done()
    })

    it('a token the service does not accept (Code 12087): exit 2, verify again', async () => {
      process.env.PROTON_HV_TOKEN = 'spent'
      process.env.PROTON_HV_TYPE = 'captcha'
      nock(API)
        .get('/api/x')
        .matchHeader('x-pm-human-verification-token', 'spent')
        .reply(422, '{"Code":12087,"Error":"Invalid verification token","Details":{"HumanVerificationMethods":["captcha"],"HumanVerificationToken":"t2"}}')
      const result = await api(['GET', '/x'])
      expect(result.exit).to.equal(2)
      expect(result.stdout).to.equal('')
      expect(result.stderr).to.equal(
        'Human verification not accepted (Code 12087), verify again (methods: captcha): complete it in a browser at https://verify.proton.me/?methods=captcha&token=t2\n' +
          "Error: the service did not accept the human verification given (Code 12087); complete it again, then run the command again with PROTON_HV_TOKEN='t2' and PROTON_HV_TYPE set to the method you completed (captcha)\n",
      )
    })

    it('PROTON_HV_TOKEN without PROTON_HV_TYPE: a usage error, nothing sent', async () => {
      process.env.PROTON_HV_TOKEN = 't1'
      expect(await api(['GET', '/x'])).to.deep.equal({exit: 1, stderr: 'Error: PROTON_HV_TOKEN needs PROTON_HV_TYPE: the method you completed (captcha, email, sms …)\n', stdout: ''})
    })
  })
})

describe('proton api: the check against the API description (built binary)', () => {
  const suite = descriptionSuite()
  const {runBuiltin} = suite

  describe('the raw command checks requests against the built-in description', () => {
    let server: ScriptedServer
    beforeEach(async () => {
      server = await startServer(json(200, '{"Code":1000}'))
      await suite.home.writeSession(server.url)
    })
    afterEach(() => server.close())

    it('warns about an operation not in the description and still sends it', async () => {
      const result = await runBuiltin(['api', 'GET', '/core/v4/userz'])
      expect(result.status).to.equal(0)
      expect(result.stdout.toString()).to.equal('{"Code":1000}')
      expect(result.stderr).to.equal(
        'Warning: GET /core/v4/userz is not in the API description; nearest known: GET /core/v4/users, GET /core/v4/addresses (only the built-in description is installed; "proton api spec update --from FILE|URL" adds the full one)\n',
      )
      expect(server.requests.map((request) => request.url)).to.deep.equal(['/core/v4/userz'])
      expect((await runBuiltin(['api', 'GET', '/core/v4/userz', '--quiet'])).stderr).to.equal('')
    })

    it('refuses with --strict: exit 1, one line, nothing sent', async () => {
      const unknown = await runBuiltin(['api', 'GET', '/core/v4/userz', '--strict'])
      expect([unknown.status, unknown.stdout.length]).to.deep.equal([1, 0])
      expect(unknown.stderr).to.equal(
        'Error: GET /core/v4/userz is not in the API description; nearest known: GET /core/v4/users, GET /core/v4/addresses (only the built-in description is installed; "proton api spec update --from FILE|URL" adds the full one) (--strict: nothing sent)\n',
      )
      const badBody = await runBuiltin(['api', 'POST', '/mail/v4/labels', '--body', '{"Name":"Receipts","Color":"blue"}', '--strict'])
      expect(badBody.status).to.equal(1)
      expect(badBody.stderr).to.equal('Error: --body does not fit POST /mail/v4/labels in the API description: /Color must match pattern "^#[0-9A-Fa-f]{6}$" (--strict: nothing sent)\n')
      expect(server.requests).to.have.length(0)
      const good = await runBuiltin(['api', 'POST', '/mail/v4/labels', '--body', '{"Name":"Receipts","Color":"#8080FF","Type":1}', '--strict'])
      expect([good.status, good.stderr]).to.deep.equal([0, ''])
      expect(server.requests).to.have.length(1)
    })

    it('warns about a body that does not fit and an undeclared query parameter, and sends', async () => {
      const result = await runBuiltin(['api', 'POST', '/mail/v4/labels', '--body', '{"Name":"Receipts","Type":"folder"}', '--query', 'Extra=1'])
      expect(result.status).to.equal(0)
      expect(result.stderr).to.equal(
        [
          'Warning: query parameter "Extra" is not declared for POST /mail/v4/labels in the API description (only the built-in description is installed; "proton api spec update --from FILE|URL" adds the full one)',
          'Warning: --body does not fit POST /mail/v4/labels in the API description: /Type must be integer, /Type must be equal to one of the allowed values (1, 2, 3, 4)',
          '',
        ].join('\n'),
      )
      expect(server.requests).to.have.length(1)
    })

    it('never fetches a description while sending a request', async () => {
      const source = await startServer((_request, response) => {
        response.writeHead(200, {etag: '"s"'})
        response.end(SMALL_DESCRIPTION)
      })
      try {
        expect((await runBuiltin(['api', 'spec', 'update', '--from', `${source.url}/d.yaml`])).status).to.equal(0)
        const result = await runBuiltin(['api', 'GET', '/core/v4/widgets'])
        expect([result.status, result.stderr]).to.deep.equal([0, ''])
        // With a full description installed, the warning has no hint to install one.
        const unknown = await runBuiltin(['api', 'GET', '/core/v4/widgetz'])
        expect(unknown.stderr).to.equal('Warning: GET /core/v4/widgetz is not in the API description; nearest known: GET /core/v4/widgets, POST /core/v4/widgets, GET /core/v4/addresses\n')
        expect(source.requests).to.have.length(1)
        expect(server.requests.map((request) => request.url)).to.deep.equal(['/core/v4/widgets', '/core/v4/widgetz'])
      } finally {
        await source.close()
      }
    })
  })
})
