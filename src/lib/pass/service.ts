/**
 * The Pass routes, as the official Pass CLI sends them (protonpass/pass-cli, crate `pass`):
 *
 * - GET /pass/v1/share → {Shares}; a vault is TargetType 1, its Content the Vault protobuf under its share key of
 *   ContentKeyRotation (share/list.rs, vault/list.rs open_vault_share_content);
 * - GET /pass/v1/share/ID/key?Page&PageSize → {ShareKeys: {Keys: [{KeyRotation, Key, UserKeyID}], Total}}, pages
 *   from 0 of 100 until one comes back short (share/keys.rs get_share_keys_paginated; pagination.rs);
 * - GET /pass/v1/share/ID/item?PageSize[&Since] → {Items: {RevisionsData, LastToken, Total}}, Since the last page's
 *   LastToken until a page comes back short or without one (item/list.rs fetch_items, SincePagination);
 * - GET /pass/v1/share/ID/item/ITEM → {Item} (item/get_one.rs fetch_item_revision);
 * - POST /pass/v1/share/ID/item {KeyRotation, ContentFormatVersion, Content, ItemKey} (item/create/common.rs);
 *   PUT /pass/v1/share/ID/item/ITEM {KeyRotation, LastRevision, Content, ContentFormatVersion} (item/update.rs);
 * - POST /pass/v1/share/ID/item/trash and …/untrash {Items: [{ItemID, Revision}]} (item/trash.rs); DELETE
 *   /pass/v1/share/ID/item {Items, SkipTrash} (item/delete.rs);
 * - POST /pass/v1/vault {AddressID, Content, ContentFormatVersion, EncryptedVaultKey} → {Share}; DELETE
 *   /pass/v1/vault/ID (vault/create.rs, vault/delete.rs);
 * - GET /pass/v1/share/ID/alias/options → {Options: {Suffixes, Mailboxes, CanCreateAlias}}; POST
 *   /pass/v1/share/ID/alias/custom {Prefix, SignedSuffix, MailboxIDs, AliasName, Item} → {Item} with AliasEmail
 *   (item/alias/options.rs, item/alias/create.rs).
 *
 * The constants: ContentFormatVersion 7 for items and 1 for vaults (pass/src/constants.rs); item State 1 active,
 * 2 trashed (pass-domain models/item/mod.rs ItemState).
 */
import type {PrivateKey} from 'openpgp'

import {fromBinary} from '@bufbuild/protobuf'

import {accountKeys, sessionClientKey} from '../account/keys.ts'
import {isRecord, type JsonRecord} from '../core/records.ts'
import {idSegment} from '../http/path-segment.ts'
import type {PlannedRequest} from '../run/dry-run.ts'
import {activeSession, attempt, call, settle} from '../run/api.ts'
import {authError, CliFailure, unavailableError} from '../core/errors.ts'
import {EXIT} from '../core/exit-status.ts'
import type {Invocation} from '../run/invocation.ts'
import {asKey, fromBase64, open, openShareKey, PassCryptoError, type PassKey} from './crypto.ts'
import {type Item, ItemSchema} from './proto/item_v1_pb.ts'
import {type Vault, VaultSchema} from './proto/vault_v1_pb.ts'
import {PassNames} from './sealed-names.ts'

export const ITEM_CONTENT_FORMAT_VERSION = 7
export const VAULT_CONTENT_FORMAT_VERSION = 1
export const STATE_ACTIVE = 1
export const STATE_TRASHED = 2
const TARGET_VAULT = 1
export const PAGE_SIZE = 100
/** At most this many pages of items or keys per vault (10 million items): a service that never stops paging is refused. */
const MAX_PAGES = 100_000
/** An item's encrypted content larger than this (base64) is refused before it is decoded. */
export const MAX_ITEM_CONTENT = 1024 * 1024

export const EXTRA_PASSWORD = 'this account locks Proton Pass with an extra Pass password (SRP at /pass/v1/user/srp/…), which this tool cannot unlock yet: use the official Pass clients'

/** A failure of Pass data from the service (a key or item that does not open): exit 5, one line. */
export function passDataError(error: unknown): never {
  if (error instanceof PassCryptoError) throw new CliFailure(error.message, EXIT.UNAVAILABLE)
  throw error
}

export interface OpenedVault {
  shareId: string
  vaultId: string
  content: Vault
  /** The raw share as the service sent it (no key material: Content is encrypted). */
  share: JsonRecord
}

/** An item revision from the service, with its opened protobuf; the raw record carries only encrypted fields. */
export interface OpenedItem {
  vault: OpenedVault
  revision: JsonRecord
  itemId: string
  itemKey: Buffer
  keyRotation: number
  item: Item
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '')
const number = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : Number.NaN)

/** What one run of a Pass command holds: the user keys, and each vault's opened share keys by rotation. */
export class PassSession {
  readonly invocation: Invocation
  private userKeys?: Promise<{keys: PrivateKey[]; primary?: PrivateKey}>
  private readonly shareKeys = new Map<string, Promise<Map<number, PassKey>>>()
  private signing = false
  /** The sealed names completion offers (sealed-names.ts), noted as they are decrypted; set once the keys are. */
  private names?: PassNames

  constructor(invocation: Invocation, {signing = false} = {}) {
    this.invocation = invocation
    this.signing = signing
  }

  request(planned: PlannedRequest, subject?: string): Promise<JsonRecord> {
    return call(this.invocation, planned, subject).then((answer) => (isRecord(answer.data) ? answer.data : {}))
  }

  /** The account's user keys, through the one place that unlocks them (accountKeys); `signing`: the primary one whole, to sign with. */
  keys(): Promise<{keys: PrivateKey[]; primary?: PrivateKey}> {
    this.userKeys ??= accountKeys(this.invocation).then(async (account) => {
      const session = await activeSession(this.invocation)
      if (session.source === 'file') this.names = new PassNames(this.invocation.context.cacheDir, session, await sessionClientKey(this.invocation))
      return {keys: account.userKeys, primary: this.signing ? await account.primaryUserKey() : undefined}
    })
    return this.userKeys
  }

  /** The names this run decrypted, kept sealed for completion (written only when they changed); `change` first notes a change the run made. */
  async keepNames(change?: (names: PassNames) => void): Promise<void> {
    if (!this.names) return
    change?.(this.names)
    await this.names.write()
  }

  /** The vault shares (TargetType 1), as the service lists them: not opened yet. */
  async vaultShares(): Promise<JsonRecord[]> {
    const outcome = await attempt(this.invocation, {method: 'GET', path: '/pass/v1/share'})
    if (!outcome.ok) {
      // Refused, and the session lacks the `pass` scope: the account locks Pass with an extra password
      // (pass-cli pass-auth/src/store.rs needs_extra_password; its unlock: SRP at /pass/v1/user/srp/info and
      // /pass/v1/user/srp/auth, pass-auth/src/extra_password.rs), which this tool cannot give yet.
      const scopes = (await activeSession(this.invocation)).stored?.Scopes
      if (outcome.failure.exitStatus === EXIT.AUTH && Array.isArray(scopes) && !scopes.includes('pass')) throw authError(EXTRA_PASSWORD)
    }

    const settled = await settle(this.invocation, outcome)
    if (typeof settled === 'number') this.invocation.exit(settled)
    const answer = isRecord(settled.data) ? settled.data : {}
    return (Array.isArray(answer.Shares) ? answer.Shares : []).filter(isRecord).filter((share) => share.TargetType === TARGET_VAULT)
  }

  /** Every vault, opened in the service's order; the first that does not open ends the command (exit 5). */
  async vaults(): Promise<OpenedVault[]> {
    const vaults: OpenedVault[] = []
    for (const share of await this.vaultShares()) vaults.push(await this.openVault(share))
    this.names?.allVaults(vaults.map((vault) => vault.shareId))
    return vaults
  }

  async openVault(share: JsonRecord): Promise<OpenedVault> {
    const shareId = text(share.ShareID)
    const what = `the content of vault share ${shareId}`
    try {
      const key = await this.shareKey(shareId, number(share.ContentKeyRotation))
      const plain = open(key, fromBase64(share.Content, what), 'vaultcontent', what)
      let content: Vault
      try {
        content = fromBinary(VaultSchema, plain)
      } catch {
        throw new PassCryptoError(`${what} is not a Vault protobuf`)
      }

      this.names?.vault(shareId, content.name)
      return {content, share, shareId, vaultId: text(share.VaultID)}
    } catch (error) {
      return passDataError(error)
    }
  }

  /** The share key of `rotation`, opened; an unknown rotation is refused. */
  async shareKey(shareId: string, rotation: number): Promise<PassKey> {
    const keys = await this.shareKeysOf(shareId)
    const key = keys.get(rotation)
    if (key === undefined) throw new PassCryptoError(`share ${shareId} has no key of rotation ${Number.isNaN(rotation) ? '(none given)' : rotation} (it has ${[...keys.keys()].join(', ') || 'none'})`)
    return key
  }

  /** The newest rotation and its key (a new item's key is encrypted under it). */
  async latestShareKey(shareId: string): Promise<{key: PassKey; rotation: number}> {
    const keys = await this.shareKeysOf(shareId)
    const rotation = Math.max(...keys.keys())
    if (!Number.isFinite(rotation)) throw new CliFailure(`share ${shareId} has no keys`, EXIT.UNAVAILABLE)
    return {key: keys.get(rotation) as PassKey, rotation}
  }

  private shareKeysOf(shareId: string): Promise<Map<number, PassKey>> {
    let keys = this.shareKeys.get(shareId)
    if (!keys) {
      keys = this.fetchShareKeys(shareId)
      this.shareKeys.set(shareId, keys)
    }

    return keys
  }

  /** Each rotation's key, made a KeyObject once (asKey: node:crypto takes it without a costly check). */
  private async fetchShareKeys(shareId: string): Promise<Map<number, PassKey>> {
    const {keys: userKeys} = await this.keys()
    const opened = new Map<number, PassKey>()
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await this.request({
        method: 'GET',
        path: `/pass/v1/share/${idSegment(shareId)}/key`,
        query: [
          ['Page', String(page)],
          ['PageSize', String(PAGE_SIZE)],
        ],
      })
      const keys = isRecord(answer.ShareKeys) && Array.isArray(answer.ShareKeys.Keys) ? answer.ShareKeys.Keys.filter(isRecord) : []
      for (const key of keys) {
        const rotation = number(key.KeyRotation)
        opened.set(rotation, asKey(await openShareKey(key.Key, userKeys, `the share key of rotation ${rotation} of share ${shareId}`).catch(passDataError)))
      }

      if (keys.length < PAGE_SIZE) return opened
    }

    throw unavailableError(`share ${shareId}: the service kept paging share keys past ${MAX_PAGES} pages`)
  }

  /**
   * Every item revision of a vault, a page at a time, each page handed to `each` and then dropped: memory stays
   * that of one page whatever the vault holds.
   */
  async eachItemPage(vault: OpenedVault, each: (revisions: JsonRecord[]) => Promise<void>): Promise<void> {
    let since: string | undefined
    const seen = new Set<string>()
    /** The items whose names are kept that are still there (bounded as the kept names are). */
    const kept = new Set<string>()
    for (let page = 0; page < MAX_PAGES; page++) {
      const query: Array<[string, string]> = [['PageSize', String(PAGE_SIZE)]]
      if (since !== undefined) query.push(['Since', since])
      const answer = await this.request({method: 'GET', path: `/pass/v1/share/${idSegment(vault.shareId)}/item`, query})
      const items = isRecord(answer.Items) ? answer.Items : {}
      const revisions = Array.isArray(items.RevisionsData) ? items.RevisionsData.filter(isRecord) : []
      await each(revisions)
      for (const revision of revisions) if (this.names?.has(vault.shareId, text(revision.ItemID))) kept.add(text(revision.ItemID))
      const token = typeof items.LastToken === 'string' && items.LastToken !== '' ? items.LastToken : undefined
      if (revisions.length < PAGE_SIZE || token === undefined) {
        this.names?.allItems(vault.shareId, kept)
        return
      }
      if (seen.has(token)) throw unavailableError(`vault ${vault.content.name}: the service answered the same page token twice (LastToken ${token.slice(0, 40)})`)
      seen.add(token)
      since = token
    }

    throw unavailableError(`vault ${vault.content.name}: the service kept paging items past ${MAX_PAGES} pages`)
  }

  /** One item revision opened: its key with the share key of its rotation (`itemkey`), its content with that key (`itemcontent`). */
  async openItem(vault: OpenedVault, revision: JsonRecord): Promise<OpenedItem> {
    const itemId = text(revision.ItemID)
    const what = `item ${itemId} of vault ${vault.content.name}`
    try {
      const keyRotation = number(revision.KeyRotation)
      if (typeof revision.Content === 'string' && revision.Content.length > MAX_ITEM_CONTENT) throw new PassCryptoError(`${what}: its content is over ${MAX_ITEM_CONTENT} bytes of base64, refused`)
      if (typeof revision.ItemKey !== 'string') throw new PassCryptoError(`${what} carries no item key`)
      const shareKey = await this.shareKey(vault.shareId, keyRotation)
      const itemKey = open(shareKey, fromBase64(revision.ItemKey, `the key of ${what}`), 'itemkey', `the key of ${what}`)
      const content = open(itemKey, fromBase64(revision.Content, `the content of ${what}`), 'itemcontent', `the content of ${what}`)
      let item: Item
      try {
        item = fromBinary(ItemSchema, content)
      } catch {
        throw new PassCryptoError(`the content of ${what} is not an Item protobuf`)
      }

      this.names?.item(vault.shareId, itemId, item.metadata?.name ?? '')
      return {item, itemId, itemKey, keyRotation, revision, vault}
    } catch (error) {
      return passDataError(error)
    }
  }

  /** The item's latest revision, as the service has it now. */
  async fetchItem(vault: OpenedVault, itemId: string): Promise<OpenedItem> {
    const answer = await this.request({method: 'GET', path: `/pass/v1/share/${idSegment(vault.shareId)}/item/${idSegment(itemId)}`})
    if (!isRecord(answer.Item)) throw unavailableError(`item ${itemId}: the service's answer holds no Item`)
    return this.openItem(vault, answer.Item)
  }
}
