/**
 * LightHeaders and LightResponse against the platform's own Headers and Response (undici's): what the drive SDK and
 * DriveHttp read of them comes out the same for the same input, bodies of every kind the SDK hands over included.
 */
import {expect} from 'chai'
import {randomBytes} from 'node:crypto'

import {LightHeaders, LightResponse} from '../../../src/lib/drive/light-response.ts'

const streamOf = (...chunks: Uint8Array[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk)
      controller.close()
    },
  })

describe('drive light-response', () => {
  it('headers as Headers keeps them: names without case, append joins, iteration sorted, from a record, pairs or Headers', () => {
    const sources = [
      {Accept: 'application/json', 'x-pm-drive-sdk-version': 'js@1', Language: ' en '},
      [
        ['Accept', 'application/json'],
        ['Language', 'en'],
        ['x-pm-drive-sdk-version', 'js@1'],
      ] as Array<[string, string]>,
      new Headers({Language: 'en', 'X-PM-Drive-SDK-Version': 'js@1', accept: 'application/json'}),
    ]
    for (const source of sources) {
      const light = new LightHeaders(source)
      const real = new Headers(source)
      for (const name of ['language', 'LANGUAGE', 'x-pm-drive-sdk-version', 'accept', 'missing']) expect(light.get(name)).to.equal(real.get(name))
      light.append('Vary', 'a')
      real.append('Vary', 'a')
      light.append('vary', 'b')
      real.append('vary', 'b')
      light.set('Accept', 'text/plain')
      real.set('Accept', 'text/plain')
      light.delete('LANGUAGE')
      real.delete('LANGUAGE')
      expect([...light]).to.deep.equal([...real])
      expect([...light.keys()]).to.deep.equal([...real.keys()])
      expect(light.has('vary')).to.equal(true)
      expect(light.has('language')).to.equal(false)
    }
  })

  it('an answer reads as Response reads it: status, ok, statusText, headers, json, text, bytes of each body kind, read once', async () => {
    const bytes = randomBytes(70_000)
    const bodies = [
      () => new Uint8Array(bytes),
      () => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length),
      () => new Blob([bytes]),
      () => streamOf(bytes.subarray(0, 1000), bytes.subarray(1000)),
    ]
    for (const body of bodies) {
      const light = new LightResponse(body() as Uint8Array, {headers: {'Retry-After': '3'}, status: 429})
      const real = new Response(body() as Uint8Array, {headers: {'Retry-After': '3'}, status: 429})
      expect([light.status, light.ok, light.statusText, light.headers.get('retry-after')]).to.deep.equal([real.status, real.ok, real.statusText, real.headers.get('retry-after')])
      expect(Buffer.from(await light.arrayBuffer())).to.deep.equal(Buffer.from(await real.arrayBuffer()))
      expect(light.bodyUsed).to.equal(true)
      let again: unknown
      await light.text().catch((error: unknown) => (again = error))
      expect(again).to.be.instanceOf(TypeError)
    }

    const json = JSON.stringify({Code: 1000, Links: [{LinkID: 'é'}]})
    expect(await new LightResponse(new TextEncoder().encode(json)).json()).to.deep.equal(await new Response(json).json())
    expect(await new LightResponse(json).text()).to.equal(json)
    expect(new LightResponse(null, {status: 204}).body).to.equal(null)
    expect(new LightResponse(json).ok).to.equal(true)
  })

  it("a body read as a stream (the SDK's block download) gives the bytes, and a stream body comes back as it was given", async () => {
    const bytes = randomBytes(5000)
    const chunks: Uint8Array[] = []
    for await (const chunk of new LightResponse(new Uint8Array(bytes)).body as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk)
    expect(Buffer.concat(chunks)).to.deep.equal(bytes)
    const stream = streamOf(bytes)
    expect(new LightResponse(stream).body).to.equal(stream)
    expect(Buffer.from(await new LightResponse(streamOf(bytes)).arrayBuffer())).to.deep.equal(bytes)
  })

  it('refuses what Response refuses: a status out of range, a body of no kind it takes', () => {
    for (const status of [100, 199, 600, 1.5]) {
      expect(() => new LightResponse(null, {status})).to.throw(RangeError)
      expect(() => new Response(null, {status})).to.throw(RangeError)
    }

    expect(() => new LightResponse({} as unknown as string)).to.throw(TypeError)
  })
})
