/**
 * Both forms of our commands inside a made-up host `tool` that has commands
 * of its own (`auth logout`, and `drive status` under a `drive` topic it
 * describes) and our plugin installed as a user plugin (the stand-in of
 * test/completion/setup.ts): the top-level form reaches ours wherever the
 * host has no command of that id, the host's commands and words stay the
 * host's, and every command line our messages and help examples print is
 * run back through the host and shown to reach ours.
 */
import {type Command, Config, Help} from '@oclif/core'
import {expect} from 'chai'
import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'

import {HOST_DRIVE_TOPIC, type HostHome, hostHome} from '../completion/setup.ts'
import {helpTopics} from './host-cli.ts'

const REPO = fileURLToPath(new URL('../..', import.meta.url))
/** Our topics' words, as package.json gives them. */
const OUR_TOPICS = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as {oclif: {topics: Record<string, {description: string}>}}).oclif.topics

/** Our commands' ids inside a host (`proton:mail:list`), from the packed manifest. */
function hostedIds({visible = false} = {}): string[] {
  const manifest = JSON.parse(readFileSync(join(REPO, 'oclif.manifest.json'), 'utf8')) as {commands: Record<string, {hidden?: boolean}>}
  // Visible: without the hidden ones the completion scripts run (api spec words, pass names).
  return Object.keys(manifest.commands)
    .filter((id) => !visible || !manifest.commands[id].hidden)
    .sort()
}

/** oclif's Help, its rendering of one command's help opened up. */
class CommandHelp extends Help {
  text(command: Command.Loadable): string {
    return this.formatCommand(command)
  }
}

/**
 * Every command's help as `tool … --help` renders it, our init hook run
 * first; in this process (one start, not one per command), on the host's
 * configuration and directories.
 */
async function everyHelp(host: HostHome): Promise<Map<string, string>> {
  const saved = Object.fromEntries(Object.keys(host.dirs).map((key) => [key, process.env[key]]))
  Object.assign(process.env, host.dirs)
  try {
    const config = await Config.load({root: host.cliDir})
    await config.runHook('init', {argv: [], id: 'help'})
    const help = new CommandHelp(config, {stripAnsi: true})
    return new Map(hostedIds().map((id) => [id, help.text(config.findCommand(id)!)]))
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) Reflect.deleteProperty(process.env, key)
      else process.env[key] = value
    }
  }
}

/** Our help, whatever the command: every command of ours has the global flag --app-version, no host's has. */
const OURS = '--app-version'

describe('inside a made-up host `tool` with commands of its own (auth logout, drive status)', function () {
  this.timeout(120_000)
  let host: HostHome
  const tool = (line: string) => host.tool(line.split(' '))
  before(async () => {
    host = await hostHome(' ', {helpBefore: true})
  })
  after(() => host?.remove())

  it('runs each of our commands by its top-level id and by proton: both are ours', () => {
    for (const line of ['mail list', 'proton mail list', 'api endpoints', 'auth login', 'drive volumes']) {
      const help = tool(`${line} --help`)
      expect(help.status, line).to.equal(0)
      expect(help.stdout, line).to.include(OURS).and.to.include(`$ tool ${line}`)
    }

    const noSession = tool('api GET /core/v4/users --profile nobody')
    expect(noSession.status).to.equal(2)
    expect(noSession.stderr).to.equal('Error: not logged in (profile nobody): run "tool auth login"\n')
  })

  it('leaves the host’s commands to the host: `auth logout` and `drive status` are its own, ours are under proton', () => {
    expect(tool('auth logout')).to.include({status: 0, stdout: 'host: Log out of the host.\n'})
    expect(tool('drive status')).to.include({status: 0, stdout: 'host: Show the host’s drive status.\n'})
    expect(tool('auth logout --help').stdout).not.to.include(OURS)
    expect(tool('proton auth logout --help').stdout).to.include(OURS)
    // Help names no form of ours that the host's command hides.
    expect(tool('proton auth logout --help').stdout).not.to.match(/^ALIASES/m)
    expect(tool('proton auth login --help').stdout).to.match(/^ALIASES\n {2}\$ tool auth login\n/m)
  })

  it('keeps the host’s topics and their words; ours sit beside them, described, and `tool help proton` lists every command', () => {
    const before = helpTopics(host.helpBefore.flag)
    expect(before.get('drive')).to.equal(HOST_DRIVE_TOPIC)
    for (const help of [tool('--help').stdout, tool('help').stdout]) {
      const after = helpTopics(help)
      for (const [name, description] of before) expect(after.get(name), name).to.equal(description)
      expect(after.get('mail')).to.match(/^List, count, move, label/)
      expect(after.get('calendar')).to.equal(OUR_TOPICS['proton:calendar'].description)
      expect(after.get('account')).to.equal('Show the account’s user record, addresses and settings'.replace('’', "'"))
      expect(after.has('proton')).to.equal(true)
      expect(help).to.match(/^ {2}api +Send one authenticated request/m)
    }

    expect(helpTopics(host.helpBefore.command)).to.deep.equal(before)
    const drive = tool('drive --help').stdout
    expect(drive.split('\n')[0]).to.equal(HOST_DRIVE_TOPIC)
    expect(drive)
      .to.match(/^ {2}drive status +Show the host’s drive status\.$/m)
      .and.to.match(/^ {2}drive volumes +List drive volumes/m)
    const listed = tool('help proton').stdout
    const visible = hostedIds({visible: true})
    expect(listed.split('\n').filter((line) => line.startsWith('  tool proton '))).to.deep.equal(visible.map((id) => `  tool ${id.replaceAll(':', ' ')}`))
  })

  it('every command line our messages and help examples print reaches ours when run back through the host', async () => {
    const lines = new Set<string>()
    for (const message of [tool('mail list --profile nobody').stderr, tool('auth status --profile nobody').stderr]) {
      for (const [, line] of message.matchAll(/"(tool [^"]+)"/g)) lines.add(line)
    }

    expect([...lines]).to.deep.equal(['tool auth login'])
    // Examples naming the command they document are its help's own id; those naming another command are run.
    const named: string[] = []
    for (const [id, help] of await everyHelp(host)) {
      const own = [id, id.slice('proton:'.length)].map((form) => `tool ${form.replaceAll(':', ' ')}`)
      const examples = help.slice(help.indexOf('\nEXAMPLES\n'))
      for (const [, words] of examples.matchAll(/(?:\$ |\| )tool ((?:[a-z][a-z-]* ?)+)/g)) {
        const line = `tool ${words.trim()}`
        named.push(line)
        if (!own.some((form) => line === form || line.startsWith(`${form} `))) lines.add(line)
      }
    }

    expect(named.length).to.be.above(60)
    expect([...lines].sort()).to.include.members(['tool auth login', 'tool mail list', 'tool mail trash'])
    for (const line of lines) {
      const help = tool(`${line.slice('tool '.length)} --help`)
      expect(help.stdout, line).to.include(OURS)
    }
  })
})
