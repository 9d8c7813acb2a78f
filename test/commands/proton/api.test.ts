/**
 * The api command in-process: oclif's runCommand with nock standing in for
 * the service, so every rule is checked against the real default base URL.
 */
import {expect} from 'chai'
import nock from 'nock'

import {API, proton, useInProcessService} from '../../helpers/in-process.ts'
import {TOKENS} from '../../helpers/session-files.ts'

const api = (args: string[]) => proton(['api', ...args])

describe('proton api (in-process, nock)', () => {
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
    const scope = nock(API)
      .get('/api/a')
      .matchHeader('x-pm-appversion', 'env-app@1.0')
      .reply(200, '{}')
      .get('/api/b')
      .matchHeader('x-pm-appversion', 'flag-app@2.0')
      .reply(200, '{}')
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
    const scope = nock(API)
      .get('/api/mail/v4/messages?Sort=Time&Page=0&PageSize=25&q=a%3Db%26c%2Bd&LabelID=x&LabelID=y')
      .reply(200, '{"Code":1000}')
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
      // Retries are tested in test/daily; here each answer is the last.
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
    nock(API).get('/api/x').reply(200, '{"Code":1000}', {'set-cookie': `AUTH-${TOKENS.UID}=${TOKENS.AccessToken}; Path=/`})
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
      [['GET'], 'Error: missing ENDPOINT (path relative to the API base URL, beginning with "/")\n'],
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
  })
})
