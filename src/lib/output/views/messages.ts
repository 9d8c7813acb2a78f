/** `mail list` as text: one row per message, then `page P of Q, T messages`, Q from the service's Total and the page size it applied. */
import {cellText, idText} from '../cells.ts'
import {timeText} from '../dates.ts'
import type {JsonValue} from '../json-value.ts'
import {isRecord, type JsonRecord, listOf} from '../records.ts'
import {renderTable} from '../table.ts'

function sender(message: JsonRecord): string {
  const from = message.Sender
  if (!isRecord(from)) return ''
  const name = typeof from.Name === 'string' ? from.Name.trim() : ''
  const address = typeof from.Address === 'string' ? from.Address : ''
  return cellText(name && address ? `${name} <${address}>` : name || address)
}

const isUnread = (value: JsonValue | undefined) => value === 1 || value === true

/** `page` counts from 1, as --page does; Q is at least 1, so an empty mailbox reads "page 1 of 1". */
export function pageFooter(page: number, pageSize: number, total: number): string {
  const pages = Math.max(1, Math.ceil(total / pageSize))
  return `page ${page} of ${pages}, ${total} message${total === 1 ? '' : 's'}`
}

/**
 * The page size the service applied: the one asked for, unless the page
 * came back shorter while more messages follow it (the service gives fewer
 * than asked when it caps a page), then the number it gave.
 */
export function servedPageSize(page: number, asked: number, returned: number, total: number): number {
  const before = (page - 1) * asked
  return returned > 0 && returned < asked && before + returned < total ? returned : asked
}

export function messagesText(data: JsonValue | undefined, page: number, pageSize: number): string {
  const messages = listOf(data, 'Messages')
  const rawTotal = isRecord(data) ? data.Total : undefined
  const total = typeof rawTotal === 'number' || typeof rawTotal === 'bigint' ? Number(rawTotal) : messages.length
  const rows = messages.map((message) => [
    idText(message.ID),
    timeText(message.Time),
    sender(message),
    cellText(message.Subject),
    isUnread(message.Unread) ? '*' : '',
  ])
  // Pages are counted from what the service returned: its Total, and the page size it applied.
  return `${renderTable(['ID', 'TIME', 'FROM', 'SUBJECT', 'UNREAD'], rows)}\n${pageFooter(page, servedPageSize(page, pageSize, messages.length, total), total)}`
}
