/** `mail list` as text: one row per message, then `page P of Q, T messages`, Q from the service's Total and the page size it applied. */
import {cellText, idText} from '../cells.ts'
import {timeText} from '../dates.ts'
import type {JsonValue} from '../json-value.ts'
import {isRecord, type JsonRecord, listOf} from '../records.ts'
import {renderTable} from '../table.ts'
import {fittedTable} from '../fit.ts'

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

/**
 * One row per message (ID, local time, sender, subject, "*" when unread),
 * fitted to `width` when given (fit.ts: the ID gives way first, then the
 * widest of the sender and subject; the time and the unread mark stay whole).
 */
export function messagesTable(messages: readonly JsonRecord[], width?: number): string {
  const rows = messages.map((message) => [
    idText(message.ID),
    timeText(message.Time),
    sender(message),
    cellText(message.Subject),
    isUnread(message.Unread) ? '*' : '',
  ])
  const header = ['ID', 'TIME', 'FROM', 'SUBJECT', 'UNREAD']
  return width === undefined ? renderTable(header, rows) : fittedTable(header, rows, width, [0], [1, 4])
}

const totalOf = (data: JsonValue | undefined, fallback: number) => {
  const rawTotal = isRecord(data) ? data.Total : undefined
  return typeof rawTotal === 'number' || typeof rawTotal === 'bigint' ? Number(rawTotal) : fallback
}

export function messagesText(data: JsonValue | undefined, page: number, pageSize: number, width?: number): string {
  const messages = listOf(data, 'Messages')
  const total = totalOf(data, messages.length)
  // Pages are counted from what the service returned: its Total, and the page size it applied.
  return `${messagesTable(messages, width)}\n${pageFooter(page, servedPageSize(page, pageSize, messages.length, total), total)}`
}

/** `mail list --all`: every message, then how many. */
export function allMessagesText(messages: readonly JsonRecord[], width?: number): string {
  return `${messagesTable(messages, width)}\n${messages.length} message${messages.length === 1 ? '' : 's'}, every page`
}
