import {expect} from 'chai'

import {PushedStream} from '../../../src/lib/crypto/pushed-stream.ts'

const bytes = (text: string) => new TextEncoder().encode(text)
const text = (chunk: Uint8Array | undefined) => new TextDecoder().decode(chunk)

describe('PushedStream', () => {
  it('holds each write until the reader asks for more: one chunk in flight, then the end', async () => {
    const pushed = new PushedStream(bytes('first'))
    const reader = pushed.stream.getReader()
    let written = false
    const write = pushed.write(bytes('second')).then(() => (written = true))
    await new Promise((resolve) => setImmediate(resolve))
    expect(text((await reader.read()).value)).to.equal('first')
    await new Promise((resolve) => setImmediate(resolve))
    // Read, but not asked again: the write still waits.
    expect(written).to.equal(false)
    const next = reader.read()
    await write
    expect(written).to.equal(true)
    expect(text((await next).value)).to.equal('second')
    pushed.close()
    expect((await reader.read()).done).to.equal(true)
  })

  it('a failure reaches the waiting writer, the reader and every later write', async () => {
    const pushed = new PushedStream(bytes('first'))
    const reader = pushed.stream.getReader()
    await reader.read()
    const waiting = pushed.write(bytes('x')).then(
      () => 'written',
      (error: Error) => error.message,
    )
    // The reader has not asked again: the write waits until the failure.
    pushed.fail(new Error('tampered'))
    expect(await waiting).to.equal('tampered')
    expect(
      await reader.read().then(
        () => 'read',
        (error: Error) => error.message,
      ),
    ).to.equal('tampered')
    expect(
      await pushed.write(bytes('y')).then(
        () => 'written',
        (error: Error) => error.message,
      ),
    ).to.equal('tampered')
  })

  it('a reader that asks before the write gets it at once; the next write waits for the next ask', async () => {
    const pushed = new PushedStream(bytes('first'))
    const reader = pushed.stream.getReader()
    expect(text((await reader.read()).value)).to.equal('first')
    // Asked before anything was written: the write goes straight through.
    const asked = reader.read()
    await new Promise((resolve) => setImmediate(resolve))
    await pushed.write(bytes('second'))
    expect(text((await asked).value)).to.equal('second')
    let written = false
    const write = pushed.write(bytes('third')).then(() => (written = true))
    await new Promise((resolve) => setImmediate(resolve))
    expect(written).to.equal(false)
    const next = reader.read()
    await write
    expect(text((await next).value)).to.equal('third')
  })
})
