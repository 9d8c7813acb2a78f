/** An ID as one path segment, as the official clients write it into their URLs. */
import {expect} from 'chai'

import {idSegment} from '../../../src/lib/request/path-segment.ts'

describe('idSegment', () => {
  it('keeps the service’s base64url IDs as they are, = padding included', () => {
    const id = `${'Zz9_-'.repeat(17)}abc==`
    expect(idSegment(id)).to.equal(id)
  })

  it('percent-encodes what would change the path: / ? # % spaces and non-ASCII', () => {
    expect(idSegment('a/../b?')).to.equal('a%2F..%2Fb%3F')
    expect(idSegment('x#y%z w')).to.equal('x%23y%25z%20w')
    expect(idSegment('café')).to.equal('caf%C3%A9')
    expect(idSegment('a/b==')).to.equal('a%2Fb==')
  })
})
