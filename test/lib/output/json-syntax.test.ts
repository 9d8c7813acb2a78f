import {expect} from 'chai'

import {describeJsonError, findJsonError} from '../../../src/lib/output/json-syntax.ts'

describe('findJsonError', () => {
  it('accepts what JSON.parse accepts', () => {
    const valid = ['0', '-0.5e+10', '"\\u00e9\\n"', ' [ ] ', '{"a":[1,{"b":null}],"c":true,"d":false}', '123456789012345678901234']
    for (const text of valid) {
      JSON.parse(text)
      expect(findJsonError(text), text).to.equal(undefined)
    }
  })

  it('finds the offset where each invalid text goes wrong', () => {
    const invalid: Array<[string, number]> = [
      ['{"a":}', 5],
      ['[1,]', 3],
      ['{a:1}', 1],
      ['"abc', 4],
      ['"a\u0001"', 2],
      ['"\\x"', 2],
      ['"\\u12G4"', 5],
      ['01', 1],
      ['1.', 2],
      ['-', 1],
      ['tru', 3],
      ['nul', 3],
      ['[1 2]', 3],
      ['{"a" 1}', 5],
      ['{} x', 3],
      ["{'a':1}", 1],
    ]
    for (const [text, offset] of invalid) {
      expect(() => JSON.parse(text), text).to.throw()
      expect(findJsonError(text)?.offset, text).to.equal(offset)
    }
  })

  it('describes the position by line and column', () => {
    expect(describeJsonError('{\n  "a": 1,\n  }')).to.equal('expected a property name at line 3, column 3 (position 14)')
  })
})
