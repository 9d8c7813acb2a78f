import {Flags} from '@oclif/core'

import {mailList} from '../../../lib/commands/mail-list.ts'
import {MAILBOX_WORDS} from '../../../lib/request/input-checks.ts'
import {PlainAdapter} from '../../../lib/runtime/plain-adapter.ts'

export default class MailList extends PlainAdapter<typeof MailList> {
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

  static override runs = mailList
}
