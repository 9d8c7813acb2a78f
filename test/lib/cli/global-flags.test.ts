/** The global flags' table, and the file formats a command adds to --output for itself (calendar events: ics). */
import {expect} from 'chai'

import {fileFormatsOf, GLOBAL_FLAGS, globalFlagsWith, readGlobalFlags} from '../../../src/lib/cli/global-flags.ts'
import {LineReader} from '../../../src/lib/core/parsed-line.ts'

const flags = {'max-size': '1GiB', output: 'ics', profile: 'default', retries: 2, timeout: 120}
const line = (output: string, extra: Record<string, unknown> = {}) => new LineReader({args: {}, argv: [], flags: {...flags, output, ...extra}, flagsInOrder: []})

describe('global flags: --output and the file formats of a command', () => {
  it('globalFlagsWith: --output takes the formats after its own, every other flag as it is; none: the table itself', () => {
    expect(globalFlagsWith()).to.equal(GLOBAL_FLAGS)
    const extended = globalFlagsWith(['ics'])
    expect(extended.find(({name}) => name === 'output')?.options).to.deep.equal(['text', 'json', 'yaml', 'ics'])
    expect(extended.filter(({name}) => name !== 'output')).to.deep.equal(GLOBAL_FLAGS.filter(({name}) => name !== 'output'))
  })

  it('fileFormatsOf: the file formats among a definition’s options, none for the common ones', () => {
    expect(fileFormatsOf(['text', 'json', 'yaml', 'vcf'])).to.deep.equal(['vcf'])
    expect(fileFormatsOf(['text', 'json', 'yaml'])).to.deep.equal([])
    expect(fileFormatsOf(undefined)).to.deep.equal([])
  })

  it('readGlobalFlags: a file format only when the command declares it; --jq still means json', () => {
    expect(readGlobalFlags(line('ics'), ['ics']).output).to.equal('ics')
    expect(() => readGlobalFlags(line('ics'))).to.throw(TypeError, /--output should be one of text, json, yaml/)
    expect(() => readGlobalFlags(line('vcf'), ['ics'])).to.throw(TypeError)
    expect(readGlobalFlags(line('ics', {jq: '.'}), ['ics']).output).to.equal('json')
  })
})
