/**
 * What a line names before anything is loaded: leading global flags moved
 * behind the command, and the command id resolved as oclif resolves it.
 */
import {Config} from '@oclif/core'
import {normalizeArgv} from '@oclif/core/help'
import {expect} from 'chai'
import {readFileSync} from 'node:fs'
import {fileURLToPath} from 'node:url'

import {LEADING_GLOBAL_FLAGS} from '../../../src/lib/cli/leading-flags.ts'
import {moveLeadingFlags, resolveCommand} from '../../../src/lib/cli/resolve-line.ts'

const STANDALONE = fileURLToPath(new URL('../../../dist/standalone', import.meta.url))
const TABLE = JSON.parse(readFileSync(new URL('../../../dist/fast/commands.json', import.meta.url), 'utf8')) as {ids: string[]; commands: Record<string, unknown>}

describe('moveLeadingFlags', () => {
  it('moves global flags written before the command behind it', () => {
    expect(moveLeadingFlags(['--profile', 'sandbox', 'api', 'GET', '/x'], LEADING_GLOBAL_FLAGS)).to.deep.equal(['api', 'GET', '/x', '--profile', 'sandbox'])
    expect(moveLeadingFlags(['--verbose', '--output=json', 'mail', 'labels', 'list'], LEADING_GLOBAL_FLAGS)).to.deep.equal(['mail', 'labels', 'list', '--verbose', '--output=json'])
    expect(moveLeadingFlags(['--quiet', 'api', 'POST', '/x', '--', '-v'], LEADING_GLOBAL_FLAGS)).to.deep.equal(['api', 'POST', '/x', '--quiet', '--', '-v'])
  })

  it('leaves everything else as it is', () => {
    for (const argv of [['api', 'GET', '/x', '--profile', 'a'], ['--help'], ['--version'], ['--profile'], ['--profile', 'x'], ['--bogus', 'api'], []]) {
      expect(moveLeadingFlags(argv, LEADING_GLOBAL_FLAGS)).to.deep.equal(argv)
    }
  })
})

describe('resolveCommand', () => {
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
})
