import {expect} from 'chai'

import {type HostConfig, settleInHost, topLevelTopics} from '../../../src/lib/cli/host-forms.ts'

const OURS = '@proton-cli/plugin-api'

/** A loaded configuration in oclif's shape: our commands with their aliases, the host's, and the topics as loaded. */
function config(hostCommands: string[], hostTopics: Record<string, string>) {
  const ours = ['proton:api', 'proton:auth:login', 'proton:drive:volumes', 'proton:mail:list', 'proton:api:spec:words'].map((id) => ({
    aliases: [id.slice('proton:'.length)],
    hidden: id.endsWith(':words'),
    id,
    pluginName: OURS,
  }))
  const host = hostCommands.map((id) => ({aliases: [], id, pluginName: 'tool'}))
  const commands = new Map<string, {aliases: string[]; id: string; pluginName: string}>()
  for (const command of ours) {
    commands.set(command.id, command)
    commands.set(command.aliases[0], {...command, id: command.aliases[0]})
  }

  // oclif gives the host's command the id.
  for (const command of host) commands.set(command.id, command)
  const pjsonTopics = {
    drive: {description: ''},
    mail: {description: '', subtopics: {labels: {description: ''}}},
    proton: {description: 'Proton'},
    'proton:drive': {description: 'Our drive'},
    'proton:mail': {description: 'Our mail', subtopics: {labels: {description: 'Our labels'}}},
  }
  const declared = [
    {description: '', name: 'drive'},
    {description: '', name: 'mail'},
    {description: '', name: 'mail:labels'},
    {description: 'Proton', name: 'proton'},
    {description: 'Our drive', name: 'proton:drive'},
    {description: 'Our mail', name: 'proton:mail'},
    {description: 'Our labels', name: 'proton:mail:labels'},
  ]
  const topics = new Map(declared.map((topic) => [topic.name, {...topic, description: hostTopics[topic.name] ?? topic.description}]))
  const loaded: HostConfig = {
    bin: 'tool',
    commands: [...commands.values()],
    findCommand: (id) => commands.get(id),
    findTopic: (name) => topics.get(name),
    plugins: new Map([[OURS, {commands: ours, pjson: {oclif: {topics: pjsonTopics}}, topics: declared}]]),
    topicSeparator: ' ',
  }
  return {loaded, ours, pjsonTopics, topics}
}

describe('host-forms', () => {
  it('topLevelTopics: one per proton: topic, auth and api excepted', () => {
    expect(topLevelTopics(['proton', 'proton:api', 'proton:api:spec', 'proton:auth', 'proton:mail', 'proton:mail:labels', 'proton:drive', 'mail'])).to.deep.equal(['drive', 'mail', 'mail:labels'])
  })

  it('settleInHost keeps only the aliases that reach ours, and describes only the topics that are ours alone', () => {
    const {loaded, ours, pjsonTopics, topics} = config(['auth:login', 'drive:status'], {drive: 'The host’s drive'})
    settleInHost(loaded)
    expect(ours.map((command) => command.aliases)).to.deep.equal([['api'], [], ['drive:volumes'], ['mail:list'], ['api:spec:words']])
    expect(topics.get('drive')!.description).to.equal('The host’s drive')
    expect(topics.get('mail')!.description).to.equal('Our mail')
    expect(topics.get('mail:labels')!.description).to.equal('Our labels')
    // Into our package.json as loaded too: a command oclif runs reloads the topics from there.
    expect(pjsonTopics.mail.description).to.equal('Our mail')
    expect(pjsonTopics.drive.description).to.equal('')
    // The proton topic's help lists every command (hidden ones excepted).
    expect(topics.get('proton')!.description.split('\n')).to.deep.equal([
      'Proton',
      'Every command (each also without "proton" where tool has no command of that name):',
      'tool proton api',
      'tool proton auth login',
      'tool proton drive volumes',
      'tool proton mail list',
    ])
  })

  it('settleInHost leaves an undescribed topic with the host’s commands undescribed, and does nothing standalone', () => {
    const {loaded, topics} = config(['drive:status'], {})
    settleInHost(loaded)
    expect(topics.get('drive')!.description).to.equal('')
    const standalone = config([], {})
    const commands = standalone.loaded.commands.filter((command) => !command.id.startsWith('proton:'))
    settleInHost({...standalone.loaded, commands, findCommand: (id) => commands.find((command) => command.id === id)})
    expect(standalone.topics.get('mail')!.description).to.equal('')
  })
})
