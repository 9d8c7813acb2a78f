/**
 * Text the service controls never drives the terminal: the built binary
 * against a server on 127.0.0.1 that puts escape sequences (ESC, BEL, DEL
 * and C1 such as U+009B, a CSI of its own) in the reason phrase, header
 * values, the envelope's Error and Details, a redirect's Location, a body
 * that is not JSON and the data a table shows. Stderr must hold no control
 * character but line breaks (and the \r\n of a body shown as received),
 * each one written as visible text instead; stdout keeps the body
 * byte-exact. Both ways of running `proton api` (the fast path and oclif)
 * must say the same.
 */
import {expect} from 'chai'

import {baseEnv, runBinary} from '../helpers/run-binary.ts'
import {rawAnswer, type RawServer, startRawServer} from '../helpers/scripted-server.ts'
import {environmentSession, type TempHome, tempHome} from '../helpers/session-files.ts'

const PATHS = [
  ['the fast path', {}],
  ['oclif', {PROTON_FAST_PATH: '0'}],
] as const

/** Any control character but a line break, or the \r of a \r\n. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F-\u009F]|\r(?!\n)/

/** The 400's body: JSON escapes of ESC and CSI in Error, and a raw U+009B (C2 9B) in a string, which stdout must keep. */
const ERROR_BODY = Buffer.from('{"Code":2001,"Error":"bad \\u001b[2J\\u009b31m\\nthing","Details":{"Raw":"\u009B6n"}}')
const LABELS_BODY = '{"Code":1000,"Labels":[{"ID":"l1","Name":"Work\\u001b[41m\\u009b5m","Type":1,"Color":"#8080FF\\u0007","Path":"Work\\u001b[41m\\u009b5m"}]}'
const HTML = Buffer.from('<html>\u001B]0;pwned\u0007<p>\r\nbad\u009B2J\u007F</p>\n')

function answer(path: string): Buffer {
  if (path.startsWith('/core/v4/users')) {
    return rawAnswer(
      'HTTP/1.1 400 Bad \u001B[31mRed\u001B[0m \u009B1m',
      [
        ['content-type', 'application/json'],
        ['x-evil', 'a\u009B2Jb'],
      ],
      ERROR_BODY,
    )
  }

  if (path.startsWith('/core/v4/addresses')) return rawAnswer('HTTP/1.1 502 Bad Gateway', [['content-type', 'text/html\u009B']], HTML)
  if (path.startsWith('/core/v4/settings')) return rawAnswer('HTTP/1.1 302 Found', [['location', 'http://elsewhere.invalid/\u009B2J']], '')
  if (path.startsWith('/core/v4/labels')) return rawAnswer('HTTP/1.1 200 OK', [['content-type', 'application/json']], LABELS_BODY)
  const challenge = {
    Code: 9001,
    Details: {HumanVerificationMethods: ['captcha\u001B[8m'], HumanVerificationToken: 't', WebUrl: 'https://verify.example/\u009B2J'},
    Error: 'Human verification required',
  }
  return rawAnswer('HTTP/1.1 422 Unprocessable Entity', [['content-type', 'application/json']], JSON.stringify(challenge))
}

describe('the service’s text on stderr has its control characters escaped (built binary)', function () {
  this.timeout(60_000)
  let home: TempHome
  let server: RawServer
  before(async () => {
    server = await startRawServer(answer)
  })
  after(() => server.close())
  beforeEach(() => {
    home = tempHome()
  })
  afterEach(() => home.remove())

  const session = () => environmentSession(server.url)

  for (const [path, extra] of PATHS) {
    it(`reason phrase, header values and Error with -i and --verbose; the body on stdout byte-exact (${path})`, async () => {
      const result = await runBinary(['api', 'GET', '/core/v4/users', '-i', '--verbose', '--retries', '0'], {env: baseEnv(home.home, {...extra, ...session()})})
      expect(result.status, result.stderr).to.equal(1)
      expect(result.stdout.equals(ERROR_BODY)).to.equal(true)
      expect(result.stderr).not.to.match(CONTROL)
      const lines = result.stderr.split('\n')
      const status = String.raw`HTTP/1.1 400 Bad \x1b[31mRed\x1b[0m \u009b1m`
      expect(lines).to.include.members([`< ${status}`, String.raw`< x-evil: a\u009b2Jb`, status, String.raw`x-evil: a\u009b2Jb`])
      expect(lines.at(-2)).to.equal(String.raw`Error: HTTP 400 Bad \x1b[31mRed\x1b[0m \u009b1m, Code 2001 INVALID_LINK_TYPE: bad \x1b[2J\u009b31m\nthing`)
    })

    it(`a body that is not JSON, shown on stderr as lines with the rest escaped, and its Content-Type (${path})`, async () => {
      const result = await runBinary(['api', 'GET', '/core/v4/addresses', '--retries', '0'], {env: baseEnv(home.home, {...extra, ...session()})})
      expect(result.status).to.equal(5)
      expect(result.stdout.length).to.equal(0)
      expect(result.stderr).not.to.match(CONTROL)
      expect(result.stderr).to.equal(
        String.raw`<html>\x1b]0;pwned\x07<p>` +
          '\r\n' +
          String.raw`bad\u009b2J\x7f</p>` +
          '\n' +
          String.raw`Error: HTTP 502 Bad Gateway: the answer is not JSON (text/html\u009b, ${HTML.length} bytes)` +
          '\n',
      )
    })

    it(`a redirect’s Location, and a human verification’s Details (${path})`, async () => {
      const redirect = await runBinary(['api', 'GET', '/core/v4/settings'], {env: baseEnv(home.home, {...extra, ...session()})})
      expect(redirect.stderr).not.to.match(CONTROL)
      expect(redirect.stderr).to.include(String.raw`HTTP 302: redirect to http://elsewhere.invalid/\u009b2J not followed`)
      const verification = await runBinary(['api', 'GET', '/core/v4/keys'], {env: baseEnv(home.home, {...extra, ...session()})})
      expect(verification.status).to.equal(2)
      expect(verification.stderr).not.to.match(CONTROL)
      expect(verification.stderr).to.include(String.raw`Human verification required (methods: captcha\x1b[8m): complete it in a browser at https://verify.example/\u009b2J` + '\n')
    })
  }

  it('a dedicated command: the Error line, and the cells of its table', async () => {
    await home.writeSession(server.url)
    const table = await runBinary(['mail', 'labels', 'list', '--type', 'label'], {env: baseEnv(home.home)})
    expect(table.status, table.stderr).to.equal(0)
    // Piped, the table is tab-separated: every cell between the tabs is free of control characters.
    for (const cell of table.stdout.toString().split(/[\t\n]/)) expect(cell).not.to.match(CONTROL)
    expect(table.stdout.toString()).to.include(String.raw`Work\x1b[41m\u009b5m`)
    expect(table.stdout.toString()).to.include(String.raw`#8080FF\x07`)
    const json = await runBinary(['mail', 'labels', 'list', '--type', 'label', '--output', 'json'], {env: baseEnv(home.home)})
    expect(json.stdout.toString()).to.equal(LABELS_BODY)
    const failed = await runBinary(['account', 'show', '--retries', '0'], {env: baseEnv(home.home)})
    expect(failed.status).to.equal(1)
    expect(failed.stderr).not.to.match(CONTROL)
    expect(failed.stderr).to.equal(String.raw`Error: HTTP 400 Bad \x1b[31mRed\x1b[0m \u009b1m, Code 2001 INVALID_LINK_TYPE: bad \x1b[2J\u009b31m\nthing` + '\n')
  })
})
