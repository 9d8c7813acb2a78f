/** Help text the events commands that write share. */
export const EVENT_TIME_HELP = `Times: YYYY-MM-DDTHH:MM[:SS] with Z or ±HH:MM (kept in --timezone when given, else in UTC), or without a zone together with --timezone (the event then has that zone, so a recurrence keeps its wall-clock time across summer time). With --all-day, dates (YYYY-MM-DD), --end being the last day.`

export const EVENT_WRITE_HELP = `The event is written as the web client writes one: a session key for the calendar's primary key (SharedKeyPacket); the shared signed part (UID, DTSTAMP, DTSTART, DTEND, RRULE, SEQUENCE …) in clear, which the service reads the times from; the shared encrypted part (summary, description, location …) encrypted; every part signed, detached, by the calendar's address key. The summary, description and location never travel in clear.`

/** What --rrule refuses (recurrence.ts ruleProblem), for create and update. */
export const RRULE_CHECK_HELP = `an RRULE that does not parse (RFC 5545, as FREQ=WEEKLY;BYDAY=MO), one that never occurs after its DTSTART (a BYMONTHDAY past the end of every month of its BYMONTH, as BYMONTH=2;BYMONTHDAY=30; a BYMONTHDAY, BYYEARDAY, BYWEEKNO or BYSETPOS of 0), or with an INTERVAL over 10000`
