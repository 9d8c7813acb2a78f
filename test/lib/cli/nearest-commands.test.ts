import {expect} from 'chai'

import {nearestCommands, nearestFlag} from '../../../src/lib/cli/nearest-commands.ts'

const IDS = ['api', 'api:endpoints', 'auth:list', 'auth:login', 'auth:logout', 'auth:status', 'mail:list', 'mail:labels:list', 'calendar:list', 'sandbox']

describe('nearestCommands', () => {
  it('matches the typed words against ids with as many words', () => {
    expect(nearestCommands(['mial', 'list'], IDS)).to.deep.equal(['mail:list'])
    expect(nearestCommands(['auth', 'logn'], IDS)).to.deep.equal(['auth:login'])
    // logout at 1; login at 2 is another word, not a typo of it.
    expect(nearestCommands(['auth', 'logot'], IDS)).to.deep.equal(['auth:logout'])
    expect(nearestCommands(['mail', 'lsit'], IDS)).to.deep.equal(['mail:list'])
    expect(nearestCommands(['sandbx'], IDS)).to.deep.equal(['sandbox'])
  })

  it('suggests nothing for words far from every command', () => {
    expect(nearestCommands(['zzz'], IDS)).to.deep.equal([])
    expect(nearestCommands(['deploy', 'everything'], IDS)).to.deep.equal([])
    // Other words of as many letters are not typos: mail send is neither mail read nor mail star.
    expect(nearestCommands(['mail', 'send'], [...IDS, 'mail:read', 'mail:star'])).to.deep.equal([])
  })

  it('nearestFlag: the flag a typo meant, or none', () => {
    expect(nearestFlag('--lable', ['label', 'page', 'all'])).to.equal('label')
    expect(nearestFlag('--pgae=2', ['label', 'page', 'page-size'])).to.equal('page')
    expect(nearestFlag('--zzz', ['label', 'page'])).to.equal(undefined)
  })
})
