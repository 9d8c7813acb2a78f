/** An ID as one path segment, as the official clients write it into their URLs. */
import {expect} from 'chai'

import {idProblem, idSegment, pathId} from '../../../src/lib/http/path-segment.ts'
import {CliFailure} from '../../../src/lib/core/errors.ts'

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

describe('pathId: one check for every ID put in a path', () => {
  it('gives the segment of an ID that is one', () => {
    expect(pathId('l-1', 'a label ID')).to.equal('l-1')
    expect(pathId('a b==', 'a label ID')).to.equal('a%20b==')
    expect(pathId('mime:1', '--attachment')).to.equal('mime%3A1')
    expect(idProblem(`${'Zz9_-'.repeat(17)}abc==`)).to.equal(undefined)
  })

  it('refuses ".", "..", separators, percent-encoded text in any case, control characters (C1 too) and empty, in one escaped line', () => {
    for (const [id, why] of [
      ['.', '"." is refused: "." and ".." name a directory, not an item'],
      ['..', '".." is refused: "." and ".." name a directory, not an item'],
      ['a/b', '"a/b" is refused: it holds a path separator'],
      ['/', '"/" is refused: it holds a path separator'],
      ['a\\b', '"a\\b" is refused: it holds a path separator'],
      ['%2F', '"%2F" is refused: it is percent-encoded (give the ID as the service writes it)'],
      ['..%2f..', '"..%2f.." is refused: it is percent-encoded (give the ID as the service writes it)'],
      ['%2e%2E', '"%2e%2E" is refused: it is percent-encoded (give the ID as the service writes it)'],
      ['%5c', '"%5c" is refused: it is percent-encoded (give the ID as the service writes it)'],
      ['a\u001b[2J', String.raw`"a\x1b[2J" is refused: it holds a control character`],
      ['a\u009b2J', String.raw`"a\u009b2J" is refused: it holds a control character`],
      ['a\nb', String.raw`"a\nb" is refused: it holds a control character`],
      ['', 'must not be empty'],
      ['  ', 'must not be empty'],
    ]) {
      expect(idProblem(id), JSON.stringify(id)).to.equal(why)
      expect(() => pathId(id, 'a calendar ID')).to.throw(CliFailure, `a calendar ID ${why}`)
    }
  })

  it('a percent sign that encodes nothing is no encoding: it is sent encoded itself', () => {
    expect(pathId('100%', 'an ID')).to.equal('100%25')
  })
})
