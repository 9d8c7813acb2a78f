import {Flags} from '@oclif/core'

import {calendarCreate} from '../../../lib/calendar/commands/create.ts'
import {PlainAdapter} from '../../../lib/cli/oclif/plain-adapter.ts'
import {dryRunFlag} from '../../../lib/cli/oclif/dedicated-command.ts'

export default class CalendarCreate extends PlainAdapter<typeof CalendarCreate> {
  static override summary = 'Create a calendar (POST /calendar/v1) with its keys set up (POST /calendar/v1/<id>/keys), and print its ID.'

  static override description = `The calendar is made usable as the web client makes one: a key ("Calendar key", curve25519, as the web client generates) locked with a passphrase of 32 random bytes; the passphrase encrypted to the address's key (key packet and data packet apart) and signed by it, detached; then POST /calendar/v1 {Name, Color, Description (--description, else empty), Display, AddressID} and POST /calendar/v1/<id>/keys {AddressID, Signature, PrivateKey, Passphrase: {DataPacket, KeyPacket}}.

It needs the address's key, unlocked with the session's key passphrase (a session "auth login" made with the password): the keys (GET /auth/v4/sessions/local/key, /core/v4/users, /core/v4/addresses) are read first and the key made before anything is created, so a session without keys creates nothing (exit 2). Without --address-id the calendar is tied to the account's first enabled address. If the service refuses the keys, the calendar just created is deleted again (DELETE /calendar/v1/<id>) and an error says so: no half-made calendar stays (should that deletion fail too, the error names the calendar to delete). With --dry-run nothing is sent, not even the reads: the requests are printed with placeholders.

Text output: the new calendar's ID alone on stdout, a confirmation on stderr. Checked before anything is sent (exit 1): the name is not empty and the colour is #RRGGBB.`

  static override examples = [
    "<%= config.bin %> <%= command.id %> --name Work --color '#7272a7'",
    "<%= config.bin %> <%= command.id %> --name Holidays --color '#DB60D6' --hidden --address-id <address_id>",
    "<%= config.bin %> <%= command.id %> --name Team --color '#179FD9' --description 'Shared team dates'",
    "ID=$(<%= config.bin %> <%= command.id %> --name Team --color '#179FD9')",
    "<%= config.bin %> <%= command.id %> --name Work --color '#7272a7' --dry-run",
  ]

  static override flags = {
    'address-id': Flags.string({helpValue: 'ID', summary: 'Address the calendar is tied to (default: the first enabled one).'}),
    color: Flags.string({helpValue: '#RRGGBB', required: true, summary: 'Colour, # and six hex digits.'}),
    description: Flags.string({helpValue: 'TEXT', summary: 'Description of the calendar (default: empty).'}),
    'dry-run': dryRunFlag,
    hidden: Flags.boolean({summary: 'Create it hidden (Display 0) instead of visible.'}),
    name: Flags.string({required: true, summary: 'Name of the calendar.'}),
  }

  static override runs = calendarCreate
}
