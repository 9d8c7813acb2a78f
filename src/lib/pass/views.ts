/** How the `pass` commands show what they name: a name quoted, a time, an item as `items list` shows it. */
import {escapeLine} from '../core/escape.ts'
import {itemType} from './fields.ts'
import {type OpenedItem, STATE_TRASHED} from './service.ts'

export const quoted = (text: string) => `"${escapeLine(text)}"`
export const iso = (seconds: unknown) => (typeof seconds === 'number' && Number.isFinite(seconds) ? new Date(seconds * 1000).toISOString().replace('.000Z', 'Z') : '')

/** An item as `items list` shows it: never a field of its content beyond its name and type. */
export const itemSummary = (opened: OpenedItem) => ({
  ID: opened.itemId,
  ModifyTime: opened.revision.ModifyTime,
  Name: opened.item.metadata?.name ?? '',
  Revision: opened.revision.Revision,
  ShareID: opened.vault.shareId,
  State: opened.revision.State === STATE_TRASHED ? 'trashed' : 'active',
  Type: itemType(opened.item),
  Vault: opened.vault.content.name,
  ...(typeof opened.revision.AliasEmail === 'string' ? {AliasEmail: opened.revision.AliasEmail} : {}),
})
