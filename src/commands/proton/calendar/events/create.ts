import {Flags} from '@oclif/core'

import {calendarEventsCreate} from '../../../../lib/calendar/commands/events-create.ts'
import {dryRunFlag} from '../../../../lib/cli/oclif/dedicated-command.ts'
import {PlainAdapter} from '../../../../lib/cli/oclif/plain-adapter.ts'
import {EVENT_TIME_HELP, EVENT_WRITE_HELP, RRULE_CHECK_HELP} from '../../../../lib/calendar/help.ts'

export default class CalendarEventsCreate extends PlainAdapter<typeof CalendarEventsCreate> {
  static override summary = 'Create an encrypted event (PUT /calendar/v1/<calendar_id>/events/sync) and print its ID.'

  static override description = `${EVENT_WRITE_HELP}

${EVENT_TIME_HELP}

Checked before anything is sent (exit 1, one line): the times and their order (the end not before the start), an unknown --timezone, ${RRULE_CHECK_HELP}, texts longer than the web client takes (summary and location 255 characters, description 3000). An unknown --calendar is refused after GET /calendar/v1, before anything is written.

Requests: the keys and GET /calendar/v1, the calendar's bootstrap, then the PUT; --dry-run prints that PUT (the event encrypted and signed as it would go) and sends nothing. Text output: the new event's ID alone on stdout, a confirmation on stderr.`

  static override examples = [
    "<%= config.bin %> <%= command.id %> --calendar 'My calendar' --summary Dentist --start 2025-03-12T14:00 --end 2025-03-12T15:00 --timezone Europe/Zurich --location 'Bahnhofstrasse 1'",
    "<%= config.bin %> <%= command.id %> --calendar Work --summary 'Company holiday' --all-day --start 2025-12-24 --end 2025-12-26",
    "<%= config.bin %> <%= command.id %> --calendar Work --summary Stand-up --start 2025-03-17T09:00 --end 2025-03-17T09:15 --timezone Europe/Zurich --rrule 'FREQ=WEEKLY;BYDAY=MO,WE,FR'",
    'ID=$(<%= config.bin %> <%= command.id %> --calendar Work --summary Call --start 2025-03-01T10:00:00Z --end 2025-03-01T10:30:00Z)',
    '<%= config.bin %> <%= command.id %> --calendar Work --summary Review --start 2026-12-02T10:00 --end 2026-12-02T11:00 --dry-run',
    "<%= config.bin %> <%= command.id %> --calendar Work --summary Flight --start 2026-12-05T07:00 --end 2026-12-05T09:00 --alarm 1d --alarm 2h --color '#DB60D6'",
  ]

  static override flags = {
    alarm: Flags.string({
      helpValue: 'BEFORE',
      multiple: true,
      multipleNonGreedy: true,
      summary: "An alarm this long before the start: 15m, 1h, 2d, 1w (email:1h for an e-mail); repeatable, at most 10. None given: the calendar's default alarms.",
    }),
    'all-day': Flags.boolean({summary: 'A whole-day event: --start and --end are dates, --end the last day.'}),
    calendar: Flags.string({helpValue: 'NAME|ID', required: true, summary: 'The calendar (its ID, or its name ignoring case).'}),
    color: Flags.string({helpValue: '#RRGGBB', summary: "The event's colour (default: the calendar's)."}),
    description: Flags.string({helpValue: 'TEXT', summary: 'Description (encrypted).'}),
    'dry-run': dryRunFlag,
    end: Flags.string({helpValue: 'TIME', required: true, summary: 'End time (or last day with --all-day).'}),
    location: Flags.string({helpValue: 'TEXT', summary: 'Location (encrypted).'}),
    'no-alarm': Flags.boolean({summary: "No alarm at all (rather than the calendar's defaults)."}),
    rrule: Flags.string({helpValue: 'RULE', summary: 'Recurrence rule, as FREQ=WEEKLY;BYDAY=MO (RFC 5545).'}),
    start: Flags.string({helpValue: 'TIME', required: true, summary: 'Start time (or first day with --all-day).'}),
    summary: Flags.string({helpValue: 'TEXT', required: true, summary: 'Title (encrypted).'}),
    timezone: Flags.string({helpValue: 'ZONE', summary: 'IANA time zone of the event (as Europe/Zurich).'}),
  }

  static override runs = calendarEventsCreate
}
