/** The message actions' batches: 150 IDs a request, the answers per item. */
import {expect} from 'chai'

import {BATCH_MAX, chunked, itemResults, summary} from '../../../src/lib/run/message-batch.ts'
import type {JsonValue} from '../../../src/lib/core/json-value.ts'
import {EXIT} from '../../../src/lib/core/exit-status.ts'

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

  it('closes with how many were done, then how many were refused, may or may not have been applied, were not sent', () => {
    const action = {after: ' to trash', verb: 'Moved'}
    expect(summary(3, [], action)).to.equal('Moved 3 messages to trash.')
    const refusals = [
      {cause: 'Code 2501', id: 'a', status: EXIT.NOT_FOUND},
      {cause: 'interrupted while its request was in flight', id: 'b', outcome: 'unknown', status: EXIT.INTERRUPTED},
      {cause: 'not sent: interrupted', id: 'c', outcome: 'not-sent', status: EXIT.INTERRUPTED},
      {cause: 'not sent: interrupted', id: 'd', outcome: 'not-sent', status: EXIT.INTERRUPTED},
    ] as const
    expect(summary(5, refusals, action)).to.equal('Moved 1 of 5 messages to trash; 1 refused; 1 may or may not have been applied; 2 not sent.')
    expect(summary(1, refusals.slice(2, 3), {verb: 'Starred'})).to.equal('Starred 0 of 1 message; 1 not sent.')
  })
})
