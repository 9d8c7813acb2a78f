import {Args, Flags} from '@oclif/core'

import {contactsUpdate} from '../../../lib/contacts/commands/update.ts'
import {dryRunFlag} from '../../../lib/cli/oclif/dedicated-command.ts'
import {PlainAdapter} from '../../../lib/cli/oclif/plain-adapter.ts'

export default class ContactsUpdate extends PlainAdapter<typeof ContactsUpdate> {
  static override summary = 'Change fields of a contact (PUT /contacts/v4/contacts/<contact_id>); the rest is kept.'

  static override description = `The contact (its ID, or an address exactly one contact holds) is read and its cards opened with your user keys; the fields given replace the contact's (--email and --phone replace all its addresses or phones: repeat them to keep several; an address kept keeps its key settings; --note '' removes the note), every other field is kept, and the cards are made afresh as the web client saves an edited contact: signed by your primary user key, PREF numbered in the order the fields had. A card that cannot be read, or whose signature does not verify, is not rewritten (exit 1): signing it afresh would vouch for what was not checked.

Text output: the contact's ID on stdout, a confirmation on stderr. --dry-run reads the contact and prints the PUT with each card's vCard in clear (what would be encrypted and signed said in its place); nothing is sent.`

  static override examples = [
    '<%= config.bin %> <%= command.id %> alice@example.test --phone "+31 20 555 0100"',
    '<%= config.bin %> <%= command.id %> <contact_id> --name "Alice Example-Smith" --email alice@example.test --email alice@work.test',
    "<%= config.bin %> <%= command.id %> bob@example.test --note '' --dry-run",
  ]

  static override args = {
    contact: Args.string({description: 'The contact: its ID (see "contacts list") or its e-mail address', required: true}),
  }

  static override flags = {
    'dry-run': dryRunFlag,
    email: Flags.string({helpValue: 'ADDRESS', multiple: true, multipleNonGreedy: true, summary: "E-mail addresses replacing the contact's (repeatable; the first is the preferred one)."}),
    name: Flags.string({summary: 'New display name (FN).'}),
    note: Flags.string({helpValue: 'TEXT', summary: 'New note (kept encrypted); "" removes it.'}),
    phone: Flags.string({helpValue: 'NUMBER', multiple: true, multipleNonGreedy: true, summary: "Phone numbers replacing the contact's (repeatable; kept encrypted)."}),
  }

  static override runs = contactsUpdate
}
