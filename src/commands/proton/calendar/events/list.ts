import {Flags} from '@oclif/core'

import {calendarEventsList} from '../../../../lib/calendar/commands/events-list.ts'
import {PlainAdapter} from '../../../../lib/cli/oclif/plain-adapter.ts'

export default class CalendarEventsList extends PlainAdapter<typeof CalendarEventsList> {
  static override summary = 'List the events of a window, decrypted, one line per occurrence (recurrences expanded).'

  static override description = `Default: every calendar of the account, from today to 30 days ahead. DATE is YYYY-MM-DD (midnight in --timezone, default this system's zone: TZ, else what the system says) or an ISO 8601 time with its zone (2025-03-01T09:00:00Z, 2025-03-01T09:00+01:00); a time without a zone is refused.

Requests: the keys (GET /auth/v4/sessions/local/key, /core/v4/users, /core/v4/addresses) and GET /calendar/v1 together, then each calendar's GET /calendar/v2/<id>/bootstrap (its keys and the member's passphrase, opened with the address's keys, its signature checked), then GET /calendar/v1/<id>/events for each of the four event Types of a window (part-day inside, part-day begun before, full-day inside, full-day begun before), PageSize 100, paged until More is 0, as the web client asks. Bounded (past a bound exit 5, nothing printed): at most 100 pages per Type, no page of more than 100 events, the pages of every calendar together at most 64 MiB (or --max-size when smaller), all within one --timeout from the first.

Each event is decrypted with the calendar's keys (SharedKeyPacket, CalendarKeyPacket) and every signed part checked against its author's keys (this account's addresses, else the author's published keys). A part whose signature does not verify is still shown, flagged "[signature FAILED]" before its summary, and a warning names it on stderr (even with --quiet). An event that cannot be decrypted is named on stderr, the others still shown, exit 5.

Recurring events are expanded inside the window (RRULE, EXDATE, and single edits with RECURRENCE-ID shown in place of the occurrence they replace), in the event's own time zone, so a weekly 09:00 stays 09:00 across a change of summer time. The expansion is bounded by its work: at most 100,000 occurrences and 200,000 steps (candidates tested, days stepped) of a rule per event, 2,000 steps for an event whose signature failed; an event over its steps, or whose rule cannot be followed (an INTERVAL over 10000 …), is named on stderr ("its occurrences are not listed"), the others listed, exit 5. An event whose rule never occurs after its DTSTART (BYMONTH=2;BYMONTHDAY=30) is listed at its DTSTART only, with a warning. The whole expansion takes at most --timeout (exit 5, nothing printed), and Ctrl-C, SIGTERM or SIGHUP end it at once.

Text: one row per occurrence, in --timezone: date, start–end (or "all day"), summary, location ("-" when none), calendar and event ID; the service's text has its control characters escaped. On a terminal a table that fits its width (the date and time never cut, the ID cut with "…" first: the next command takes it as shown); piped or redirected, whole values, tab-separated, one row per line, no header. --output json|yaml: one record per occurrence, its instants (OccurrenceStart, OccurrenceEnd, UTC) and the event's decrypted fields. --output ics: the events of the window as one iCalendar file on stdout, each once (a recurrence as its rule): its exact bytes through a pipe or into a file, the service's control characters escaped on a terminal.`

  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --calendar Work --start 2025-03-01 --end 2025-04-01',
    '<%= config.bin %> <%= command.id %> --timezone Europe/Zurich --start 2025-03-30T00:00:00Z',
    '<%= config.bin %> <%= command.id %> --output json | jq -r ".[].Summary"',
    '<%= config.bin %> <%= command.id %> --start 2025-01-01 --end 2026-01-01 --output ics > year.ics',
  ]

  static override baseFlags = PlainAdapter.withFormats(['ics'], 'Output format (ics: the events as one iCalendar file).')

  static override flags = {
    calendar: Flags.string({helpValue: 'NAME|ID', summary: 'Only this calendar (its ID, or its name ignoring case); default: every calendar.'}),
    end: Flags.string({helpValue: 'DATE', summary: 'End of the window, exclusive (default: 30 days after the start).'}),
    start: Flags.string({helpValue: 'DATE', summary: 'Start of the window (default: today, midnight).'}),
    timezone: Flags.string({helpValue: 'ZONE', summary: "IANA time zone of dates and of the output (default: this system's)."}),
  }

  static override runs = calendarEventsList
}
