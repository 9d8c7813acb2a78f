/**
 * The daily-use flags and the retry rules in-process: oclif's runCommand
 * with nock standing in for the service at the real default base URL.
 * nock's interceptors prove what was sent: each reply is used once, and
 * scope.done() / pendingMocks() say whether every one was (or was not) asked.
 */
import {expect} from 'chai'
import nock from 'nock'
import {mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {API, proton, useInProcessService} from '../../helpers/in-process.ts'
import {type Handler, json, startServer} from '../../helpers/scripted-server.ts'
import {TOKENS} from '../../helpers/session-files.ts'

const OK = '{"Code":1000}'

/** The command's outcome (in-process); the check against the API description (tested elsewhere) is left out of stderr. */
async function api(args: string[]) {
  const run = await proton(['api', ...args])
  return {...run, stderr: run.stderr.replaceAll(/^Warning: .* (is not in|in) the API description.*\n/gm, '')}
}

describe('proton api for daily use (in-process, nock)', () => {
  useInProcessService({allMocksUsed: false})
  let dir: string

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'api-daily-'))
  })

  afterEach(() => rmSync(dir, {force: true, recursive: true}))

  describe('retries', () => {
    it('429 twice then 200: two retries after Retry-After (seconds, then an HTTP date in the past)', async () => {
      const scope = nock(API)
        .get('/api/x').reply(429, '{"Code":2028}', {'retry-after': '0'})
        .get('/api/x').reply(429, '{"Code":2028}', {'retry-after': 'Wed, 01 Jan 2020 00:00:00 GMT'})
        .get('/api/x').reply(200, OK)
      const result = await api(['GET', '/x', '--verbose'])
      expect(result.exit).to.equal(0)
      expect(result.stdout).to.equal(OK)
      expect(result.stderr.split('\n').filter((line) => line.includes('; retry '))).to.deep.equal([
        '(GET /api/x: HTTP 429; retry 1 of 3 in 0 ms)',
        '(GET /api/x: HTTP 429; retry 2 of 3 in 0 ms)',
      ])
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
        const scope = nock(API)
          .intercept('/api/x', method, '{"Name":"a","Type":1,"On":true,"P":{"C":"2"},"IDs":["a",2]}')
          .matchHeader('content-type', 'application/json')
          .reply(200, OK)
        const result = await api([method, '/x', '-f', 'Name=a', '-F', 'Type=1', '-F', 'On=true', '-f', 'P[C]=2', '-f', 'IDs[]=a', '-F', 'IDs[]=2'])
        expect(result.exit, method).to.equal(0)
        scope.done()
      }
    })

    it('-F/-f make the query for GET, HEAD and DELETE, after --query', async () => {
      for (const method of ['GET', 'HEAD', 'DELETE']) {
        const scope = nock(API).intercept('/api/x?a=0&Page=1&IDs%5B%5D=a&IDs%5B%5D=b', method).reply(200, method === 'HEAD' ? '' : OK)
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
        stdout: `curl -sS --compressed -X DELETE 'https://mail.proton.me/api/mail/v4/labels/l1' -H 'accept: application/vnd.protonmail.v1+json' -H 'accept-encoding: gzip, deflate, br' -H 'x-pm-appversion: Other' -H 'user-agent: proton-cli/0.1.0 (unofficial)' -H "authorization: Bearer \${PROTON_ACCESS_TOKEN}" -H 'x-pm-uid: ${TOKENS.UID}'\n`,
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
      nock(API).get('/api/j').reply(200, OK).get('/api/bin').reply(200, Buffer.from([0xff, 0, 1]), {'content-type': 'application/octet-stream'})
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
      const page = (n: number, ids: number[]) => nock(API).get('/api/m').query({Page: String(n), PageSize: '2'}).reply(200, `{"Code":1000,"Total":5,"Items":[${ids.map((id) => `{"ID":${id},"Big":98765432109876543210}`).join(',')}],"Extra":1}`)
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
