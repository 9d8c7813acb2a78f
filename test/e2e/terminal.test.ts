/**
 * A person at a terminal, through the built binary: what a usage error,
 * an empty session list, a JSON answer on a terminal, an unreachable
 * service and the sandbox's --write-session look like. Both ways of
 * running `proton api` (the fast path and oclif, PROTON_FAST_PATH=0) must
 * say the same.
 */
import {expect} from 'chai'
import {fileURLToPath} from 'node:url'

import {freePort} from '../helpers/free-port.ts'
import {baseEnv, runBinary} from '../helpers/run-binary.ts'
import {type Running, startSandboxProcess} from '../helpers/sandbox-process.ts'
import {json, type ScriptedServer, startServer} from '../helpers/scripted-server.ts'
import {type TempHome, tempHome, TOKENS} from '../helpers/session-files.ts'
import {runInTerminal} from '../helpers/terminal.ts'

const DNS_NOT_FOUND = fileURLToPath(new URL('../fixtures/dns-not-found.js', import.meta.url))
const PATHS = [
  ['the fast path', {}],
  ['oclif', {PROTON_FAST_PATH: '0'}],
] as const
const ESC = '\u001B'

describe('a person at a terminal (built binary)', function () {
  this.timeout(60_000)
  let home: TempHome
  beforeEach(() => {
    home = tempHome()
  })
  afterEach(() => home.remove())

  describe('usage errors: one short line per problem, then where the help is; exit 1', () => {
    const cases: Array<[string[], string]> = [
      [['api', 'GET'], 'Error: missing ENDPOINT after GET (a path such as /core/v4/users)\n'],
      [
        ['api'],
        'Error: missing METHOD (HTTP method: GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS; or, alone, the ENDPOINT: then GET, or POST with fields, --body or --input)\nSee "proton api --help".\n',
      ],
      [['api', 'GET', '/x', '--nope'], 'Error: unknown flag --nope\nSee "proton api --help".\n'],
      [['api', 'GET', '/x', '--output', 'nope'], 'Error: --output must be text, json or yaml, not "nope"\nSee "proton api --help".\n'],
      [['api', 'GET', '/x', '--quiet', '--verbose'], 'Error: --quiet and --verbose cannot be used together\nSee "proton api --help".\n'],
      [['--profile', 'work', 'api', 'GET', '/x', '--retries', '-1'], 'Error: --retries must be an integer greater than or equal to 0, not "-1"\nSee "proton api --help".\n'],
      [['mail', 'list', '--page', 'abc'], 'Error: --page must be an integer, not "abc"\nSee "proton mail list --help".\n'],
    ]
    for (const [args, stderr] of cases) {
      for (const [path, extra] of PATHS) {
        it(`${args.join(' ')} (${path})`, async () => {
          // FORCE_COLOR: oclif would colour parts of its own message even with stderr piped.
          const result = await runBinary(args, {env: baseEnv(home.home, {...extra, FORCE_COLOR: '1', NO_COLOR: undefined})})
          expect(result.status).to.equal(1)
          expect(result.stdout.length).to.equal(0)
          expect(result.stderr).to.equal(stderr)
        })
      }
    }

    for (const [what, extra] of [
      ['colour allowed', {NO_COLOR: undefined}],
      ['NO_COLOR', {NO_COLOR: '1'}],
    ] as const) {
      it(`on a terminal, with ${what}: the same lines, no escape codes`, async () => {
        const result = await runInTerminal(['api', 'GET', '/x', '--quiet', '--verbose'], baseEnv(home.home, {...extra, TERM: 'xterm-256color'}))
        expect(result.status).to.equal(1)
        expect(result.output).to.equal('Error: --quiet and --verbose cannot be used together\nSee "proton api --help".\n')
        expect(result.output).not.to.include(ESC)
      })
    }
  })

  describe('auth list without any session', () => {
    it('says so on stderr, prints nothing on stdout, exits 0', async () => {
      const result = await runBinary(['auth', 'list'], {env: baseEnv(home.home)})
      expect(result.status).to.equal(0)
      expect(result.stdout.length).to.equal(0)
      expect(result.stderr).to.equal(`no sessions (in ${home.store.directory}): run "proton auth login"\n`)
    })

    it('prints [] with --output json, and no note with --quiet', async () => {
      const data = await runBinary(['auth', 'list', '--output', 'json'], {env: baseEnv(home.home)})
      expect([data.status, data.stdout.toString()]).to.deep.equal([0, '[]\n'])
      const quiet = await runBinary(['auth', 'list', '--quiet'], {env: baseEnv(home.home)})
      expect([quiet.status, quiet.stdout.length, quiet.stderr]).to.deep.equal([0, 0, ''])
    })
  })

  describe('--output json on a terminal', () => {
    const INDENTED = '{\n  "Code": 1000,\n  "Labels": []\n}\n'
    let server: ScriptedServer
    before(async () => {
      server = await startServer(json(200, '{"Code":1000,"Labels":[]}'))
    })
    after(() => server.close())

    for (const [path, extra] of PATHS) {
      it(`is indented on a terminal (as gh does), and stays byte-exact through a pipe (${path})`, async () => {
        await home.writeSession(server.url)
        const env = baseEnv(home.home, extra)
        const shown = await runInTerminal(['api', 'GET', '/core/v4/users', '--output', 'json'], env)
        expect([shown.status, shown.output]).to.deep.equal([0, INDENTED])
        const piped = await runBinary(['api', 'GET', '/core/v4/users', '--output', 'json'], {env})
        expect([piped.status, piped.stdout.toString()]).to.deep.equal([0, '{"Code":1000,"Labels":[]}'])
      })
    }

    it('does the same for a dedicated command', async () => {
      await home.writeSession(server.url)
      const shown = await runInTerminal(['mail', 'labels', 'list', '--type', 'label', '--output', 'json'], baseEnv(home.home))
      expect([shown.status, shown.output]).to.deep.equal([0, INDENTED])
      const piped = await runBinary(['mail', 'labels', 'list', '--type', 'label', '--output', 'json'], {env: baseEnv(home.home)})
      expect([piped.status, piped.stdout.toString()]).to.deep.equal([0, '{"Code":1000,"Labels":[]}'])
    })
  })

  describe('a service that cannot be reached: one line naming it and what to check, exit 5', () => {
    const session = {PROTON_ACCESS_TOKEN: TOKENS.AccessToken, PROTON_UID: TOKENS.UID}

    for (const [path, extra] of PATHS) {
      it(`connection refused (${path})`, async () => {
        const port = await freePort()
        const result = await runBinary(['api', 'GET', '/core/v4/users', '--api-url', `http://127.0.0.1:${port}/`, '--retries', '0'], {env: baseEnv(home.home, {...extra, ...session})})
        expect(result.status).to.equal(5)
        expect(result.stdout.length).to.equal(0)
        expect(result.stderr).to.equal(`Error: cannot connect to http://127.0.0.1:${port} (connection refused): is the service reachable, and is --api-url / the session's API URL right?\n`)
      })

      it(`a host name DNS does not know (${path})`, async () => {
        const result = await runBinary(['api', 'GET', '/core/v4/users', '--api-url', 'https://api.unknown-host.test/api', '--retries', '0'], {
          env: baseEnv(home.home, {...extra, ...session}),
          nodeArgs: ['--import', DNS_NOT_FOUND],
        })
        expect(result.status).to.equal(5)
        expect(result.stdout.length).to.equal(0)
        expect(result.stderr).to.equal("Error: cannot find the host api.unknown-host.test (DNS lookup failed: ENOTFOUND): is the network up, and is --api-url / the session's API URL right?\n")
      })

      it(`no answer within --timeout (${path})`, async () => {
        const silent = await startServer(() => undefined)
        try {
          const result = await runBinary(['api', 'GET', '/core/v4/users', '--api-url', silent.url, '--timeout', '1', '--retries', '0'], {env: baseEnv(home.home, {...extra, ...session})})
          expect(result.status).to.equal(5)
          expect(result.stdout.length).to.equal(0)
          expect(result.stderr).to.equal(`Error: no complete answer from ${silent.url} within 1 s (timeout; see --timeout)\n`)
        } finally {
          await silent.close()
        }
      })
    }

    it('a dedicated command says the same', async () => {
      const port = await freePort()
      await home.writeSession(`http://127.0.0.1:${port}`)
      const result = await runBinary(['account', 'show', '--retries', '0'], {env: baseEnv(home.home)})
      expect(result.status).to.equal(5)
      expect(result.stderr).to.equal(`Error: cannot connect to http://127.0.0.1:${port} (connection refused): is the service reachable, and is --api-url / the session's API URL right?\n`)
      expect(result.stderr).not.to.include(TOKENS.AccessToken)
    })
  })

  describe('sandbox --write-session: which profile it writes', () => {
    let running: Running | undefined
    afterEach(() => {
      if (running && running.child.exitCode === null) running.child.kill('SIGKILL')
      running = undefined
    })

    const written = async () => (await home.store.list()).join(' ')

    it('--profile NAME, after the command or before it', async () => {
      running = await startSandboxProcess(['--port', '0', '--write-session', '--profile', 'demo'], baseEnv(home.home))
      expect(await written()).to.equal('demo')
      const result = await runBinary(['api', 'GET', '/core/v4/users', '--profile', 'demo'], {env: baseEnv(home.home)})
      expect(result.status).to.equal(0)
      running.child.kill('SIGKILL')
      running = await startSandboxProcess(['--port', '0', '--write-session'], baseEnv(home.home), undefined, undefined, ['--profile', 'front', 'sandbox'])
      expect(await written()).to.equal('demo front')
    })

    it('not PROTON_PROFILE: a sandbox session never replaces the everyday one', async () => {
      running = await startSandboxProcess(['--port', '0', '--write-session'], baseEnv(home.home, {PROTON_PROFILE: 'work'}))
      expect(await written()).to.equal('sandbox')
    })

    it('--write-session NAME, and --profile NAME with it when they agree', async () => {
      running = await startSandboxProcess(['--port', '0', '--write-session', 'named', '--profile', 'named'], baseEnv(home.home))
      expect(await written()).to.equal('named')
    })

    for (const [args, stderr] of [
      [['--write-session', 'one', '--profile', 'two'], 'Error: two profiles to write: "one" and --profile "two"; give one\n'],
      [['--profile', 'demo'], 'Error: --profile names the profile --write-session writes; add --write-session\n'],
    ] as const) {
      it(`refuses ${args.join(' ')} (exit 1, nothing written)`, async () => {
        const result = await runBinary(['sandbox', '--port', '0', ...args], {env: baseEnv(home.home)})
        expect([result.status, result.stdout.length, result.stderr]).to.deep.equal([1, 0, stderr])
        expect(await written()).to.equal('')
      })
    }
  })
})
