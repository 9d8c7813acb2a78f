import {Flags} from '@oclif/core'

import {LISTING_HELP} from '../../../lib/output/table-style.ts'
import {ALL_PAGE_SIZE, MESSAGES_PAGE_SIZE_MAX, mailList, STALE_ASKS} from '../../../lib/mail/commands/list.ts'
import {MAILBOX_WORDS} from '../../../lib/contract/mailbox-words.ts'
import {DEFAULT_MAX_PAGES} from '../../../lib/http/pagination.ts'
import {PlainAdapter} from '../../../lib/cli/oclif/plain-adapter.ts'
import {commandLineInHelp} from '../../../lib/core/command-names.ts'

export default class MailList extends PlainAdapter<typeof MailList> {
  static override summary = 'List messages, newest first, one page at a time (GET /mail/v4/messages): the inbox unless --label says otherwise.'

  static override description = `What is listed by default: the inbox (LabelID 0), newest first, 50 a page. The request is the one the web client sends: Page, PageSize, LabelID, Sort=Time and Desc=1.

--label takes a mailbox name, in any case, with "-" or "_" (${MAILBOX_WORDS.join(', ')}); or the name or path ("Invoices/2024") of one of your labels or folders, looked up first with GET /core/v4/labels (Type 1, then Type 3); or an ID from "mail labels list".

Text output: one row per message (ID, local time, sender, subject, "*" when unread), then "page P of Q, T messages" (a page past Q says so). Pages count from 1 here, in --page and in the footer; the service's Page counts from 0, so --page N is sent as Page=N-1. Q is counted from what the service returned: its Total, and the page size it applied. --page-size is at most ${MESSAGES_PAGE_SIZE_MAX}, the most the service gives in one page.

Filters (the web client's parameters, sent in its order after Sort and Desc): --after and --before as Begin and End in Unix seconds (a date alone means midnight UTC; a time must carry its zone, Z or an offset, and is taken as given), --keyword as Keyword, --to as Recipients, --from as From, --subject as Subject, --has-attachments as Attachments=1, --starred as Starred=1, --unread as Unread=1. They combine with --label and with each other.

--all fetches every page (${ALL_PAGE_SIZE} messages a page unless --page-size says otherwise, 4 pages in flight, as "api --paginate" does) and shows them as one list. It is complete or it fails: when Total is not a whole number of messages, the pages end before Total, disagree on Total (the mailbox changed while it was read), hold another number of distinct messages than Total or one message twice, or --max-pages, --max-size (the pages together are held in memory: at most 64 MiB) or --timeout (which bounds the whole run) stops it, it exits 5, says what is missing, and prints nothing.

When the service answers Stale: 1 (its index is catching up), the page is asked for again, up to ${STALE_ASKS} times; a page still stale is shown with a note on stderr.

${LISTING_HELP}

--output json prints the service's answer exactly as received (with --all, the first page's envelope holding every page's messages as received); --output yaml the same data as YAML.`

  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --label starred --page 2 --page-size 100',
    "<%= config.bin %> <%= command.id %> --label 'Invoices/2024'",
    "<%= config.bin %> <%= command.id %> --label all-mail --output json | jq -r '.Messages[].Subject'",
    "<%= config.bin %> <%= command.id %> --all --jq '.Messages[] | select(.Unread == 1) | .ID'",
    '<%= config.bin %> <%= command.id %> --from alex@example.com --after 2025-01-01 --unread',
    "<%= config.bin %> <%= command.id %> --label archive --subject invoice --before '2025-06-30T12:00:00+02:00' --has-attachments",
    `<%= config.bin %> <%= command.id %> --all --label Newsletters --output json | jq -r '.Messages[].ID' | ${commandLineInHelp('mail:trash')} -`,
  ]

  static override flags = {
    label: Flags.string({helpValue: 'NAME|PATH|ID', summary: 'Mailbox (inbox, sent, starred, archive, all-mail …), label or folder name or path, or ID (default: inbox).'}),
    page: Flags.integer({default: 1, min: 1, summary: 'Page to show, counting from 1.'}),
    'page-size': Flags.integer({default: 50, min: 1, summary: `Messages per page (at most ${MESSAGES_PAGE_SIZE_MAX}; with --all, ${ALL_PAGE_SIZE} unless given).`}),
    all: Flags.boolean({summary: 'Fetch every page (4 at a time) and show them as one list; complete, or exit 5 and print nothing.'}),
    'max-pages': Flags.integer({default: DEFAULT_MAX_PAGES, min: 1, summary: `With --all: fetch at most N pages (default ${DEFAULT_MAX_PAGES}); a Total that needs more fails with exit status 5.`}),
    keyword: Flags.string({helpValue: 'TEXT', summary: 'Only messages matching TEXT (Keyword).'}),
    from: Flags.string({helpValue: 'TEXT', summary: 'Only messages whose sender matches TEXT (From).'}),
    to: Flags.string({helpValue: 'TEXT', summary: 'Only messages whose recipients match TEXT (Recipients).'}),
    subject: Flags.string({helpValue: 'TEXT', summary: 'Only messages whose subject matches TEXT (Subject).'}),
    after: Flags.string({helpValue: 'DATE', summary: 'Only messages from DATE on (Begin): YYYY-MM-DD (midnight UTC) or an ISO 8601 time with its zone.'}),
    before: Flags.string({helpValue: 'DATE', summary: 'Only messages up to DATE (End): YYYY-MM-DD (midnight UTC) or an ISO 8601 time with its zone.'}),
    unread: Flags.boolean({summary: 'Only unread messages (Unread=1).'}),
    starred: Flags.boolean({summary: 'Only starred messages (Starred=1).'}),
    'has-attachments': Flags.boolean({summary: 'Only messages with attachments (Attachments=1).'}),
  }

  static override runs = mailList
}
