import {contactsList} from '../../../lib/contacts/commands/list.ts'
import {PlainAdapter} from '../../../lib/cli/oclif/plain-adapter.ts'
import {CONTACT_PAGES_HELP} from '../../../lib/contacts/help.ts'

export default class ContactsList extends PlainAdapter<typeof ContactsList> {
  static override summary = 'List contacts: ID, name and e-mail addresses (GET /contacts/v4/contacts, every page).'

  static override description = `Names and addresses as the service lists them (it reads them from each contact's signed card); nothing is decrypted, so no keys are needed. Every page is fetched (1000 contacts a page, as the web client asks), complete or fail: a page that comes back empty before Total contacts arrived ends the command with exit 5. ${CONTACT_PAGES_HELP}

Text: ID, name and addresses. On a terminal a table under a header, fitted to its width (the terminal's, else $COLUMNS, else 80), an ID cut with "…" first (the next command takes it as shown); piped or redirected, whole values, tab-separated, one row per line, no header (as gh prints its lists).

--output json|yaml: {Code, Contacts, Total}, the contacts of every page in one list, each as the service sent it (ID, Name, UID, ContactEmails, LabelIDs …).`

  static override examples = ['<%= config.bin %> <%= command.id %>', "<%= config.bin %> <%= command.id %> --output json | jq -r '.Contacts[] | [.ID, .Name] | @tsv'"]

  static override runs = contactsList
}
