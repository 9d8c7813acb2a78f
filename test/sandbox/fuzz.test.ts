/**
 * Bad input never crashes the sandbox and never gets a non-JSON answer:
 * random bytes, wrong types, huge numbers, odd paths, malformed HTTP.
 * A seeded generator keeps every run the same; every loop is bounded.
 */
import {expect} from 'chai'
import {connect} from 'node:net'

import type {StoredSession} from '../../src/lib/session/store.ts'
import {type Answer, type Harness, startHarness} from './harness.ts'

/** mulberry32: a small seeded generator, so a failure can be replayed. */
function generator(seed: number): () => number {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let value = Math.imul(state ^ (state >>> 15), 1 | state)
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296
  }
}

/** fetch sends no body with GET, so the GET routes get theirs by POST (405, still JSON). */
const ROUTES: [string, string][] = [
  ['POST', '/core/v4/users'],
  ['POST', '/mail/v4/messages'],
  ['POST', '/mail/v4/labels'],
  ['POST', '/core/v4/labels'],
  ['DELETE', '/mail/v4/labels/x'],
  ['PUT', '/core/v4/labels/x'],
  ['POST', '/calendar/v1'],
  ['POST', '/calendar/v1/x/keys'],
  ['POST', '/core/v4/auth/info'],
  ['POST', '/core/v4/auth'],
  ['POST', '/core/v4/auth/2fa'],
  ['POST', '/auth/v4/refresh'],
  ['POST', '/auth/v4/sessions'],
  ['POST', '/__sandbox/faults'],
]
const ODD_VALUES: unknown[] = [null, true, 0, -1, 1.5, 2 ** 53 + 1, -0, Number.MAX_VALUE, '', ' ', '#8080FF', 'x'.repeat(5000), '\u0000\uFFFF', [], [1, 2], {}, {Name: 'x'}]

function expectJsonEnvelope(answer: Answer, what: string): void {
  expect(answer.status, what).to.be.below(500)
  expect(answer.headers.get('content-type'), what).to.match(/^application\/json/)
  expect(answer.json, what).to.be.an('object')
  expect(Number.isInteger(answer.json!.Code), what).to.equal(true)
}

describe('sandbox fuzzing', () => {
  let harness: Harness
  let session: StoredSession
  const random = generator(20_240_601)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]

  before(async () => {
    harness = await startHarness()
    session = await harness.login()
  })
  after(() => harness.close())

  it('answers random bytes as bodies with a JSON envelope', async () => {
    for (let round = 0; round < 120; round++) {
      const [method, path] = pick(ROUTES)
      const body = Buffer.from(Array.from({length: Math.floor(random() * 300)}, () => Math.floor(random() * 256)))
      expectJsonEnvelope(await harness.call(method, path, {body, session}), `${method} ${path} #${round}`)
    }
  })

  it('answers wrong types, huge numbers and odd strings in every field with a JSON envelope', async () => {
    const fields = ['Name', 'Color', 'Type', 'Display', 'AddressID', 'Username', 'SRPSession', 'ClientEphemeral', 'ClientProof', 'UID', 'RefreshToken', 'Kind', 'Count', 'TwoFactorCode']
    for (let round = 0; round < 150; round++) {
      const [method, path] = pick(ROUTES)
      const fieldsText = fields
        .filter(() => random() < 0.5)
        .map((field) => `${JSON.stringify(field)}:${random() < 0.2 ? pick(['1e400', '-1e400', '123456789012345678901234567890', '-0.0e-999']) : JSON.stringify(pick(ODD_VALUES))}`)
      const answer = await harness.call(method, path, {body: `{${fieldsText.join(',')}}`, session: random() < 0.8 ? session : undefined})
      expectJsonEnvelope(answer, `${method} ${path} {${fieldsText.join(',').slice(0, 200)}}`)
    }
  })

  it('answers odd paths, queries and methods with a JSON envelope', async () => {
    const pieces = ['%', '%zz', '%00', '..', '.', '//', 'ü', '%E2%82', '?', '&&', '=', 'Page=1e99', 'PageSize=-5', 'Type=NaN', ';', '\'"']
    for (let round = 0; round < 120; round++) {
      const [, path] = pick(ROUTES)
      const suffix = Array.from({length: 1 + Math.floor(random() * 3)}, () => pick(pieces)).join('')
      const odd = random() < 0.5 ? `${path}/${suffix}` : `${path}?${suffix}`
      const method = pick(['GET', 'POST', 'DELETE', 'PUT', 'PATCH', 'OPTIONS'])
      expectJsonEnvelope(await harness.call(method, odd, {session}), `${method} ${odd}`)
    }
  })

  it('answers deeply nested JSON with a JSON envelope', async () => {
    const body = `${'['.repeat(100_000)}${']'.repeat(100_000)}`
    expectJsonEnvelope(await harness.call('POST', '/mail/v4/labels', {body, session}), 'deep nesting')
  })

  it('answers malformed HTTP on a raw socket with a JSON 400', async () => {
    const garbage = ['GARBAGE\r\n\r\n', 'GET / HTTP/9.9\r\n\r\n', 'GET /core/v4/users HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n', Buffer.from([0, 1, 2, 255, 13, 10, 13, 10])]
    for (const bytes of garbage) {
      const text = await new Promise<string>((resolve, reject) => {
        const socket = connect(harness.sandbox.port, '127.0.0.1')
        const chunks: Buffer[] = []
        socket.setTimeout(5000, () => socket.destroy(new Error('no answer')))
        socket.on('data', (chunk: Buffer) => chunks.push(chunk))
        socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
        socket.on('error', reject)
        socket.end(bytes)
      })
      expect(text, String(bytes)).to.match(/^HTTP\/1\.1 400 /)
      const body = text.slice(text.indexOf('\r\n\r\n') + 4)
      expect(JSON.parse(body), String(bytes)).to.include({Code: 2000})
    }
  })

  it('still serves after all of that (a fresh login: the odd paths may have logged out)', async () => {
    await harness.call('DELETE', '/__sandbox/faults')
    const answer = await harness.call('GET', '/core/v4/users', {session: await harness.login()})
    expect(answer.status).to.equal(200)
  })
})
