/** The known operations nearest to a request the description does not know (the raw command's warning). */
import {expect} from 'chai'

import {nearestOperations, pathDistance} from '../../../src/lib/description/suggest.ts'
import type {Operation} from '../../../src/lib/description/types.ts'

const op = (method: string, path: string): Operation => ({deprecated: false, method, path, summary: ''})
const OPERATIONS = [
  op('GET', '/core/v4/users'),
  op('GET', '/core/v4/addresses'),
  op('DELETE', '/mail/v4/labels/{labelID}'),
  op('GET', '/mail/v4/labels'),
  op('POST', '/mail/v4/labels'),
  op('GET', '/drive/volumes'),
]
const nearest = (method: string, path: string) => nearestOperations(OPERATIONS, method, path).map((found) => `${found.method} ${found.path}`)

describe('suggest: the nearest known operations', () => {
  it('pathDistance: segment by segment, a template parameter matching any segment, a misspelt one costing by how much it differs', () => {
    expect(pathDistance('/core/v4/users', '/core/v4/users')).to.equal(0)
    expect(pathDistance('/mail/v4/labels/abc', '/mail/v4/labels/{labelID}')).to.equal(0)
    expect(pathDistance('/core/v4/userz', '/core/v4/users')).to.equal(0.2)
    expect(pathDistance('/a/b', '/a/b/c')).to.equal(1)
  })

  it('a misspelt path: the operation meant first, then those about as near', () => {
    expect(nearest('GET', '/core/v4/userz')).to.deep.equal(['GET /core/v4/users', 'GET /core/v4/addresses'])
    expect(nearest('DELETE', '/mail/v4/label/x')).to.deep.equal(['DELETE /mail/v4/labels/{labelID}'])
  })

  it('another method costs a little: the path’s operations are still named', () => {
    expect(nearest('PUT', '/mail/v4/labels')).to.deep.equal(['GET /mail/v4/labels', 'POST /mail/v4/labels'])
  })

  it('nothing near enough: none', () => {
    expect(nearest('GET', '/nothing/like/this/at/all')).to.deep.equal([])
  })

  it('at most `limit`', () => {
    expect(nearestOperations(OPERATIONS, 'PUT', '/mail/v4/labels', 1).map((found) => found.method)).to.deep.equal(['GET'])
  })
})
