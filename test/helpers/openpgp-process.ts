/**
 * OpenPGP.js in a process of its own, for fixtures made by an implementation that is not the tool's: nothing the
 * tool loads or patches (keyring's openpgp()) runs there. `body` is the body of an async function with `pgp` (the
 * module) and `input` (the JSON given) in scope; what it returns comes back through JSON (bytes as base64).
 */
import {spawnSync} from 'node:child_process'

import {expect} from 'chai'

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
