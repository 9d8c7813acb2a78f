import {expect} from 'chai'

import {commandLine, standaloneNames} from '../../../src/lib/runtime/command-names.ts'

describe('commandLine', () => {
  it('spells our command ids as the CLI running them does', () => {
    expect(commandLine(standaloneNames('proton'), 'auth:login')).to.equal('proton auth login')
    expect(commandLine({bin: 'sf', separator: ' ', underTopic: () => true}, 'api:spec:update')).to.equal('sf proton api spec update')
    expect(commandLine({bin: 'heroku', separator: ':', underTopic: () => true}, 'auth:login')).to.equal('heroku proton:auth:login')
  })
})
