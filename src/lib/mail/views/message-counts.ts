/**
 * `mail count` as text: one row per mailbox, folder and label the service
 * counted, by name (a mailbox by its word, a folder by its path), with its
 * total and unread messages: the mailboxes first in their own order, then
 * the folders, then the labels, then anything the names did not cover (by
 * ID).
 */
import {MAILBOX_LABEL_IDS} from '../../contract/contract.ts'
import {cellText} from '../../output/cells.ts'
import type {JsonValue} from '../../core/json-value.ts'
import {isRecord, type JsonRecord, listOf} from '../../core/records.ts'
import type {Listing} from '../../output/table-style.ts'

const KIND_ORDER = ['mailbox', 'folder', 'label', '']

const numberText = (value: unknown) => (typeof value === 'number' || typeof value === 'bigint' ? String(value) : cellText(value))

/** `labels`: the account's labels and folders (GET /core/v4/labels, Type 1 and 3). */
export function countsListing(data: JsonValue | undefined, labels: readonly JsonRecord[]): Listing {
  const known = new Map<string, {kind: string; name: string}>()
  for (const label of labels) {
    if (!isRecord(label) || typeof label.ID !== 'string') continue
    const name = typeof label.Path === 'string' && label.Path !== '' ? label.Path : String(label.Name ?? label.ID)
    known.set(label.ID, {kind: label.Type === 3 ? 'folder' : 'label', name})
  }

  const mailboxes = Object.keys(MAILBOX_LABEL_IDS)
  const rows = listOf(data, 'Counts').map((entry) => {
    const id = String(entry.LabelID ?? '')
    const mailbox = (MAILBOX_LABEL_IDS as Record<string, string>)[id]
    const found = mailbox === undefined ? known.get(id) : {kind: 'mailbox', name: mailbox.toLowerCase().replaceAll('_', '-')}
    return {id, kind: found?.kind ?? '', name: found?.name ?? id, total: numberText(entry.Total), unread: numberText(entry.Unread)}
  })
  rows.sort((a, b) => {
    const byKind = KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind)
    if (byKind !== 0) return byKind
    if (a.kind === 'mailbox') return mailboxes.indexOf(a.id) - mailboxes.indexOf(b.id)
    return a.name.localeCompare(b.name)
  })
  return {header: ['NAME', 'TYPE', 'TOTAL', 'UNREAD'], rows: rows.map((row) => [cellText(row.name, Number.POSITIVE_INFINITY), row.kind, row.total, row.unread])}
}
