import {Flags} from '@oclif/core'

import {DedicatedCommand} from '../../../lib/runtime/dedicated-command.ts'
import {MAILBOX_WORDS, parseMailboxLabel} from '../../../lib/request/input-checks.ts'
import {messagesText} from '../../../lib/output/views/messages.ts'

export default class MailList extends DedicatedCommand<typeof MailList> {
  static override summary = 'List messages, one page at a time (GET /mail/v4/messages).'

  static override description = `Text output: one row per message (ID, time as a local ISO date-time, sender, subject, "*" when unread), then "page P of Q, T messages". Pages count from 1 here, in --page and in the footer; the service's Page counts from 0, so --page N is sent as Page=N-1.

--label takes a mailbox name, in any case, with "-" or "_" (${MAILBOX_WORDS.join(', ')}), or a label ID from "mail labels list".

--output json prints the service's answer exactly as received; --output yaml the same data as YAML.`

  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --label starred --page 2 --page-size 100',
    '<%= config.bin %> <%= command.id %> --label all-mail --output json | jq -r \'.Messages[].Subject\'',
  ]

  static override flags = {
    label: Flags.string({helpValue: 'NAME|ID', summary: 'Mailbox name (inbox, sent, starred, archive, all-mail …) or label ID.'}),
    page: Flags.integer({default: 1, min: 1, summary: 'Page to show, counting from 1.'}),
    'page-size': Flags.integer({default: 50, min: 1, summary: 'Messages per page.'}),
  }

  public async run(): Promise<void> {
    const {label, page, 'page-size': pageSize} = this.flags
    const query: Array<[string, string]> = [
      ['Page', String(page - 1)],
      ['PageSize', String(pageSize)],
    ]
    if (label !== undefined) query.push(['LabelID', parseMailboxLabel(label)])
    const answer = await this.call({method: 'GET', path: '/mail/v4/messages', query})
    await this.show(answer, (data) => messagesText(data, page, pageSize))
  }
}
