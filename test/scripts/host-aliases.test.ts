import {expect} from 'chai'

// @ts-expect-error: a build script in plain JavaScript, without types.
import {checkAliases, checkTopLevelTopics, withTopLevelAlias} from '../../scripts/host-aliases.js'

type Command = {id: string; aliases: string[]; hiddenAliases: string[]; aliasPermutations?: string[]}

describe('scripts/host-aliases.js (the build of the hosted manifest)', () => {
  it('gives a hosted command its top-level id as its one alias, with no other permutation', () => {
    const command: Command = {aliases: [], hiddenAliases: [], id: 'proton:mail:list'}
    withTopLevelAlias(command)
    expect(command).to.deep.include({aliasPermutations: ['mail:list'], aliases: ['mail:list']})
  })

  it('refuses a command that declares aliases of its own, or sits outside the topic', () => {
    expect(() => withTopLevelAlias({aliases: ['ls'], hiddenAliases: [], id: 'proton:mail:list'})).to.throw(/proton:mail:list: aliases are the build's/)
    expect(() => withTopLevelAlias({aliases: [], hiddenAliases: [], id: 'mail:list'})).to.throw(/every command must sit under proton\//)
  })

  it('refuses a command without its alias, or aliases that are not the standalone ids', () => {
    const standalone = [{id: 'api'}, {id: 'mail:list'}]
    expect(() =>
      checkAliases(
        [
          {aliases: ['api'], id: 'proton:api'},
          {aliases: ['mail:list'], id: 'proton:mail:list'},
        ],
        standalone,
      ),
    ).not.to.throw()
    expect(() =>
      checkAliases(
        [
          {aliases: ['api'], id: 'proton:api'},
          {aliases: [], id: 'proton:mail:list'},
        ],
        standalone,
      ),
    ).to.throw(/top-level id as its alias.*proton:mail:list/)
  })

  it('refuses top-level topics that are missing, described, or ones kept under proton (auth, api)', () => {
    const ours = {proton: {description: 'P'}, 'proton:api': {description: 'A'}, 'proton:auth': {description: 'S'}, 'proton:mail': {description: 'M', subtopics: {labels: {description: 'L'}}}}
    expect(() => checkTopLevelTopics({...ours, mail: {description: '', subtopics: {labels: {description: ''}}}})).not.to.throw()
    expect(() => checkTopLevelTopics({...ours, mail: {description: ''}})).to.throw(/exactly \["mail","mail:labels"\]/)
    expect(() => checkTopLevelTopics({...ours, mail: {description: 'Mine', subtopics: {labels: {description: ''}}}})).to.throw(/described: mail/)
    expect(() => checkTopLevelTopics({...ours, auth: {description: ''}, mail: {description: '', subtopics: {labels: {description: ''}}}})).to.throw(/found \["auth","mail","mail:labels"\]/)
  })
})
