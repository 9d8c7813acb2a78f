/** proton mail list: one page of messages (GET /mail/v4/messages); pages count from 1 here, from 0 at the service. */
import {call, show} from '../runtime/dedicated.ts'
import {parseMailboxLabel} from '../request/input-checks.ts'
import {messagesText} from '../output/views/messages.ts'
import {plainCommand} from '../runtime/plain-command.ts'

export interface MailListOptions {
  /** A mailbox word or a label ID. */
  label?: string
  page: number
  pageSize: number
}

export const mailList = plainCommand<MailListOptions>({
  options: (line) => ({label: line.optionalString('label'), page: line.integer('page'), pageSize: line.integer('page-size')}),
  async run(invocation, {label, page, pageSize}) {
    const query: Array<[string, string]> = [
      ['Page', String(page - 1)],
      ['PageSize', String(pageSize)],
    ]
    if (label !== undefined) query.push(['LabelID', parseMailboxLabel(label)])
    const answer = await call(invocation, {method: 'GET', path: '/mail/v4/messages', query})
    await show(invocation, answer, (data) => messagesText(data, page, pageSize))
  },
})
