import {Args, Flags} from '@oclif/core'

import {calendarEventsDelete} from '../../../../lib/calendar/commands/events-delete.ts'
import {CONFIRM_HELP, yesFlag} from '../../../../lib/cli/oclif/per-id-args.ts'
import {dryRunFlag} from '../../../../lib/cli/oclif/dedicated-command.ts'
import {PlainAdapter} from '../../../../lib/cli/oclif/plain-adapter.ts'

export default class CalendarEventsDelete extends PlainAdapter<typeof CalendarEventsDelete> {
  static override summary = 'Delete an event (PUT /calendar/v1/<calendar_id>/events/sync {ID}), once confirmed.'

  static override description = `${CONFIRM_HELP} The event's calendar is --calendar, else found by asking each calendar for the event (exit 3 when none has it); deleting needs no keys. --dry-run finds the event (GET requests only), prints the PUT that would delete it and sends nothing, asking nothing. Text output: the ID on stdout, a confirmation on stderr.`

  static override examples = [
    '<%= config.bin %> <%= command.id %> <event_id> --yes',
    '<%= config.bin %> <%= command.id %> <event_id> --calendar Work --yes',
    '<%= config.bin %> <%= command.id %> <event_id> --dry-run',
  ]

  static override args = {
    id: Args.string({description: 'The event ID (see "calendar events list"); "-" reads it from standard input', required: true}),
  }

  static override flags = {
    calendar: Flags.string({helpValue: 'NAME|ID', summary: 'The calendar that holds it (default: each in turn).'}),
    'dry-run': dryRunFlag,
    yes: yesFlag,
  }

  static override runs = calendarEventsDelete
}
