import {Args, Flags} from '@oclif/core'

import {calendarEventsGet} from '../../../../lib/calendar/commands/events-get.ts'
import {PlainAdapter} from '../../../../lib/cli/oclif/plain-adapter.ts'

export default class CalendarEventsGet extends PlainAdapter<typeof CalendarEventsGet> {
  static override summary = 'Show events, decrypted: every field and each part’s signature.'

  static override description = `Each event is read with GET /calendar/v1/<calendar_id>/events/<id> from the calendar --calendar names, else from each calendar in turn until one has it (exit 3 when none does); the keys are read as for "calendar events list".

Text: ID, calendar, UID, summary, start and end (in --timezone, with the event's own zone beside when it differs), location, description, organizer, attendees, recurrence rule, exceptions (EXDATE), recurrence ID (a single edit), status, alarms, sequence, and the signature: verified, unverified (no key to check it) or "signature FAILED" naming the parts, which a warning on stderr repeats. Several IDs: a blank line between the events in text; --output json an array (one ID: an object), which a --jq filter reads as one input. --output json|yaml: the same fields, with each part's Type and verdict. --output ics: the events as one iCalendar file (exact bytes through a pipe or into a file, the service's control characters escaped on a terminal).`

  static override examples = [
    '<%= config.bin %> <%= command.id %> <event_id>',
    '<%= config.bin %> <%= command.id %> <event_id> --calendar Work --timezone Europe/Zurich',
    '<%= config.bin %> <%= command.id %> <event_id> --output json | jq .Signature',
    "<%= config.bin %> <%= command.id %> <event_id> <other_event_id> --jq '.[].Summary'",
  ]

  static override args = {
    id: Args.string({description: 'The event ID (see "calendar events list"); several may follow; "-" reads them from standard input, one per line', required: true}),
  }

  static override strict = false

  static override baseFlags = PlainAdapter.withFormats(['ics'], 'Output format (ics: the events as one iCalendar file).')

  static override flags = {
    calendar: Flags.string({helpValue: 'NAME|ID', summary: 'The calendar that holds it (default: each in turn).'}),
    timezone: Flags.string({helpValue: 'ZONE', summary: "IANA time zone the times are shown in (default: this system's)."}),
  }

  static override runs = calendarEventsGet
}
