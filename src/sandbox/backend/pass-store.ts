/**
 * The sandbox's Proton Pass account in the service's shapes (pass-cli pass/src/share/list.rs ShareResponse,
 * share/keys.rs ShareKeyResponse, item/list.rs ItemRevision): vault shares, their share keys by rotation, and their
 * item revisions. Nothing is decrypted here: what clients send (Content, ItemKey, EncryptedVaultKey) is kept as it
 * was sent, checked only for its shape, so what the tool stores is what an independent reader gets back.
 */
import {createHmac, randomBytes} from 'node:crypto'

import {CODE} from '../../lib/contract/contract.ts'
import {SandboxError} from './api-error.ts'
import {newId} from './ids.ts'
import type {JsonObject} from './validation.ts'
import {PASS_FIXTURE} from '../fixtures/pass-fixture.ts'

/** Item states (pass-domain models/item/mod.rs ItemState). */
export const ACTIVE = 1
export const TRASHED = 2
/** The sandbox's bound on one item's encrypted content (base64): larger ones are refused (422). */
const MAX_CONTENT = 2 * 1024 * 1024
const ALIAS_DOMAIN = 'passmail.test'

type Row = Record<string, unknown>

interface ShareRow {
  share: Row
  keys: Row[]
  items: Row[]
}

export function invalid(message: string): SandboxError {
  return new SandboxError(422, CODE.INVALID_REQUIREMENT_ERROR, message)
}

const notFound = (what: string) => new SandboxError(404, CODE.NOT_FOUND_ERROR, `${what} does not exist`)
const isBase64 = (value: unknown, max = MAX_CONTENT): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= max && value.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(value)
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0

export class PassStore {
  private readonly shares: ShareRow[] = []
  private readonly now: () => number
  /** Signs alias suffixes, as the service signs the SignedSuffix it hands out (the client sends it back unchanged). */
  private readonly suffixKey = randomBytes(32)
  /** Items another client is to change just before the next update reaches them (a control: a conflict on demand). */
  private readonly raced = new Set<string>()

  constructor(now: () => number) {
    this.now = now
    for (const {items, keys, share} of PASS_FIXTURE.shares) this.shares.push({items: items.map((item) => ({...item})), keys: keys.map((key) => ({...key})), share: {...share}})
  }

  private seconds(): number {
    return Math.floor(this.now() / 1000)
  }

  listShares(): Row[] {
    return this.shares.map(({share}) => share)
  }

  private shareRow(shareId: string): ShareRow {
    const row = this.shares.find(({share}) => share.ShareID === shareId)
    if (!row) throw notFound('Share')
    return row
  }

  keyPage(shareId: string, page: number, pageSize: number): {keys: Row[]; total: number} {
    const {keys} = this.shareRow(shareId)
    return {keys: keys.slice(page * pageSize, (page + 1) * pageSize), total: keys.length}
  }

  /** Items in insertion order after the one named by `since` (the previous page's LastToken). */
  itemPage(shareId: string, since: string | null, pageSize: number): {items: Row[]; last: string | null; total: number} {
    const {items} = this.shareRow(shareId)
    let start = 0
    if (since !== null) {
      const at = items.findIndex((item) => item.ItemID === since)
      if (at === -1) throw invalid('Since is not a token this share gave')
      start = at + 1
    }

    const page = items.slice(start, start + pageSize)
    return {items: page, last: page.length > 0 ? String(page.at(-1)?.ItemID) : null, total: items.length}
  }

  item(shareId: string, itemId: string): Row {
    const item = this.shareRow(shareId).items.find((candidate) => candidate.ItemID === itemId)
    if (!item) throw notFound('Item')
    return item
  }

  private rotationOf(row: ShareRow, value: unknown): number {
    if (!row.keys.some((key) => key.KeyRotation === value)) throw invalid('KeyRotation is not a rotation of this share')
    return value as number
  }

  /** A new item as the client sent it (pass-cli item/create/common.rs CreateItemRequest). */
  createItem(shareId: string, body: JsonObject, aliasEmail: string | null = null): Row {
    const row = this.shareRow(shareId)
    const {Content, ContentFormatVersion, ItemKey, KeyRotation} = body
    if (!isBase64(Content)) throw invalid(`Content must be base64, at most ${MAX_CONTENT} characters`)
    if (!isBase64(ItemKey, 1024)) throw invalid('ItemKey must be base64')
    if (!isCount(ContentFormatVersion) || ContentFormatVersion < 1) throw invalid('ContentFormatVersion must be a positive integer')
    const now = this.seconds()
    const item: Row = {
      AliasEmail: aliasEmail,
      Content,
      ContentFormatVersion,
      CreateTime: now,
      Flags: 0,
      ItemID: newId(),
      ItemKey,
      KeyRotation: this.rotationOf(row, KeyRotation),
      LastUseTime: null,
      ModifyTime: now,
      Pinned: false,
      Revision: 1,
      RevisionTime: now,
      State: ACTIVE,
    }
    row.items.push(item)
    return item
  }

  /** A new revision (pass-cli item/update.rs UpdateItemRequest): LastRevision must be the item's revision, else 409. */
  updateItem(shareId: string, itemId: string, body: JsonObject): Row {
    const row = this.shareRow(shareId)
    const item = this.item(shareId, itemId)
    const {Content, ContentFormatVersion, KeyRotation, LastRevision} = body
    if (!isBase64(Content)) throw invalid(`Content must be base64, at most ${MAX_CONTENT} characters`)
    if (!isCount(ContentFormatVersion) || ContentFormatVersion < 1) throw invalid('ContentFormatVersion must be a positive integer')
    if (!isCount(LastRevision)) throw invalid('LastRevision must be an integer')
    if (KeyRotation !== item.KeyRotation) this.rotationOf(row, KeyRotation)
    if (this.raced.delete(itemId)) item.Revision = (item.Revision as number) + 1
    if (LastRevision !== item.Revision) throw new SandboxError(409, CODE.ALREADY_EXISTS_ERROR, `Item has a newer revision (${String(item.Revision)}) than LastRevision`)
    const now = this.seconds()
    Object.assign(item, {Content, ContentFormatVersion, ModifyTime: now, Revision: (item.Revision as number) + 1, RevisionTime: now})
    return item
  }

  /** Items named by {ItemID, Revision} (pass-cli item/trash.rs, item/delete.rs), each at its current revision. */
  private named(shareId: string, body: JsonObject): Row[] {
    const list = body.Items
    if (!Array.isArray(list) || list.length === 0 || list.length > 100) throw invalid('Items must hold 1 to 100 {ItemID, Revision}')
    return list.map((entry: unknown, index) => {
      const {ItemID, Revision} = (entry ?? {}) as JsonObject
      if (typeof ItemID !== 'string' || !isCount(Revision)) throw invalid(`Items[${index}] must be {ItemID, Revision}`)
      const item = this.item(shareId, ItemID)
      if (item.Revision !== Revision) throw new SandboxError(409, CODE.ALREADY_EXISTS_ERROR, `Items[${index}]: the item has another revision`)
      return item
    })
  }

  setState(shareId: string, body: JsonObject, state: number): Row[] {
    const items = this.named(shareId, body)
    for (const item of items) Object.assign(item, {ModifyTime: this.seconds(), State: state})
    return items.map(({ItemID, Revision, State}) => ({ItemID, Revision, State}))
  }

  deleteItems(shareId: string, body: JsonObject): void {
    const row = this.shareRow(shareId)
    const doomed = new Set(this.named(shareId, body))
    row.items = row.items.filter((item) => !doomed.has(item))
  }

  /** A new vault (pass-cli vault/create.rs CreateVaultRequest): its key becomes rotation 1, its content kept as sent. */
  createVault(body: JsonObject, addressIds: ReadonlySet<string>): Row {
    const {AddressID, Content, ContentFormatVersion, EncryptedVaultKey} = body
    if (typeof AddressID !== 'string' || !addressIds.has(AddressID)) throw invalid('AddressID is not an address of this account')
    if (!isBase64(Content, 64 * 1024)) throw invalid('Content must be base64')
    if (!isBase64(EncryptedVaultKey, 64 * 1024)) throw invalid('EncryptedVaultKey must be base64')
    if (!isCount(ContentFormatVersion) || ContentFormatVersion < 1) throw invalid('ContentFormatVersion must be a positive integer')
    const now = this.seconds()
    const vaultId = newId()
    const share: Row = {
      AddressID,
      Content,
      ContentFormatVersion,
      ContentKeyRotation: 1,
      CreateTime: now,
      Owner: true,
      Permission: 1,
      ShareID: newId(),
      ShareRoleID: '1',
      TargetID: vaultId,
      TargetType: 1,
      VaultID: vaultId,
    }
    this.shares.push({items: [], keys: [{CreateTime: now, Key: EncryptedVaultKey, KeyRotation: 1, UserKeyID: 'uk'}], share})
    return share
  }

  deleteVault(shareId: string): void {
    const row = this.shareRow(shareId)
    this.shares.splice(this.shares.indexOf(row), 1)
  }

  /** Alias options (pass-cli item/alias/options.rs): suffixes signed by the sandbox, one mailbox per address. */
  aliasOptions(shareId: string, mailboxes: ReadonlyArray<{ID: string; Email: string}>): Row {
    this.shareRow(shareId)
    const suffixes = ['.k3x9', '.q7m2'].map((part) => `${part}@${ALIAS_DOMAIN}`)
    return {
      CanCreateAlias: true,
      Mailboxes: mailboxes.map(({Email}, index) => ({Email, ID: index + 1})),
      Suffixes: suffixes.map((Suffix) => ({Domain: ALIAS_DOMAIN, IsCustom: false, IsPremium: false, SignedSuffix: `${Suffix}.${this.sign(Suffix)}`, Suffix})),
    }
  }

  private sign(suffix: string): string {
    return createHmac('sha256', this.suffixKey).update(suffix).digest('base64url')
  }

  /** A custom alias (pass-cli item/alias/create.rs CreateAliasRequest): its suffix as signed here, its item as sent. */
  createAlias(shareId: string, body: JsonObject, mailboxCount: number): Row {
    const {AliasName, Item, MailboxIDs, Prefix, SignedSuffix} = body
    if (typeof Prefix !== 'string' || !/^[a-z0-9][a-z0-9._-]{0,39}$/.test(Prefix)) throw invalid('Prefix must be 1 to 40 of a-z, 0-9, ".", "_", "-", beginning with a letter or digit')
    const signed = typeof SignedSuffix === 'string' ? /^(.+)\.([\w-]+)$/.exec(SignedSuffix) : null
    if (!signed || signed[2] !== this.sign(signed[1])) throw invalid('SignedSuffix is not one this service signed')
    if (!Array.isArray(MailboxIDs) || MailboxIDs.length === 0 || !MailboxIDs.every((id) => Number.isInteger(id) && id >= 1 && id <= mailboxCount))
      throw invalid('MailboxIDs must name mailboxes of the alias options')
    if (AliasName !== undefined && AliasName !== null && typeof AliasName !== 'string') throw invalid('AliasName must be a string')
    const email = `${Prefix}${signed[1]}`
    if (this.shares.some(({items}) => items.some((item) => item.AliasEmail === email))) throw new SandboxError(409, CODE.ALREADY_EXISTS_ERROR, 'Alias already exists')
    return this.createItem(shareId, (Item ?? {}) as JsonObject, email)
  }

  /** Control: a share key added as given (a test's hostile one). */
  addKey(shareId: string, body: JsonObject): void {
    const {Key, KeyRotation} = body
    if (!isBase64(Key, 64 * 1024) || !isCount(KeyRotation)) throw invalid('a key is {KeyRotation, Key (base64)}')
    this.shareRow(shareId).keys.push({CreateTime: this.seconds(), Key, KeyRotation, UserKeyID: 'uk'})
  }

  /** Control: an item revision added as given, `Count` times with new IDs (a test's tampered or very many items); the first ten IDs. */
  addItems(shareId: string, body: JsonObject): string[] {
    const {Count = 1, Item} = body
    if (!isCount(Count) || Count < 1 || Count > 200_000) throw invalid('Count must be from 1 to 200000')
    if (typeof Item !== 'object' || Item === null) throw invalid('Item must be an item revision')
    const row = this.shareRow(shareId)
    const ids: string[] = []
    for (let index = 0; index < Count; index++) {
      const ItemID = Count === 1 && typeof (Item as Row).ItemID === 'string' ? (Item as Row).ItemID : `${newId().slice(0, 24)}${index}`
      row.items.push({...(Item as Row), ItemID})
      if (ids.length < 10) ids.push(String(ItemID))
    }

    return ids
  }

  /** Control: the next update of this item finds a revision another client made since it was read. */
  race(itemId: string): void {
    this.raced.add(itemId)
  }

  /** Control: every share with its keys and items, as stored (what clients sent). */
  dump(): ShareRow[] {
    return this.shares
  }
}
