/** --jq's engine and output rules: jq 1.8 (WebAssembly), gh's printing, the engine's limits. */
import {expect} from 'chai'

import {CliFailure} from '../../../src/lib/core/errors.ts'
import {formatResults, JQ_INPUT_LIMIT, jqArg, JqFilter} from '../../../src/lib/run/jq.ts'

function failure(run: () => unknown): CliFailure {
  try {
    run()
  } catch (error) {
    if (error instanceof CliFailure) return error
    throw error
  }

  throw new Error('it did not fail')
}

describe('jq', () => {
  it('runs the whole language, keeping numbers as written where the filter does not compute', async () => {
    const jq = await JqFilter.load('.a, .b, (.b + 0), [.c[] | select(. > 1)], (.d | ascii_downcase), ($x | length)', [['x', 'four']])
    const {results} = jq.run('{"a":123456789012345678901234,"b":1.50,"c":[1,2,3],"d":"ÀB"}')
    expect(results).to.deep.equal(['123456789012345678901234', '1.50', '1.5', '[2,3]', '"Àb"', '4'])
  })

  it('reads several documents in a row, as jq reads its input', async () => {
    const jq = await JqFilter.load('.n', [])
    expect(jq.run('{"n":1}\n{"n":2}').results).to.deep.equal(['1', '2'])
  })

  it('a broken filter: one line naming the problem where it is, exit 1; checked without running', async () => {
    const broken = await JqFilter.load('.a |\n  .b.', [])
    const checked = failure(() => broken.check())
    expect(checked.exitStatus).to.equal(1)
    expect(checked.message).to.match(/^--jq: syntax error, unexpected end of file.* \(line 2, column \d+\)$/)
    expect(failure(() => broken.run('{}')).message).to.match(/^--jq: syntax error, unexpected end of file/)
    const looping = await JqFilter.load('[range(1e12)] | length', [])
    // Compiled, not run: a filter that would run for ever passes the check at once.
    looping.check()
  })

  it('a runtime error: exit 1 with jq’s words', async () => {
    const jq = await JqFilter.load('.a.b', [])
    const error = failure(() => jq.run('{"a":5}'))
    expect(error.exitStatus).to.equal(1)
    expect(error.message).to.equal('--jq: Cannot index number with string ("b")')
  })

  it('an input over the engine’s limit: exit 5 naming --max-size, before the engine sees it', async () => {
    const jq = await JqFilter.load('.', [])
    const error = failure(() => jq.run('', JQ_INPUT_LIMIT + 1))
    expect(error.exitStatus).to.equal(5)
    expect(error.message).to.match(/too large for the jq engine \(at most 32 MiB\): set --max-size 32MiB/)
  })

  it('--jq-arg takes NAME=VALUE, the value as it is (an = in it too)', () => {
    expect(jqArg('name=a=b')).to.deep.equal(['name', 'a=b'])
    expect(jqArg('_x=')).to.deep.equal(['_x', ''])
    for (const bad of ['noequals', '=v', '1a=v', 'a-b=v']) expect(failure(() => jqArg(bad)).exitStatus, bad).to.equal(1)
  })

  it('prints as gh does: strings raw, the rest JSON, one a line; on a terminal escaped, and coloured when asked', () => {
    const results = ['"line one\\nline two"', '{"a":[1,true,null]}', '"\\u001b[2Jboom"']
    expect(formatResults(results, false, false)).to.equal('line one\nline two\n{"a":[1,true,null]}\n\u001B[2Jboom\n')
    expect(formatResults(results, true, false)).to.equal('line one\nline two\n{"a":[1,true,null]}\n\\x1b[2Jboom\n')
    expect(formatResults(['{"a":[1,true]}'], true, true)).to.equal('{\u001B[34;1m"a"\u001B[0m:[\u001B[36m1\u001B[0m,\u001B[35mtrue\u001B[0m]}\n')
  })
})
