/** -H/--header, checked before anything is sent. */
import {expect} from 'chai'

import {parseHeader, parseHeaders} from '../../../src/lib/http/headers.ts'

describe('-H headers', () => {
  it('parses Name: value, trimming the value', () => {
    expect(parseHeader('X-Custom:  a b ')).to.deep.equal(['X-Custom', 'a b'])
    expect(parseHeader('Content-Type: application/octet-stream')).to.deep.equal(['Content-Type', 'application/octet-stream'])
  })

  it('refuses malformed headers and CR/LF in values (exit 1)', () => {
    for (const text of ['NoColon', ': v', 'Bad Name: v', 'X-A: b\r\nX-B: c', 'X-A: b\nc', 'X-A: b\rc', 'X-A: \u0000']) {
      expect(() => parseHeader(text), JSON.stringify(text))
        .to.throw()
        .with.property('exitStatus', 1)
    }
  })

  it('refuses the headers that frame the request: the client computes them (exit 1)', () => {
    for (const text of ['Content-Length: 3', 'transfer-encoding: chunked', 'Host: example.org', 'Connection: close', 'Expect: 100-continue']) {
      expect(() => parseHeader(text), text)
        .to.throw(/the client sets this header itself/)
        .with.property('exitStatus', 1)
    }
  })

  it('refuses a value that is not ASCII text, saying whether it was not even UTF-8 (exit 1)', () => {
    expect(() => parseHeader('X-A: caf\uFFFD')).to.throw('-H/--header X-A: the value must be ASCII text (it holds bytes that are not UTF-8)')
    expect(() => parseHeader('X-A: café')).to.throw('-H/--header X-A: the value must be ASCII text (encode other text first, e.g. percent-encoded)')
    expect(parseHeader('X-A: a\tb ~')).to.deep.equal(['X-A', 'a\tb ~'])
  })

  it('refuses a header given twice, whatever its case (exit 1)', () => {
    expect(() => parseHeaders(['X-A: 1', 'x-a: 2'], () => {}))
      .to.throw('-H/--header x-a is given twice')
      .with.property('exitStatus', 1)
  })

  it('warns, naming the header, when one of the session’s headers is replaced', () => {
    const warnings: string[] = []
    const headers = parseHeaders(['authorization: Bearer other', 'X-PM-UID: u2', 'x-pm-appversion: a@1', 'X-Other: 1'], (line) => warnings.push(line))
    expect(headers).to.deep.equal({authorization: 'Bearer other', 'x-other': '1', 'x-pm-appversion': 'a@1', 'x-pm-uid': 'u2'})
    expect(warnings).to.deep.equal([
      'Warning: -H authorization replaces the authorization header the session would send',
      'Warning: -H X-PM-UID replaces the x-pm-uid header the session would send',
      'Warning: -H x-pm-appversion replaces the x-pm-appversion header the session would send',
    ])
  })
})
