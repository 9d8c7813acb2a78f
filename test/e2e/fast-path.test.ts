/**
 * The fast path of bin/run.js (`proton api …` without oclif) against the
 * oclif path (PROTON_FAST_PATH=0), through the built binary and the
 * sandbox: the same stdout bytes, stderr and exit status for every kind
 * of answer and failure; and a module report proving which path ran.
 */
import {expect} from 'chai'
import {readFileSync, rmSync} from 'node:fs'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'

import {baseEnv, runBinary, type RunResult} from '../helpers/run-binary.ts'
import {type Running, sandboxFetch, startSandboxProcess} from '../helpers/sandbox-process.ts'
import {tempHome, type TempHome} from '../helpers/session-files.ts'

const MODULE_REPORT = fileURLToPath(new URL('../fixtures/module-report.js', import.meta.url))

interface Case {
  args: string[]
  input?: string
  /** A sandbox fault set before each of the two runs. */
  fault?: Record<string, unknown>
  /** The file --output-file writes, compared after each run. */
  file?: string
}

describe('the fast path of `proton api` (built binary)', function () {
  this.timeout(120_000)
  let home: TempHome
  let sandbox: Running

  /** One run; `oclifLoaded` tells whether @oclif/core was loaded at all. */
  async function run(args: string[], options: {fast: boolean; input?: string}): Promise<RunResult & {oclifLoaded: boolean}> {
    const report = join(home.home, 'modules.txt')
    rmSync(report, {force: true})
    const env = baseEnv(home.home, {MODULE_REPORT: report, ...(options.fast ? {} : {PROTON_FAST_PATH: '0'})})
    const profile = args.includes('--profile') ? [] : ['--profile', 'sandbox']
    const result = await runBinary([...profile, 'api', ...args], {env, input: options.input, nodeArgs: ['--import', MODULE_REPORT]})
    return {...result, oclifLoaded: readFileSync(report, 'utf8').includes('/@oclif/core/')}
  }

  const control = (path: string, method = 'GET', body?: unknown) =>
    sandboxFetch(sandbox, `${path}`, {body: body === undefined ? undefined : JSON.stringify(body), method})
  // Response dates and the sandbox's per-request IDs differ between two runs; nothing else may.
  const steady = (stderr: string) => stderr.replaceAll(/^(<? ?date:).*$/gim, '$1 …').replaceAll(/^(<? ?x-request-id:).*$/gim, '$1 …')

  before(async () => {
    home = tempHome()
    sandbox = await startSandboxProcess(['--port', '0', '--write-session'], baseEnv(home.home))
  })

  after(() => {
    if (sandbox && sandbox.child.exitCode === null) sandbox.child.kill('SIGKILL')
    home.remove()
  })

  const cases: Array<[string, Case]> = [
    ['a JSON answer', {args: ['GET', '/core/v4/users']}],
    ['--output yaml', {args: ['GET', '/core/v4/users', '--output', 'yaml']}],
    ['-i and --verbose (headers on stderr, redacted)', {args: ['GET', '/core/v4/users', '-i', '--verbose']}],
    ['an unknown endpoint: the warning, exit 3', {args: ['GET', '/core/v4/nope']}],
    ['--paginate with -F', {args: ['get', '/mail/v4/messages', '-F', 'PageSize=2', '--paginate']}],
    ['--paginate --slurp --output json', {args: ['GET', '/mail/v4/messages', '-F=PageSize=3', '--paginate', '--slurp', '--output=json']}],
    ['--strict refusing a body (exit 1, nothing sent)', {args: ['POST', '/mail/v4/labels', '--body', '{"Name":3}', '--strict']}],
    ['a bad METHOD (exit 1)', {args: ['BREW', '/core/v4/users']}],
    ['an ENDPOINT without its slash (exit 1)', {args: ['GET', 'core/v4/users']}],
    ['a profile without a session (exit 2)', {args: ['GET', '/core/v4/users', '--profile', 'nobody']}],
    ['--dry-run with fields', {args: ['POST', '/mail/v4/labels', '-f', 'Name=Receipts', '-F', 'Type=1', '--dry-run']}],
    ['--body from standard input', {args: ['POST', '/mail/v4/labels', '--body', '-', '--dry-run'], input: '{"Name":"From stdin","Type":1}'}],
    ['a non-JSON 502 (exit 5)', {args: ['GET', '/core/v4/users', '--retries', '0'], fault: {Count: 1, Kind: 'html-502', Path: '/core/v4/users'}}],
    ['--output-file', {args: ['GET', '/core/v4/users', '--output-file', 'users.json'], file: 'users.json'}],
    ['--silent on a 404 (exit 3)', {args: ['DELETE', '/mail/v4/labels/no-such-label', '--silent']}],
  ]
  for (const [what, {args, fault, file, input}] of cases) {
    it(`answers as the oclif path does: ${what}`, async () => {
      const outcomes = []
      for (const fast of [true, false]) {
        if (fault) await control('faults', 'POST', fault)
        const result = await run(file ? args.map((arg) => (arg === file ? join(home.home, file) : arg)) : args, {fast, input})
        outcomes.push({file: file ? readFileSync(join(home.home, file), 'utf8') : undefined, status: result.status, stderr: steady(result.stderr), stdout: result.stdout.toString('utf8')})
        expect(result.oclifLoaded, fast ? 'the fast path loaded oclif' : 'oclif did not run').to.equal(!fast)
      }

      expect(outcomes[0]).to.deep.equal(outcomes[1])
    })
  }

  it('leaves help, usage errors and the other api commands to oclif', async () => {
    for (const args of [['GET', '/core/v4/users', '--help'], ['GET'], ['GET', '/x', '--bogus'], ['endpoints', '--method', 'GET']]) {
      const result = await run(args, {fast: true})
      expect(result.oclifLoaded, args.join(' ')).to.equal(true)
    }

    const help = await run(['GET', '/x', '--help'], {fast: true})
    expect(help.status).to.equal(0)
    expect(help.stdout.toString()).to.include('USAGE')
    const missing = await run(['GET'], {fast: true})
    expect([missing.status, missing.stderr]).to.deep.equal([1, 'Error: missing ENDPOINT (path relative to the API base URL, beginning with "/")\nSee "proton api --help".\n'])
  })
})
