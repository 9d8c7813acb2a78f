import {expect} from 'chai'

import {BUILTIN_OPERATIONS} from '../../../src/lib/description/builtin.ts'
import {findOperation, templateMatches} from '../../../src/lib/description/match.ts'
import {mergeWithBuiltin} from '../../../src/lib/description/store.ts'
import {nearestOperations, pathDistance} from '../../../src/lib/description/suggest.ts'
import type {Operation} from '../../../src/lib/description/types.ts'
import {loadedPublished} from './published-description.ts'

const op = (method: string, path: string): Operation => ({deprecated: false, method, path, summary: ''})
const key = (operation: Operation | undefined) => (operation ? `${operation.method} ${operation.path}` : undefined)

describe('path templates', () => {
  it('lets {name} stand for exactly one non-empty segment', () => {
    expect(templateMatches('/mail/v4/labels/{labelID}', '/mail/v4/labels/abc-123')).to.equal(true)
    expect(templateMatches('/mail/v4/labels/{labelID}', '/mail/v4/labels/a%2Fb')).to.equal(true)
    expect(templateMatches('/mail/v4/labels/{labelID}', '/mail/v4/labels/')).to.equal(false)
    expect(templateMatches('/mail/v4/labels/{labelID}', '/mail/v4/labels/a/b')).to.equal(false)
    expect(templateMatches('/mail/v4/labels/{labelID}', '/mail/v4/labels')).to.equal(false)
    expect(templateMatches('/core/v4/users', '/core/v4/users/')).to.equal(false)
  })

  it('treats template text literally, parameters inside a segment included', () => {
    expect(templateMatches('/a.b/{x}.json', '/a.b/1.json')).to.equal(true)
    expect(templateMatches('/a.b/{x}.json', '/aXb/1.json')).to.equal(false)
    // As published: an unclosed "{name" runs to the end of its segment, and may be empty.
    expect(templateMatches('/mail/v4/newsletter-subscriptions{paginationString', '/mail/v4/newsletter-subscriptions')).to.equal(true)
    expect(templateMatches('/mail/v4/newsletter-subscriptions{paginationString', '/mail/v4/newsletter-subscriptions/x')).to.equal(false)
  })

  it('prefers the template with literal segments first, whatever the order', () => {
    const operations = [op('PUT', '/mail/v4/messages/{id}'), op('PUT', '/mail/v4/messages/read'), op('PUT', '/{area}/v4/messages/read')]
    expect(key(findOperation(operations, 'PUT', '/mail/v4/messages/read'))).to.equal('PUT /mail/v4/messages/read')
    expect(key(findOperation(operations.toReversed(), 'PUT', '/mail/v4/messages/read'))).to.equal('PUT /mail/v4/messages/read')
    expect(key(findOperation(operations, 'PUT', '/mail/v4/messages/m1'))).to.equal('PUT /mail/v4/messages/{id}')
    expect(key(findOperation(operations, 'PUT', '/calendar/v4/messages/read'))).to.equal('PUT /{area}/v4/messages/read')
  })

  it('matches the method too; HEAD goes where GET does, OPTIONS anywhere', () => {
    expect(key(findOperation(BUILTIN_OPERATIONS, 'DELETE', '/mail/v4/labels/l1'))).to.equal('DELETE /mail/v4/labels/{labelID}')
    expect(findOperation(BUILTIN_OPERATIONS, 'GET', '/mail/v4/labels/l1')).to.equal(undefined)
    expect(key(findOperation(BUILTIN_OPERATIONS, 'HEAD', '/core/v4/users'))).to.equal('GET /core/v4/users')
    expect(key(findOperation(BUILTIN_OPERATIONS, 'HEAD', '/mail/v4/labels'))).to.equal('GET /mail/v4/labels')
    expect(findOperation(BUILTIN_OPERATIONS, 'HEAD', '/calendar/v1/c1')).to.equal(undefined)
    expect(findOperation(BUILTIN_OPERATIONS, 'OPTIONS', '/mail/v4/labels')).not.to.equal(undefined)
  })
})

describe('suggestions', () => {
  const operations = [...BUILTIN_OPERATIONS, op('GET', '/core/v4/users/invitations'), op('GET', '/core/v4/addresses'), op('PUT', '/mail/v4/messages/read'), op('GET', '/mail/v4/conversations')]
  const nearest = (method: string, path: string) => nearestOperations(operations, method, path).map((found) => key(found))

  it('finds a misspelt segment, a missing or extra segment, and another method', () => {
    expect(nearest('GET', '/core/v4/user')[0]).to.equal('GET /core/v4/users')
    expect(nearest('GET', '/mail/v4/mesages')[0]).to.equal('GET /mail/v4/messages')
    expect(nearest('GET', '/mail/labels/l1')[0]).to.equal('DELETE /mail/v4/labels/{labelID}')
    expect(nearest('POST', '/core/v4/users')[0]).to.equal('GET /core/v4/users')
    expect(nearest('PUT', '/mail/v4/messages/read/all')[0]).to.equal('PUT /mail/v4/messages/read')
  })

  it('offers at most three, nearest first, and none when nothing is close', () => {
    expect(nearest('GET', '/core/v4/users/x').length).to.be.within(1, 3)
    expect(nearest('GET', '/totally/unrelated/thing/here/now')).to.deep.equal([])
  })

  it('over the published description, ranks as the distance of every template says (nothing skipped that was near)', () => {
    const published = mergeWithBuiltin(loadedPublished().operations)
    for (const [method, path] of [
      ['GET', '/mail/v4/conversatons'],
      ['GET', '/core/v4/labelz'],
      ['PUT', '/mail/v4/conversations/count/x'],
      ['POST', '/core/v4/users'],
      ['GET', '/drive/shares/s1/links'],
    ]) {
      const found = nearestOperations(published, method, path)
      const threshold = Math.max(1.5, (path.split('/').length - 1) * 0.6)
      const distance = (operation: Operation) => pathDistance(path, operation.path) + (operation.method === method ? 0 : 0.5)
      const best = Math.min(...published.map((operation) => distance(operation)))
      expect(found.length, `${method} ${path}`).to.be.within(1, 3)
      expect(distance(found[0]), `${method} ${path}`).to.equal(best)
      expect(best).to.be.at.most(threshold)
    }
  })
})
