import {Flags} from '@oclif/core'

import {calendarCreate} from '../../../lib/commands/calendar-create.ts'
import {PlainAdapter} from '../../../lib/runtime/plain-adapter.ts'
import {dryRunFlag} from '../../../lib/runtime/dedicated-command.ts'

export default class CalendarCreate extends PlainAdapter<typeof CalendarCreate> {
  static override summary = 'Create a calendar (POST /calendar/v1) and print its ID; it has no keys yet (INCOMPLETE_SETUP).'

  static override description = `Without --address-id the calendar is tied to the account's first enabled address, read first with GET /core/v4/addresses. With --dry-run nothing is sent, not even that read: both requests are printed, the AddressID as a placeholder.

The calendar has no keys yet: the service flags it INCOMPLETE_SETUP until its keys are posted (POST /calendar/v1/<id>/keys), which the official apps do with keys made from the address's own key. This tool does not make them, so the new calendar cannot hold events until a Proton Calendar app (web, desktop or mobile) is opened once with the account and finishes its setup; the command says so on stderr, even with --quiet.

The request is the one the web client sends: Name, Color, Description (--description, else empty), Display and AddressID.

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
