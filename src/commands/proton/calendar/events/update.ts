import {Args, Flags} from '@oclif/core'

import {calendarEventsUpdate} from '../../../../lib/calendar/commands/events-update.ts'
import {dryRunFlag} from '../../../../lib/cli/oclif/dedicated-command.ts'
import {PlainAdapter} from '../../../../lib/cli/oclif/plain-adapter.ts'
import {EVENT_TIME_HELP, EVENT_WRITE_HELP, RRULE_CHECK_HELP} from '../../../../lib/calendar/help.ts'

export default class CalendarEventsUpdate extends PlainAdapter<typeof CalendarEventsUpdate> {
  static override summary = 'Change fields of an event (PUT /calendar/v1/<calendar_id>/events/sync {ID, Event}); the rest is kept.'

  static override description = `The event is read and decrypted (as "calendar events get" does), the given fields changed, DTSTAMP renewed and SEQUENCE raised by one when the start, the end, all-day or the rule changes (kept otherwise, as the web client does), then written again with the same session keys (their packets are not sent again). A new --start alone keeps the duration; --rrule none removes the rule; --rrule refuses (exit 1, one line, nothing sent) ${RRULE_CHECK_HELP}. An event with attendees (an invitation) is refused.

${EVENT_WRITE_HELP}

${EVENT_TIME_HELP}

Checked before anything is written, as for "calendar events create"; at least one field must be given. --dry-run reads the event, prints the PUT that would write it (encrypted and signed as it would go) and sends nothing. Text output: the event's ID on stdout, a confirmation on stderr.`

  static override examples = [
    "<%= config.bin %> <%= command.id %> <event_id> --summary 'Dentist (moved)' --start 2025-03-13T14:00 --timezone Europe/Zurich",
    "<%= config.bin %> <%= command.id %> <event_id> --location 'Room 5' --description 'Bring the slides.'",
    '<%= config.bin %> <%= command.id %> <event_id> --rrule none',
    '<%= config.bin %> <%= command.id %> <event_id> --alarm 30m --alarm email:1d',
  ]

  static override args = {
    id: Args.string({description: 'The event ID (see "calendar events list"); "-" reads it from standard input', required: true}),
  }

  static override flags = {
    alarm: Flags.string({
      helpValue: 'BEFORE',
      multiple: true,
      multipleNonGreedy: true,
      summary: "Replace the alarms: 15m, 1h, 2d, 1w (email:1h for an e-mail); repeatable, at most 10. None given: the event's alarms kept.",
    }),
    'all-day': Flags.boolean({summary: 'Make it a whole-day event: --start and --end are dates, --end the last day.'}),
    calendar: Flags.string({helpValue: 'NAME|ID', summary: 'The calendar that holds it (default: each in turn).'}),
    color: Flags.string({helpValue: '#RRGGBB', summary: 'New colour of the event.'}),
    description: Flags.string({helpValue: 'TEXT', summary: 'New description (encrypted).'}),
    'dry-run': dryRunFlag,
    end: Flags.string({helpValue: 'TIME', summary: 'New end time (or last day with --all-day).'}),
    location: Flags.string({helpValue: 'TEXT', summary: 'New location (encrypted).'}),
    'no-alarm': Flags.boolean({summary: "Remove every alarm (the calendar's defaults no longer apply)."}),
    rrule: Flags.string({helpValue: 'RULE', summary: 'New recurrence rule, or "none" to remove it.'}),
    start: Flags.string({helpValue: 'TIME', summary: 'New start time (or first day with --all-day).'}),
    summary: Flags.string({helpValue: 'TEXT', summary: 'New title (encrypted).'}),
    timezone: Flags.string({helpValue: 'ZONE', summary: 'IANA time zone of the new times.'}),
  }

  static override runs = calendarEventsUpdate
}
