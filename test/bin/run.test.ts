/**
 * bin/run.js as a user's shell starts it: under Node versions older than
 * package.json's engines (real ones, installed from the npm registry into
 * the tests' cache), with oclif's help, and with a reader that goes away.
 */
import {expect} from 'chai'
import {spawnSync} from 'node:child_process'
import {readFileSync} from 'node:fs'
import {join} from 'node:path'

import {BIN, baseEnv, runBinary} from '../helpers/run-binary.ts'
import {type TempHome, tempHome} from '../helpers/session-files.ts'
import {installOnce} from '../helpers/test-cache.ts'

const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {engines: {node: string}}

describe('bin/run.js', function () {
  this.timeout(30_000)
  let home: TempHome
  beforeEach(() => {
    home = tempHome()
  })
  afterEach(() => home.remove())

  it('states the same oldest Node as package.json’s engines', () => {
    const engines = /^>=(\d+)$/.exec(packageJson.engines.node)
    const checked = /MINIMUM_NODE_MAJOR = (\d+)/.exec(readFileSync(BIN, 'utf8'))
    expect(engines, packageJson.engines.node).not.to.equal(null)
    expect(checked?.[1]).to.equal(engines?.[1])
  })

  // Exact versions, installed once into the tests' cache (test/helpers/test-cache.ts).
  for (const [major, exact] of [
    [18, '18.20.8'],
    [20, '20.20.2'],
  ] as const) {
    describe(`under Node ${major}`, () => {
      let node: string
      before(function () {
        this.timeout(600_000)
        // The `node` package fetches the matching Node binary in its install script.
        node = join(installOnce(`node@${exact}`, process.env, ['node']), 'node_modules', 'node', 'bin', 'node')
      })

      it('says in one line which Node it needs, exit 1, nothing on stdout, no stack trace', async () => {
        const version = spawnSync(node, ['--version'], {encoding: 'utf8'}).stdout.trim()
        expect(version).to.equal(`v${exact}`)
        for (const args of [['api', 'GET', '/core/v4/users'], ['--help'], ['mail', 'list'], []]) {
          const result = await runBinary(args, {env: baseEnv(home.home), node})
          expect(result.status, args.join(' ')).to.equal(1)
          expect(result.stdout.length).to.equal(0)
          expect(result.stderr).to.equal(`proton needs Node.js 22 or newer (this is ${version})\n`)
        }
      })
    })
  }

  it('`help`, `help api` and `help mail list` print oclif’s help', async () => {
    const env = baseEnv(home.home)
    const top = await runBinary(['help'], {env})
    expect(top.status, top.stderr).to.equal(0)
    expect(top.stdout.toString())
      .to.match(/^USAGE\n {2}\$ proton \[COMMAND\]$/m)
      .and.to.match(/^ {2}mail {2,}List, count, move, label, mark and delete messages/m)
    // drive is files (upload, download …), not only the volumes it once listed.
    expect(top.stdout.toString()).to.match(/^ {2}drive {2,}List, upload, download, move, rename and trash files/m)
    const api = await runBinary(['help', 'api'], {env})
    expect(api.status, api.stderr).to.equal(0)
    expect(api.stdout.toString()).to.include('$ proton api METHOD [ENDPOINT]')
    const mailList = await runBinary(['help', 'mail', 'list'], {env})
    expect(mailList.status, mailList.stderr).to.equal(0)
    expect(mailList.stdout.toString()).to.include('$ proton mail list')
    for (const result of [top, api, mailList]) expect(result.stderr).to.equal('')
  })

  it('prints no Node warning when the reader goes away early (`| head`)', () => {
    for (const [args, lines] of [
      ['--help', 3],
      ['api --help', 2],
      ['help mail list', 1],
    ] as const) {
      const piped = spawnSync('sh', ['-c', `"${process.execPath}" "${BIN}" ${args} | head -n ${lines}`], {encoding: 'utf8', env: baseEnv(home.home), timeout: 20_000})
      expect(piped.status).to.equal(0)
      expect(piped.stdout.split('\n').slice(0, -1)).to.have.length(lines)
      expect(piped.stderr, args).to.equal('')
    }
  })
})
