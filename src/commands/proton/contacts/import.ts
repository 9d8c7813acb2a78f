import {Args, Flags} from '@oclif/core'

import {contactsImport} from '../../../lib/contacts/commands/import.ts'
import {dryRunFlag} from '../../../lib/cli/oclif/dedicated-command.ts'
import {PlainAdapter} from '../../../lib/cli/oclif/plain-adapter.ts'

export default class ContactsImport extends PlainAdapter<typeof ContactsImport> {
  static override summary = 'Import the vCards of a .vcf file as contacts (POST /contacts/v4/contacts, 10 a request).'

  static override description = `The file (vCard 3.0 or 4.0, one or more cards, at most 10 MiB) is read and parsed whole before anything is sent: one that cannot be parsed, a card with neither FN nor EMAIL, or with fields "contacts create" refuses (a name or any value but a note's line breaks with control characters, an EMAIL that is not an address), is refused with one line (exit 1) and nothing is imported. A card that "contacts export" or "contacts get --output vcf" marked X-PM-CLI-SIGNATURE (its signature FAILED: its fields, KEY and X-PM-* pins included, may be the server's) is refused too, since importing signs every field with your key: check it, then give --force.

Each card becomes a contact made as the web client makes one, with your primary user key: FN, UID, EMAIL and the key settings in a signed card (Type 2); CATEGORIES in a clear card (Type 0) when there are some; every other field encrypted and signed (Type 3). A card whose UID the account already has replaces that contact (Overwrite: 1, as the web client imports), so importing the same file again updates its contacts rather than adding them twice; a card without a UID is given a new one and always becomes a new contact.

The service answers per contact: each new ID on stdout, a line per contact on stderr, and a refused one named with its error while the others are kept; the exit status is then the gravest of the refusals'. Ctrl-C, SIGTERM or SIGHUP stops it: what was added, what may or may not have been, and what was not sent are reported, and the command ends by that signal. --output json|yaml: {Code, Responses: [{Index, Response}]}, every request's together. --dry-run reads and checks the file, prints the requests with each card's vCard in clear (what would be encrypted and signed said in its place) and sends nothing.`

  static override examples = [
    '<%= config.bin %> <%= command.id %> contacts.vcf',
    '<%= config.bin %> <%= command.id %> contacts.vcf --dry-run',
    '<%= config.bin %> <%= command.id %> contacts.vcf --output json',
  ]

  static override flags = {
    'dry-run': dryRunFlag,
    force: Flags.boolean({summary: 'Import vCards marked as exported with a failed signature (X-PM-CLI-SIGNATURE), the mark dropped.'}),
  }

  static override args = {
    file: Args.string({description: 'The .vcf file', required: true}),
  }

  static override runs = contactsImport
}
