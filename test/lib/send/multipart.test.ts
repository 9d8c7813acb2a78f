import {expect} from 'chai'
import {buffer} from 'node:stream/consumers'

import {formParts} from '../../../src/sandbox/backend/multipart.ts'
import {formContentType, multipartStream, newBoundary} from '../../../src/lib/send/multipart.ts'

describe('send/multipart: the attachment upload’s form, as a stream', () => {
  it('fields as text, packets as binary parts named "blob" (a part may be a stream); the sandbox reads back the same bytes', async () => {
    const binary = Buffer.from([0, 13, 10, 45, 45, 255])
    async function* streamed() {
      yield Buffer.from('first ')
      yield Buffer.from('second')
    }

    const boundary = newBoundary()
    const body = await buffer(
      multipartStream(boundary, [
        {name: 'MessageID', value: 'abc=='},
        {name: 'Filename', value: 'a "quoted"\r\nname.txt'},
        {name: 'KeyPackets', value: binary},
        {name: 'DataPacket', value: streamed()},
      ]),
    )
    const contentType = formContentType(boundary)
    expect(contentType).to.match(/^multipart\/form-data; boundary=----proton-cli-[0-9a-f]{32}$/)
    const text = body.toString('latin1')
    expect(text).to.include('Content-Disposition: form-data; name="DataPacket"; filename="blob"\r\nContent-Type: application/octet-stream\r\n\r\nfirst second\r\n')
    expect(text).to.include('Content-Disposition: form-data; name="MessageID"\r\n\r\nabc==\r\n')
    expect(text.endsWith(`--${boundary}--\r\n`)).to.equal(true)
    const parts = formParts(contentType, body)
    expect(parts.get('MessageID')?.toString()).to.equal('abc==')
    expect(parts.get('Filename')?.toString()).to.equal('a "quoted"\r\nname.txt')
    expect(parts.get('KeyPackets')?.equals(binary)).to.equal(true)
    expect(parts.get('DataPacket')?.toString()).to.equal('first second')
  })

  it('a part that fails fails the stream before the closing boundary', async () => {
    async function* failing(): AsyncGenerator<Uint8Array> {
      yield Buffer.from('partial')
      throw new Error('the file changed')
    }

    const chunks: Buffer[] = []
    const stream = multipartStream(newBoundary(), [{name: 'DataPacket', value: failing()}])
    let failure: unknown
    try {
      for await (const chunk of stream) chunks.push(chunk as Buffer)
    } catch (error) {
      failure = error
    }

    expect(String(failure)).to.include('the file changed')
    expect(Buffer.concat(chunks).toString()).to.not.match(/--\r\n$/)
  })
})
