import {expect} from 'chai'

import {nearestCommands} from '../../../src/lib/runtime/nearest-commands.ts'

const IDS = ['api', 'api:endpoints', 'auth:list', 'auth:login', 'auth:logout', 'auth:status', 'mail:list', 'mail:labels:list', 'calendar:list', 'sandbox']

describe('nearestCommands', () => {
  it('matches the typed words against ids with as many words', () => {
    expect(nearestCommands(['mial', 'list'], IDS)).to.deep.equal(['mail:list'])
    expect(nearestCommands(['auth', 'logn'], IDS)).to.deep.equal(['auth:login'])
    // logout at 1, login at 2: as near, within one edit.
    expect(nearestCommands(['auth', 'logot'], IDS)).to.deep.equal(['auth:logout', 'auth:login'])
    expect(nearestCommands(['sandbx'], IDS)).to.deep.equal(['sandbox'])
  })

  it('suggests nothing for words far from every command', () => {
    expect(nearestCommands(['zzz'], IDS)).to.deep.equal([])
    expect(nearestCommands(['deploy', 'everything'], IDS)).to.deep.equal([])
  })
})
