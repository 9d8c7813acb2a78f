/**
 * --input FILE, --body @FILE and -F key=@FILE (and mail filters create
 * --sieve-file FILE) naming a FIFO, through the built binary (the fast path
 * and oclif): one nobody writes to ends at --timeout with exit 5 and one
 * line saying what it waited for; one the test writes to is sent. A
 * terminal (/dev/tty) nobody types on ends the same way.
 */
import {expect} from 'chai'
import {spawn} from 'node:child_process'
import {join} from 'node:path'

import {feedFifo, makeFifo} from '../helpers/fifo.ts'
import {baseEnv, BIN, runBinary} from '../helpers/run-binary.ts'
import {json, serverForSuite} from '../helpers/scripted-server.ts'

describe('api --input/--body/-F from a FIFO or a terminal (child process)', function () {
  this.timeout(60_000)
  const suite = serverForSuite({handler: json(200, '{"Code":1000}'), perTest: 'home', session: true})

  const run = (args: string[], env: NodeJS.ProcessEnv = {}) =>
    // The bound is the test's, far above --timeout: the child must end by itself, not be killed.
    runBinary(['api', ...args], {env: baseEnv(suite.home.home, env), timeoutMs: 30_000})

  it('a FIFO nobody writes to: ends at --timeout, exit 5, one line naming it (fast path and oclif)', async () => {
    const cases = [
      {args: (fifo: string) => ['--input', fifo], flag: '--input'},
      {args: (fifo: string) => ['--body', `@${fifo}`], flag: '--body'},
      {args: (fifo: string) => ['-F', `Note=@${fifo}`], flag: '-F/--field'},
    ].flatMap((entry) => ['1', '0'].map((fast) => ({...entry, fast})))
    const results = await Promise.all(
      cases.map(({args, fast, flag}, index) => {
        const fifo = makeFifo(join(suite.home.home, `never-${index}`))
        return run(['POST', '/mail/v4/labels', ...args(fifo), '--timeout', '1'], {PROTON_FAST_PATH: fast}).then((result) => ({fast, fifo, flag, result}))
      }),
    )
    for (const {fast, fifo, flag, result} of results) {
      const context = `${flag}, PROTON_FAST_PATH=${fast}`
      expect(result.signal, context).to.equal(null)
      expect(result.stderr, context).to.equal(`Error: gave up waiting for ${flag} ${JSON.stringify(fifo)} (a named pipe) after 1 s: nothing was written to it (timeout; see --timeout)\n`)
      expect(result.status, context).to.equal(5)
      expect(result.stdout.length, context).to.equal(0)
    }

    expect(suite.server.requests).to.deep.equal([])
  })

  it('mail filters create --sieve-file naming a FIFO nobody writes to ends at --timeout too (exit 5)', async () => {
    const fifo = makeFifo(join(suite.home.home, 'rules.sieve'))
    const result = await runBinary(['mail', 'filters', 'create', '--name', 'Invoices', '--sieve-file', fifo, '--timeout', '1'], {env: baseEnv(suite.home.home), timeoutMs: 30_000})
    expect([result.status, result.signal, result.stdout.length]).to.deep.equal([5, null, 0])
    expect(result.stderr).to.equal(`Error: gave up waiting for --sieve-file ${JSON.stringify(fifo)} (a named pipe) after 1 s: nothing was written to it (timeout; see --timeout)\n`)
    expect(suite.server.requests).to.deep.equal([])
  })

  it('a FIFO the test writes to is read to its end and sent: --input (any bytes), --body @, -F @', async () => {
    const bytes = Buffer.from([0, 1, 2, 255, 10, 13])
    const input = makeFifo(join(suite.home.home, 'input'))
    const [raw] = await Promise.all([run(['POST', '/drive/blocks', '--input', input, '-H', 'Content-Type: application/octet-stream']), feedFifo(input, bytes)])
    expect([raw.status, raw.stderr]).to.deep.equal([0, ''])

    const body = makeFifo(join(suite.home.home, 'body'))
    const label = '{"Name":"From a FIFO","Color":"#8080FF","Type":1}'
    const [json] = await Promise.all([run(['POST', '/mail/v4/labels', '--body', `@${body}`], {PROTON_FAST_PATH: '0'}), feedFifo(body, label)])
    expect([json.status, json.stderr]).to.deep.equal([0, ''])

    const field = makeFifo(join(suite.home.home, 'field'))
    const [fields] = await Promise.all([run(['POST', '/mail/v4/labels', '-F', `Name=@${field}`, '-F', 'Type=1', '-f', 'Color=#8080FF']), feedFifo(field, 'Notes')])
    expect([fields.status, fields.stderr]).to.deep.equal([0, ''])

    expect(suite.server.requests.map(({body, method, url}) => [method, url, body.toString('latin1')])).to.deep.equal([
      ['POST', '/drive/blocks', bytes.toString('latin1')],
      ['POST', '/mail/v4/labels', label],
      ['POST', '/mail/v4/labels', '{"Name":"Notes","Type":1,"Color":"#8080FF"}'],
    ])
  })

  it('a terminal (--input /dev/tty) nobody types on ends at --timeout too, on the pseudo-terminal of script', async () => {
    // script's own input stays open (a pipe nobody writes), so no end of file reaches the terminal.
    const command = `'${process.execPath}' '${BIN}' api POST /drive/blocks --input /dev/tty --timeout 1`
    const child = spawn('script', ['-qec', command, '/dev/null'], {env: baseEnv(suite.home.home), stdio: ['pipe', 'pipe', 'pipe']})
    const chunks: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk))
    const killer = setTimeout(() => child.kill('SIGKILL'), 30_000)
    const status = await new Promise<number | null>((resolve) => child.on('exit', resolve))
    clearTimeout(killer)
    child.stdin.end()
    const shown = Buffer.concat(chunks).toString('utf8').replaceAll('\r\n', '\n')
    expect(shown).to.equal('Error: gave up waiting for --input "/dev/tty" (a terminal) after 1 s: nothing was typed (end with Ctrl-D) (timeout; see --timeout)\n')
    expect(status).to.equal(5)
    expect(suite.server.requests).to.deep.equal([])
  })
})
