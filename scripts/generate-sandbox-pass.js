#!/usr/bin/env node
/**
 * Writes src/sandbox/fixtures/pass-fixture.ts: the sandbox's Proton Pass account, generated ONCE and committed,
 * made here apart from the tool's own code (src/lib/pass), so that the tool is tested against data it did not make:
 *
 * - share keys: OpenPGP.js encrypts each 32-byte key to the sandbox's primary user key (src/sandbox/
 *   fixtures/key-fixture.ts) and signs it with that key (WebClients packages/pass/lib/crypto/processes/vault/create-vault.ts;
 *   pass-cli pass/src/vault/create.rs encrypt_and_sign);
 * - protobuf: protobufjs, by reflection over the vendored .proto files (vendor/pass-proto), not the tool's
 *   generated code (@bufbuild/protobuf);
 * - AES-256-GCM: WebCrypto (crypto.subtle), not the tool's node:crypto ciphers; the 12-byte IV first, the additional
 *   data `vaultcontent`, `itemkey`, `itemcontent` (pass-cli pass-domain/src/crypto.rs).
 *
 * The account: vault "Personal" with two share-key rotations (its content under rotation 2; one login's key under
 * rotation 1, the rest under 2) holding logins with non-ASCII names, a note, an alias, a login with a TOTP URI and a
 * trashed login; vault "Work" (one rotation) holding a login whose protobuf carries fields this .proto does not know
 * (numbers 15 in Item and 16 in ItemLogin), which an edit must keep. Run again after scripts/generate-sandbox-keys.js
 * made new keys: `node scripts/generate-sandbox-pass.js`.
 */
import {webcrypto} from 'node:crypto'
import {writeFileSync} from 'node:fs'
import {fileURLToPath} from 'node:url'

import bcrypt from 'bcryptjs'
import * as openpgp from 'openpgp'
import protobuf from 'protobufjs'

const {KEY_FIXTURE} = await import(new URL('../src/sandbox/fixtures/key-fixture.ts', import.meta.url).href)

const salt = Buffer.from(KEY_FIXTURE.keySalt, 'base64')
const passphrase = bcrypt.hashSync(KEY_FIXTURE.password, `$2y$10$${bcrypt.encodeBase64(salt, 16)}`).slice(-31)
const userKey = await openpgp.decryptKey({passphrase, privateKey: await openpgp.readPrivateKey({armoredKey: KEY_FIXTURE.userKey})})

const root = await protobuf.load(['item_v1.proto', 'vault_v1.proto'].map((file) => fileURLToPath(new URL(`../vendor/pass-proto/${file}`, import.meta.url))))
const ItemType = root.lookupType('proton_pass_item_v1.Item')
const VaultType = root.lookupType('proton_pass_vault_v1.Vault')

const b64 = (bytes) => Buffer.from(bytes).toString('base64')
const random = (length) => webcrypto.getRandomValues(new Uint8Array(length))

async function gcm(key, data, tag) {
  const iv = random(12)
  const cryptoKey = await webcrypto.subtle.importKey('raw', key, 'AES-GCM', false, ['encrypt'])
  const sealed = new Uint8Array(await webcrypto.subtle.encrypt({additionalData: new TextEncoder().encode(tag), iv, name: 'AES-GCM', tagLength: 128}, cryptoKey, data))
  return Buffer.concat([iv, sealed])
}

async function shareKey(key, rotation) {
  const message = await openpgp.createMessage({binary: key})
  const Key = b64(await openpgp.encrypt({encryptionKeys: userKey.toPublic(), format: 'binary', message, signingKeys: userKey}))
  return {CreateTime: 1767225600 + rotation * 86400, Key, KeyRotation: rotation, UserKeyID: 'uk'}
}

/** An Item message's bytes, with `extra` (raw protobuf bytes of unknown fields) appended where given. */
function itemBytes(fields, extra = Buffer.alloc(0)) {
  const problem = ItemType.verify(fields)
  if (problem) throw new Error(problem)
  return Buffer.concat([ItemType.encode(ItemType.fromObject(fields)).finish(), extra])
}

async function item(shareKeys, rotation, bytes, {aliasEmail = null, id, modify, state = 1} = {}) {
  const itemKey = random(32)
  return {
    AliasEmail: aliasEmail,
    Content: b64(await gcm(itemKey, bytes, 'itemcontent')),
    ContentFormatVersion: 7,
    CreateTime: modify - 3600,
    Flags: 0,
    ItemID: id,
    ItemKey: b64(await gcm(shareKeys[rotation], itemKey, 'itemkey')),
    KeyRotation: rotation,
    LastUseTime: null,
    ModifyTime: modify,
    Pinned: false,
    Revision: 1,
    RevisionTime: modify,
    State: state,
  }
}

const metadata = (name, note = '') => ({itemUuid: `uuid-${name.length}-${Buffer.from(name).toString('hex').slice(0, 12)}`, name, note})
const login = (fields) => ({login: {itemEmail: '', itemUsername: '', password: '', passkeys: [], totpUri: '', urls: [], ...fields}})

// Personal: rotations 1 and 2.
const personalKeys = {1: random(32), 2: random(32)}
const workKeys = {1: random(32)}
const personal = {
  Content: b64(await gcm(personalKeys[2], VaultType.encode(VaultType.fromObject({description: 'Mes comptes à moi', display: {color: 3, icon: 4}, name: 'Personal'})).finish(), 'vaultcontent')),
  ContentFormatVersion: 1,
  ContentKeyRotation: 2,
  CreateTime: 1767225600,
  Owner: true,
  Permission: 1,
  ShareID: 'pass-share-personal-0000000000000000000000000000000000000000000000000000000000==',
  ShareRoleID: '1',
  TargetID: 'pass-vault-personal',
  TargetType: 1,
  VaultID: 'pass-vault-personal',
}
const work = {
  ...personal,
  Content: b64(await gcm(workKeys[1], VaultType.encode(VaultType.fromObject({description: '', name: 'Work'})).finish(), 'vaultcontent')),
  ContentKeyRotation: 1,
  ShareID: 'pass-share-work-000000000000000000000000000000000000000000000000000000000000==',
  TargetID: 'pass-vault-work',
  VaultID: 'pass-vault-work',
}

// Unknown fields: Item field 15 (a string "future"), and ItemLogin field 16 (varint 42), as a later client might add.
const unknownItemField = Buffer.from([0x7a, 6, ...Buffer.from('future')])
// Item { metadata = 1, content = 2 { login = 3 { …, field 16 } }, field 15 }, put together by hand (each part under 128 bytes).
const field = (tag, bytes) => {
  if (bytes.length > 127) throw new Error('a hand-made field is over 127 bytes')
  return Buffer.concat([Buffer.from([tag, bytes.length]), bytes])
}

const loginMessage = Buffer.concat([
  root
    .lookupType('proton_pass_item_v1.ItemLogin')
    .encode({itemUsername: 'deploy', password: 'w0rk-s3cret', urls: ['https://git.example.test']})
    .finish(),
  Buffer.from([0x80, 0x01, 42]),
])
const contentMessage = field(0x1a, loginMessage)
const metadataMessage = root.lookupType('proton_pass_item_v1.Metadata').encode(metadata('GitLab')).finish()
const gitlab = Buffer.concat([field(0x0a, metadataMessage), field(0x12, contentMessage), unknownItemField])
if (ItemType.decode(gitlab).content.login.itemUsername !== 'deploy') throw new Error('the GitLab item does not parse')

const personalItems = [
  await item(
    personalKeys,
    1,
    itemBytes({
      content: login({itemEmail: 'léa@example.test', itemUsername: 'léa', password: 'Crème brûlée 42!', urls: ['https://café.example.test/login', 'https://www.example.test']}),
      metadata: metadata('Café Zürich', 'Compte du café, carte de fidélité'),
    }),
    {id: 'pass-item-cafe', modify: 1767312000},
  ),
  await item(
    personalKeys,
    2,
    itemBytes({
      content: login({
        itemUsername: 'ivan',
        password: 'пароль-секрет',
        totpUri: 'otpauth://totp/Bank:ivan?secret=JBSWY3DPEHPK3PXP&issuer=Bank&algorithm=SHA1&digits=6&period=30',
        urls: ['https://bank.example.test'],
      }),
      extraFields: [
        {fieldName: 'PIN', hidden: {content: '4321'}},
        {fieldName: 'Account', text: {content: 'NL00 TEST 0123 4567 89'}},
      ],
      metadata: metadata('Банк 🏦'),
    }),
    {id: 'pass-item-bank', modify: 1767398400},
  ),
  await item(personalKeys, 2, itemBytes({content: {note: {}}, metadata: metadata('Wi-Fi notes', 'Router: admin / see label\nGuest network: Café-Gäste')}), {id: 'pass-item-note', modify: 1767484800}),
  await item(personalKeys, 2, itemBytes({content: {alias: {}}, metadata: metadata('Newsletters', 'for mailing lists')}), {
    aliasEmail: 'news.k3x9@passmail.test',
    id: 'pass-item-alias',
    modify: 1767571200,
  }),
  await item(personalKeys, 2, itemBytes({content: login({itemUsername: 'old', password: 'old-password'}), metadata: metadata('Old forum')}), {id: 'pass-item-trashed', modify: 1767657600, state: 2}),
]
const workItems = [await item(workKeys, 1, gitlab, {id: 'pass-item-gitlab', modify: 1767744000})]

const fixture = {
  shares: [
    {items: personalItems, keys: [await shareKey(personalKeys[1], 1), await shareKey(personalKeys[2], 2)], share: personal},
    {items: workItems, keys: [await shareKey(workKeys[1], 1)], share: work},
  ],
}
const header = `/**
 * GENERATED by scripts/generate-sandbox-pass.js (once, then committed): the sandbox's Pass vaults and items, their
 * share keys encrypted to and signed by the primary user key of key-fixture.ts with OpenPGP.js, the protobuf made by
 * protobufjs and AES-256-GCM by WebCrypto, apart from the tool's code. Test data only.
 */
export const PASS_FIXTURE = `
writeFileSync(new URL('../src/sandbox/fixtures/pass-fixture.ts', import.meta.url), `${header}${JSON.stringify(fixture, null, 2)} as const\n`)
