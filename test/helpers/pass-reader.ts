/**
 * Pass data read back apart from the tool's code (src/lib/pass): share keys opened with OpenPGP.js and the
 * fixture's user key, AES-256-GCM by WebCrypto, protobuf by protobufjs reflection over the vendored .proto files.
 * The e2e tests read what the tool stored in the sandbox with it, and make hostile data with it.
 */
import {webcrypto} from 'node:crypto'
import {fileURLToPath} from 'node:url'

import * as openpgp from 'openpgp'
import protobuf from 'protobufjs'

import {KEY_FIXTURE} from '../../src/sandbox/fixtures/key-fixture.ts'
import {FIXTURE_PASSPHRASE} from './fixture-account.ts'

const protoFile = (name: string) => fileURLToPath(new URL(`../../vendor/pass-proto/${name}`, import.meta.url))
const root = await protobuf.load([protoFile('item_v1.proto'), protoFile('vault_v1.proto')])
const ItemMessage = root.lookupType('proton_pass_item_v1.Item')
export const VaultMessage = root.lookupType('proton_pass_vault_v1.Vault')

export const userKey = await openpgp.decryptKey({passphrase: FIXTURE_PASSPHRASE, privateKey: await openpgp.readPrivateKey({armoredKey: KEY_FIXTURE.userKey})})

/** A share key (base64 of a binary OpenPGP message): decrypted, and its signature by the user key checked. */
export async function openShareKey(key: string): Promise<Uint8Array> {
  const message = await openpgp.readMessage({binaryMessage: Buffer.from(key, 'base64')})
  const {data, signatures} = await openpgp.decrypt({decryptionKeys: userKey, expectSigned: true, format: 'binary', message, verificationKeys: userKey.toPublic()})
  await signatures[0].verified
  return data
}

/** A share key as a client makes one, encrypted to the user key and signed by `signer` (another key, for a hostile one), or not signed. */
export async function makeShareKey(key: Uint8Array, signer: openpgp.PrivateKey | undefined): Promise<string> {
  const message = await openpgp.createMessage({binary: key})
  const sealed = signer
    ? await openpgp.encrypt({encryptionKeys: userKey.toPublic(), format: 'binary', message, signingKeys: signer})
    : await openpgp.encrypt({encryptionKeys: userKey.toPublic(), format: 'binary', message})
  return Buffer.from(sealed).toString('base64')
}

export async function gcmOpen(key: Uint8Array, sealed: Uint8Array, tag: string): Promise<Buffer> {
  const cryptoKey = await webcrypto.subtle.importKey('raw', key, 'AES-GCM', false, ['decrypt'])
  return Buffer.from(await webcrypto.subtle.decrypt({additionalData: new TextEncoder().encode(tag), iv: sealed.subarray(0, 12), name: 'AES-GCM', tagLength: 128}, cryptoKey, sealed.subarray(12)))
}

export interface StoredShare {
  share: Record<string, unknown>
  keys: Array<{KeyRotation: number; Key: string}>
  items: Array<Record<string, unknown> & {ItemID: string; Content: string; ItemKey: string; KeyRotation: number}>
}

/** The parts of a decoded Item the tests read (protobufjs toObject, default values left out). */
export interface DecodedItem {
  metadata: {name?: string; note?: string}
  content: {alias?: object; login?: {itemUsername?: string; password?: string; urls?: string[]}; note?: object}
}

/** An item as stored, opened: its item key with the share key of its rotation, its content's bytes and the parsed Item. */
export async function openStoredItem(share: StoredShare, item: StoredShare['items'][number]): Promise<{bytes: Buffer; item: DecodedItem}> {
  const key = share.keys.find((candidate) => candidate.KeyRotation === item.KeyRotation)
  if (!key) throw new Error(`no share key of rotation ${item.KeyRotation}`)
  const itemKey = await gcmOpen(await openShareKey(key.Key), Buffer.from(item.ItemKey, 'base64'), 'itemkey')
  const bytes = await gcmOpen(itemKey, Buffer.from(item.Content, 'base64'), 'itemcontent')
  return {bytes, item: ItemMessage.toObject(ItemMessage.decode(bytes), {defaults: false}) as DecodedItem}
}
