import {Args} from '@oclif/core'

import {contactsGet} from '../../../lib/contacts/commands/get.ts'
import {PlainAdapter} from '../../../lib/cli/oclif/plain-adapter.ts'

export default class ContactsGet extends PlainAdapter<typeof ContactsGet> {
  static override summary = 'Show one contact, its cards decrypted and their signatures checked with your user keys (GET /contacts/v4/contacts/ID).'

  static override description = `CONTACT is a contact ID (see "contacts list") or one of its e-mail addresses (looked up with GET /contacts/v4/contacts/emails); several may follow. An address that several contacts hold shows every one of them (a read changes nothing, and an address kept twice is most often one person entered twice).

A contact is kept in cards: Type 0 in clear, 1 encrypted, 2 signed, 3 encrypted and signed, all with your user keys (the keys "auth login" unlocked; the session must be alive). Every card is decrypted and its signature checked, and the cards are merged as the web client merges them.

Text output: name, e-mail addresses, phones, addresses, birthday, organisation, notes, groups (CATEGORIES and the contact groups the addresses are in) and the cards with their signatures. A blank line between contacts. --output json|yaml: the same as data, each value with the Signature of its card (verified, failed or none): one contact an object, several (several arguments, or an address several hold) an array, which a --jq filter reads as one input. --output vcf: the merged contacts as vCard 4.0, their exact bytes through a pipe or into a file, the service's control characters escaped on a terminal.

A card whose signature does not hold is still shown, each of its fields marked "[signature FAILED]", and a warning goes to stderr (even with --quiet); the exit status stays 0. A card that cannot be decrypted is named on stderr, the rest is shown, and the exit status is 1. An unknown ID or address: one line naming it, exit 1, nothing shown.`

  static override examples = [
    '<%= config.bin %> <%= command.id %> <contact_id>',
    '<%= config.bin %> <%= command.id %> alice@example.test',
    '<%= config.bin %> <%= command.id %> alice@example.test --output vcf > alice.vcf',
    "<%= config.bin %> <%= command.id %> <contact_id> <other_contact_id> --jq '.[].Name'",
    "<%= config.bin %> <%= command.id %> <contact_id> --output json | jq -r '.Emails[].Value'",
  ]

  static override args = {
    contact: Args.string({description: 'Contact ID, or one of its e-mail addresses; several may follow; "-" reads them from standard input, one per line', required: true}),
  }

  static override baseFlags = PlainAdapter.withFormats(['vcf'], 'Output format (vcf: the merged contacts as vCard 4.0).')

  static override strict = false

  static override runs = contactsGet
}
