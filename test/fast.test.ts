/**
 * The fast path's dispatcher (src/fast.ts), in-process: a line's command id
 * resolved as oclif resolves it, and which lines it takes.
 */
import {Config} from '@oclif/core'
import {normalizeArgv} from '@oclif/core/help'
import {expect} from 'chai'
import {readFileSync} from 'node:fs'
import {fileURLToPath} from 'node:url'

import {type FastTable, plan, resolveCommand} from '../src/fast.ts'

const STANDALONE = fileURLToPath(new URL('../dist/standalone/', import.meta.url))
const TABLE = JSON.parse(readFileSync(new URL('../dist/fast/commands.json', import.meta.url), 'utf8')) as FastTable
const ENV = {HOME: '/nonexistent-home', XDG_DATA_HOME: '/nonexistent-data'}

describe('the fast path’s dispatcher', () => {
  it('resolves every line to the command oclif runs', async () => {
    const config = await Config.load(STANDALONE)
    const lines = [
      ['api', 'GET', '/core/v4/users'],
      ['api', 'endpoints', '/mail/'],
      ['api', 'spec', 'show'],
      ['api', 'spec'],
      ['api', 'GET', 'endpoints'],
      ['mail', 'labels', 'delete', 'a', 'b'],
      ['mail', 'labels', 'list', '--type', 'folder'],
      ['mail', 'list', 'labels'],
      ['mail', '--output', 'json', 'list'],
      ['mail', 'lables', 'list'],
      ['account', 'show', 'x=1'],
      ['auth'],
      ['drive', 'volumes'],
    ]
    for (const argv of lines) {
      const {id, rest} = resolveCommand(argv, TABLE.ids)
      const [oclifId, ...oclifRest] = normalizeArgv(config, [...argv])
      // Where the line names one of our commands, both take the same id and leave the same words.
      if (config.findCommand(oclifId)) expect([id, rest], argv.join(' ')).to.deep.equal([oclifId, oclifRest])
      else expect(TABLE.commands[id] === undefined || rest.length > 0, argv.join(' ')).to.equal(true)
    }
  })

  it('runs every command but the interactive ones, and only lines fast-parse takes whole', () => {
    expect(Object.keys(TABLE.commands).sort()).to.deep.equal(TABLE.ids.filter((id) => id !== 'auth:login' && id !== 'sandbox').sort())
    expect(plan(['mail', 'list', '--page', '2'], TABLE, ENV)?.id).to.equal('mail:list')
    expect(plan(['mail', 'labels', 'delete', 'a', 'b'], TABLE, ENV)?.line.argv).to.deep.equal(['a', 'b'])
    for (const argv of [['auth', 'login', 'alice'], ['sandbox'], ['mail', 'labels'], ['mail', 'list', '--help'], ['mail', 'list', 'extra'], ['help'], [], ['--version']]) {
      expect(plan(argv, TABLE, ENV), argv.join(' ')).to.equal(undefined)
    }
  })

  it('steps aside with PROTON_FAST_PATH=0 and with DEBUG', () => {
    expect(plan(['drive', 'volumes'], TABLE, {...ENV, PROTON_FAST_PATH: '0'})).to.equal(undefined)
    expect(plan(['drive', 'volumes'], TABLE, {...ENV, DEBUG: '*'})).to.equal(undefined)
  })
})
