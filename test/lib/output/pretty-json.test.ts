/** The terminal's JSON: indented and coloured as before, now without recursion. */
import {expect} from 'chai'

import type {JsonValue} from '../../../src/lib/core/json-value.ts'
import {prettyJson} from '../../../src/lib/output/pretty-json.ts'

describe('prettyJson', () => {
  it('indents by two, keeps empty containers on one line and integers exact', () => {
    const value: JsonValue = {a: [], b: {}, c: [1n, null, true, 'x'], d: {e: {f: -1.5}}}
    expect(prettyJson(value, false)).to.equal(JSON.stringify({...value, c: [1, null, true, 'x']}, null, 2))
    expect(prettyJson(12_345_678_901_234_567_890n, false)).to.equal('12345678901234567890')
    expect(prettyJson('a"\n', false)).to.equal(String.raw`"a\"\n"`)
  })

  it('colours keys, strings, numbers and literals when asked', () => {
    expect(prettyJson({k: ['s', 1, null]}, true)).to.equal('{\n  \u001B[34;1m"k"\u001B[0m: [\n    \u001B[32m"s"\u001B[0m,\n    \u001B[36m1\u001B[0m,\n    \u001B[35mnull\u001B[0m\n  ]\n}')
  })

  it('has no recursion to run out of: 3,000 levels of objects and arrays (the recursive printer failed at 2,000)', () => {
    let value: JsonValue = 1
    for (let level = 0; level < 3000; level++) value = level % 2 === 0 ? [value] : {a: value}
    const text = prettyJson(value, false)
    expect(text.startsWith('{\n  "a": [\n    {\n')).to.equal(true)
    expect(text).to.include(`\n${' '.repeat(6000)}1\n`)
    expect(text.endsWith('\n  ]\n}')).to.equal(true)
  })
})
