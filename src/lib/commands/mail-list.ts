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
 */
import {call, show} from '../runtime/dedicated.ts'
import {type LabelChoice, parseMailboxLabel} from '../request/input-checks.ts'
import {messagesText} from '../output/views/messages.ts'
import type {Answer} from '../output/api-answer.ts'
import {usageError} from '../runtime/errors.ts'
import type {Invocation} from '../runtime/invocation.ts'
import {isRecord, type JsonRecord} from '../output/records.ts'
import {plainCommand} from '../runtime/plain-command.ts'
import {DEFAULT_LABEL_TYPES, fetchLabels, mergedLabels} from './mail-labels-list.ts'

/** The most messages a page holds: go-proton-api's maxPageSize (paging.go). */
export const MESSAGES_PAGE_SIZE_MAX = 150
export const INBOX_LABEL_ID = '0'
/** How many times a Stale answer is asked for again before it is shown as it is. */
export const STALE_ASKS = 3

export interface MailListOptions {
  /** A mailbox word, a label or folder name or path, or an ID. */
  label?: string
  page: number
  pageSize: number
}

/** The label or folder `name` names: by ID, by path, by name (exact, then in any case); one, or a usage error. */
async function lookUpLabel(invocation: Invocation, name: string): Promise<string> {
  const {Labels: labels} = mergedLabels((await fetchLabels(invocation, DEFAULT_LABEL_TYPES)).map((answer) => answer.data)) as {Labels: JsonRecord[]}
  const text = (value: unknown) => (typeof value === 'string' ? value : '')
  const lower = name.toLowerCase()
  const tries: Array<(label: JsonRecord) => boolean> = [
    (label) => label.ID === name,
    (label) => text(label.Path) === name,
    (label) => text(label.Name) === name,
    (label) => text(label.Path).toLowerCase() === lower,
    (label) => text(label.Name).toLowerCase() === lower,
  ]
  for (const matches of tries) {
    const found = labels.filter((label) => isRecord(label) && matches(label))
    if (found.length === 1) return String(found[0].ID)
    if (found.length > 1) {
      throw usageError(`--label ${JSON.stringify(name)} names ${found.length} labels or folders (${found.map((label) => text(label.Path) || text(label.Name)).join(', ')}); give its path or ID`)
    }
  }

  throw usageError(`--label ${JSON.stringify(name)} names no mailbox, label or folder; see "mail labels list", or give an ID`)
}

async function labelIdOf(invocation: Invocation, choice: LabelChoice): Promise<string> {
  return 'id' in choice ? choice.id : lookUpLabel(invocation, choice.name)
}

const isStale = (answer: Answer) => isRecord(answer.data) && (answer.data.Stale === 1 || answer.data.Stale === true)

export const mailList = plainCommand<MailListOptions>({
  options: (line) => ({label: line.optionalString('label'), page: line.integer('page'), pageSize: line.integer('page-size')}),
  async run(invocation, {label, page, pageSize}) {
    if (pageSize > MESSAGES_PAGE_SIZE_MAX) throw usageError(`--page-size must be at most ${MESSAGES_PAGE_SIZE_MAX} (the most the service gives in one page)`)
    const labelId = label === undefined ? INBOX_LABEL_ID : await labelIdOf(invocation, parseMailboxLabel(label))
    const query: Array<[string, string]> = [
      ['Page', String(page - 1)],
      ['PageSize', String(pageSize)],
      ['LabelID', labelId],
      ['Sort', 'Time'],
      ['Desc', '1'],
    ]
    let answer = await call(invocation, {method: 'GET', path: '/mail/v4/messages', query})
    for (let ask = 1; ask <= STALE_ASKS && isStale(answer); ask++) answer = await call(invocation, {method: 'GET', path: '/mail/v4/messages', query})
    if (isStale(answer)) invocation.note(`Note: the service still says the list is stale (Stale: 1) after ${STALE_ASKS + 1} asks; it may miss recent changes`)
    await show(invocation, answer, (data) => messagesText(data, page, pageSize))
  },
})
