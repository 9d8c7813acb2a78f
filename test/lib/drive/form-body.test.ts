/**
 * formBody against the platform's own multipart parser (undici's Response.formData): the SDK's block form comes
 * back field by field, byte-identical, in the length announced; each attempt opens the body anew.
 */
import {expect} from 'chai'
import {randomBytes} from 'node:crypto'
import {buffer} from 'node:stream/consumers'

import {formBody} from '../../../src/lib/drive/form-body.ts'

describe('drive form-body', () => {
  it('a block form (as the SDK makes it) and a text field: parsed back by the platform, length as announced, opened twice', async () => {
    const block = randomBytes(300_000)
    const form = new FormData()
    form.append('Note', 'a "quoted"\r\nvalue')
    form.append('Block', new Blob([block]), 'blob')
    const body = formBody(form)
    for (let attempt = 0; attempt < 2; attempt++) {
      const bytes = await buffer(body.open())
      expect(bytes.length).to.equal(body.length)
      // undici's parser, deprecated for servers (memory), is a second reader of the body here.
      // eslint-disable-next-line @typescript-eslint/no-deprecated
      const parsed = await new Response(bytes, {headers: {'content-type': body.contentType}}).formData()
      expect(parsed.get('Note')).to.equal('a "quoted"\r\nvalue')
      const file = parsed.get('Block') as File
      expect([file.name, file.type]).to.deep.equal(['blob', 'application/octet-stream'])
      expect(Buffer.from(await file.arrayBuffer()).equals(block)).to.equal(true)
    }
  })
})
