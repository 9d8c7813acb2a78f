#!/usr/bin/env node
/**
 * Writes src/sandbox/fixtures/drive-fixture.ts: the sandbox's drive volume (its My Files share, root folder,
 * a folder "Documents", a file "notes.txt" and a file "résumé – 履歴書.txt" inside Documents), generated ONCE and
 * committed, made here with OpenPGP.js alone (nothing of src/ but the account keys of key-fixture.ts), so that what
 * the tool and @protontech/drive-sdk read was not made by the code under test. Run it again only to change what is
 * seeded: `node scripts/generate-sandbox-drive.js` (after generate-sandbox-keys.js, whose address key it uses).
 *
 * Encrypted as the SDK encrypts (node_modules/@protontech/drive-sdk/src/crypto/driveCrypto.ts and
 * internal/{shares,nodes,upload}/cryptoService.ts; WebClients applications/drive/src/app/store/_shares and
 * packages/shared/lib/keys/drive.ts):
 * - every key an ed25519 "legacy" primary key with a curve25519 "legacy" encryption subkey, named "Drive key",
 *   locked with a passphrase of 32 random bytes in base64;
 * - the share's passphrase encrypted to the primary address key, its detached signature by the address key;
 * - each node's passphrase encrypted to its parent's key (the share key for the root), signed (detached) by the
 *   address key; its name encrypted to the parent's key and signed inline by the address key; its lookup hash the
 *   HMAC-SHA256 of the name keyed with the parent folder's hash key (hex);
 * - a folder's hash key (32 random bytes in base64, as text) encrypted to and signed by its own node key; its
 *   extended attributes ({Common: {ModificationTime}}) encrypted to its node key, signed by the address key;
 * - a file's content key: a session key encrypted to the file's node key (the bare key packet, base64) and a
 *   detached signature of the session key's bytes by the node key;
 * - each block encrypted with that session key alone (no key packet), its detached signature by the address key
 *   encrypted with the same session key and to the node key (EncSignature); its hash the SHA-256 of the encrypted
 *   block (base64); the manifest signature a detached signature by the address key over the blocks' hashes
 *   concatenated in order; the revision's extended attributes ({Common: {ModificationTime, Size, BlockSizes,
 *   Digests: {SHA1}}}) encrypted to the node key, compressed, signed by the address key.
 * The file "notes.txt" is stored in blocks of 32 bytes (three; the SDK reads them in order), the other in one.
 * IDs are fixed so that tests can name them; the address ID is the sandbox's own (state.ts gives it at start).
 */
import {createHash, createHmac, randomBytes} from 'node:crypto'
import {writeFileSync} from 'node:fs'

import * as openpgp from 'openpgp'

import {sandboxAddressKey} from './sandbox-address-key.js'

const addressKey = await sandboxAddressKey()
const email = addressKey.users[0].userID.email

const SEED_TIME = 1_735_689_600 // 2025-01-01T00:00:00Z, as state.ts seeds
const id = (name) => `${Buffer.from(`sandbox-drive-${name}`).toString('base64url')}==`
const passphrase = () => randomBytes(32).toString('base64')
const bytes = (text) => new TextEncoder().encode(text)

async function newKey() {
  const secret = passphrase()
  const {privateKey} = await openpgp.generateKey({curve: 'ed25519Legacy', format: 'object', passphrase: secret, type: 'ecc', userIDs: [{name: 'Drive key'}]})
  const unlocked = await openpgp.decryptKey({passphrase: secret, privateKey})
  return {armored: privateKey.armor(), key: unlocked, secret}
}

/** Encrypted to `to` (and/or with `sessionKey`), signed inline by `signer`: an armored message. */
const encryptSigned = async (data, to, signer, extra = {}) => openpgp.encrypt({encryptionKeys: to, message: await openpgp.createMessage({binary: data}), signingKeys: signer, ...extra})

/** The passphrase encrypted to `to` and its detached signature by the address key. */
async function lockedPassphrase(secret, to) {
  const message = await openpgp.createMessage({binary: bytes(secret)})
  return {
    Passphrase: await openpgp.encrypt({encryptionKeys: to, message}),
    PassphraseSignature: await openpgp.sign({detached: true, message, signingKeys: addressKey}),
  }
}

const lookupHash = (name, parentHashKey) => createHmac('sha256', Buffer.from(parentHashKey)).update(name, 'utf8').digest('hex')

async function node({name, parent, linkId, type}) {
  const own = await newKey()
  const locked = await lockedPassphrase(own.secret, parent.key)
  const link = {
    CreateTime: SEED_TIME,
    LinkID: linkId,
    ModifyTime: SEED_TIME,
    Name: await encryptSigned(bytes(name), parent.key, addressKey),
    NameHash: parent.hashKey ? lookupHash(name, parent.hashKey) : null,
    NameSignatureEmail: email,
    NodeKey: own.armored,
    NodePassphrase: locked.Passphrase,
    NodePassphraseSignature: locked.PassphraseSignature,
    ParentLinkID: parent.linkId ?? null,
    SignatureEmail: email,
    Type: type,
  }
  return {key: own.key, link}
}

async function folder(name, parent, linkId) {
  const made = await node({linkId, name, parent, type: 1})
  const hashKey = passphrase()
  made.link.NodeHashKey = await encryptSigned(bytes(hashKey), made.key, made.key)
  made.link.XAttr = await encryptSigned(bytes(JSON.stringify({Common: {ModificationTime: new Date(SEED_TIME * 1000).toISOString()}})), made.key, addressKey)
  return {...made, hashKey, linkId}
}

async function file(name, parent, linkId, content, blockSize) {
  const made = await node({linkId, name, parent, type: 2})
  const sessionKey = await openpgp.generateSessionKey({encryptionKeys: made.key})
  const keyPacket = await openpgp.encryptSessionKey({...sessionKey, encryptionKeys: made.key, format: 'binary'})
  const contentKeySignature = await openpgp.sign({detached: true, message: await openpgp.createMessage({binary: sessionKey.data}), signingKeys: made.key})
  const plain = Buffer.from(content, 'utf8')
  const blocks = []
  for (let offset = 0, index = 1; offset < plain.length; offset += blockSize, index += 1) {
    const data = plain.subarray(offset, offset + blockSize)
    const message = await openpgp.createMessage({binary: data})
    const encrypted = await openpgp.encrypt({format: 'binary', message, sessionKey})
    const signature = await openpgp.sign({detached: true, format: 'binary', message, signingKeys: addressKey})
    const EncSignature = await openpgp.encrypt({encryptionKeys: made.key, message: await openpgp.createMessage({binary: signature}), sessionKey})
    blocks.push({Data: Buffer.from(encrypted).toString('base64'), EncSignature, Hash: createHash('sha256').update(encrypted).digest('base64'), Index: index, Size: encrypted.length})
  }

  const manifest = Buffer.concat(blocks.map((block) => Buffer.from(block.Hash, 'base64')))
  const common = {
    BlockSizes: blocks.map((_, index) => Math.min(blockSize, plain.length - index * blockSize)),
    Digests: {SHA1: createHash('sha1').update(plain).digest('hex')},
    ModificationTime: new Date(SEED_TIME * 1000).toISOString(),
    Size: plain.length,
  }
  made.link.File = {
    ContentKeyPacket: Buffer.from(keyPacket).toString('base64'),
    ContentKeyPacketSignature: contentKeySignature,
    MIMEType: 'text/plain',
    Revision: {
      Blocks: blocks,
      ID: id(`${linkId}-revision`),
      ManifestSignature: await openpgp.sign({detached: true, message: await openpgp.createMessage({binary: manifest}), signingKeys: addressKey}),
      XAttr: await encryptSigned(bytes(JSON.stringify({Common: common})), made.key, addressKey, {config: {preferredCompressionAlgorithm: openpgp.enums.compression.zlib}}),
    },
  }
  return made
}

// The share and the volume's root folder (its name encrypted to the share key, as createVolume does).
const share = await newKey()
const shareLocked = await lockedPassphrase(share.secret, addressKey)
const root = await folder('root', {key: share.key}, id('root'))
const documents = await folder('Documents', root, id('documents'))
const NOTES = 'Shopping list\n- milk\n- bread\n- coffee\n\nCall the dentist on Monday.\n'
const RESUME = 'Curriculum vitæ — 履歴書\nNom : Dupont\n'
const notes = await file('notes.txt', root, id('notes'), NOTES, 32)
const resume = await file('résumé – 履歴書.txt', documents, id('resume'), RESUME, 4 * 1024 * 1024)

const fixture = {
  email,
  expected: {
    [notes.link.LinkID]: {Content: NOTES, Name: 'notes.txt', Path: '/notes.txt'},
    [documents.link.LinkID]: {Name: 'Documents', Path: '/Documents'},
    [resume.link.LinkID]: {Content: RESUME, Name: 'résumé – 履歴書.txt', Path: '/Documents/résumé – 履歴書.txt'},
  },
  links: [root.link, documents.link, notes.link, resume.link],
  share: {Key: share.armored, LinkID: root.link.LinkID, Passphrase: shareLocked.Passphrase, PassphraseSignature: shareLocked.PassphraseSignature, ShareID: id('share')},
  volumeId: id('volume'),
}

const header = `/**
 * GENERATED by scripts/generate-sandbox-drive.js (once, then committed): the
 * seeded drive volume, its share, folders and files, encrypted for the primary
 * address key of key-fixture.ts. \`expected\` is what tests read back (never
 * served). Test data only: these keys protect nothing.
 */
`
writeFileSync(new URL('../src/sandbox/fixtures/drive-fixture.ts', import.meta.url), `${header}export const DRIVE_FIXTURE = ${JSON.stringify(fixture, null, 2)} as const\n`)
