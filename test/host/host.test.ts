/**
 * The plugin inside real oclif CLIs from the npm registry, installed the way
 * a user installs it: `sf plugins install` / `heroku plugins:install` of the
 * packed plugin and of a sibling plugin that extends the exported base
 * class; then everything against the sandbox, started by the host itself.
 * One `before` per host sets it up; the `it`s run in order.
 */
import {expect} from 'chai'
import {spawnSync} from 'node:child_process'
import {chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'
import {setTimeout as delay} from 'node:timers/promises'

import {type Running, sandboxFetch, startSandboxProcess} from '../helpers/sandbox-process.ts'
import {createHost, endHostProcesses, helpTopics, type Host, hostCommand, hostProcesses, hostRun, HOSTS, installPlugin, pack, packSibling, REPO, spell} from './host-cli.ts'

const SIBLING = 'proton-sibling-fixture'
const PLUGIN = '@proton-cli/plugin-api'

async function control(sandbox: Running, method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await sandboxFetch(sandbox, `${path}`, {body: body === undefined ? undefined : JSON.stringify(body), method})
  return (await response.json()) as Record<string, unknown>
}

/** Every plugin the host loads, as "name root", its own and installed ones. */
async function loadedPlugins(host: Host): Promise<string[]> {
  const listed = await hostCommand(host, 'plugins', ['--core', '--json'])
  if (listed.status !== 0) throw new Error(`plugins --core: ${listed.stderr}`)
  return (JSON.parse(listed.stdout) as Array<{name: string; root: string}>).map(({name, root}) => `${name} ${root}`).sort()
}

/** Every command id the plugin declares to a host (the packed manifest). */
function declaredCommands(): string[] {
  const manifest = JSON.parse(readFileSync(join(REPO, 'oclif.manifest.json'), 'utf8')) as {commands: Record<string, unknown>}
  return Object.keys(manifest.commands).sort()
}

/** The plugin's and the sibling's tarballs, packed once for every host (the same bytes), in a directory of their own. */
let packed: Promise<[string, string]> | undefined
let packDirectory: string | undefined
async function packBoth(env: NodeJS.ProcessEnv): Promise<[string, string]> {
  packDirectory = mkdtempSync(join(tmpdir(), 'proton-cli-packed-'))
  const plugin = await pack(REPO, packDirectory, env)
  return [plugin, await packSibling(packDirectory, env)]
}

after(() => {
  if (packDirectory) rmSync(packDirectory, {force: true, recursive: true})
})

for (const spec of HOSTS) {
  describe(`inside ${spec.name} (a real oclif CLI from npm, ${spec.spec}), installed from packed tarballs`, function () {
    this.timeout(90_000)
    let host: Host
    let sandbox: Running
    /** The plugins the host loads before ours is installed (name and root). */
    let ownPlugins: string[]
    /** The host's root help before ours is installed. */
    let helpBefore: string
    const line = (id: string) => `${spec.name} ${spell(spec, id).join(' ')}`
    // How our messages name `auth login` here: sf has no `auth login` of its own, heroku has.
    const login = spec.name === 'sf' ? 'sf auth login' : 'heroku proton:auth:login'

    before(async function () {
      this.timeout(900_000)
      host = await createHost(spec)
      ownPlugins = await loadedPlugins(host)
      helpBefore = (await hostRun(host, ['--help'])).stdout
      packed ??= packBoth(host.env)
      for (const tarball of await packed) {
        const installed = await installPlugin(host, tarball)
        if (installed.status !== 0) throw new Error(`${spec.name} plugins install ${tarball}: ${installed.stdout}${installed.stderr}`)
      }

      sandbox = await startSandboxProcess(['--port', '0', '--write-session'], host.env, host.bin, host.root, spell(spec, 'proton:sandbox'))
    })

    after(() => {
      sandbox?.child.kill('SIGTERM')
      if (host) endHostProcesses(host)
      if (host) rmSync(host.root, {force: true, recursive: true})
    })

    it('leaves no process of its own running once its commands end (no detached update --autoupdate)', async () => {
      // The host ran several commands by now (its help, plugins install, the sandbox's start), each with the chance
      // to start an updater; they have ended. Whatever runs with its HOME, but for the sandbox, outlived its command.
      expect((await hostRun(host, ['--version'])).status).to.equal(0)
      await delay(2000)
      const left = hostProcesses(host, [sandbox.child.pid as number])
      expect(left.map((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim())).to.deep.equal([])
    })

    it('installs cleanly: listed by the host’s plugins command', async () => {
      const list = await hostRun(host, ['plugins'])
      expect(list.status).to.equal(0)
      expect(list.stdout).to.match(/^@proton-cli\/plugin-api 0\.1\.0$/m)
      expect(list.stdout).to.match(new RegExp(`^${SIBLING} 1\\.0\\.0$`, 'm'))
    })

    it('reaches every command the plugin declares, under its own topic, in the host’s syntax', async () => {
      const ids = declaredCommands()
      expect(ids).to.include.members(['proton:api', 'proton:auth:login', 'proton:auth:logout', 'proton:auth:list', 'proton:mail:list'])
      // One host start per command (1-2 s each): three at a time, so fifty commands stay within the test's time.
      const queue = [...ids]
      const worker = async () => {
        for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
          const help = await hostCommand(host, id, ['--help'])
          expect(help.status, `${line(id)} --help: ${help.stderr}`).to.equal(0)
          expect(help.stdout, id).to.include(`$ ${line(id)}`)
        }
      }

      await Promise.all([worker(), worker(), worker()])
    }).timeout(240_000)

    it('leaves the host’s own commands to the host (its auth login, logout and list are not ours)', async () => {
      const hostAuth = spec.name === 'sf' ? ['auth:logout', 'auth:list'] : ['auth:login', 'auth:logout']
      for (const id of hostAuth) {
        const help = await hostCommand(host, id, ['--help'])
        expect(help.stdout, id).not.to.match(/proton/i)
      }
    })

    it('brings no plugins of its own: the host’s autocomplete and help are the host’s copies', async () => {
      const installed = join(host.dataDir, 'node_modules', ...PLUGIN.split('/'))
      const packaged = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as {oclif: {plugins?: string[]}}
      expect(packaged.oclif.plugins).to.equal(undefined)
      const now = (await loadedPlugins(host)).filter((plugin) => !plugin.startsWith(`${PLUGIN} `) && !plugin.startsWith(`${SIBLING} `))
      expect(now).to.deep.equal(ownPlugins)
    })

    it('keeps sessions in the host’s config directory', () => {
      const file = join(host.configDir, 'sessions', 'sandbox.json')
      expect(statSync(file).mode & 0o777).to.equal(0o600)
      expect(JSON.parse(readFileSync(file, 'utf8'))).to.include({APIURL: sandbox.url, Username: 'demo'})
      expect(existsSync(join(host.env.XDG_CONFIG_HOME!, 'proton-cli'))).to.equal(false)
    })

    it('runs `proton api GET /core/v4/users`, the profile given after the command or by PROTON_PROFILE', async () => {
      const flag = await hostCommand(host, 'proton:api', ['GET', '/core/v4/users', '--profile', 'sandbox'])
      expect(flag.status, flag.stderr).to.equal(0)
      expect(JSON.parse(flag.stdout).User).to.include({Name: 'demo'})
      const env = await hostCommand(host, 'proton:api', ['GET', '/core/v4/users'], {PROTON_PROFILE: 'sandbox'})
      expect(env.status, env.stderr).to.equal(0)
      expect(env.stdout).to.equal(flag.stdout)
    })

    it('runs `proton mail list` and `proton calendar list`', async () => {
      // Text tables fit $COLUMNS (80 when unset): wide enough here for whole subjects.
      const mail = await hostCommand(host, 'proton:mail:list', ['--profile', 'sandbox'], {COLUMNS: '300'})
      expect(mail.status, mail.stderr).to.equal(0)
      expect(mail.stdout).to.include('Welcome to the Proton sandbox')
      const calendars = await hostCommand(host, 'proton:calendar:list', ['--output', 'json'], {PROTON_PROFILE: 'sandbox'})
      expect(calendars.status, calendars.stderr).to.equal(0)
      expect(JSON.parse(calendars.stdout).Calendars[0].Members[0]).to.include({Email: 'demo@proton.test', Name: 'My calendar'})
    })

    it('names commands that reach ours in this host: the top-level form where the host has none of that name', async () => {
      const noSession = await hostCommand(host, 'proton:mail:list', ['--profile', 'nobody'])
      expect(noSession.status).to.equal(2)
      expect(noSession.stderr).to.equal(`Error: not logged in (profile nobody): run "${login}"\n`)
      const status = await hostCommand(host, 'auth:status', ['--profile', 'nobody'])
      expect(status.stderr).to.include(`run "${login}"`)
      // The command named is ours: its help is the Proton login.
      const help = await hostRun(host, [...login.split(' ').slice(1), '--help'])
      expect(help.stdout).to.include('USERNAME').and.to.include('--app-version')
    })

    it('runs our commands by their top-level ids too; the host’s commands of those names stay the host’s', async () => {
      const users = await hostCommand(host, 'api', ['GET', '/core/v4/users', '--profile', 'sandbox'])
      expect(users.status, users.stderr).to.equal(0)
      expect(JSON.parse(users.stdout).User).to.include({Name: 'demo'})
      const mail = await hostCommand(host, 'mail:list', ['--output', 'json'], {PROTON_PROFILE: 'sandbox'})
      expect(mail.status, mail.stderr).to.equal(0)
      expect(JSON.parse(mail.stdout).Messages.length).to.be.above(0)
      if (spec.name === 'sf') {
        const rest = await hostCommand(host, 'api:request:rest', ['--help'])
        expect(rest.status).to.equal(0)
        expect(rest.stdout).to.include('Salesforce').and.not.to.include('--app-version')
      }

      // The host's own (its help checked above); ours under proton names no alias the host's command hides.
      const hostOwn = spec.name === 'sf' ? 'auth:list' : 'auth:login'
      const ours = await hostCommand(host, `proton:${hostOwn}`, ['--help'])
      expect(ours.stdout)
        .to.include('--app-version')
        .and.not.to.match(/^ALIASES/m)
    })

    it('keeps the host’s topics and their words; ours are listed beside them', async () => {
      const before = helpTopics(helpBefore)
      const after = helpTopics((await hostRun(host, ['--help'])).stdout)
      expect(before.size).to.be.above(5)
      for (const [name, description] of before) expect(after.get(name), name).to.equal(description)
      for (const name of ['mail', 'calendar', 'drive', 'account']) expect(after.get(name), name).to.match(/^[A-Z]/)
    })

    it('names the description command in its syntax when the stored description is damaged', async () => {
      const stored = join(host.cacheDir, 'api-description', 'description.json')
      mkdirSync(dirname(stored), {recursive: true})
      writeFileSync(stored, '{')
      const damaged = await hostCommand(host, 'proton:api', ['GET', '/core/v4/users', '--profile', 'sandbox'])
      rmSync(stored)
      // Neither host has an `api spec update`: the top-level form reaches ours.
      expect(damaged.stderr).to.include(`using the shipped API description (run "${line('api:spec:update')}")`)
    })

    it('ships the published description in the tarball: in use without `api spec update`', async () => {
      const shown = await hostCommand(host, 'proton:api:spec:show', ['--output', 'json'])
      expect(shown.status, shown.stderr).to.equal(0)
      expect(JSON.parse(shown.stdout)).to.include({kind: 'shipped', skippedBlocks: 0})
      expect(JSON.parse(shown.stdout).operations).to.be.above(725)
      const published = await hostCommand(host, 'proton:api', ['GET', '/mail/v4/conversations', '--profile', 'sandbox'])
      expect(published.stderr).not.to.include('not in the API description')
    })

    it('the sibling’s command gets the global flags, the session and the exit statuses from the base class', async () => {
      const text = await hostCommand(host, 'sibling:whoami', ['--profile', 'sandbox'])
      expect(text.status, text.stderr).to.equal(0)
      expect(text.stdout).to.equal('demo <demo@proton.test>\n')
      const json = await hostCommand(host, 'sibling:whoami', ['--output', 'json'], {PROTON_PROFILE: 'sandbox'})
      expect(JSON.parse(json.stdout)).to.deep.equal({Email: 'demo@proton.test', Name: 'demo'})
      const noSession = await hostCommand(host, 'sibling:whoami', ['--profile', 'nobody'])
      expect(noSession.status).to.equal(2)
      expect(noSession.stderr).to.equal(`Error: not logged in (profile nobody): run "${login}"\n`)
      await control(sandbox, 'POST', 'faults', {Count: 1, Kind: 'unavailable', Path: '/core/v4/users'})
      const unavailable = await hostCommand(host, 'sibling:whoami', ['--profile', 'sandbox', '--retries', '0'])
      expect(unavailable.status).to.equal(5)
      expect(JSON.parse(unavailable.stdout)).to.include({Code: 503})
      expect(unavailable.stderr).to.match(/^Error: HTTP 503/)
    })

    it('the sibling’s command refreshes an expired access token once, saved in the host’s config directory', async () => {
      const file = join(host.configDir, 'sessions', 'sandbox.json')
      const before = JSON.parse(readFileSync(file, 'utf8')) as {AccessToken: string}
      const refreshes = (await control(sandbox, 'GET', 'stats')).Refreshes as number
      expect((await control(sandbox, 'POST', 'expire-tokens', {})).Expired).to.be.above(0)
      const result = await hostCommand(host, 'sibling:whoami', ['--profile', 'sandbox'])
      expect(result.status, result.stderr).to.equal(0)
      expect((await control(sandbox, 'GET', 'stats')).Refreshes).to.equal(refreshes + 1)
      expect(JSON.parse(readFileSync(file, 'utf8')).AccessToken).not.to.equal(before.AccessToken)
    })

    it('the init hook narrows the sessions directory and removes leftovers of interrupted writes', async () => {
      const directory = join(host.configDir, 'sessions')
      const leftover = join(directory, 'sandbox.json.2147483646.0a1b2c.tmp')
      writeFileSync(leftover, '{"UID":')
      chmodSync(directory, 0o755)
      chmodSync(join(directory, 'sandbox.json'), 0o644)
      // Any command of the host starts the hook, even one of another plugin.
      expect((await hostRun(host, ['plugins'])).status).to.equal(0)
      expect(statSync(directory).mode & 0o777).to.equal(0o700)
      expect(statSync(join(directory, 'sandbox.json')).mode & 0o777).to.equal(0o600)
      expect(readdirSync(directory)).to.deep.equal(['sandbox.json'])
    })

    // heroku has an autocomplete of its own (it asks api.heroku.com while it builds): only oclif's is extended.
    /** TAB at the end of `words` in bash, with the host's completion set up as its profile line does. */
    const tabInBash = (setup: string, words: string[]): {candidates: string[]; stderr: string} => {
      const script = `${setup}
fn=$(complete -p ${spec.name}); fn=\${fn#*-F }; fn=\${fn%% *}
COMP_WORDS=(${words.join(' ')}); COMP_CWORD=${words.length - 1}; COMP_LINE="${words.join(' ')}"; COMP_POINT=\${#COMP_LINE}
"$fn" ${spec.name} ${words.at(-1)} ${words.at(-2)}; printf '%s\\n' "\${COMPREPLY[@]}"`
      const bash = spawnSync('bash', ['--norc', '--noprofile', '-c', script], {encoding: 'utf8', env: host.env, timeout: 15_000})
      return {candidates: bash.stdout.split('\n').filter(Boolean), stderr: bash.stderr}
    }

    let completionSetup = ''
    // heroku has an autocomplete of its own (it asks api.heroku.com while it builds): only oclif's is extended.
    if (spec.autocomplete === 'oclif') {
      it('`autocomplete bash` adds `proton api` METHOD and ENDPOINT completion to the host’s script, no start per TAB', async () => {
        expect((await hostRun(host, ['autocomplete', 'bash'])).status).to.equal(0)
        completionSetup = (await hostCommand(host, 'autocomplete:script', ['bash'])).stdout.trim()
        const starts = host.starts()
        const tab = tabInBash(completionSetup, [spec.name, ...spell(spec, 'proton:api'), 'GET', '/core/v4/us'])
        expect(tab.stderr).to.equal('')
        expect(tab.candidates).to.include('/core/v4/users')
        // The top-level form too, where it reaches ours (sf has no `api GET`).
        const topLevel = tabInBash(completionSetup, [spec.name, 'api', 'GET', '/core/v4/us'])
        expect(topLevel.stderr).to.equal('')
        expect(topLevel.candidates).to.include('/core/v4/users')
        expect(host.starts()).to.equal(starts)
      })
    }

    it('uninstalls the sibling, then the plugin, cleanly', async () => {
      expect((await hostCommand(host, 'plugins:uninstall', [SIBLING])).status).to.equal(0)
      const plugin = await hostCommand(host, 'plugins:uninstall', [PLUGIN])
      expect(plugin.status, plugin.stderr).to.equal(0)
      expect((await hostRun(host, ['plugins'])).stdout).not.to.include(PLUGIN)
      const gone = await hostCommand(host, 'proton:api', ['GET', '/core/v4/users'])
      expect(gone.status).not.to.equal(0)
      expect(gone.stderr).to.match(/not a[n]? .*command|not found/i)
      expect(existsSync(join(host.dataDir, 'node_modules', ...PLUGIN.split('/')))).to.equal(false)
    })

    if (spec.autocomplete === 'oclif') {
      it('after the uninstall, the completion it added costs nothing and prints nothing', () => {
        const starts = host.starts()
        for (const words of [
          [spec.name, 'proton', 'api', 'GET', '/core/v4/us'],
          [spec.name, 'proton', 'api', '--profile', ''],
        ]) {
          const tab = tabInBash(completionSetup, words)
          expect(tab.stderr, words.join(' ')).to.equal('')
          expect(tab.candidates).not.to.include('/core/v4/users')
        }

        expect(host.starts()).to.equal(starts)
      })
    }

    it('`plugins link --no-install <repo>` runs the working tree’s build for development', async () => {
      const env = {OCLIF_DISABLE_LINKED_ESM_WARNING: '1'}
      const link = await hostCommand(host, 'plugins:link', ['--no-install', REPO], env)
      expect(link.status, link.stderr).to.equal(0)
      const users = await hostCommand(host, 'proton:api', ['GET', '/core/v4/users', '--profile', 'sandbox'], env)
      expect(users.status, users.stderr).to.equal(0)
      expect(JSON.parse(users.stdout).User).to.include({Name: 'demo'})
      const unlink = await hostCommand(host, 'plugins:unlink', [PLUGIN], env)
      expect(unlink.status, unlink.stderr).to.equal(0)
    })
  })
}
