/**
 * The plugin inside a real host oclif CLI (`tool`), installed the way a
 * user installs it: the host from the npm registry, then `tool plugins
 * install` of the packed plugin and of a sibling plugin that extends the
 * exported base class; then everything against the sandbox, started by the
 * host itself. One `before` builds the host; the `it`s run in order.
 */
import {expect} from 'chai'
import {spawnSync} from 'node:child_process'
import {chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {dirname, join} from 'node:path'

import {type Running, startSandboxProcess} from '../helpers/sandbox-process.ts'
import {createHost, type Host, pack, packSibling, REPO, tool} from './host-cli.ts'

const SIBLING = 'proton-sibling-fixture'

type Sandbox = Running

async function control(sandbox: Sandbox, method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${sandbox.url}/__sandbox/${path}`, {body: body === undefined ? undefined : JSON.stringify(body), method})
  return (await response.json()) as Record<string, unknown>
}

describe('inside a host oclif CLI (tool), installed from packed tarballs', function () {
  this.timeout(60_000)
  let host: Host
  let sandbox: Sandbox
  let pluginTarball: string
  let siblingTarball: string

  before(async function () {
    this.timeout(300_000)
    host = await createHost()
    pluginTarball = await pack(REPO, host.root, host.env)
    siblingTarball = await packSibling(host.root, host.env)
    for (const tarball of [pluginTarball, siblingTarball]) {
      const installed = await tool(host, ['plugins', 'install', `file:${tarball}`], {}, 240_000)
      if (installed.status !== 0) throw new Error(`tool plugins install ${tarball}: ${installed.stdout}${installed.stderr}`)
    }

    sandbox = await startSandboxProcess(['--port', '0', '--write-session'], host.env, host.bin, host.root)
  })

  after(() => {
    sandbox?.child.kill('SIGTERM')
    if (host) rmSync(host.root, {force: true, recursive: true})
  })

  it('installs cleanly: listed by `tool plugins`, no warning about missing files', async () => {
    const list = await tool(host, ['plugins'])
    expect(list.status).to.equal(0)
    expect(list.stdout).to.match(/^@proton-cli\/plugin-api 0\.1\.0$/m)
    expect(list.stdout).to.match(new RegExp(`^${SIBLING} 1\\.0\\.0$`, 'm'))
    // A reinstall prints what a user sees on install.
    const again = await tool(host, ['plugins', 'install', `file:${pluginTarball}`], {}, 240_000)
    expect(again.status).to.equal(0)
    expect(again.stderr).to.match(/installed v0\.1\.0/)
    expect(again.stderr).not.to.match(/Warning/)
  })

  it('`tool --help` lists the plugin’s and the sibling’s topics', async () => {
    const help = await tool(host, ['--help'])
    expect(help.status).to.equal(0)
    for (const topic of ['account', 'api', 'auth', 'calendar', 'drive', 'mail', 'sibling']) expect(help.stdout).to.match(new RegExp(`^  ${topic} `, 'm'))
    const api = await tool(host, ['api', '--help'])
    expect(api.stdout).to.include('$ tool api METHOD ENDPOINT')
  })

  it('keeps sessions in the host’s config directory ($XDG_CONFIG_HOME/tool/sessions)', () => {
    const file = join(host.configDir, 'sessions', 'sandbox.json')
    expect(statSync(file).mode & 0o777).to.equal(0o600)
    expect(JSON.parse(readFileSync(file, 'utf8'))).to.include({APIURL: sandbox.url, Username: 'demo'})
    expect(existsSync(join(host.env.XDG_CONFIG_HOME!, 'proton-cli'))).to.equal(false)
  })

  it('`tool api GET /core/v4/users` prints the body, the profile given after the command or by PROTON_PROFILE', async () => {
    const flag = await tool(host, ['api', 'GET', '/core/v4/users', '--profile', 'sandbox'])
    expect(flag.status, flag.stderr).to.equal(0)
    expect(JSON.parse(flag.stdout)).to.deep.include({Code: 1000})
    expect(JSON.parse(flag.stdout).User).to.include({Name: 'demo'})
    const env = await tool(host, ['api', 'GET', '/core/v4/users'], {PROTON_PROFILE: 'sandbox'})
    expect(env.status, env.stderr).to.equal(0)
    expect(env.stdout).to.equal(flag.stdout)
  })

  it('`tool mail list` and `tool calendar list` work', async () => {
    const mail = await tool(host, ['mail', 'list', '--profile', 'sandbox'])
    expect(mail.status, mail.stderr).to.equal(0)
    expect(mail.stdout).to.include('Welcome to the Proton sandbox')
    const calendars = await tool(host, ['calendar', 'list', '--output', 'json'], {PROTON_PROFILE: 'sandbox'})
    expect(calendars.status, calendars.stderr).to.equal(0)
    expect(JSON.parse(calendars.stdout).Calendars[0]).to.include({Email: 'demo@proton.test', Name: 'My calendar'})
  })

  it('names the host’s bin in its messages, never "proton"', async () => {
    const noSession = await tool(host, ['mail', 'list', '--profile', 'nobody'])
    expect(noSession.status).to.equal(2)
    expect(noSession.stderr).to.equal('Error: not logged in (profile nobody): run "tool auth login"\n')
    // A stored description that cannot be read is named, with the command that replaces it.
    const stored = join(host.cacheDir, 'api-description', 'description.json')
    mkdirSync(dirname(stored), {recursive: true})
    writeFileSync(stored, '{')
    const damaged = await tool(host, ['api', 'GET', '/core/v4/users', '--profile', 'sandbox'])
    rmSync(stored)
    expect(damaged.stderr).to.include('using the shipped API description (run "tool api spec update")')
    for (const result of [noSession, damaged]) expect(result.stderr).not.to.match(/proton /i)
  })

  it('ships the published description in the tarball: in use without `tool api spec update`', async () => {
    const shown = await tool(host, ['api', 'spec', 'show', '--output', 'json'])
    expect(shown.status, shown.stderr).to.equal(0)
    expect(JSON.parse(shown.stdout)).to.include({kind: 'shipped', skippedBlocks: 0})
    expect(JSON.parse(shown.stdout).operations).to.be.above(725)
    const published = await tool(host, ['api', 'GET', '/mail/v4/conversations', '--profile', 'sandbox'])
    expect(published.stderr).not.to.include('not in the API description')
  })

  it('`tool autocomplete` sets up bash and zsh with the plugin’s commands and `tool api` endpoint completion', async () => {
    for (const shell of ['bash', 'zsh']) expect((await tool(host, ['autocomplete', shell])).status).to.equal(0)
    const bashScript = readFileSync(join(host.cacheDir, 'autocomplete', 'functions', 'bash', 'tool.bash'), 'utf8')
    const zshScript = readFileSync(join(host.cacheDir, 'autocomplete', 'functions', 'zsh', '_tool'), 'utf8')
    for (const script of [bashScript, zshScript]) expect(script).to.include('# >>> tool api: METHOD and ENDPOINT completion >>>')
    expect(bashScript).to.match(/^mail:labels:list --api-url/m).and.to.match(/^sibling:whoami --api-url/m)
    expect(zshScript).to.match(/^_tool_mail_labels\(\) \{/m).and.to.match(/^"whoami\[Print the name and address/m)

    // A real bash, as a TAB would call the registered function.
    const setup = (await tool(host, ['autocomplete', 'script', 'bash'])).stdout.trim()
    const script = `${setup}
fn=$(complete -p tool); fn=\${fn#*-F }; fn=\${fn%% *}
COMP_WORDS=(tool api GET /core/v4/u); COMP_CWORD=3; COMP_LINE="tool api GET /core/v4/u"; COMP_POINT=\${#COMP_LINE}
"$fn" tool /core/v4/u GET; printf '%s\\n' "\${COMPREPLY[@]}"`
    const bash = spawnSync('bash', ['--norc', '--noprofile', '-c', script], {encoding: 'utf8', env: host.env, timeout: 15_000})
    expect(bash.stderr).to.equal('')
    expect(bash.stdout.split('\n')).to.include('/core/v4/users')
  })

  it('the sibling’s command gets the global flags, the session and the exit statuses from the base class', async () => {
    const text = await tool(host, ['sibling', 'whoami', '--profile', 'sandbox'])
    expect(text.status, text.stderr).to.equal(0)
    expect(text.stdout).to.equal('demo <demo@proton.test>\n')
    const json = await tool(host, ['sibling', 'whoami', '--output', 'json'], {PROTON_PROFILE: 'sandbox'})
    expect(JSON.parse(json.stdout)).to.deep.equal({Email: 'demo@proton.test', Name: 'demo'})
    const help = await tool(host, ['sibling', 'whoami', '--help'])
    expect(help.stdout).to.match(/GLOBAL FLAGS[\s\S]*--output=<option>[\s\S]*--profile=<value>/)

    const noSession = await tool(host, ['sibling', 'whoami', '--profile', 'nobody'])
    expect(noSession.status).to.equal(2)
    expect(noSession.stderr).to.equal('Error: not logged in (profile nobody): run "tool auth login"\n')
    await control(sandbox, 'POST', 'faults', {Count: 1, Kind: 'unavailable', Path: '/core/v4/users'})
    const unavailable = await tool(host, ['sibling', 'whoami', '--profile', 'sandbox', '--retries', '0'])
    expect(unavailable.status).to.equal(5)
    // As `tool api` reports it: the service's answer on stdout, one error line on stderr.
    expect(JSON.parse(unavailable.stdout)).to.include({Code: 503})
    expect(unavailable.stderr).to.match(/^Error: HTTP 503/)
    const badFlag = await tool(host, ['sibling', 'whoami', '--output', 'xml', '--profile', 'sandbox'])
    expect(badFlag.status).to.equal(1)
  })

  it('the sibling’s command refreshes an expired access token once, saved in the host’s config directory', async () => {
    const file = join(host.configDir, 'sessions', 'sandbox.json')
    const before = JSON.parse(readFileSync(file, 'utf8')) as {AccessToken: string}
    const refreshes = (await control(sandbox, 'GET', 'stats')).Refreshes as number
    expect((await control(sandbox, 'POST', 'expire-tokens', {})).Expired).to.be.above(0)
    const result = await tool(host, ['sibling', 'whoami', '--profile', 'sandbox'])
    expect(result.status, result.stderr).to.equal(0)
    expect(result.stdout).to.equal('demo <demo@proton.test>\n')
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
    expect((await tool(host, ['plugins'])).status).to.equal(0)
    expect(statSync(directory).mode & 0o777).to.equal(0o700)
    expect(statSync(join(directory, 'sandbox.json')).mode & 0o777).to.equal(0o600)
    expect(readdirSync(directory)).to.deep.equal(['sandbox.json'])
  })

  it('`tool plugins uninstall` removes the sibling, then the plugin, cleanly', async () => {
    const sibling = await tool(host, ['plugins', 'uninstall', SIBLING])
    expect(sibling.status, sibling.stderr).to.equal(0)
    const gone = await tool(host, ['sibling', 'whoami', '--profile', 'sandbox'])
    expect(gone.status).not.to.equal(0)
    expect(gone.stderr).to.match(/not found/)

    const plugin = await tool(host, ['plugins', 'uninstall', '@proton-cli/plugin-api'])
    expect(plugin.status, plugin.stderr).to.equal(0)
    const list = await tool(host, ['plugins'])
    expect(list.stdout).to.include('No plugins installed.')
    const help = await tool(host, ['--help'])
    for (const topic of ['api', 'mail', 'sibling']) expect(help.stdout).not.to.match(new RegExp(`^  ${topic} `, 'm'))
    expect((await tool(host, ['api', 'GET', '/core/v4/users'])).stderr).to.match(/not found/)
    expect(readdirSync(join(host.dataDir, 'node_modules'))).not.to.include(SIBLING)
    expect(existsSync(join(host.dataDir, 'node_modules', '@proton-cli', 'plugin-api'))).to.equal(false)
  })

  it('`tool plugins link --no-install <repo>` runs the working tree’s build for development', async () => {
    const env = {OCLIF_DISABLE_LINKED_ESM_WARNING: '1'}
    const link = await tool(host, ['plugins', 'link', '--no-install', REPO], env)
    expect(link.status, link.stderr).to.equal(0)
    expect((await tool(host, ['plugins'], env)).stdout).to.include(`@proton-cli/plugin-api 0.1.0 (link) ${REPO.replace(/\/$/, '')}`)
    const users = await tool(host, ['api', 'GET', '/core/v4/users', '--profile', 'sandbox'], env)
    expect(users.status, users.stderr).to.equal(0)
    expect(users.stderr).to.equal('')
    expect(JSON.parse(users.stdout).User).to.include({Name: 'demo'})
    const unlink = await tool(host, ['plugins', 'unlink', '@proton-cli/plugin-api'], env)
    expect(unlink.status, unlink.stderr).to.equal(0)
    expect((await tool(host, ['plugins'], env)).stdout).to.include('No plugins installed.')
  })
})
