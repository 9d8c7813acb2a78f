/**
 * The fast path's dispatcher (src/launch/dispatch.ts), in-process: which lines it takes.
 */
import {expect} from 'chai'
import {readFileSync} from 'node:fs'

import {type FastTable, plan} from '../../src/launch/dispatch.ts'

const TABLE = JSON.parse(readFileSync(new URL('../../dist/fast/commands.json', import.meta.url), 'utf8')) as FastTable
const ENV = {HOME: '/nonexistent-home', XDG_DATA_HOME: '/nonexistent-data'}

describe('the fast path’s dispatcher', () => {
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
