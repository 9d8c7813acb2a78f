/**
 * The message list as the official clients ask for it: GET
 * /mail/v4/messages with the web client's query (queryMessageMetadata in
 * WebClients packages/shared/lib/api/messages.ts: Page, PageSize, LabelID,
 * Sort "Time", Desc 1, …), or POST /mail/v4/messages with
 * `X-HTTP-Method-Override: GET` and the filter as a JSON body, as
 * go-proton-api sends it (message.go GetMessageMetadataPage, countMessages:
 * Page, PageSize, Sort "ID", Desc, LabelID, ID[], Limit "0" for a count).
 * The answer carries Messages, Total and Stale (0: the index is up to date;
 * go-proton-api asks again while it is 1).
 */
import {CODE} from '../../../lib/contract/contract.ts'
import {SandboxError} from '../../backend/api-error.ts'
import type {Row} from '../../backend/state.ts'

/** The most messages one page holds: go-proton-api's maxPageSize (paging.go). */
export const MESSAGES_PAGE_SIZE_MAX = 150
export const MESSAGES_PAGE_SIZE_DEFAULT = 50
const SORT_FIELDS = ['Time', 'ID', 'Size'] as const
type SortField = (typeof SORT_FIELDS)[number]

export interface MessageQuery {
  page: number
  pageSize: number
  /** A message matches when it carries any of these labels (none: every message). */
  labelIds: string[]
  ids: string[]
  addressId?: string
  subject?: string
  unread?: number
  sort: SortField
  desc: boolean
  /** At most this many (instead of PageSize); 0 answers the Total alone (go-proton-api's count). */
  limit?: number
  /** The web client's search filters (queryMessageMetadata); see messageFilters. */
  filters: MessageFilters
}

function invalid(message: string): SandboxError {
  return new SandboxError(422, CODE.INVALID_REQUIREMENT_ERROR, message)
}

function integer(value: unknown, name: string, fallback: number, min: number, max: number): number {
  if (value === undefined || value === null) return fallback
  const text = typeof value === 'number' ? String(value) : value
  if (typeof text !== 'string' || !/^\d{1,9}$/.test(text)) throw invalid(`${name} must be an integer from ${min} to ${max}`)
  const number = Number(text)
  if (number < min || number > max) throw invalid(`${name} must be an integer from ${min} to ${max}`)
  return number
}

function strings(value: unknown, name: string): string[] {
  if (value === undefined || value === null) return []
  const list = Array.isArray(value) ? value : [value]
  if (!list.every((item) => typeof item === 'string')) throw invalid(`${name} must be a string or a list of strings`)
  return list as string[]
}

function optionalString(value: unknown, name: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined
  if (typeof value !== 'string') throw invalid(`${name} must be a string`)
  return value
}

/** Desc as the web client (1/0) and go-proton-api (its Bool, 0/1) send it; absent, newest first as the web client always asks. */
function descending(value: unknown): boolean {
  if (value === undefined || value === null) return true
  if (value === 1 || value === '1' || value === true) return true
  if (value === 0 || value === '0' || value === false) return false
  throw invalid('Desc must be 0 or 1')
}

function sortField(value: unknown): SortField {
  if (value === undefined || value === null || value === '') return 'Time'
  if (typeof value === 'string' && (SORT_FIELDS as readonly string[]).includes(value)) return value as SortField
  throw invalid(`Sort must be one of ${SORT_FIELDS.join(', ')}`)
}

/** The query from the parameters of a GET (repeated LabelID / LabelID[] / ID[] kept) or the fields of an override body. */
export function messageQuery(fields: Record<string, unknown>): MessageQuery {
  const unread = fields.Unread === undefined || fields.Unread === null ? undefined : integer(fields.Unread, 'Unread', 0, 0, 1)
  const limit = fields.Limit === undefined ? undefined : integer(fields.Limit, 'Limit', 0, 0, MESSAGES_PAGE_SIZE_MAX)
  return {
    addressId: optionalString(fields.AddressID, 'AddressID'),
    desc: descending(fields.Desc),
    ids: strings(fields.ID, 'ID'),
    labelIds: strings(fields.LabelID, 'LabelID'),
    limit,
    page: integer(fields.Page, 'Page', 0, 0, 1_000_000),
    pageSize: integer(fields.PageSize, 'PageSize', MESSAGES_PAGE_SIZE_DEFAULT, 1, MESSAGES_PAGE_SIZE_MAX),
    sort: sortField(fields.Sort),
    subject: optionalString(fields.Subject, 'Subject'),
    unread,
    filters: messageFilters(fields),
  }
}

/**
 * The web client's search parameters (WebClients api/messages.ts
 * queryMessageMetadata): Begin and End (Unix seconds, both ends included),
 * Keyword (subject, sender or recipients), From (sender), Recipients (To,
 * CC, BCC), each matched in any case within the name or address, and
 * Starred and Attachments (1 with, 0 without).
 */
export interface MessageFilters {
  begin?: number
  end?: number
  keyword?: string
  from?: string
  recipients?: string
  starred?: number
  attachments?: number
}

function messageFilters(fields: Record<string, unknown>): MessageFilters {
  const flag = (name: string) => (fields[name] === undefined || fields[name] === null ? undefined : integer(fields[name], name, 0, 0, 1))
  const time = (name: string) => {
    const value = fields[name]
    if (value === undefined || value === null) return undefined
    const text = typeof value === 'number' ? String(value) : value
    if (typeof text !== 'string' || !/^\d{1,11}$/.test(text)) throw invalid(`${name} must be a time in Unix seconds`)
    return Number(text)
  }
  return {
    attachments: flag('Attachments'),
    begin: time('Begin'),
    end: time('End'),
    from: optionalString(fields.From, 'From'),
    keyword: optionalString(fields.Keyword, 'Keyword'),
    recipients: optionalString(fields.Recipients, 'Recipients'),
    starred: flag('Starred'),
  }
}

const people = (value: unknown): Row[] => (Array.isArray(value) ? (value as Row[]) : value && typeof value === 'object' ? [value as Row] : [])
const mentions = (rows: Row[], text: string) => rows.some((person) => `${String(person.Name ?? '')} ${String(person.Address ?? '')}`.toLowerCase().includes(text.toLowerCase()))

function matchesFilters(message: Row, filters: MessageFilters): boolean {
  const {attachments, begin, end, from, keyword, recipients, starred} = filters
  const time = Number(message.Time)
  const sender = people(message.Sender)
  const to = [...people(message.ToList), ...people(message.CCList), ...people(message.BCCList)]
  if (begin !== undefined && time < begin) return false
  if (end !== undefined && time > end) return false
  if (from !== undefined && !mentions(sender, from)) return false
  if (recipients !== undefined && !mentions(to, recipients)) return false
  if (keyword !== undefined && !String(message.Subject).toLowerCase().includes(keyword.toLowerCase()) && !mentions([...sender, ...to], keyword)) return false
  if (starred !== undefined && (message.LabelIDs as string[]).includes('10') !== (starred === 1)) return false
  if (attachments !== undefined && Number(message.NumAttachments) > 0 !== (attachments === 1)) return false
  return true
}

/** URL parameters as fields: each name once, or a list when repeated (`LabelID[]` counts as `LabelID`). */
export function queryFields(query: URLSearchParams): Record<string, unknown> {
  const fields: Record<string, unknown> = {}
  for (const [rawName, value] of query) {
    const name = rawName.endsWith('[]') ? rawName.slice(0, -2) : rawName
    const list = rawName.endsWith('[]') || ['ID', 'LabelID'].includes(name)
    if (list) fields[name] = [...((fields[name] as string[] | undefined) ?? []), value]
    else fields[name] = value
  }

  return fields
}

function compare(a: Row, b: Row, sort: SortField): number {
  const left = a[sort]
  const right = b[sort]
  if (typeof left === 'number' && typeof right === 'number') return left - right
  return String(left).localeCompare(String(right))
}

/** The page asked for, its Total, and Stale 0. */
export function answerMessages(messages: readonly Row[], query: MessageQuery): Row {
  const matching = messages
    .filter((message) => query.labelIds.length === 0 || query.labelIds.some((id) => (message.LabelIDs as string[]).includes(id)))
    .filter((message) => query.ids.length === 0 || query.ids.includes(String(message.ID)))
    .filter((message) => query.addressId === undefined || message.AddressID === query.addressId)
    .filter((message) => query.subject === undefined || String(message.Subject).toLowerCase().includes(query.subject.toLowerCase()))
    .filter((message) => query.unread === undefined || message.Unread === query.unread)
    .filter((message) => matchesFilters(message, query.filters))
    .sort((a, b) => (query.desc ? -1 : 1) * compare(a, b, query.sort))
  const size = query.limit ?? query.pageSize
  return {
    Code: CODE.SINGLE_SUCCESS,
    Messages: matching.slice(query.page * size, (query.page + 1) * size),
    Stale: 0,
    Total: matching.length,
  }
}
