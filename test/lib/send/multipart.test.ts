import {expect} from 'chai'

import {formParts} from '../../../src/lib/sandbox/send/multipart.ts'
import {multipartBody} from '../../../src/lib/send/multipart.ts'

describe('send/multipart: the attachment upload’s form', () => {
  it('fields as text, packets as binary parts named "blob"; the sandbox reads back the same bytes', () => {
    const binary = Buffer.from([0, 13, 10, 45, 45, 255])
    const {body, contentType} = multipartBody([
      {name: 'MessageID', value: 'abc=='},
      {name: 'Filename', value: 'a "quoted"\r\nname.txt'},
      {name: 'DataPacket', value: binary},
    ])
    expect(contentType).to.match(/^multipart\/form-data; boundary=----proton-cli-[0-9a-f]{32}$/)
    const text = body.toString('latin1')
    expect(text).to.include('Content-Disposition: form-data; name="DataPacket"; filename="blob"\r\nContent-Type: application/octet-stream\r\n\r\n')
    expect(text).to.include('Content-Disposition: form-data; name="MessageID"\r\n\r\nabc==\r\n')
    const parts = formParts(contentType, body)
    expect(parts.get('MessageID')?.toString()).to.equal('abc==')
    expect(parts.get('Filename')?.toString()).to.equal('a "quoted"\r\nname.txt')
    expect(parts.get('DataPacket')?.equals(binary)).to.equal(true)
  })
})
