/** The JSON sniff: is a body JSON, and its envelope’s Code, without building the tree. */
import {expect} from 'chai'

import {sniffJson} from '../../../src/lib/output/envelope.ts'
import {scanJson} from '../../../src/lib/output/json-scan.ts'

describe('JSON sniff without building the tree', () => {
  const valid = ['{}', '[]', '0', '-0.5e+10', '"x"', 'true', 'null', ' {"a":[1,{"b":"\\u00e9\\n"}],"c":{}} \n', '{"Code":1000,"Code":2501}', '[[[[]]]]']
  const invalid = ['', ' ', '{', '{"a":}', '{"a" 1}', '[1,]', '{"a":1,}', '01', '1.', '-', '"\\x"', '"\\u12g4"', '"a\nb"', 'tru', '{} {}', '\uFEFF{}', "{'a':1}", '[1 2]', 'NaN']

  it('agrees with JSON.parse', () => {
    for (const text of [...valid, ...invalid]) {
      let parses = true
      try {
        JSON.parse(text)
      } catch {
        parses = false
      }

      expect(scanJson(Buffer.from(text), new Set()).json, JSON.stringify(text)).to.equal(parses)
    }

    expect(scanJson(Buffer.from(`${'['.repeat(100_000)}${']'.repeat(100_000)}`), new Set()).json).to.equal(true)
  })

  it('reads only the top-level members asked for (the last of duplicates, as JSON.parse)', () => {
    const scan = scanJson(Buffer.from('{"Inner":{"Code":1},"Code":1000,"Error":"x","Code":2501,"List":[{"Code":3}]}'), new Set(['Code', 'Error']))
    expect(scan.json && Object.fromEntries(scan.members)).to.deep.equal({Code: 2501, Error: 'x'})
  })

  it('gives the envelope Code and validity as before', () => {
    expect(sniffJson(Buffer.from('{"Code":2501,"Error":"gone"}'))).to.deep.equal({envelope: {code: 2501, error: 'gone', valid: true}, json: true})
    expect(sniffJson(Buffer.from('{"Code":"1000"}'))).to.deep.equal({envelope: {code: undefined, error: undefined, valid: false}, json: true})
    expect(sniffJson(Buffer.from('{"Code":{"a":1}}'))).to.deep.include({json: true})
    expect(sniffJson(Buffer.from('{"Code":{"a":1}}')).json && sniffJson(Buffer.from('{"Code":{"a":1}}'))).to.have.nested.property('envelope.valid', false)
    expect(sniffJson(Buffer.from('{"Code":1000.5}'))).to.deep.equal({envelope: {code: undefined, error: undefined, valid: false}, json: true})
    expect(sniffJson(Buffer.from('{"Code":1e3}'))).to.deep.equal({envelope: {code: 1000, error: undefined, valid: true}, json: true})
    expect(sniffJson(Buffer.from('{"Error":"no code"}'))).to.deep.equal({envelope: {code: undefined, error: 'no code', valid: true}, json: true})
    expect(sniffJson(Buffer.from('[1]'))).to.deep.equal({envelope: {valid: true}, json: true})
    expect(sniffJson(Buffer.from('<html>'))).to.deep.equal({json: false, reason: 'not JSON'})
  })
})
