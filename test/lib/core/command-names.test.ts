import {expect} from 'chai'

import {commandLine, namesInConfig, standaloneNames} from '../../../src/lib/core/command-names.ts'

describe('commandLine', () => {
  it('spells our command ids as the CLI running them does', () => {
    expect(commandLine(standaloneNames('proton'), 'auth:login')).to.equal('proton auth login')
    expect(commandLine({bin: 'sf', separator: ' ', underTopic: () => true}, 'api:spec:update')).to.equal('sf proton api spec update')
    expect(commandLine({bin: 'heroku', separator: ':', underTopic: () => true}, 'auth:login')).to.equal('heroku proton:auth:login')
  })
})

describe('namesInConfig', () => {
  const commands: Record<string, {pluginName: string}> = {
    api: {pluginName: 'ours'},
    'auth:login': {pluginName: 'heroku'},
    'proton:api': {pluginName: 'ours'},
  }
  const findCommand = (id: string) => commands[id]

  it('inside a host: the top-level form where it resolves to our plugin, else the one under proton', () => {
    const names = namesInConfig({bin: 'heroku', findCommand, topicSeparator: ':'})
    expect(commandLine(names, 'api')).to.equal('heroku api')
    expect(commandLine(names, 'auth:login')).to.equal('heroku proton:auth:login')
    // An id no command has (not installed as such) is written under the topic, which always reaches ours.
    expect(commandLine(names, 'mail:list')).to.equal('heroku proton:mail:list')
  })

  it('standalone (no proton:api): always the top-level form', () => {
    const names = namesInConfig({bin: 'proton', findCommand: (id) => (id === 'proton:api' ? undefined : {pluginName: 'ours'}), topicSeparator: ' '})
    expect(commandLine(names, 'auth:login')).to.equal('proton auth login')
  })
})
