/**
 * proton mail list: one page of messages, newest first, as the web client
 * asks for it (WebClients packages/shared/lib/api/messages.ts
 * queryMessageMetadata: GET /mail/v4/messages with Page, PageSize, LabelID,
 * Sort "Time" and Desc 1 by default). Pages count from 1 here, from 0 at the
 * service. Without --label, the inbox (LabelID "0"). --label takes a mailbox
 * name, a label or folder's name or path (looked up with GET
 * /core/v4/labels, Type 1 then 3), or an ID. An answer that says `Stale`
 * (the service's index is behind) is asked for again, as go-proton-api's
 * GetMessageMetadataPage does (message.go), but a bounded number of times.
 * The filters are the web client's parameters (queryMessageMetadata:
 * Begin, End, Keyword, Recipients for "To", From, Subject, Attachments,
 * Starred, Unread), sent in its order; --all fetches every page (see
 * mail-list-all.ts).
 */
import {call} from '../../run/api.ts'
import {showListing} from '../../run/printer.ts'
import {checkName, parseMailboxLabel, parseTimeFlag} from '../../cli/input-checks.ts'
import {messagesPage} from '../views/messages.ts'
import type {Answer} from '../../output/api-answer.ts'
import {usageError} from '../../core/errors.ts'
import {isStale, MESSAGES_PAGE_SIZE_MAX, MESSAGES_PATH, STALE_ASKS, STALE_NOTE} from './messages.ts'
import {plainCommand} from '../../run/plain-command.ts'
import {type LabelLookup, resolveLabel} from './label-lookup.ts'
import {DEFAULT_LABEL_TYPES} from './labels-list.ts'
import {listAll} from './list-all.ts'

export {MESSAGES_PAGE_SIZE_MAX, STALE_ASKS} from './messages.ts'
export const INBOX_LABEL_ID = '0'

export interface MailListFilters {
  keyword?: string
  from?: string
  to?: string
  subject?: string
  /** --after/--before as given. */
  after?: string
  before?: string
  unread: boolean
  starred: boolean
  hasAttachments: boolean
}

export interface MailListOptions extends MailListFilters {
  /** A mailbox word, a label or folder name or path, or an ID. */
  label?: string
  page: number
  pageSize: number
  /** --page and --page-size given on the line, not left to their defaults. */
  pageGiven: boolean
  pageSizeGiven: boolean
  all: boolean
  /** With --all: at most this many pages (the parsers give the default). */
  maxPages?: number
}

/** What --all asks for in each page unless --page-size says otherwise: go-proton-api's page size (GetMessageMetadata). */
export const ALL_PAGE_SIZE = MESSAGES_PAGE_SIZE_MAX

/** How --label is looked up: among labels and folders, as `mail labels list` lists them. */
export const LIST_LABEL_LOOKUP: LabelLookup = {
  flag: '--label',
  nothing: 'mailbox, label or folder; see "mail labels list", or give an ID',
  plural: 'labels or folders',
  types: DEFAULT_LABEL_TYPES,
}

/** The filters as the web client sends them, in its order (queryMessageMetadata), after Sort and Desc. */
export function filterQuery(filters: MailListFilters): Array<[string, string]> {
  const text = (flag: string, value: string | undefined) => (value === undefined ? undefined : checkName(value, `--${flag}`))
  const begin = filters.after === undefined ? undefined : parseTimeFlag(filters.after, '--after')
  const end = filters.before === undefined ? undefined : parseTimeFlag(filters.before, '--before')
  if (begin !== undefined && end !== undefined && begin >= end) throw usageError(`--after (${filters.after}) must be earlier than --before (${filters.before})`)
  const query: Array<[string, string | undefined]> = [
    ['Begin', begin === undefined ? undefined : String(begin)],
    ['End', end === undefined ? undefined : String(end)],
    ['Keyword', text('keyword', filters.keyword)],
    ['Recipients', text('to', filters.to)],
    ['From', text('from', filters.from)],
    ['Subject', text('subject', filters.subject)],
    ['Attachments', filters.hasAttachments ? '1' : undefined],
    ['Starred', filters.starred ? '1' : undefined],
    ['Unread', filters.unread ? '1' : undefined],
  ]
  return query.filter((pair): pair is [string, string] => pair[1] !== undefined)
}

const staleAnswer = (answer: Answer) => isStale(answer.data)

export const mailList = plainCommand<MailListOptions>({
  options: (line) => {
    const given = (flag: string) => line.line.flagsInOrder.some((entry) => entry.flag === flag)
    return {
      after: line.optionalString('after'),
      all: line.boolean('all'),
      before: line.optionalString('before'),
      from: line.optionalString('from'),
      hasAttachments: line.boolean('has-attachments'),
      keyword: line.optionalString('keyword'),
      label: line.optionalString('label'),
      maxPages: line.optionalInteger('max-pages'),
      page: line.integer('page'),
      pageGiven: given('page'),
      pageSize: line.integer('page-size'),
      pageSizeGiven: given('page-size'),
      starred: line.boolean('starred'),
      subject: line.optionalString('subject'),
      to: line.optionalString('to'),
      unread: line.boolean('unread'),
    }
  },
  async run(invocation, options) {
    const {all, label, page} = options
    if (options.pageSize > MESSAGES_PAGE_SIZE_MAX) throw usageError(`--page-size must be at most ${MESSAGES_PAGE_SIZE_MAX} (the most the service gives in one page)`)
    if (all && options.pageGiven) throw usageError('--all fetches every page: leave out --page')
    const pageSize = all && !options.pageSizeGiven ? ALL_PAGE_SIZE : options.pageSize
    const filters = filterQuery(options)
    const labelId = label === undefined ? INBOX_LABEL_ID : (await resolveLabel(invocation, parseMailboxLabel(label), LIST_LABEL_LOOKUP)).id
    const query = (pageIndex: number): Array<[string, string]> => [['Page', String(pageIndex)], ['PageSize', String(pageSize)], ['LabelID', labelId], ['Sort', 'Time'], ['Desc', '1'], ...filters]
    if (all) return listAll(invocation, query, options.maxPages)
    let answer = await call(invocation, {method: 'GET', path: MESSAGES_PATH, query: query(page - 1)})
    for (let ask = 1; ask <= STALE_ASKS && staleAnswer(answer); ask++) answer = await call(invocation, {method: 'GET', path: MESSAGES_PATH, query: query(page - 1)})
    if (staleAnswer(answer)) invocation.note(STALE_NOTE)
    await showListing(invocation, answer, (data, style) => messagesPage(data, page, pageSize, style))
  },
})
