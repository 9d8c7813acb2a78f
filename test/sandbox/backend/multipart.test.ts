/** The sandbox's multipart/form-data reader on hand-written bodies (RFC 2046 5.1.1, RFC 7578). */
import {expect} from 'chai'

import {SandboxError} from '../../../src/sandbox/backend/api-error.ts'
import {formParts} from '../../../src/sandbox/backend/multipart.ts'

const read = (contentType: string, ...lines: string[]) =>
  Object.fromEntries([...formParts(contentType, Buffer.from(lines.join('\r\n'), 'latin1'))].map(([name, value]) => [name, value.toString('latin1')]))

describe('sandbox/send/multipart: form parts by name', () => {
  it('names from Content-Disposition’s name parameter (after filename, quoted with escapes, or a token); a delimiter only at a line start', () => {
    expect(
      read(
        'multipart/form-data; boundary="b:1"',
        'preamble, ignored',
        '--b:1',
        'Content-Type: application/octet-stream',
        'content-disposition: form-data; filename="name=x"; name="DataPacket"',
        '',
        'bytes with --b:1 inside and\r\nlines',
        '--b:1  ',
        'Content-Disposition: form-data; name=MessageID',
        '',
        'abc==',
        '--b:1',
        'Content-Disposition: form-data; name="say \\"hi\\""',
        '',
        '',
        '--b:1--',
        'epilogue',
      ),
    ).to.deep.equal({DataPacket: 'bytes with --b:1 inside and\r\nlines', MessageID: 'abc==', 'say "hi"': ''})
  })

  it('parts without a name, after an unterminated part or after the closing delimiter are not read; no boundary: 422', () => {
    expect(
      read(
        'multipart/form-data; boundary=b',
        '--b',
        'Content-Disposition: form-data',
        '',
        'x',
        '--b',
        'Content-Disposition: form-data; name="a"',
        '',
        'kept',
        '--b--',
        'Content-Disposition: form-data; name="late"',
        '',
        'x',
      ),
    ).to.deep.equal({a: 'kept'})
    expect(read('multipart/form-data; boundary=b', '--b', 'Content-Disposition: form-data; name="open"', '', 'never closed')).to.deep.equal({})
    expect(() => formParts('multipart/form-data', Buffer.from('--b--'))).to.throw(SandboxError, /multipart\/form-data body is required/)
  })
})
