/** The one JSON grammar: validity as JSON.parse, the first fault's place, and the same verdict however the bytes are cut. */
import {expect} from 'chai'

import {describeJsonError, findJsonError, JsonScanner, type ScanResult, scanJson, type TopLevelMember} from '../../../src/lib/output/json-scan.ts'

const VALID = [
  '{}',
  '[]',
  '0',
  '-0.5e+10',
  '"x"',
  'true',
  'null',
  ' {"a":[1,{"b":"\\u00e9\\n"}],"c":{}} \n',
  '{"Code":1000,"Code":2501}',
  '[[[[]]]]',
  '"\\u00e9\\n"',
  '123456789012345678901234',
  '"é☃😀"',
  '-0',
  '1E-7',
  '[0,-0.0,1e+2]',
]
const INVALID = [
  '',
  ' ',
  '{',
  '{"a":}',
  '{"a" 1}',
  '[1,]',
  '{"a":1,}',
  '01',
  '-01',
  '1.',
  '-',
  '"\\x"',
  '"\\u12g4"',
  '"a\nb"',
  'tru',
  '{} {}',
  '\uFEFF{}',
  "{'a':1}",
  '[1 2]',
  'NaN',
  '1e',
  '1e+',
  '.5',
  '[',
  '"',
  '"\\',
  '"\\u00',
]

function parses(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

/** The scan of `bytes` fed in pieces cut at `cuts`. */
function scanInPieces(bytes: Buffer, cuts: number[], options: ConstructorParameters<typeof JsonScanner>[0] = {}): ScanResult {
  const scanner = new JsonScanner(options)
  let at = 0
  for (const cut of [...cuts, bytes.length]) {
    scanner.feed(bytes.subarray(at, cut))
    at = cut
  }

  return scanner.end()
}

describe('JsonScanner', () => {
  it('agrees with JSON.parse, whole and fed a byte at a time', () => {
    for (const text of [...VALID, ...INVALID]) {
      const bytes = Buffer.from(text)
      expect(scanJson(bytes).json, JSON.stringify(text)).to.equal(parses(text))
      const bytewise = scanInPieces(
        bytes,
        Array.from({length: bytes.length}, (_, index) => index),
      )
      expect(bytewise.json, JSON.stringify(text)).to.equal(parses(text))
    }

    expect(scanJson(Buffer.from(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)).json).to.equal(true)
  })

  it('gives the same verdict, fault and members wherever the text is cut', () => {
    const texts = ['{"Code": 2501, "Error":"caf\\u00e9 ☃", "List":[1,[2],{"Code":3}],\n "n":-12.5e-3, "t":true}', '{"a":1,\n "b":[1,2,,]}', '"\\u00e9\\ud83d\\ude00"', '[1.5e+7,"x"] x']
    for (const text of texts) {
      const bytes = Buffer.from(text)
      const whole = scanJson(bytes, new Set(['Code', 'Error', 'n', 't']))
      for (let cut = 0; cut <= bytes.length; cut++) {
        for (const second of [cut, Math.min(bytes.length, cut + 3)]) {
          const pieces = scanInPieces(bytes, [cut, second], {capture: new Set(['Code', 'Error', 'n', 't'])})
          expect(pieces, `${text} cut at ${cut}, ${second}`).to.deep.equal(whole)
        }
      }
    }
  })

  it('reads only the top-level members asked for (the last of duplicates, as JSON.parse)', () => {
    const scan = scanJson(Buffer.from('{"Inner":{"Code":1},"Code":1000,"Error":"x","Code":2501,"List":[{"Code":3}]}'), new Set(['Code', 'Error', 'List']))
    expect(scan.json && Object.fromEntries(scan.members)).to.deep.equal({Code: 2501, Error: 'x', List: []})
    expect(scan.json && scan.object).to.equal(true)
    expect(scanJson(Buffer.from('[{"Code":1}]'), new Set(['Code']))).to.deep.include({json: true, object: false})
  })

  it('keeps at most 64 KiB of a captured value: a longer string is cut and marked', () => {
    const long = 'é'.repeat(40_000)
    const scan = scanJson(Buffer.from(JSON.stringify({Code: 1000, Error: long})), new Set(['Code', 'Error']))
    expect(scan.json).to.equal(true)
    const error = scan.json ? (scan.members.get('Error') as string) : ''
    expect(error.endsWith('…')).to.equal(true)
    expect(long.startsWith(error.slice(0, -1))).to.equal(true)
    expect(error.length).to.be.within(30_000, 33_000)
  })

  it('tells where each top-level member lies, and how many items a list holds', () => {
    const text = ' {"Code":1000, "Total" : 3,"Items":[ {"ID":1} ,[2], "3"],"Empty":[],"More":{"Items":[1]}} '
    const members: TopLevelMember[] = []
    const bytes = Buffer.from(text)
    expect(scanInPieces(bytes, [20, 40], {onMember: (member) => members.push(member)}).json).to.equal(true)
    expect(members.map(({items, key, kind}) => [key, kind, items])).to.deep.equal([
      ['Code', 'number', 0],
      ['Total', 'number', 0],
      ['Items', 'array', 3],
      ['Empty', 'array', 0],
      ['More', 'object', 0],
    ])
    for (const {end, key, start} of members) expect(JSON.parse(bytes.subarray(start, end).toString()), key).to.deep.equal(JSON.parse(text)[key as string])
  })
})

describe('JsonScanner depth', () => {
  it('reports how deeply containers nest, however deep, fed whole or in pieces', () => {
    const depth = (text: string) => {
      const scan = scanJson(Buffer.from(text))
      return scan.json ? scan.depth : undefined
    }

    expect(['1', '"[{"', '[]', '{"a":[1,{"b":[]}],"c":{}}', '[[1],[[2]]]'].map((text) => depth(text))).to.deep.equal([0, 0, 1, 4, 3])
    const deep = Buffer.from(`{"Code":1000,"A":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}`)
    const whole = scanJson(deep)
    expect(whole.json && whole.depth).to.equal(100_001)
    const pieces = scanInPieces(deep, [7, 30_000, 500_001])
    expect(pieces.json && pieces.depth).to.equal(100_001)
  })
})

describe('findJsonError', () => {
  it('accepts what JSON.parse accepts', () => {
    for (const text of VALID) {
      JSON.parse(text)
      expect(findJsonError(text), text).to.equal(undefined)
    }
  })

  it('finds the offset where each invalid text goes wrong, and why', () => {
    const invalid: Array<[string, number, string]> = [
      ['{"a":}', 5, 'unexpected "}"'],
      ['[1,]', 3, 'unexpected "]"'],
      ['{a:1}', 1, 'expected a property name'],
      ['"abc', 4, 'unexpected end of input'],
      ['"a\u0001"', 2, 'control character in string'],
      ['"\\x"', 2, 'bad escape'],
      ['"\\u12G4"', 5, 'bad \\u escape'],
      ['01', 1, 'unexpected text after the JSON value'],
      ['1.', 2, 'unexpected end of input'],
      ['-', 1, 'unexpected end of input'],
      ['tru', 3, 'unexpected end of input'],
      ['nul', 3, 'unexpected end of input'],
      ['[1 2]', 3, "expected ',' or ']'"],
      ['{"a" 1}', 5, "expected ':'"],
      ['{"a":1 "b"}', 7, "expected ',' or '}'"],
      ['{} x', 3, 'unexpected text after the JSON value'],
      ["{'a':1}", 1, 'expected a property name'],
      ['["é", x]', 6, 'unexpected "x"'],
      ['["😀" é]', 6, "expected ',' or ']'"],
      ['[é]', 1, 'unexpected "é"'],
    ]
    for (const [text, offset, reason] of invalid) {
      expect(() => JSON.parse(text), text).to.throw()
      expect(findJsonError(text), text).to.deep.equal({offset, reason})
    }
  })

  it('describes the position by line and column, counting characters as a string does', () => {
    expect(describeJsonError('{\n  "a": 1,\n  }')).to.equal('expected a property name at line 3, column 3 (position 14)')
    expect(describeJsonError('{"é":\n "😀", x}')).to.equal('expected a property name at line 2, column 8 (position 13)')
  })

  it('reports the fault fed chunk by chunk at the same place, with its byte offset', () => {
    const bytes = Buffer.from('{"é":\n "😀", x}')
    const scan = scanInPieces(bytes, [2, 3, 9, 10])
    expect(scan.json === false && scan.error).to.deep.equal({column: 8, line: 2, offset: 16, position: 13, reason: 'expected a property name'})
  })
})
