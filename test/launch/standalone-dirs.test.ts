import {Config} from '@oclif/core'
import {expect} from 'chai'
import {fileURLToPath} from 'node:url'

import {standaloneDirectories} from '../../src/launch/standalone-dirs.ts'
import {setEnvironment, snapshotEnvironment} from '../helpers/environment.ts'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const NAMES = {bin: 'proton', dirname: 'proton-cli'}

describe('standaloneDirectories: where the fast path finds sessions, the API description and user plugins', () => {
  let restore: () => void
  beforeEach(() => {
    restore = snapshotEnvironment()
  })
  afterEach(() => restore())

  const cases: Array<Record<string, string | undefined>> = [
    {HOME: '/home/someone', XDG_CACHE_HOME: undefined, XDG_CONFIG_HOME: undefined},
    {HOME: '/home/someone', XDG_CACHE_HOME: '/tmp/cache', XDG_CONFIG_HOME: '/tmp/config'},
    {HOME: '/home/someone', XDG_CACHE_HOME: '', XDG_CONFIG_HOME: ''},
    {HOME: '/home/someone', PROTON_CACHE_DIR: '/srv/cache', PROTON_CONFIG_DIR: '/srv/config', XDG_CONFIG_HOME: '/tmp/config'},
    {HOME: '/home/someone', PROTON_CONFIG_DIR: '', XDG_CONFIG_HOME: '/tmp/config'},
    {HOME: '/home/someone', XDG_DATA_HOME: '/tmp/data'},
    {HOME: '/home/someone', PROTON_DATA_DIR: '/srv/data', XDG_DATA_HOME: '/tmp/data'},
  ]
  for (const env of cases) {
    it(`are oclif's Config directories with ${JSON.stringify(env)}`, async () => {
      setEnvironment(env)
      const config = await Config.load(ROOT)
      expect(standaloneDirectories(NAMES, process.env)).to.deep.equal({cacheDir: config.cacheDir, configDir: config.configDir, dataDir: config.dataDir})
    })
  }

  it('puts the cache under ~/Library/Caches on macOS, as oclif does', () => {
    expect(standaloneDirectories(NAMES, {HOME: '/Users/someone'}, 'darwin').cacheDir).to.equal('/Users/someone/Library/Caches/proton-cli')
  })
})
