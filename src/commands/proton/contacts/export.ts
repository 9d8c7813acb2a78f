import {Flags} from '@oclif/core'

import {contactsExport} from '../../../lib/contacts/commands/export.ts'
import {PlainAdapter} from '../../../lib/cli/oclif/plain-adapter.ts'
import {CONTACT_PAGES_HELP} from '../../../lib/contacts/help.ts'

export default class ContactsExport extends PlainAdapter<typeof ContactsExport> {
  static override summary = 'Export every contact as one vCard 4.0 file (GET /contacts/v4/contacts/export, 50 a page).'

  static override description = `Each contact's cards are decrypted and their signatures checked with your user keys, then merged into one vCard 4.0 (as "contacts get --output vcf" prints it), one after another in the service's order. ${CONTACT_PAGES_HELP}

Complete or nothing: a card that cannot be decrypted stops the export before anything is written (exit 1, naming the contacts). A signature that does not hold is said on stderr (even with --quiet) and the contact is exported.

--output-file PATH writes the file whole or not at all (a temporary file beside it, renamed once complete); without it the vCards go to stdout, their exact bytes through a pipe, the service's control characters escaped on a terminal. --output vcf is the default text output; --output json|yaml: the merged contacts as data instead (as "contacts get" prints them, an array). A line on stderr says how many contacts were exported.`

  static override examples = ['<%= config.bin %> <%= command.id %> --output-file contacts.vcf', '<%= config.bin %> <%= command.id %> > contacts.vcf']

  static override baseFlags = PlainAdapter.withFormats(['vcf'], 'Output format (text and vcf: the vCards).')

  static override flags = {
    'output-file': Flags.string({helpValue: 'PATH', summary: 'Write the vCards to PATH (replaced whole) instead of stdout.'}),
  }

  static override runs = contactsExport
}
