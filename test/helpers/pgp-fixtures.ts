/**
 * OpenPGP fixtures for the tests of crypto/direct: made by OpenPGP.js in a process of its own, or framed and sealed
 * by hand where no implementation would write them (tampered and hostile packets).
 */
import {spawnSync} from 'node:child_process'
import {createCipheriv, createHash, randomBytes} from 'node:crypto'

import {expect} from 'chai'

/**
 * OpenPGP.js in a process of its own: nothing the tool loads or patches (keyring's openpgp()) runs there. `body` is
 * the body of an async function with `pgp` (the module) and `input` (the JSON given) in scope; what it returns comes
 * back through JSON (bytes as base64: `b64` and `bytes` convert).
 */
export function inOpenpgp<T>(body: string, input: unknown = null): T {
  const script = `import * as pgp from 'openpgp'
let text = ''
for await (const chunk of process.stdin) text += chunk
const input = JSON.parse(text)
const b64 = (bytes) => Buffer.from(bytes).toString('base64')
const bytes = (base64) => new Uint8Array(Buffer.from(base64, 'base64'))
const run = async () => {
${body}
}
process.stdout.write(JSON.stringify(await run()))`
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {encoding: 'utf8', input: JSON.stringify(input), maxBuffer: 64 << 20})
  expect(child.status, child.stderr).to.equal(0)
  return JSON.parse(child.stdout) as T
}

/** A packet framed in the new format (RFC 4880 4.2.2), five-octet length: how tests rebuild what they altered. */
export function framed(tag: number, body: Buffer): Buffer {
  const header = Buffer.alloc(6)
  header[0] = 0xc0 | tag
  header[1] = 0xff
  header.writeUInt32BE(body.length, 2)
  return Buffer.concat([header, body])
}

/**
 * `inner` (packets) in a v1 SEIPD under an AES-256 `key`, as RFC 4880 5.13 has it: a random block and its last two
 * bytes again, the packets, the MDC packet (0xD3 0x14, SHA-1 of all before it), AES-CFB from a zero IV. For content
 * no implementation writes (hostile packets, a bomb); gpg --override-session-key reads it (pgp-fixtures' users check).
 */
export function sealed(inner: Buffer, key: Buffer): Buffer {
  const prefix = randomBytes(16)
  const plain = Buffer.concat([prefix, prefix.subarray(14), inner, Buffer.from([0xd3, 0x14])])
  const mdc = createHash('sha1').update(plain).digest()
  const cipher = createCipheriv('aes-256-cfb', key, Buffer.alloc(16))
  return framed(18, Buffer.concat([Buffer.from([1]), cipher.update(Buffer.concat([plain, mdc])), cipher.final()]))
}
