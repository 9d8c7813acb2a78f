import {expect} from 'chai'

import {baseKey, buildRequestUrl, isLoopbackHost, parseBaseUrl} from '../../../src/lib/http/api-url.ts'
import {CliFailure} from '../../../src/lib/core/errors.ts'

function refuses(fn: () => unknown, pattern: RegExp): void {
  expect(fn).to.throw(CliFailure, pattern)
  try {
    fn()
  } catch (error) {
    expect((error as CliFailure).exitStatus).to.equal(1)
  }
}

describe('base URLs', () => {
  it('knows the loopback hosts', () => {
    for (const host of ['localhost', '127.0.0.1', '127.1.2.3', '[::1]', '::1', 'LOCALHOST']) expect(isLoopbackHost(host), host).to.equal(true)
    for (const host of ['example.com', '128.0.0.1', '10.0.0.1', '127.0.0.1.example.com', 'localhost.example.com', '[::2]']) {
      expect(isLoopbackHost(host), host).to.equal(false)
    }
  })

  it('accepts https anywhere and http only on loopback', () => {
    expect(parseBaseUrl('https://mail.proton.me/api').href).to.equal('https://mail.proton.me/api')
    expect(parseBaseUrl('http://127.0.0.1:8080').host).to.equal('127.0.0.1:8080')
    expect(parseBaseUrl('http://[::1]:9/api').hostname).to.equal('[::1]')
    expect(parseBaseUrl('http://localhost/api').hostname).to.equal('localhost')
    refuses(() => parseBaseUrl('http://mail.proton.me/api'), /only for loopback/)
    refuses(() => parseBaseUrl('ftp://mail.proton.me/'), /https/)
    refuses(() => parseBaseUrl('mail.proton.me'), /not a URL/)
    refuses(() => parseBaseUrl('https://user:pw@mail.proton.me/'), /user name or password/)
    refuses(() => parseBaseUrl('https://mail.proton.me/api?x=1'), /query or fragment/)
  })

  it('compares base URLs by origin and path, ignoring a trailing slash', () => {
    expect(baseKey(new URL('https://MAIL.proton.me:443/api/'))).to.equal('https://mail.proton.me/api')
    expect(baseKey(new URL('http://127.0.0.1:80'))).to.equal('http://127.0.0.1')
  })
})

describe('buildRequestUrl', () => {
  const base = new URL('https://mail.proton.me/api')

  it('appends the endpoint to the base path', () => {
    expect(buildRequestUrl(base, '/core/v4/users').href).to.equal('https://mail.proton.me/api/core/v4/users')
    expect(buildRequestUrl(new URL('http://127.0.0.1:1/'), '/x').href).to.equal('http://127.0.0.1:1/x')
  })

  it('keeps the endpoint’s own query and adds --query pairs in order, duplicates kept', () => {
    const url = buildRequestUrl(base, '/mail/v4/messages?Sort=Time', [
      ['Page', '0'],
      ['LabelID', 'a'],
      ['LabelID', 'b'],
    ])
    expect(url.search).to.equal('?Sort=Time&Page=0&LabelID=a&LabelID=b')
  })

  it('percent-encodes keys and values so the service receives them exactly', () => {
    const pairs: Array<[string, string]> = [
      ['q', 'a=b&c+d e'],
      ['Name', 'Zürich ✓'],
      ['k y', '100%'],
    ]
    const url = buildRequestUrl(base, '/x', pairs)
    expect(url.search).to.equal('?q=a%3Db%26c%2Bd%20e&Name=Z%C3%BCrich%20%E2%9C%93&k%20y=100%25')
    expect([...url.searchParams]).to.deep.equal(pairs)
  })

  it('does not double the separator after a trailing ? or &', () => {
    expect(buildRequestUrl(base, '/x?', [['a', '1']]).search).to.equal('?a=1')
    expect(buildRequestUrl(base, '/x?b=2&', [['a', '1']]).search).to.equal('?b=2&a=1')
  })
})
