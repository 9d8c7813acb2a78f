import {Flags} from '@oclif/core'

import {calendarEventsList} from '../../../../lib/commands/calendar-events-list.ts'
import {PlainAdapter} from '../../../../lib/runtime/plain-adapter.ts'

export default class CalendarEventsList extends PlainAdapter<typeof CalendarEventsList> {
  static override summary = 'List the events of a window, decrypted, one line per occurrence (recurrences expanded).'

  static override description = `Default: every calendar of the account, from today to 30 days ahead. DATE is YYYY-MM-DD (midnight in --timezone, default this system's zone: TZ, else what the system says) or an ISO 8601 time with its zone (2025-03-01T09:00:00Z, 2025-03-01T09:00+01:00); a time without a zone is refused.

Requests: the keys (GET /auth/v4/sessions/local/key, /core/v4/users, /core/v4/addresses) and GET /calendar/v1 together, then each calendar's GET /calendar/v2/<id>/bootstrap (its keys and the member's passphrase, opened with the address's keys, its signature checked), then GET /calendar/v1/<id>/events for each of the four event Types of a window (part-day inside, part-day begun before, full-day inside, full-day begun before), PageSize 100, paged until More is 0 (at most 100 pages per Type: past that, exit 5 and nothing printed), as the web client asks.

Each event is decrypted with the calendar's keys (SharedKeyPacket, CalendarKeyPacket) and every signed part checked against its author's keys (this account's addresses, else the author's published keys). A part whose signature does not verify is still shown, flagged "[signature FAILED]" on its line, and a warning names it on stderr (even with --quiet). An event that cannot be decrypted is named on stderr, the others still shown, exit 5.

Recurring events are expanded inside the window (RRULE, EXDATE, and single edits with RECURRENCE-ID shown in place of the occurrence they replace), in the event's own time zone, so a weekly 09:00 stays 09:00 across a change of summer time; at most 100,000 steps of a rule per event.

Text: one line per occurrence, in --timezone: date, start–end (or "all day"), summary, location ("-" when none), calendar and event ID, two spaces apart; the service's text has its control characters escaped. --output json|yaml: one record per occurrence, its instants (OccurrenceStart, OccurrenceEnd, UTC) and the event's decrypted fields. --ics: the events of the window as one iCalendar file on stdout, each once (a recurrence as its rule).`

  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --calendar Work --start 2025-03-01 --end 2025-04-01',
    '<%= config.bin %> <%= command.id %> --timezone Europe/Zurich --start 2025-03-30T00:00:00Z',
    '<%= config.bin %> <%= command.id %> --output json | jq -r ".[].Summary"',
    '<%= config.bin %> <%= command.id %> --start 2025-01-01 --end 2026-01-01 --ics > year.ics',
  ]

  static override flags = {
    calendar: Flags.string({helpValue: 'NAME|ID', summary: 'Only this calendar (its ID, or its name ignoring case); default: every calendar.'}),
    end: Flags.string({helpValue: 'DATE', summary: 'End of the window, exclusive (default: 30 days after the start).'}),
    ics: Flags.boolean({summary: 'Print the events as an iCalendar file instead.'}),
    start: Flags.string({helpValue: 'DATE', summary: 'Start of the window (default: today, midnight).'}),
    timezone: Flags.string({helpValue: 'ZONE', summary: "IANA time zone of dates and of the output (default: this system's)."}),
  }

  static override runs = calendarEventsList
}
