/** `mail list` as a list (table-style.ts): one row per message, then `page P of Q, T messages`, Q from the service's Total and the page size it applied. */
import type {JsonValue} from '../../core/json-value.ts'
import {isRecord, type JsonRecord, listOf} from '../../core/records.ts'
import {type Listing, type TableStyle, timeCell, wholeCell} from '../../output/table-style.ts'

function sender(message: JsonRecord): string {
  const from = message.Sender
  if (!isRecord(from)) return ''
  const name = typeof from.Name === 'string' ? from.Name.trim() : ''
  const address = typeof from.Address === 'string' ? from.Address : ''
  return wholeCell(name && address ? `${name} <${address}>` : name || address)
}

const isUnread = (value: JsonValue | undefined) => value === 1 || value === true

/** `page` counts from 1, as --page does; Q is at least 1, so an empty mailbox reads "page 1 of 1"; a page past Q says so. */
export function pageFooter(page: number, pageSize: number, total: number): string {
  const pages = Math.max(1, Math.ceil(total / pageSize))
  const past = page > pages ? `: past the last page (${pages})` : ''
  return `page ${page} of ${pages}, ${total} message${total === 1 ? '' : 's'}${past}`
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
 * One row per message (ID, local time, sender, subject, "*" when unread);
 * on a terminal the ID gives way first, then the widest of the sender and
 * subject, the time and the unread mark stay whole (fit.ts); too narrow for
 * that, the unread mark goes, then the sender, before the subject is cut
 * to a stub.
 */
export function messagesListing(messages: readonly JsonRecord[], style: TableStyle): Listing {
  return {
    drop: [4, 2],
    giveFirst: [0],
    header: ['ID', 'TIME', 'FROM', 'SUBJECT', 'UNREAD'],
    kind: 'message',
    ids: messages.map((message) => message.ID).filter((id) => typeof id === 'string'),
    keep: [1, 4],
    rows: messages.map((message) => [wholeCell(message.ID), timeCell(style, message.Time), sender(message), wholeCell(message.Subject), isUnread(message.Unread) ? '*' : '']),
  }
}

const totalOf = (data: JsonValue | undefined, fallback: number) => {
  const rawTotal = isRecord(data) ? data.Total : undefined
  return typeof rawTotal === 'number' || typeof rawTotal === 'bigint' ? Number(rawTotal) : fallback
}

/** A page of `mail list`: its messages, then `page P of Q, T messages`, pages counted from what the service returned (its Total, the page size it applied). */
export function messagesPage(data: JsonValue | undefined, page: number, pageSize: number, style: TableStyle): Listing {
  const messages = listOf(data, 'Messages')
  const total = totalOf(data, messages.length)
  return {...messagesListing(messages, style), footer: pageFooter(page, servedPageSize(page, pageSize, messages.length, total), total)}
}

/** `mail list --all`: every message, then how many. */
export function allMessagesListing(messages: readonly JsonRecord[], style: TableStyle): Listing {
  return {...messagesListing(messages, style), footer: `${messages.length} message${messages.length === 1 ? '' : 's'}, every page`}
}
