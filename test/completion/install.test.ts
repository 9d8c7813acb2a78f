/**
 * What install.ts makes of a CLI's configuration, without a shell: which
 * commands are ours (standalone `api`, in a host `proton:api`), how the
 * missing word lists are written again in the host's spelling, and how the
 * block goes into the generated scripts. The scripts themselves run in
 * bash.test.ts and zsh.test.ts.
 */
import type {Command} from '@oclif/core'
import {expect} from 'chai'

import {completionSetup} from '../../src/lib/cli/oclif/completion-install.ts'
import {bashRegistration, blockMarkers, withBlock} from '../../src/lib/completion/scripts.ts'

type FakeConfig = Parameters<typeof completionSetup>[0]

/** Host commands: the host's own `api` and `api:request`; every other id is ours. */
const HOST_OWN = new Set(['api', 'api:request'])

function command(id: string, flags: Record<string, Partial<Command.Flag.Cached>> = {}, hidden = false): Command.Loadable {
  const cached = Object.fromEntries(Object.entries(flags).map(([name, flag]) => [name, {name, type: 'boolean', ...flag}]))
  const pluginName = HOST_OWN.has(id) ? 'host' : 'x'
  return {aliases: [], args: {}, flags: cached, hidden, id, load: () => Promise.reject(new Error('not loaded')), pluginName, summary: `${id} summary`} as unknown as Command.Loadable
}

const GLOBALS = {
  'api-url': {type: 'option'},
  'app-version': {type: 'option'},
  output: {options: ['text', 'json', 'yaml'], type: 'option'},
  profile: {type: 'option'},
  quiet: {},
  retries: {type: 'option'},
  timeout: {type: 'option'},
  verbose: {},
} as const

function fakeConfig(separator: ' ' | ':', ids: string[], extra: Partial<FakeConfig> = {}): FakeConfig {
  const commands = ids.map((id) => command(id, id.endsWith('api') ? {...GLOBALS, header: {char: 'H', type: 'option'}} : GLOBALS, id.endsWith(':words')))
  const findCommand = (id: string) => commands.find((candidate) => candidate.id === id)
  return {bin: 'tool', binAliases: ['t'], cacheDir: '/cache/tool', commands, dirname: 'tool', findCommand, topicSeparator: separator, topics: [], ...extra} as FakeConfig
}

describe('completion setup from a CLI configuration', () => {
  // `mail:list` is the alias of ours (the host has none); the host's own `api` hides ours.
  const hostIds = ['api', 'api:request', 'mail:list', 'proton:api', 'proton:api:endpoints', 'proton:api:spec:words', 'proton:mail:list', 'proton:mail:labels:create']

  for (const separator of [' ', ':'] as const) {
    it(`in a host whose separator is '${separator}': our commands are those under proton:, the host's own api is not`, () => {
      const setup = completionSetup(fakeConfig(separator, hostIds))
      expect(setup.topic).to.equal('proton')
      // The top-level forms our block completes: those that resolve to ours in this configuration.
      expect(setup.topLevel).to.deep.equal(['mail:list'])
      expect(setup.nodes.map((node) => node.id)).to.deep.equal(['', 'api', 'api:endpoints', 'mail', 'mail:labels', 'mail:labels:create', 'mail:list'])
      expect(setup.wordsCommand).to.deep.equal(separator === ' ' ? ['tool', 'proton', 'api', 'spec', 'words'] : ['tool', 'proton:api:spec:words'])
      expect(setup.configDirVariables).to.deep.equal(['TOOL_CONFIG_DIR', 'T_CONFIG_DIR'])
      const api = setup.nodes.find((node) => node.id === 'api')!
      expect(api.flags.filter((flag) => flag.valued).map((flag) => flag.name)).to.include.members(['--header', '-H', '--profile', '--output'])
      // Leading global flags are the standalone's: inside a host they go after the command.
      expect(setup.nodes[0].flags.map((flag) => flag.name)).to.deep.equal(['--help'])
    })
  }

  it('standalone: the api command is `api`, the root takes the global flags, help and version', () => {
    const setup = completionSetup(fakeConfig(' ', ['api', 'api:endpoints', 'mail:list', 'help'], {bin: 'proton', binAliases: [], dirname: 'proton-cli'}))
    expect(setup.topic).to.equal('')
    expect(setup.nodes.map((node) => node.id)).to.deep.equal(['', 'api', 'api:endpoints', 'help', 'mail', 'mail:list'])
    expect(setup.configDirVariables).to.deep.equal(['PROTON_CONFIG_DIR'])
    expect(setup.nodes[0].flags.map((flag) => flag.name)).to.deep.equal([
      '--api-url',
      '--app-version',
      '--output',
      '--profile',
      '--quiet',
      '--retries',
      '--timeout',
      '--verbose',
      '--help',
      '--version',
    ])
  })

  it('refuses a configuration without our api command', () => {
    expect(() => completionSetup(fakeConfig(' ', ['api:request']))).to.throw(/neither "proton:api" nor "api"/)
  })
})

describe('putting the block into the generated scripts', () => {
  it('reads the options the plugin registered its bash function with', () => {
    expect(bashRegistration('x\ncomplete -o default -F _tool_autocomplete tool\n', 'tool')).to.equal('-o default ')
    expect(bashRegistration('complete -F _proton_autocomplete proton\n', 'proton')).to.equal('')
  })

  it('replaces an earlier block, before the given line or at the end', () => {
    const {begin, end} = blockMarkers('tool')
    const block = (text: string) => `${begin}\n${text}\n${end}\n`
    const once = withBlock('#compdef tool\n_tool() { :; }\n_tool\n', block('one'), 'tool', '_tool')
    expect(once).to.equal(`#compdef tool\n_tool() { :; }\n${begin}\none\n${end}\n_tool\n`)
    expect(withBlock(once, block('two'), 'tool', '_tool')).to.equal(`#compdef tool\n_tool() { :; }\n${begin}\ntwo\n${end}\n_tool\n`)
    expect(withBlock(withBlock('script\n', block('one'), 'tool'), block('two'), 'tool')).to.equal(`script\n${block('two')}`)
  })
})
