/** The JSON sniff: is a body JSON, and its envelope’s Code, without building the tree. */
import {expect} from 'chai'

import {sniffJson} from '../../../src/lib/output/envelope.ts'

describe('JSON sniff without building the tree', () => {
  it('gives the envelope Code and validity as before', () => {
    expect(sniffJson(Buffer.from('{"Code":2501,"Error":"gone"}'))).to.deep.equal({envelope: {code: 2501, error: 'gone', valid: true}, json: true})
    expect(sniffJson(Buffer.from('{"Code":"1000"}'))).to.deep.equal({envelope: {code: undefined, error: undefined, problem: 'Code must be integer', valid: false}, json: true})
    expect(sniffJson(Buffer.from('{"Code":{"a":1}}'))).to.deep.include({json: true})
    expect(sniffJson(Buffer.from('{"Code":{"a":1}}')).json && sniffJson(Buffer.from('{"Code":{"a":1}}'))).to.have.nested.property('envelope.valid', false)
    expect(sniffJson(Buffer.from('{"Code":1000.5}'))).to.deep.equal({envelope: {code: undefined, error: undefined, problem: 'Code must be integer', valid: false}, json: true})
    expect(sniffJson(Buffer.from('{"Code":1e3}'))).to.deep.equal({envelope: {code: 1000, error: undefined, valid: true}, json: true})
    expect(sniffJson(Buffer.from('{"Error":"no code"}'))).to.deep.equal({envelope: {code: undefined, error: 'no code', valid: true}, json: true})
    expect(sniffJson(Buffer.from('[1]'))).to.deep.equal({envelope: {valid: true}, json: true})
    expect(sniffJson(Buffer.from('<html>'))).to.deep.equal({json: false, reason: 'not JSON'})
  })

  it('checks Code, Error and Details against the envelope’s JSON Schema (ajv, compiled at build time)', () => {
    expect(sniffJson(Buffer.from('{"Code":2000,"Error":["no"]}'))).to.deep.equal({envelope: {code: 2000, error: undefined, problem: 'Error must be string', valid: false}, json: true})
    expect(sniffJson(Buffer.from('{"Code":9001,"Details":"x"}'))).to.deep.include({json: true})
    expect(sniffJson(Buffer.from('{"Code":9001,"Details":"x"}'))).to.have.nested.property('envelope.problem', 'Details must be object,array,null')
    expect(sniffJson(Buffer.from('{"Code":9001,"Details":{"WebUrl":"u"},"Error":"hv"}'))).to.deep.equal({envelope: {code: 9001, error: 'hv', valid: true}, json: true})
    expect(sniffJson(Buffer.from('{"Code":1000,"Details":[]}'))).to.have.nested.property('envelope.valid', true)
  })

  it('the generated check stands alone: it needs nothing of ajv at run time', async () => {
    const {readFile} = await import('node:fs/promises')
    const generated = await readFile(new URL('../../../src/lib/generated/envelope-check.ts', import.meta.url), 'utf8')
    expect(generated).to.match(/export const validateEnvelope/)
    expect(generated).to.not.match(/require\(|from ['"]ajv/)
  })
})
