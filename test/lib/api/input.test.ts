import {expect} from 'chai'
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {Readable} from 'node:stream'

import {CliFailure} from '../../../src/lib/core/errors.ts'
import {parseEndpoint, parseMethod, parseQueryPair, readJsonBody} from '../../../src/lib/api/input.ts'
import {StandardInput} from '../../../src/lib/core/stdin.ts'

async function rejection(promise: Promise<unknown>): Promise<CliFailure> {
  try {
    await promise
  } catch (error) {
    expect(error).to.be.instanceOf(CliFailure)
    return error as CliFailure
  }

  throw new Error('expected a rejection')
}

function thrown(fn: () => unknown): CliFailure {
  try {
    fn()
  } catch (error) {
    expect(error).to.be.instanceOf(CliFailure)
    expect((error as CliFailure).exitStatus).to.equal(1)
    return error as CliFailure
  }

  throw new Error('expected a failure')
}

describe('METHOD', () => {
  it('accepts the seven methods in any case', () => {
    for (const method of ['get', 'Post', 'PUT', 'patch', 'delete', 'head', 'OPTIONS']) expect(parseMethod(method)).to.equal(method.toUpperCase())
  })

  it('refuses anything else', () => {
    for (const method of ['FETCH', 'CONNECT', 'TRACE', '', 'GET ', 'G']) expect(thrown(() => parseMethod(method)).message).to.match(/METHOD must be one of/)
  })
})

describe('ENDPOINT', () => {
  it('takes a path without its leading slash relative to the base URL, as gh does', () => {
    expect([parseEndpoint('core/v4/users'), parseEndpoint('mail/v4/messages?Page=0')]).to.deep.equal(['/core/v4/users', '/mail/v4/messages?Page=0'])
  })

  it('accepts paths with one leading slash and their own query', () => {
    for (const path of ['/core/v4/users', '/mail/v4/messages?Page=0&PageSize=25', '/', '/mail/v4/labels/abc%3D%3D', '/a/.well-known/x']) {
      expect(parseEndpoint(path)).to.equal(path)
    }
  })

  const refused: Array<[string, RegExp]> = [
    ['https://evil.example/core/v4/users', /not a URL/],
    ['mailto:x', /not a URL/],
    ['//evil.example/x', /single "\/"/],
    ['', /must not be empty/],
    ['/core/v4/users ', /whitespace or control/],
    ['/core/v4/\tusers', /whitespace or control/],
    ['/core/v4/\nusers', /whitespace or control/],
    ['/core/\u0000', /whitespace or control/],
    ['/a\u00A0b', /whitespace or control/],
    ['/\\evil.example', /backslash/],
    ['/x#frag', /"#"/],
    ['/api/../x', /"\." or "\.\."/],
    ['/a/%2e%2E/b', /"\." or "\.\."/],
    ['/a/./b', /"\." or "\.\."/],
  ]
  for (const [path, pattern] of refused) {
    it(`refuses ${JSON.stringify(path)}`, () => {
      expect(thrown(() => parseEndpoint(path)).message).to.match(pattern)
    })
  }
})

describe('--query', () => {
  it('splits at the first "=" and keeps the rest as given', () => {
    expect(parseQueryPair('Page=0')).to.deep.equal(['Page', '0'])
    expect(parseQueryPair('q=a=b&c')).to.deep.equal(['q', 'a=b&c'])
    expect(parseQueryPair('Empty=')).to.deep.equal(['Empty', ''])
  })

  it('refuses a pair without "=" or with an empty key', () => {
    expect(thrown(() => parseQueryPair('Page')).message).to.match(/key=value/)
    expect(thrown(() => parseQueryPair('=0')).message).to.match(/empty key/)
  })
})

describe('--body', () => {
  let dir: string
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'proton-body-'))
  })
  after(() => rmSync(dir, {force: true, recursive: true}))

  it('keeps inline JSON byte for byte', async () => {
    const text = '{ "Name" : "Work",\n "Big": 123456789012345678901 }'
    expect((await readJsonBody(text)).toString()).to.equal(text)
  })

  it('reads @file and - (standard input) as given', async () => {
    const path = join(dir, 'body.json')
    writeFileSync(path, '{"Name":"Ünïcode"}\n')
    expect((await readJsonBody(`@${path}`)).toString()).to.equal('{"Name":"Ünïcode"}\n')
    expect((await readJsonBody('-', new StandardInput(() => Readable.from([Buffer.from('[1,'), Buffer.from('2]')])))).toString()).to.equal('[1,2]')
  })

  it('refuses invalid JSON with the parser position and without echoing the body', async () => {
    const failure = await rejection(readJsonBody('{"Password": "hunter2",}'))
    expect(failure.exitStatus).to.equal(1)
    expect(failure.message).to.match(/not valid JSON: expected a property name at line 1, column 24 \(position 23\)/)
    expect(failure.message).not.to.include('hunter2')
    expect((await rejection(readJsonBody(''))).message).to.match(/unexpected end of input at line 1, column 1/)
    expect((await rejection(readJsonBody('{"a":1}\n{"b":2}'))).message).to.match(/after the JSON value at line 2, column 1/)
  })

  it('says when the file cannot be read', async () => {
    expect((await rejection(readJsonBody(`@${join(dir, 'missing.json')}`))).message).to.match(/cannot read .*missing\.json.*no such file/)
  })
})
