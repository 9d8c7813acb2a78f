/**
 * The fork payload against WebCrypto, as WebClients' getForkEncryptedBlob
 * seals it (cryptoHelper.ts encryptData / encryptDataWith16ByteIV): v3, v1
 * and v2 open; another key, a flipped bit, a truncated blob, text that is
 * not JSON or holds no key password are refused with what went wrong.
 */
import {expect} from 'chai'

import {ForkPayloadError, openForkPayload} from '../../../src/lib/session/fork-payload.ts'

const encoder = new TextEncoder()

async function seal(text: string | Uint8Array, rawKey: Uint8Array, version: 1 | 2 | 3): Promise<string> {
  const key = await crypto.subtle.importKey('raw', rawKey, 'AES-GCM', false, ['encrypt'])
  const iv = crypto.getRandomValues(new Uint8Array(version === 3 ? 12 : 16))
  const data = typeof text === 'string' ? encoder.encode(text) : text
  const params = version === 1 ? {iv, name: 'AES-GCM'} : {additionalData: encoder.encode('fork'), iv, name: 'AES-GCM'}
  return Buffer.concat([iv, new Uint8Array(await crypto.subtle.encrypt(params, key, data))]).toString('base64')
}

describe('openForkPayload', () => {
  const key = crypto.getRandomValues(new Uint8Array(32))
  const blob = JSON.stringify({keyPassword: 'Ab3.Cd/ef9ghIJklmnOPqrstUVwxyz0', type: 'default'})

  for (const version of [3, 1, 2] as const) {
    it(`opens a v${version} payload`, async () => {
      expect(openForkPayload(await seal(blob, key, version), Buffer.from(key))).to.equal('Ab3.Cd/ef9ghIJklmnOPqrstUVwxyz0')
    })
  }

  it('reads the offline variant’s keyPassword too', async () => {
    const offline = JSON.stringify({keyPassword: 'kp', offlineKeyPassword: 'o', offlineKeySalt: 's', type: 'offline'})
    expect(openForkPayload(await seal(offline, key, 3), Buffer.from(key))).to.equal('kp')
  })

  const refusals: Array<[string, () => Promise<unknown>, RegExp]> = [
    ['another key', async () => seal(blob, crypto.getRandomValues(new Uint8Array(32)), 3), /does not open with this sign-in’s key/],
    [
      'a flipped bit in the tag',
      async () => {
        const bytes = Buffer.from(await seal(blob, key, 3), 'base64')
        bytes[bytes.length - 1] ^= 0x80
        return bytes.toString('base64')
      },
      /does not open/,
    ],
    ['a blob shorter than an IV and a tag', async () => Buffer.alloc(20).toString('base64'), /does not open/],
    ['not base64', async () => 'not base64!', /not base64/],
    ['no payload', async () => undefined, /carries no key password/],
    ['a number', async () => 42, /carries no key password/],
    ['too long', async () => 'A'.repeat(20_000), /not base64/],
    ['text that is not JSON', async () => seal('keyPassword', key, 3), /opens, but is not JSON/],
    ['JSON without keyPassword', async () => seal('{"type":"default"}', key, 3), /holds no key password/],
    ['an empty keyPassword', async () => seal('{"keyPassword":""}', key, 3), /holds no key password/],
    ['a keyPassword that is not a string', async () => seal('{"keyPassword":["x"]}', key, 3), /holds no key password/],
  ]
  for (const [name, payload, message] of refusals) {
    it(`refuses ${name}`, async () => {
      const given = await payload()
      expect(() => openForkPayload(given, Buffer.from(key))).to.throw(ForkPayloadError, message)
    })
  }

  it('refuses a key that is not 32 bytes', async () => {
    expect(() => openForkPayload(Buffer.alloc(8).toString('base64'), Buffer.alloc(16))).to.throw(ForkPayloadError, /not 32 bytes/)
  })
})
