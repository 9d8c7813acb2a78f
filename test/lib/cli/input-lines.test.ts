/** Standard input a line at a time: two secrets from one pipe, whatever its chunks. */
import {expect} from 'chai'
import {PassThrough, Readable} from 'node:stream'

import {InputLines} from '../../../src/lib/cli/input-lines.ts'

const chunked =
  (...chunks: Array<Buffer | string>) =>
  () =>
    Readable.from(chunks.map((chunk) => Buffer.from(chunk)))

describe('InputLines', () => {
  it('gives the first line, then the next, from one chunk: what the first read brought beyond its line is kept', async () => {
    const lines = new InputLines(chunked('hunter2\n123456\nignored\n'))
    expect(await lines.next()).to.equal('hunter2')
    expect(await lines.next()).to.equal('123456')
  })

  it('joins lines cut across chunks, a UTF-8 character cut in two included, and drops \\r\\n', async () => {
    const password = Buffer.from('pässwörd')
    const lines = new InputLines(chunked(password.subarray(0, 2), password.subarray(2), '\r', '\n65', '4321'))
    expect(await lines.next()).to.equal('pässwörd')
    expect(await lines.next()).to.equal('654321')
    expect(await lines.next()).to.equal(undefined)
  })

  it('keeps a line’s own spaces; an empty line is empty, an input used up is undefined', async () => {
    const lines = new InputLines(chunked(' a b \n\n'))
    expect(await lines.next()).to.equal(' a b ')
    expect(await lines.next()).to.equal('')
    expect(await lines.next()).to.equal(undefined)
    expect(await new InputLines(chunked()).next()).to.equal(undefined)
  })

  it('opens the stream only when a line is read, and releases it on close even when more would come', async () => {
    let opened = 0
    const stream = new PassThrough()
    const lines = new InputLines(() => {
      opened += 1
      return stream
    })
    await lines.close()
    expect(opened).to.equal(0)
    stream.write('first\nsecond')
    expect(await lines.next()).to.equal('first')
    await lines.close()
    expect(opened).to.equal(1)
    expect(stream.destroyed).to.equal(true)
  })
})
