import {Flags} from '@oclif/core'

import {contactsCreate} from '../../../lib/contacts/commands/create.ts'
import {dryRunFlag} from '../../../lib/cli/oclif/dedicated-command.ts'
import {PlainAdapter} from '../../../lib/cli/oclif/plain-adapter.ts'

export default class ContactsCreate extends PlainAdapter<typeof ContactsCreate> {
  static override summary = 'Create a contact (POST /contacts/v4/contacts) and print its ID.'

  static override description = `The contact's cards are made as the web client makes them, with your primary user key: a signed card (Type 2) with the name (FN), a new UID and the e-mail addresses; an encrypted and signed card (Type 3) with the phones and the note. The session must hold unlocked keys ("auth login").

Text output: the new contact's ID on stdout, a confirmation on stderr. --output json|yaml: the service's per-contact answer, {Code, Responses: [{Index, Response}]}. Checked before anything is sent (exit 1): the name is not empty and each --email has the form of an address. --dry-run prints the request with each card's vCard in clear (what would be encrypted and signed said in its place) and sends nothing.`

  static override examples = [
    '<%= config.bin %> <%= command.id %> --name "Alice Example" --email alice@example.test',
    '<%= config.bin %> <%= command.id %> --name "Alice Example" --email alice@example.test --phone +1-555-0100 --dry-run',
    '<%= config.bin %> <%= command.id %> --name Bob --email bob@example.test --email bob@work.test --phone "+31 20 555 0100" --note "Met at the conference"',
  ]

  static override flags = {
    'dry-run': dryRunFlag,
    email: Flags.string({helpValue: 'ADDRESS', multiple: true, multipleNonGreedy: true, summary: 'E-mail address (repeatable; the first is the preferred one).'}),
    name: Flags.string({required: true, summary: 'Display name (FN).'}),
    note: Flags.string({helpValue: 'TEXT', summary: 'A note (kept encrypted).'}),
    phone: Flags.string({helpValue: 'NUMBER', multiple: true, multipleNonGreedy: true, summary: 'Phone number (repeatable; kept encrypted).'}),
  }

  static override runs = contactsCreate
}
