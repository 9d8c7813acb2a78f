/** Levenshtein distance, which the not-found suggestions and the description's nearest operations rank by. */
import {expect} from 'chai'

import {editDistance} from '../../../src/lib/core/edit-distance.ts'

describe('editDistance', () => {
  it('counts insertions, deletions and substitutions, one each', () => {
    expect(editDistance('', '')).to.equal(0)
    expect(editDistance('mail', 'mail')).to.equal(0)
    expect(editDistance('', 'abc')).to.equal(3)
    expect(editDistance('abc', '')).to.equal(3)
    expect(editDistance('mail', 'mails')).to.equal(1)
    expect(editDistance('mail', 'mal')).to.equal(1)
    expect(editDistance('mail', 'mall')).to.equal(1)
    expect(editDistance('kitten', 'sitting')).to.equal(3)
  })

  it('a transposition is two edits, and the distance is the same both ways', () => {
    expect(editDistance('mial', 'mail')).to.equal(2)
    for (const [a, b] of [
      ['users', 'userz'],
      ['labels', 'lables'],
      ['GET', 'get'],
    ])
      expect(editDistance(a, b)).to.equal(editDistance(b, a))
  })
})
