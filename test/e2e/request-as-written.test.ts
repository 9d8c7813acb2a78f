/**
 * What goes over the wire is what the user wrote: the built binary against
 * a recording server on 127.0.0.1, comparing the bytes received with the
 * command line, and checking that a refused line sends nothing.
 */
import {expect} from 'chai'
import {spawn, spawnSync} from 'node:child_process'
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {baseEnv, BIN, runBinary} from '../helpers/run-binary.ts'
import {sandboxFetch, sandboxForSuite} from '../helpers/sandbox-process.ts'
import {serverForSuite} from '../helpers/scripted-server.ts'

describe('the request as written (built binary, recording server)', function () {
  this.timeout(30_000)
  const suite = serverForSuite({perTest: 'home', session: true})

  const run = (args: string[], input?: string) => runBinary(['api', ...args], {env: baseEnv(suite.home.home), input})

  it('-F numbers go with the digits as written; `-F x[]` alone is an empty array', async () => {
    const result = await run(['POST', '/core/v4/x', '-F', 'v=1.50', '-F', 'd=1.23456789012345678901', '-F', 'n=12345678901234567890', '-F', 'x[]'])
    expect(result.status, result.stderr).to.equal(0)
    expect(suite.server.requests[0].body.toString()).to.equal('{"v":1.50,"d":1.23456789012345678901,"n":12345678901234567890,"x":[]}')
    await run(['GET', '/core/v4/x', '-F', 'v=1.50', '-F', 'x[]'])
    expect(suite.server.requests[1].url).to.equal('/core/v4/x?v=1.50')
  })

  it('with --input, -f/-F go to the query (as gh); the body is the input, byte for byte', async () => {
    const file = join(suite.home.home, 'body.bin')
    writeFileSync(file, Buffer.from([0x7b, 0x00, 0xff, 0x7d]))
    const result = await run(['POST', '/core/v4/x', '--input', file, '-f', 'q=a b', '-F', 'n=2'])
    expect(result.status, result.stderr).to.equal(0)
    expect(suite.server.requests[0].url).to.equal('/core/v4/x?q=a%20b&n=2')
    expect(suite.server.requests[0].body).to.deep.equal(Buffer.from([0x7b, 0x00, 0xff, 0x7d]))
  })

  const refusals: Array<{name: string; args: string[]; input?: string; stderr: RegExp | string}> = [
    {
      args: ['POST', '/core/v4/labels', '-F', 'a=@-', '-F', 'b=@-'],
      input: 'note',
      name: 'a second -F key=@-',
      stderr: 'Error: -F b=@-: standard input was already read by -F a=@-; it can be read once\n',
    },
    {args: ['GET', '/core/v4/users', '-H', 'X-A: 1', '-H', 'X-A: 2'], name: 'a header given twice', stderr: /^Error: -H\/--header X-A is given twice/},
    {args: ['GET', '/core/v4/users', '-H', 'Content-Length: 3'], name: 'Content-Length', stderr: 'Error: -H/--header Content-Length: the client sets this header itself (it frames the request)\n'},
    {args: ['POST', '/core/v4/labels', '-H', 'Transfer-Encoding: chunked', '--body', '{}'], name: 'Transfer-Encoding', stderr: /the client sets this header itself/},
    {args: ['GET', '/core/v4/users', '-H', 'Host: example.org'], name: 'Host', stderr: /the client sets this header itself/},
    {
      args: ['GET', '/core/v4/users', '-H', 'X-A: café'],
      name: 'a header value that is not ASCII',
      stderr: 'Error: -H/--header X-A: the value must be ASCII text (encode other text first, e.g. percent-encoded)\n',
    },
    {args: ['GET', '/core/v4/users', '--app-version', 'a\r\nX-Injected: 1'], name: 'CR LF in --app-version', stderr: 'Error: --app-version: the value must not contain CR or LF\n'},
  ]
  for (const refusal of refusals) {
    it(`refuses ${refusal.name}: one line, exit 1, nothing sent`, async () => {
      const result = await run(refusal.args, refusal.input)
      expect(result.status).to.equal(1)
      expect(result.stdout.length).to.equal(0)
      if (typeof refusal.stderr === 'string') expect(result.stderr).to.equal(refusal.stderr)
      else expect(result.stderr).to.match(refusal.stderr)
      expect(suite.server.requests).to.have.length(0)
    })
  }

  it("refuses a header byte that is not UTF-8, as a shell passes it ($'caf\\xff'): exit 1, not a network failure", () => {
    const result = spawnSync('sh', ['-c', `"$NODE" "$BIN" api GET /core/v4/users -H "$(printf 'X-A: caf\\377')"`], {encoding: 'utf8', env: {...baseEnv(suite.home.home), BIN, NODE: process.execPath}})
    expect(result.status).to.equal(1)
    expect(result.stderr).to.equal('Error: -H/--header X-A: the value must be ASCII text (it holds bytes that are not UTF-8)\n')
    expect(suite.server.requests).to.have.length(0)
  })

  describe('--dry-run prints a curl that sends what the tool sends (both run against the recording server)', () => {
    const shell = (script: string, env: NodeJS.ProcessEnv, input?: Buffer | string) =>
      new Promise<{status: number | null; stderr: string}>((resolve, reject) => {
        const child = spawn('sh', ['-c', script], {env, stdio: ['pipe', 'ignore', 'pipe']})
        let stderr = ''
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
        child.on('error', reject)
        child.on('close', (status) => {
          clearTimeout(timer)
          resolve({status, stderr})
        })
        child.stdin.end(input ?? '')
      })

    /** A request as the server saw it; Host and Connection belong to the connection, not to what was written. */
    const seen = (index: number) => {
      const {body, headers, method, url} = suite.server.requests[index]
      const lines = Object.entries(headers)
        .filter(([name]) => name !== 'host' && name !== 'connection')
        .map(([name, value]) => `${name}: ${String(value)}`)
        .sort()
      return {body: body.toString('hex'), lines, method, url}
    }

    let protonBin = ''
    before(() => {
      protonBin = mkdtempSync(join(tmpdir(), 'proton-cli-bin-'))
      writeFileSync(join(protonBin, 'proton'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`, {mode: 0o700})
    })
    after(() => rmSync(protonBin, {force: true, recursive: true}))

    const cases: Array<{name: string; args: string[]; input?: Buffer | string}> = [
      {args: ['POST', '/core/v4/labels', '-f', "Name=it's", '-F', 'Type=1', '-H', 'X-Trace: a b'], name: 'fields and a header'},
      {args: ['POST', '/core/v4/labels', '--input', '-'], input: '@/etc/hostname', name: 'a body from stdin that begins with @'},
      {args: ['PUT', '/core/v4/labels/x', '--input', '-'], input: Buffer.from([0, 0xff, 0x27, 0x0a]), name: 'bytes that are not text'},
      {args: ['HEAD', '/core/v4/users'], name: 'HEAD'},
      {args: ['GET', '/mail/v4/messages', '--query', 'Page=0', '--query', 'Subject=a&b c'], name: 'a query'},
    ]
    for (const {args, input, name} of cases) {
      it(name, async () => {
        const env = baseEnv(suite.home.home)
        const dry = await runBinary(['api', ...args, '--dry-run'], {env, input})
        expect(dry.status, dry.stderr).to.equal(0)
        expect(suite.server.requests).to.have.length(0)
        const sent = await runBinary(['api', ...args], {env, input})
        expect(sent.status, sent.stderr).to.equal(0)
        // Not spawnSync: the recording server answers from this process.
        // The curl reads the token with `proton auth token`: the built binary as `proton` on the shell's PATH.
        const curl = await shell(dry.stdout.toString(), {...env, PATH: `${protonBin}:${env.PATH ?? ''}`}, input)
        expect(curl.status, curl.stderr).to.equal(0)
        expect(suite.server.requests).to.have.length(2)
        expect(seen(1)).to.deep.equal(seen(0))
      })
    }
  })
})

describe('the app version the service refuses (sandbox)', function () {
  this.timeout(30_000)
  const suite = sandboxForSuite()

  it('names --app-version and PROTON_APP_VERSION in the error line of a 400 with Code 5003, and 5001 by name', async () => {
    await sandboxFetch(suite.sandbox, 'faults', {body: JSON.stringify({Count: 1, Kind: 'app-version', Path: '/core/v4/users'}), method: 'POST'})
    const refused = await runBinary(['api', 'GET', '/core/v4/users', '--profile', 'sandbox'], {env: baseEnv(suite.home.home)})
    expect(refused.status).to.equal(1)
    expect(refused.stderr).to.equal(
      'Error: HTTP 400 Bad Request, Code 5003 APP_VERSION_BAD: This version of the app is no longer supported, please update to continue using the app (set --app-version or PROTON_APP_VERSION to a version the service accepts)\n',
    )
    const missing = await runBinary(['api', 'GET', '/core/v4/users', '--profile', 'sandbox', '-H', 'x-pm-appversion:'], {env: baseEnv(suite.home.home)})
    expect(missing.stderr).to.include('Code 5001 APP_VERSION_MISSING: The x-pm-appversion header is required (set --app-version or PROTON_APP_VERSION)')
  })
})
