/** `mail list` as text: one row per message, then `page P of Q, T messages`. */
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
  return `${renderTable(['ID', 'TIME', 'FROM', 'SUBJECT', 'UNREAD'], rows)}\n${pageFooter(page, pageSize, total)}`
}
