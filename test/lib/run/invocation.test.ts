/**
 * One run of a command, in-process: its streams, environment and clock
 * injected, a scripted server on 127.0.0.1 as the service. The session it
 * picks, the request it sends (refreshing once on 401), and how it prints
 * an answer and ends.
 */
import {expect} from 'chai'
import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {CliFailure} from '../../../src/lib/core/errors.ts'
import {exitOf, testRun, VERSION} from '../../helpers/invocation.ts'
import {json, serverForSuite} from '../../helpers/scripted-server.ts'
import {TOKENS} from '../../helpers/session-files.ts'

const USERS = '{"Code":1000,"User":{"Name":"demo","MaxSpace":12345678901234567890}}'

describe('Invocation', () => {
  const suite = serverForSuite({handler: json(200, USERS), perTest: 'server+home'})

  describe('session', () => {
    it('takes the environment’s session over the profile’s file, for the default base URL', async () => {
      await suite.home.writeSession(suite.server.url)
      const {invocation} = testRun(suite.home, {env: {PROTON_ACCESS_TOKEN: 'env-token', PROTON_UID: 'env-uid'}})
      const session = await invocation.session()
      expect([session.source, session.uid, session.accessToken, session.apiUrl.href]).to.deep.equal(['env', 'env-uid', 'env-token', 'https://mail.proton.me/api'])
    })

    it('reads the profile’s file from the configuration directory', async () => {
      await suite.home.writeSession(suite.server.url, 'work')
      const {invocation} = testRun(suite.home, {flags: {profile: 'work'}})
      const session = await invocation.session()
      expect([session.source, session.uid, session.apiUrl.origin]).to.deep.equal(['file', TOKENS.UID, suite.server.url])
    })

    it('without a session: exit 2, naming the login command', async () => {
      const {invocation} = testRun(suite.home)
      const failure = await invocation.session().catch((error: CliFailure) => error)
      expect(failure).to.be.instanceOf(CliFailure)
      expect([(failure as CliFailure).exitStatus, (failure as CliFailure).message]).to.deep.equal([2, 'not logged in (profile default): run "proton auth login"'])
    })
  })

  describe('request', () => {
    it('sends the session’s headers and its own user agent', async () => {
      await suite.home.writeSession(suite.server.url)
      const {invocation} = testRun(suite.home, {flags: {'app-version': 'Other@1'}})
      const session = await invocation.session()
      const response = await invocation.request(session, {method: 'GET', url: new URL(`${suite.server.url}/core/v4/users`)})
      expect(response.body.toString()).to.equal(USERS)
      expect(suite.server.requests[0].headers).to.deep.include({
        authorization: `Bearer ${TOKENS.AccessToken}`,
        'user-agent': `proton-cli/${VERSION} (unofficial)`,
        'x-pm-appversion': 'Other@1',
        'x-pm-uid': TOKENS.UID,
      })
    })

    it('on 401 renews the session once, saves the rotated tokens and sends the request again; --verbose says so on stderr', async () => {
      await suite.home.writeSession(suite.server.url)
      suite.server.handle((request, response) => {
        if (request.url === '/auth/v4/refresh') return json(200, '{"Code":1000,"AccessToken":"acc-new","RefreshToken":"ref-new"}')(request, response)
        return json(request.headers.authorization === 'Bearer acc-new' ? 200 : 401, request.headers.authorization === 'Bearer acc-new' ? USERS : '{"Code":401}')(request, response)
      })
      const run = testRun(suite.home, {flags: {verbose: true}})
      const session = await run.invocation.session()
      const response = await run.invocation.request(session, {method: 'GET', url: new URL(`${suite.server.url}/core/v4/users`)})
      expect(response.statusCode).to.equal(200)
      expect(suite.server.requests.map(({url}) => url)).to.deep.equal(['/core/v4/users', '/auth/v4/refresh', '/core/v4/users'])
      const stored = JSON.parse(readFileSync(join(suite.home.home, 'proton-cli', 'sessions', 'default.json'), 'utf8')) as Record<string, string>
      expect([stored.AccessToken, stored.RefreshToken]).to.deep.equal(['acc-new', 'ref-new'])
      expect(run.stderr()).to.include('(access token refreshed; sending the request again)\n')
      expect(run.stderr()).to.include('> authorization: Bearer [redacted]\n')
      expect(run.stderr()).not.to.include('acc-new')
    })

    it('a service that cannot be reached: exit 5 with one line naming it', async () => {
      await suite.home.writeSession('http://127.0.0.1:9')
      const {invocation} = testRun(suite.home)
      const session = await invocation.session()
      const failure = (await invocation.request(session, {method: 'GET', url: new URL('http://127.0.0.1:9/x')}).catch((error: CliFailure) => error)) as CliFailure
      expect([failure.exitStatus, failure.message]).to.deep.equal([
        5,
        "cannot connect to http://127.0.0.1:9 (connection refused): is the service reachable, and is --api-url / the session's API URL right?",
      ])
    })
  })

  describe('printResponse', () => {
    const answer = (statusCode: number, body: string, headers: Record<string, string> = {}, extra = {}) => ({
      body: Buffer.from(body),
      headers,
      httpVersion: '1.1',
      statusCode,
      statusMessage: statusCode === 200 ? 'OK' : statusCode === 404 ? 'Not Found' : '',
      ...extra,
    })

    it('prints a JSON body byte for byte, integers and all, and nothing on stderr', async () => {
      const run = testRun(suite.home)
      expect(await exitOf(run.invocation.printResponse(answer(200, USERS)))).to.equal(0)
      expect([run.stdout(), run.stderr()]).to.deep.equal([USERS, ''])
    })

    it('an API error: the body on stdout, one line on stderr, its exit status', async () => {
      const run = testRun(suite.home)
      const status = await exitOf(run.invocation.printResponse(answer(404, '{"Code":2501,"Error":"Label does not exist"}')))
      expect([status, run.stdout(), run.stderr()]).to.deep.equal([3, '{"Code":2501,"Error":"Label does not exist"}', 'Error: HTTP 404 Not Found, Code 2501 NOT_FOUND_ERROR: Label does not exist\n'])
    })

    it('--quiet keeps the error line off stderr, not the exit status', async () => {
      const run = testRun(suite.home, {flags: {quiet: true}})
      expect(await exitOf(run.invocation.printResponse(answer(409, '{"Code":2500}')))).to.equal(4)
      expect(run.stderr()).to.equal('')
    })

    it('a body that is not JSON goes to stderr (a newline added), exit 5, stdout empty', async () => {
      const run = testRun(suite.home)
      const status = await exitOf(run.invocation.printResponse(answer(502, '<h1>Bad gateway</h1>', {'content-type': 'text/html'})))
      expect([status, run.stdout(), run.stderr()]).to.deep.equal([5, '', '<h1>Bad gateway</h1>\nError: HTTP 502: the answer is not JSON (text/html, 20 bytes)\n'])
    })

    it('an empty answer prints nothing; an empty failure says its status', async () => {
      const ok = testRun(suite.home)
      expect(await exitOf(ok.invocation.printResponse(answer(204, '')))).to.equal(0)
      expect(ok.stdout() + ok.stderr()).to.equal('')
      const missing = testRun(suite.home)
      expect(await exitOf(missing.invocation.printResponse(answer(404, '')))).to.equal(3)
      expect(missing.stderr()).to.equal('Error: HTTP 404 Not Found\n')
    })

    it('-i: the status line and headers on stderr; --silent: no body', async () => {
      const run = testRun(suite.home)
      await run.invocation.printResponse(answer(200, USERS, {'content-type': 'application/json', 'x-pm-code': '1000'}), {include: true, silent: true})
      expect([run.stdout(), run.stderr()]).to.deep.equal(['', 'HTTP/1.1 200 OK\ncontent-type: application/json\nx-pm-code: 1000\n'])
    })

    it('--output yaml converts with exact integers; --output json on a terminal is indented (as gh does)', async () => {
      const yaml = testRun(suite.home, {flags: {output: 'yaml'}})
      await yaml.invocation.printResponse(answer(200, USERS))
      expect(yaml.stdout()).to.equal('Code: 1000\nUser:\n  Name: demo\n  MaxSpace: 12345678901234567890\n')
      const terminal = testRun(suite.home, {env: {NO_COLOR: '1'}, flags: {output: 'json'}, terminal: true})
      await terminal.invocation.printResponse(answer(200, USERS))
      expect(terminal.stdout()).to.equal('{\n  "Code": 1000,\n  "User": {\n    "Name": "demo",\n    "MaxSpace": 12345678901234567890\n  }\n}\n')
    })

    it('an envelope of the wrong shape (Code not an integer) is the service’s fault: exit 5, the body still on stdout', async () => {
      const run = testRun(suite.home)
      expect(await exitOf(run.invocation.printResponse(answer(200, '{"Code":"1000"}')))).to.equal(5)
      expect(run.stdout()).to.equal('{"Code":"1000"}')
      expect(run.stderr()).to.equal("Error: HTTP 200 OK: the service's answer is malformed: its envelope's Code must be integer\n")
    })

    it('a redirect not followed is noted', async () => {
      const run = testRun(suite.home)
      await exitOf(run.invocation.printResponse(answer(302, '', {location: 'https://elsewhere.test/'}, {refusedRedirect: 'https://elsewhere.test/'})))
      expect(run.stderr()).to.match(/^HTTP 302: redirect to https:\/\/elsewhere.test\/ not followed \(credentials stay with the session's origin\)\n/)
    })

    it('--output-file: a success replaces the file, JSON or not; a failure leaves it and says so', async () => {
      const file = join(suite.home.home, 'out.json')
      const saved = testRun(suite.home)
      await saved.invocation.printResponse(answer(200, 'plain text'), {outputFile: file})
      expect([readFileSync(file, 'utf8'), saved.stdout()]).to.deep.equal(['plain text', ''])
      writeFileSync(file, 'kept')
      const failed = testRun(suite.home)
      expect(await exitOf(failed.invocation.printResponse(answer(404, '{"Code":2501}'), {outputFile: file}))).to.equal(3)
      expect(readFileSync(file, 'utf8')).to.equal('kept')
      expect(failed.stderr()).to.equal(`Error: HTTP 404 Not Found, Code 2501 NOT_FOUND_ERROR (${file} left as it was)\n`)
    })
  })

  it('note: an explanatory line on stderr, none with --quiet', () => {
    const loud = testRun(suite.home)
    loud.invocation.note('hello')
    const quiet = testRun(suite.home, {flags: {quiet: true}})
    quiet.invocation.note('hello')
    expect([loud.stderr(), quiet.stderr()]).to.deep.equal(['hello\n', ''])
  })
})
