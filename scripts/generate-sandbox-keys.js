#!/usr/bin/env node
/**
 * Writes src/sandbox/fixtures/key-fixture.ts: the sandbox account's keys and
 * encrypted message bodies, generated ONCE and committed, so that a sandbox
 * starts without generating keys or running bcrypt (together some 700 ms).
 * Run it again only to change what is seeded: `node scripts/generate-sandbox-keys.js`.
 *
 * What it makes, as the service keeps an account (go-proton-api keyring.go,
 * salt_types.go; go-srp hash.go MailboxPassword):
 * - a key salt (16 random bytes) and the user key, locked with the key
 *   passphrase of FIXTURE_PASSWORD: bcrypt("$2y$10$" + bcrypt-base64(salt))
 *   of the password, its last 31 characters;
 * - one key per address, locked with a random token; the token encrypted to
 *   the user key (Token) and signed by it (Signature, detached);
 * - a sender key (sandbox@proton.test), whose public half the sandbox serves
 *   at /core/v4/keys/all, signing the first message;
 * - each seeded message's body encrypted to the primary address's key
 *   (text/plain, and text/html for the second), and the second message's
 *   attachment as KeyPackets (the session key for that address key) and a
 *   separate data packet, with its detached Signature (armored, over the
 *   plaintext, as WebClients reads it) by the invoice's sender
 *   (billing@shop.test), whose public key the sandbox serves too.
 * - then the PGP/MIME message (scripts/generate-sandbox-mime.js, run at the
 *   end: it is encrypted to the new address key).
 * Keys are v4 curve25519 as Proton makes them (gopenpgp v2 "x25519", which
 * go-proton-api's tests use: EdDSA over Ed25519 signing, ECDH over Curve25519
 * encryption, the "legacy" algorithm IDs 22 and 18): small and quick, and
 * readable by GnuPG 2.2, which knows neither RFC 9580's Ed25519 (27) nor
 * X25519 (25) (test/e2e/gnupg.test.ts encrypts to the address key with it).
 */
import {randomBytes} from 'node:crypto'
import {writeFileSync} from 'node:fs'

import bcrypt from 'bcryptjs'
import * as openpgp from 'openpgp'

const FIXTURE_PASSWORD = 'demo'
const salt = randomBytes(16)
const hash = bcrypt.hashSync(FIXTURE_PASSWORD, `$2y$10$${bcrypt.encodeBase64(salt, 16)}`)
const passphrase = hash.slice(-31)

const generate = (email, keyPassphrase) => openpgp.generateKey({curve: 'curve25519Legacy', format: 'armored', passphrase: keyPassphrase, type: 'ecc', userIDs: [{email}]})

const user = await generate('demo@proton.test', passphrase)
const userPrivate = await openpgp.decryptKey({passphrase, privateKey: await openpgp.readPrivateKey({armoredKey: user.privateKey})})

async function addressKey(email) {
  const token = randomBytes(32).toString('hex')
  const key = await generate(email, token)
  const Token = await openpgp.encrypt({encryptionKeys: userPrivate.toPublic(), format: 'armored', message: await openpgp.createMessage({text: token})})
  const Signature = await openpgp.sign({detached: true, format: 'armored', message: await openpgp.createMessage({text: token}), signingKeys: userPrivate})
  return {PrivateKey: key.privateKey, Signature, Token, unlocked: await openpgp.decryptKey({passphrase: token, privateKey: await openpgp.readPrivateKey({armoredKey: key.privateKey})})}
}

const primary = await addressKey('demo@proton.test')
const alias = await addressKey('demo.alias@proton.test')
const sender = await generate('sandbox@proton.test', undefined)
const senderPrivate = await openpgp.readPrivateKey({armoredKey: sender.privateKey})

const BODIES = [
  ['text/plain', 'Welcome to the Proton sandbox.\n\nThis message was encrypted to your address key and signed by sandbox@proton.test.\nRead it with: proton mail read ID\n', true],
  [
    'text/html',
    '<html><body><h1>Your March invoice</h1><p>Hello,</p><p>your invoice for <b>March</b> is attached.</p><ul><li>Plan: Mail Plus</li><li>Total: 4.99 EUR</li></ul><p><a href="https://shop.test/invoices/3">View it online</a></p></body></html>',
    false,
  ],
  ['text/plain', 'Hi,\n\nlunch on Friday at noon? The usual place.\n\nAlex\n', false],
  ['text/plain', 'Your flight ABC123 is confirmed.\nDeparture: 2025-02-01 08:15\n', false],
  // The sandbox serves the PGP/MIME message of generate-sandbox-mime.js in this one's place (state.ts).
  ['text/plain', 'Thanks, the quarterly report looks good.\n\n> Here is the report.\n', false],
  ['text/plain', 'This week: nothing much happened.\n', false],
  ['text/plain', 'Your password was changed. If this was not you, contact support.\n', false],
]

const bodies = []
for (const [MIMEType, text, signed] of BODIES) {
  const Body = await openpgp.encrypt({
    encryptionKeys: primary.unlocked.toPublic(),
    format: 'armored',
    message: await openpgp.createMessage({text}),
    ...(signed ? {signingKeys: senderPrivate} : {}),
  })
  bodies.push({Body, MIMEType})
}

const attachmentText = 'Invoice 2025-03\nMail Plus, one month: 4.99 EUR\n'
const sessionKey = await openpgp.generateSessionKey({encryptionKeys: primary.unlocked.toPublic()})
const keyPackets = await openpgp.encryptSessionKey({...sessionKey, encryptionKeys: primary.unlocked.toPublic(), format: 'binary'})
const dataPacket = await openpgp.encrypt({format: 'binary', message: await openpgp.createMessage({binary: Buffer.from(attachmentText)}), sessionKey})
const billing = await generate('billing@shop.test', undefined)
const attachmentSignature = await openpgp.sign({
  detached: true,
  format: 'armored',
  message: await openpgp.createMessage({binary: Buffer.from(attachmentText)}),
  signingKeys: await openpgp.readPrivateKey({armoredKey: billing.privateKey}),
})
const attachment = {
  Data: Buffer.from(dataPacket).toString('base64'),
  KeyPackets: Buffer.from(keyPackets).toString('base64'),
  MIMEType: 'text/plain',
  Name: 'invoice-2025-03.txt',
  Signature: attachmentSignature,
  Size: Buffer.byteLength(attachmentText),
}
const attachmentSigner = {Email: 'billing@shop.test', PublicKey: billing.publicKey}

const fixture = {
  addressKeys: [primary, alias].map(({PrivateKey, Signature, Token}) => ({PrivateKey, Signature, Token})),
  attachment,
  attachmentSigner,
  bodies,
  keySalt: salt.toString('base64'),
  password: FIXTURE_PASSWORD,
  senderPublicKey: sender.publicKey,
  userKey: user.privateKey,
}

const out = new URL('../src/sandbox/fixtures/key-fixture.ts', import.meta.url)
writeFileSync(
  out,
  `/**
 * GENERATED by scripts/generate-sandbox-keys.js (once, then committed): the
 * sandbox account's keys, locked for the password "${FIXTURE_PASSWORD}", and its
 * encrypted message bodies. Test data only: these keys protect nothing.
 */
export const KEY_FIXTURE = ${JSON.stringify(fixture, null, 2)} as const
`,
)
console.log(`wrote ${out.pathname}`)
await import('./generate-sandbox-mime.js')
