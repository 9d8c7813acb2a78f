/**
 * A dedicated command given a body that is not JSON (an intermediary's
 * page, an answer cut short) says so in one line on stderr: the status, the
 * type and size, and what the body looks like; the body itself only with
 * --verbose (a cut answer may hold anything, an armored private key among
 * it). The raw command still prints it (api-binary.test.ts).
 */
import {expect} from 'chai'

import {baseEnv, runBinary} from '../helpers/run-binary.ts'
import {json, serverForSuite} from '../helpers/scripted-server.ts'

const PAGE = '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body><center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n'
const KEY_BLOCK = '-----BEGIN PGP PRIVATE KEY BLOCK-----\\n\\nxVgEZ1secret'
const CUT = `{"Code":1000,"User":{"ID":"u1","Name":"alice","Keys":[{"ID":"k1","PrivateKey":"${KEY_BLOCK}`

describe('dedicated commands: a body that is not JSON (child process)', function () {
  this.timeout(30_000)
  const suite = serverForSuite({perTest: 'home', session: true})
  const run = (args: string[]) => runBinary([...args, '--retries', '0'], {env: baseEnv(suite.home.home)})

  it('mail list against an intermediary’s 502 page: one line, exit 5, the page only with --verbose', async () => {
    const page = (_request: unknown, response: import('node:http').ServerResponse) => {
      response.writeHead(502, {'content-type': 'text/html'})
      response.end(PAGE)
    }

    suite.server.handle(page)
    const result = await run(['mail', 'list'])
    expect(result.status).to.equal(5)
    expect(result.stdout.length).to.equal(0)
    expect(result.stderr).to.equal(`Error: HTTP 502 Bad Gateway: the answer is not JSON (text/html, ${PAGE.length} bytes): an HTML page (--verbose prints it)\n`)

    suite.server.handle(page)
    const verbose = await run(['mail', 'list', '--verbose'])
    expect(verbose.status).to.equal(5)
    expect(verbose.stderr).to.include('<title>502 Bad Gateway</title>')
    expect(verbose.stderr).to.match(/Error: HTTP 502 Bad Gateway: the answer is not JSON \(text\/html, \d+ bytes\): an HTML page\n$/)
  })

  it('account show with its answer cut short: one line, no part of the key block, in every output format', async () => {
    for (const output of ['text', 'json', 'yaml']) {
      suite.server.handle(json(200, CUT))
      const result = await run(['account', 'show', '--output', output])
      expect(result.status, output).to.equal(5)
      expect(result.stdout.length, output).to.equal(0)
      expect(result.stderr, output).to.equal(`Error: HTTP 200 OK: the answer is not JSON (application/json, ${CUT.length} bytes): JSON cut short (--verbose prints it)\n`)
    }
  })

  it('a command of one request per ID names the ID on its one line (calendar delete)', async () => {
    // The calendars' listing (calendar delete takes names too) answers whole; the DELETE's answer is cut.
    const cut = json(200, CUT)
    const listing = json(200, {Calendars: [{ID: 'cal1', Members: [{Name: 'Work'}]}], Code: 1000})
    suite.server.handle((request, response) => (request.method === 'GET' ? listing : cut)(request, response))
    const result = await run(['calendar', 'delete', 'cal1', '--yes'])
    expect(result.status).to.equal(5)
    expect(result.stderr).to.equal(`Error: calendar cal1: HTTP 200 OK: the answer is not JSON (application/json, ${CUT.length} bytes): JSON cut short (--verbose prints it)\n`)
  })
})
