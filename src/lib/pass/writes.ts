/**
 * What the `pass` commands change: a request sent, or with --dry-run printed; a new vault or item sealed, an item
 * changed in place (WebClients packages/pass/lib/crypto/processes: vault/create-vault.ts, item/create-item.ts,
 * item/update-item.ts); what was written shown.
 */
import {create, toBinary} from '@bufbuild/protobuf'
import type {PrivateKey} from 'openpgp'

import {isRecord, type JsonRecord} from '../core/records.ts'
import type {PlannedRequest} from '../run/dry-run.ts'
import {printData, showDryRun} from '../run/printer.ts'
import {newKey, seal, sealShareKey} from './crypto.ts'
import {type Item, ItemSchema} from './proto/item_v1_pb.ts'
import {VaultColor, VaultIcon, VaultSchema} from './proto/vault_v1_pb.ts'
import {ITEM_CONTENT_FORMAT_VERSION, type OpenedItem, type OpenedVault, type PassSession, VAULT_CONTENT_FORMAT_VERSION} from './service.ts'
import {quoted} from './views.ts'

/**
 * A request that changes something: sent, or with --dry-run printed (method, URL, body: its content encrypted as it
 * would be sent) and not sent; undefined then, and the command stops.
 */
export async function write(pass: PassSession, planned: PlannedRequest, dryRun: boolean, subject?: string): Promise<JsonRecord | undefined> {
  if (!dryRun) return pass.request(planned, subject)
  await showDryRun(pass.invocation, [planned])
  return undefined
}

/**
 * A vault sealed as a new one (pass-cli vault/create.rs create_vault_request): the Vault protobuf under a new key
 * (`vaultcontent`), the key to the primary user key, signed.
 */
export async function newVaultRequest(primary: PrivateKey, addressId: string, name: string, description: string): Promise<Record<string, unknown>> {
  const key = newKey()
  // The display pass-cli gives a new vault (pass-domain models/vault.rs: VaultIcon and VaultColor default to ICON1, COLOR1).
  const content = toBinary(VaultSchema, create(VaultSchema, {description, display: {color: VaultColor.COLOR1, icon: VaultIcon.ICON1}, name}))
  return {
    AddressID: addressId,
    Content: seal(key, content, 'vaultcontent').toString('base64'),
    ContentFormatVersion: VAULT_CONTENT_FORMAT_VERSION,
    EncryptedVaultKey: await sealShareKey(key, primary),
  }
}

/** An item sealed as a new one (WebClients processes/item/create-item.ts): a new item key under the newest share key. */
export async function newItemRequest(pass: PassSession, vault: OpenedVault, item: Item): Promise<Record<string, unknown>> {
  const {key: shareKey, rotation} = await pass.latestShareKey(vault.shareId)
  const itemKey = newKey()
  return {
    Content: seal(itemKey, toBinary(ItemSchema, item), 'itemcontent').toString('base64'),
    ContentFormatVersion: ITEM_CONTENT_FORMAT_VERSION,
    ItemKey: seal(shareKey, itemKey, 'itemkey').toString('base64'),
    KeyRotation: rotation,
  }
}

/** An item changed in place (pass-cli item/update.rs, WebClients processes/item/update-item.ts): the same item key, LastRevision the revision read. */
export function editedItemRequest(current: OpenedItem, item: Item): Record<string, unknown> {
  return {
    Content: seal(current.itemKey, toBinary(ItemSchema, item), 'itemcontent').toString('base64'),
    ContentFormatVersion: ITEM_CONTENT_FORMAT_VERSION,
    KeyRotation: current.keyRotation,
    LastRevision: current.revision.Revision,
  }
}

export async function showWritten(pass: PassSession, vault: OpenedVault, answer: JsonRecord, name: string, verb: string): Promise<void> {
  const {invocation} = pass
  const written = isRecord(answer.Item) ? answer.Item : {}
  await pass.keepNames((names) => names.item(vault.shareId, String(written.ItemID ?? ''), name))
  const record = {
    ID: written.ItemID,
    Name: name,
    Revision: written.Revision,
    ShareID: vault.shareId,
    Vault: vault.content.name,
    ...(typeof written.AliasEmail === 'string' ? {AliasEmail: written.AliasEmail} : {}),
  }
  await printData(invocation, {Item: record}, () => String(written.AliasEmail ?? written.ItemID ?? ''))
  invocation.note(`${verb} ${quoted(name)} in vault ${quoted(vault.content.name)}.`)
}
