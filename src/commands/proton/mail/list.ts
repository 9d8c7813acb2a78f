import {Flags} from '@oclif/core'

import {MESSAGES_PAGE_SIZE_MAX, mailList, STALE_ASKS} from '../../../lib/commands/mail-list.ts'
import {MAILBOX_WORDS} from '../../../lib/request/input-checks.ts'
import {PlainAdapter} from '../../../lib/runtime/plain-adapter.ts'

export default class MailList extends PlainAdapter<typeof MailList> {
  static override summary = 'List messages, newest first, one page at a time (GET /mail/v4/messages): the inbox unless --label says otherwise.'

  static override description = `What is listed by default: the inbox (LabelID 0), newest first, 50 a page. The request is the one the web client sends: Page, PageSize, LabelID, Sort=Time and Desc=1.

--label takes a mailbox name, in any case, with "-" or "_" (${MAILBOX_WORDS.join(', ')}); or the name or path ("Invoices/2024") of one of your labels or folders, looked up first with GET /core/v4/labels (Type 1, then Type 3); or an ID from "mail labels list".

Text output: one row per message (ID, time as a local ISO date-time, sender, subject, "*" when unread), then "page P of Q, T messages". Pages count from 1 here, in --page and in the footer; the service's Page counts from 0, so --page N is sent as Page=N-1. Q is counted from what the service returned: its Total, and the page size it applied. --page-size is at most ${MESSAGES_PAGE_SIZE_MAX}, the most the service gives in one page.

When the service answers Stale: 1 (its index is catching up), the page is asked for again, up to ${STALE_ASKS} times; a page still stale is shown with a note on stderr.

--output json prints the service's answer exactly as received; --output yaml the same data as YAML.`

  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --label starred --page 2 --page-size 100',
    "<%= config.bin %> <%= command.id %> --label 'Invoices/2024'",
    '<%= config.bin %> <%= command.id %> --label all-mail --output json | jq -r \'.Messages[].Subject\'',
  ]

  static override flags = {
    label: Flags.string({helpValue: 'NAME|PATH|ID', summary: 'Mailbox (inbox, sent, starred, archive, all-mail …), label or folder name or path, or ID (default: inbox).'}),
    page: Flags.integer({default: 1, min: 1, summary: 'Page to show, counting from 1.'}),
    'page-size': Flags.integer({default: 50, min: 1, summary: `Messages per page (at most ${MESSAGES_PAGE_SIZE_MAX}).`}),
  }

  static override runs = mailList
}
