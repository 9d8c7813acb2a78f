/** What --verbose and -i may show of a request or an answer's head: secrets redacted, the service's text escaped. */
import {expect} from 'chai'

import {headerLines, redactHeader, responseHeadLines} from '../../../src/lib/http/redact.ts'

describe('redact', () => {
  it('redactHeader: the credential of Authorization (its scheme kept), the secret headers whole, a cookie’s value', () => {
    expect(redactHeader('Authorization', 'Bearer acc-secret')).to.equal('Bearer [redacted]')
    expect(redactHeader('authorization', 'acc-secret')).to.equal('[redacted]')
    for (const name of ['Cookie', 'proxy-authorization', 'X-PM-Human-Verification-Token']) expect(redactHeader(name, 'secret'), name).to.equal('[redacted]')
    expect(redactHeader('set-cookie', 'AUTH-uid=token; Path=/; Secure')).to.equal('AUTH-uid=[redacted]; Path=/; Secure')
    expect(redactHeader('x-pm-uid', 'uid-1')).to.equal('uid-1')
    expect(redactHeader('x-pm-human-verification-token-type', 'captcha')).to.equal('captcha')
  })

  it('headerLines: one line per value with the prefix, redacted and escaped; an absent value left out', () => {
    expect(headerLines('> ', {authorization: 'Bearer t', 'set-cookie': ['a=1', 'b=2; Path=/'], 'x-absent': undefined, 'x-evil': 'a\u001B[2Jb'})).to.deep.equal([
      '> authorization: Bearer [redacted]',
      '> set-cookie: a=[redacted]',
      '> set-cookie: b=[redacted]; Path=/',
      String.raw`> x-evil: a\x1b[2Jb`,
    ])
  })

  it('responseHeadLines: the status line (its reason escaped, or none), then the headers', () => {
    expect(responseHeadLines('< ', {headers: {'content-type': 'application/json'}, httpVersion: '1.1', statusCode: 200, statusMessage: 'OK'})).to.deep.equal([
      '< HTTP/1.1 200 OK',
      '< content-type: application/json',
    ])
    expect(responseHeadLines('', {headers: {}, httpVersion: '2.0', statusCode: 204})).to.deep.equal(['HTTP/2.0 204'])
    expect(responseHeadLines('', {headers: {}, httpVersion: '1.1', statusCode: 400, statusMessage: 'Bad \u001B[31mRed'})).to.deep.equal([String.raw`HTTP/1.1 400 Bad \x1b[31mRed`])
  })
})
