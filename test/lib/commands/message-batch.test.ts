/** The message actions' batches: 150 IDs a request, the answers per item. */
import {expect} from 'chai'

import {BATCH_MAX, chunked, itemResults} from '../../../src/lib/commands/message-batch.ts'
import type {JsonValue} from '../../../src/lib/output/json-value.ts'

describe('message batches', () => {
  it('chunks by 150 (go-proton-api’s maxPageSize), the last chunk holding the rest', () => {
    expect(BATCH_MAX).to.equal(150)
    const ids = Array.from({length: 301}, (_, index) => `m${index}`)
    expect(chunked(ids).map((chunk) => chunk.length)).to.deep.equal([150, 150, 1])
    expect(chunked(ids.slice(0, 150))).to.have.length(1)
    expect(chunked([])).to.deep.equal([])
  })

  it('reads the Responses per item, in the order of the IDs sent', () => {
    const data: JsonValue = {
      Code: 1001,
      Responses: [
        {ID: 'b', Response: {Code: 2501, Error: 'Message does not exist'}},
        {ID: 'a', Response: {Code: 1000}},
      ],
    }
    expect(itemResults(['a', 'b'], data)).to.deep.equal([
      {ID: 'a', Response: {Code: 1000}},
      {ID: 'b', Response: {Code: 2501, Error: 'Message does not exist'}},
    ])
  })

  it('takes an answer without Responses as accepting every ID, and refuses an ID the Responses leave out', () => {
    expect(itemResults(['a', 'b'], {Code: 1000})).to.deep.equal([
      {ID: 'a', Response: {Code: 1000}},
      {ID: 'b', Response: {Code: 1000}},
    ])
    expect(itemResults(['a', 'b'], {Code: 1001, Responses: [{ID: 'a', Response: {Code: 1000}}]})[1]).to.deep.equal({ID: 'b', Response: {Error: 'the service’s answer does not mention this message'}})
  })
})
