/**
 * What gh and oclif users reach for first, through the built binary: --jq
 * (jq 1.8 in WebAssembly, loaded only then) with --jq-arg, --paginate,
 * --slurp and mail list --all; --json; -h and -v; proton version; an
 * envelope of the wrong shape; progress on a real pseudo-terminal (script)
 * and nothing on a pipe; wide text drawn without the `table` library. A
 * module report proves what each run loaded.
 */
import {expect} from 'chai'
import {mkdirSync, readFileSync, rmSync} from 'node:fs'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'

import {displayWidth} from '../../src/lib/output/width.ts'
import {baseEnv, runBinary, type RunResult} from '../helpers/run-binary.ts'
import {sandboxFetch, sandboxForSuite} from '../helpers/sandbox-process.ts'
import {json, jsonAnswers, serverForSuite, startServer} from '../helpers/scripted-server.ts'
import {runInTerminal} from '../helpers/terminal.ts'

const MODULE_REPORT = fileURLToPath(new URL('../fixtures/module-report.js', import.meta.url))
const ESC = '\u001B'

/** An answer whose numbers jq must keep as written: a 20-digit integer, 1.50, 1e400. */
const EXACT = '{"Code":1000,"User":{"ID":"u1","Name":"alice","Big":12345678901234567890123,"Price":1.50,"Huge":1e400,"Tags":["a","b"]}}'

describe('--jq, --json, version, help (built binary against a recording server)', function () {
  this.timeout(60_000)
  const suite = serverForSuite({handler: json(200, EXACT), session: true})
  const run = (args: string[], extra: NodeJS.ProcessEnv = {}) => runBinary(args, {env: baseEnv(suite.home.home, extra)})

  /** One run with the module report: what it printed, and which modules it loaded. */
  async function reported(args: string[], extra: NodeJS.ProcessEnv = {}): Promise<RunResult & {modules: string}> {
    const report = join(suite.home.home, 'modules.txt')
    rmSync(report, {force: true})
    const result = await runBinary(args, {env: baseEnv(suite.home.home, {MODULE_REPORT: report, ...extra}), nodeArgs: ['--import', MODULE_REPORT]})
    return {...result, modules: readFileSync(report, 'utf8')}
  }

  it('prints a string raw and anything else as compact JSON, one result a line, numbers as written; on the fast path, jq loaded', async () => {
    const result = await reported(['api', 'GET', '/core/v4/users', '--jq', '.User | .Name, .Big, .Price, .Huge, .Tags, {Name, Price}'])
    expect(result.stderr).to.equal('')
    expect(result.status).to.equal(0)
    // jq keeps a literal's value, and writes 1e400 in its canonical form.
    expect(result.stdout.toString()).to.equal('alice\n12345678901234567890123\n1.50\n1E+400\n["a","b"]\n{"Name":"alice","Price":1.50}\n')
    expect(result.modules).to.not.include('/@oclif/core/')
    expect(result.modules).to.include('/node_modules/jq-wasm/')
  })

  it('leaves jq out of a run without --jq, and gives --json the bytes of --output json', async () => {
    const plain = await reported(['api', 'GET', '/core/v4/users', '--json'])
    expect(plain.modules).to.not.include('jq-wasm')
    expect(plain.modules).to.not.include('/@oclif/core/')
    const asJson = await run(['api', 'GET', '/core/v4/users', '--output', 'json'])
    expect(plain.stdout.toString()).to.equal(EXACT)
    expect(plain.stdout).to.deep.equal(asJson.stdout)
  })

  it('--json on a dedicated command: the same bytes as --output json, on both paths', async () => {
    const outputs = [
      (await run(['account', 'show', '--json'])).stdout.toString(),
      (await run(['account', 'show', '--output', 'json'])).stdout.toString(),
      (await run(['account', 'show', '--json'], {PROTON_FAST_PATH: '0'})).stdout.toString(),
    ]

    expect(new Set(outputs)).to.deep.equal(new Set([EXACT]))
    const both = await run(['account', 'show', '--json', '--output', 'yaml'])
    expect(both.status).to.equal(1)
    expect(both.stderr).to.match(/--json/)
  })

  it('--jq-arg NAME=VALUE binds $NAME (repeatable); a bad one is a usage error before anything is sent', async () => {
    const result = await run(['api', 'GET', '/core/v4/users', '--jq', '"\\($greeting), \\(.User.Name)\\($mark)"', '--jq-arg', 'greeting=hello', '--jq-arg', 'mark=!'])
    expect(result.stdout.toString()).to.equal('hello, alice!\n')
    suite.server.requests.length = 0
    const bad = await run(['api', 'POST', '/core/v4/users', '--body', '{}', '--jq', '.', '--jq-arg', '1x=y'])
    expect(bad.status).to.equal(1)
    expect(bad.stderr).to.equal('Error: --jq-arg "1x=y": expected NAME=VALUE, NAME a jq variable name (letters, digits, _)\n')
    expect(suite.server.requests).to.have.length(0)
  })

  it('a broken filter: exit 1, one line, nothing on stdout, nothing sent (a POST is not sent and then refused)', async () => {
    for (const extra of [{}, {PROTON_FAST_PATH: '0'}]) {
      suite.server.requests.length = 0
      const result = await run(['api', 'POST', '/core/v4/labels', '--body', '{"Name":"x"}', '--jq', '.Label.'], extra)
      expect(result.status).to.equal(1)
      expect(result.stdout.length).to.equal(0)
      expect(result.stderr).to.equal("Error: --jq: syntax error, unexpected end of file, expecting FORMAT or QQSTRING_START or '[' (line 1, column 8)\n")
      expect(suite.server.requests).to.have.length(0)
    }

    const dryRun = await run(['api', 'POST', '/core/v4/labels', '-f', 'Name=x', '--dry-run', '--jq', '.['])
    expect(dryRun.status).to.equal(1)
    expect(dryRun.stdout.length).to.equal(0)
    const undefinedVariable = await run(['api', 'GET', '/core/v4/users', '--jq', '$nope'])
    expect(undefinedVariable.stderr).to.equal('Error: --jq: $nope is not defined (line 1, column 1)\n')
  })

  it('a filter that fails on the answer: exit 1, one line, nothing on stdout (not even the results before it)', async () => {
    const result = await run(['api', 'GET', '/core/v4/users', '--jq', '.User.Name, (.User.Name | tonumber)'])
    expect(result.status).to.equal(1)
    expect(result.stdout.length).to.equal(0)
    expect(result.stderr).to.match(/^Error: --jq: Cannot parse 'alice' as JSON\n$|^Error: --jq: .*alice.*\n$/)
  })

  it('an API error with --jq: the service’s body as received (as gh prints it) and its exit status', async () => {
    suite.server.handle(json(404, '{"Code":2501,"Error":"Label does not exist"}'))
    const result = await run(['api', 'GET', '/core/v4/labels/x', '--jq', '.Code'])
    suite.server.handle(json(200, EXACT))
    expect(result.status).to.equal(3)
    expect(result.stdout.toString()).to.equal('{"Code":2501,"Error":"Label does not exist"}')
  })

  it('an answer too large for the jq engine: exit 5, one line naming --max-size, nothing on stdout', async () => {
    const item = JSON.stringify({ID: 'x'.repeat(88), Subject: 'y'.repeat(900)})
    const body = `{"Code":1000,"Messages":[${Array.from({length: 34 * 1024}, () => item).join(',')}]}`
    suite.server.handle(json(200, body))
    const result = await run(['api', 'GET', '/mail/v4/messages', '--jq', '.Messages | length'])
    suite.server.handle(json(200, EXACT))
    expect(result.status).to.equal(5)
    expect(result.stdout.length).to.equal(0)
    expect(result.stderr).to.match(/^Error: --jq: the answer \(3\d\.\d MiB\) is too large for the jq engine \(at most 32 MiB\): set --max-size 32MiB .*\n$/)
  })

  it('--paginate: the filter sees the merged answer once; with --slurp, the array of pages', async () => {
    const pages = [
      {Code: 1000, Messages: [{ID: 'm0', Size: 12_345_678_901_234_567_890n.toString()}, {ID: 'm1'}], Total: 5},
      {Code: 1000, Messages: [{ID: 'm2'}, {ID: 'm3'}], Total: 5},
      {Code: 1000, Messages: [{ID: 'm4'}], Total: 5},
    ]
    suite.server.handle(jsonAnswers(({url}) => [200, pages[Number(new URL(url, 'http://x').searchParams.get('Page'))]]))
    const merged = await run(['api', 'GET', '/mail/v4/messages', '-F', 'PageSize=2', '--paginate', '--jq', '[.Messages[].ID] | join(",")'])
    const slurped = await run(['api', 'GET', '/mail/v4/messages', '-F', 'PageSize=2', '--paginate', '--slurp', '--jq', 'map(.Messages | length)'])
    suite.server.handle(json(200, EXACT))
    expect(merged.stdout.toString()).to.equal('m0,m1,m2,m3,m4\n')
    expect(slurped.stdout.toString()).to.equal('[2,2,1]\n')
    expect(merged.stderr + slurped.stderr).to.equal('')
  })

  it('an envelope of the wrong shape is the service’s fault: exit 5, one line', async () => {
    suite.server.handle(json(200, '{"Code":"1000","Error":7}'))
    const raw = await run(['api', 'GET', '/core/v4/users'])
    const dedicated = await run(['account', 'show'])
    const pages = [
      {Code: 1000, Messages: [{ID: 'a'}], Total: 2},
      {Code: 'oops', Messages: [{ID: 'b'}], Total: 2},
    ]
    suite.server.handle(jsonAnswers(({url}) => [200, pages[Number(new URL(url, 'http://x').searchParams.get('Page'))]]))
    const paged = await run(['api', 'GET', '/mail/v4/messages', '-F', 'PageSize=1', '--paginate'])
    suite.server.handle(json(200, EXACT))
    expect(paged.status).to.equal(5)
    expect(paged.stderr).to.equal("Error: HTTP 200 OK: the service's answer is malformed: its envelope's Code must be integer\n")
    expect(raw.status).to.equal(5)
    expect(raw.stderr).to.equal("Error: HTTP 200 OK: the service's answer is malformed: its envelope's Code must be integer, Error must be string\n")
    expect(dedicated.status).to.equal(5)
    expect(dedicated.stderr).to.equal(raw.stderr)
  })

  it('proton version (and --json): the plugin, Node, the platform, where sessions and caches live; -v and -h', async () => {
    const {home} = suite.home
    const text = await run(['version'])
    expect(text.stdout.toString()).to.match(
      new RegExp(
        `^proton-cli +0\\.1\\.0 \\(@proton-cli/plugin-api, unofficial\\)\\nnode +${process.version}\\nplatform +${process.platform}-${process.arch}\\nsessions +${home}/proton-cli/sessions\\ncache +${home}/cache/proton-cli\\n$`,
      ),
    )
    const data = JSON.parse((await run(['version', '--json'])).stdout.toString())
    expect(data).to.deep.equal({
      arch: process.arch,
      cache: `${home}/cache/proton-cli`,
      node: process.version,
      package: '@proton-cli/plugin-api',
      platform: process.platform,
      sessions: `${home}/proton-cli/sessions`,
      version: '0.1.0',
    })
    expect((await run(['version', '--jq', '.node'])).stdout.toString()).to.equal(`${process.version}\n`)
    const short = await run(['-v'])
    expect(short.stdout.toString()).to.equal(`@proton-cli/plugin-api/0.1.0 ${process.platform}-${process.arch} node-${process.version}\n`)
    // Inside a host CLI ours is `<bin> proton version`: the host's own `version` stays the host's.
    const hosted = JSON.parse(readFileSync(new URL('../../oclif.manifest.json', import.meta.url), 'utf8')) as {commands: Record<string, unknown>}
    expect(Object.keys(hosted.commands)).to.include('proton:version').and.not.include('version')
    for (const args of [['-h'], ['mail', 'list', '-h']]) {
      const help = await run(args)
      expect(help.status, args.join(' ')).to.equal(0)
      expect(help.stdout.toString(), args.join(' ')).to.include('USAGE')
    }
  })
})

describe('--jq on the dedicated commands, progress on a terminal, wide text (built binary against the sandbox)', function () {
  this.timeout(90_000)
  const suite = sandboxForSuite()
  const env = (extra: NodeJS.ProcessEnv = {}) => baseEnv(suite.home.home, {PROTON_PROFILE: 'sandbox', ...extra})

  before(async () => {
    // Wide text (emoji, CJK) in the three newest subjects of the inbox.
    for (const Subject of ['会議の議事録 📅', '🎉 Party 🍕', '한국어 👨‍👩‍👧 🇫🇷']) {
      const response = await sandboxFetch(suite.sandbox, 'messages', {
        body: JSON.stringify({Body: 'not encrypted: never read here', Subject}),
        headers: {'content-type': 'application/json'},
        method: 'POST',
      })
      expect(response.status).to.equal(200)
    }
  })

  it('mail list --all --jq: the filter sees the merged list once; mail labels list: its two answers merged, one document', async () => {
    const all = await runBinary(['mail', 'list', '--all', '--page-size', '2', '--jq', '.Messages | length'], {env: env()})
    expect(all.stdout.toString()).to.equal('10\n')
    expect(all.stderr).to.equal('')
    const labels = await runBinary(['mail', 'labels', 'list', '--jq', '.Labels | length'], {env: env()})
    expect(labels.stdout.toString()).to.match(/^\d+\n$/)
  })

  it('wide text is drawn aligned without loading `table`, on the fast path', async () => {
    const report = join(suite.home.home, 'modules.txt')
    // On a terminal (piped, a list is tab-separated, without a header).
    const result = await runInTerminal(['mail', 'list', '--page-size', '3'], env({MODULE_REPORT: report, NODE_OPTIONS: `--import ${MODULE_REPORT}`}), 15_000, 120)
    const modules = readFileSync(report, 'utf8')
    expect(modules).to.not.include('/node_modules/table/')
    expect(modules).to.not.include('/node_modules/string-width/')
    expect(modules).to.not.include('/@oclif/core/')
    // eslint-disable-next-line no-control-regex
    const lines = result.output.replaceAll(/\u001B\[[\d;]*m/g, '').split('\n')
    // The last column (UNREAD, a "*") starts at the same display column on every row: the subject cells were padded by width.
    const subjects = lines.filter((line) => /📅|🎉|한국어/.test(line))
    expect(subjects).to.have.length(3)
    const header = lines.find((line) => line.includes('SUBJECT'))!
    const column = displayWidth(header.slice(0, header.indexOf('UNREAD')))
    for (const line of subjects) expect(displayWidth(line.slice(0, line.lastIndexOf('*'))), line).to.equal(column)
  })

  it('progress on a terminal: pages of --paginate and messages of mail list --all, on one line erased when done; coloured --jq output', async () => {
    const paged = await runInTerminal(['api', 'GET', '/mail/v4/messages', '-F', 'PageSize=1', '--paginate', '--jq', '.Messages | length'], env({NO_COLOR: '', TERM: 'xterm'}))
    expect(paged.status).to.equal(0)
    expect(paged.output).to.match(new RegExp(`^\\r${ESC}\\[K--paginate: page \\d+ of 10 \\(\\d+ of 10 items\\)`))
    expect(paged.output.endsWith(`\r${ESC}[K${ESC}[36m10${ESC}[0m\n`)).to.equal(true)
    const listed = await runInTerminal(['mail', 'list', '--all', '--page-size', '1', '--jq', '.Messages | length', '--profile', 'sandbox'], env({TERM: 'xterm'}))
    expect(listed.output).to.match(new RegExp(`\\r${ESC}\\[Kmail list --all: \\d+ of 10 messages`))
    expect(listed.output.endsWith(`\r${ESC}[K10\n`)).to.equal(true)
    const quiet = await runInTerminal(['api', 'GET', '/mail/v4/messages', '-F', 'PageSize=1', '--paginate', '--jq', '.Total', '--quiet'], env())
    expect(quiet.output).to.equal('10\n')
  })

  it('progress of a download (bytes and rate) and of api spec update on a terminal, erased before the file’s line', async () => {
    const id = (await runBinary(['mail', 'list', '--jq', '.Messages[] | select(.Subject == "Your March invoice") | .ID'], {env: env()})).stdout.toString().trim()
    const dir = join(suite.home.home, 'downloads')
    mkdirSync(dir)
    const downloaded = await runInTerminal(['mail', 'download', id, '--dir', dir], env())
    expect(downloaded.status, downloaded.output).to.equal(0)
    expect(downloaded.output).to.match(new RegExp(`^\\r${ESC}\\[K\\d+ B( of \\d+ B)?(, [\\d.]+ [KMG]?i?B/s)?: attachment [\\w=-]{20,}[^\\r]*\\r${ESC}\\[K`))
    expect(downloaded.output).to.include(`${dir}/invoice-2025-03.txt\n`)
    const description = readFileSync(new URL('../../vendor/openapi.yaml', import.meta.url))
    const server = await startServer((_request, response) => {
      response.writeHead(200, {'content-length': description.length, 'content-type': 'application/yaml'})
      response.end(description)
    })
    try {
      const updated = await runInTerminal(['api', 'spec', 'update', '--from', `${server.url}/openapi.yaml`, '--jq', '.changed'], env())
      expect(updated.status).to.equal(0)
      expect(updated.output).to.match(new RegExp(`^\\r${ESC}\\[Kapi spec update: [\\d.]+ (B|KiB) of 743\\.4 KiB`))
      expect(updated.output.endsWith(`\r${ESC}[Ktrue\n`)).to.equal(true)
    } finally {
      await server.close()
    }
  })

  it('progress of a per-ID command (mail labels delete, mail filters disable) on a terminal, erased before each line; piped, none', async () => {
    const names = ['progress-a', 'progress-b', 'progress-c']
    for (const Name of names) {
      const made = await runBinary(['api', 'POST', '/core/v4/labels', '-f', `Name=${Name}`, '-F', 'Type=1', '-f', 'Color=#7272a7'], {env: env()})
      expect(made.status, made.stderr).to.equal(0)
    }

    const deleted = await runInTerminal(['mail', 'labels', 'delete', ...names, '--yes'], env())
    expect(deleted.status, deleted.output).to.equal(0)
    // Each count shown in place, then erased before the ID on stdout and the note on stderr.
    for (const [index, name] of names.entries()) {
      expect(deleted.output).to.match(new RegExp(`\\r${ESC}\\[K${index} of 3 done\\r${ESC}\\[K[\\w=-]+\\nDeleted label ${name}\\.`))
    }

    const ids = Array.from({length: 4}, (_, index) => `NoSuchFilter${index}${'x'.repeat(30)}`)
    const failed = await runInTerminal(['mail', 'filters', 'disable', ...ids], env())
    expect(failed.status).to.not.equal(0)
    expect(failed.output).to.match(new RegExp(`\\r${ESC}\\[K3 of 4 done`))
    // The count is gone when the command ends: nothing after the last erase but lines of text.
    expect(failed.output.slice(failed.output.lastIndexOf(`\r${ESC}[K`) + 4)).to.not.include(' of 4 done')
    const piped = await runBinary(['mail', 'filters', 'disable', ...ids], {env: env()})
    expect(piped.stderr).to.not.include(' done')
  })

  it('progress of a batch over many IDs on a terminal; piped, nothing on stderr', async () => {
    const ids = Array.from({length: 151}, (_, index) => `no-such-${index}`)
    const shown = await runInTerminal(['mail', 'star', ...ids], env())
    expect(shown.status).to.equal(3)
    expect(shown.output).to.match(new RegExp(`^\\r${ESC}\\[K\\d+ of 151 messages\\r${ESC}\\[K`))
    const quiet = await runInTerminal(['mail', 'star', ...ids, '--quiet'], env())
    expect(quiet.output).to.not.include('of 151 messages')
    const piped = await runBinary(['api', 'GET', '/mail/v4/messages', '-F', 'PageSize=1', '--paginate', '--jq', '.Total'], {env: env()})
    expect(piped.stderr).to.equal('')
    expect(piped.stdout.toString()).to.equal('10\n')
  })
})
