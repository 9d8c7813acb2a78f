/**
 * What the sandbox reads from an event's signed part, and the instants of wall times, on hand-written RFC 5545 text
 * with instants worked out by hand. The client's VEVENT and zone modules read the same text too: both must give the
 * hand-written answers, so a place where the two disagree fails here.
 */
import {expect} from 'chai'

import {exdates, parseCard, text, whenProperty} from '../../../src/lib/calendar/vevent.ts'
import {instantOf} from '../../../src/lib/calendar/zones.ts'
import {eventFields, type When} from '../../../src/sandbox/parsers/event-fields.ts'
import {instantIn, isZone} from '../../../src/sandbox/parsers/wall-clock.ts'
import {ContentError} from '../../../src/sandbox/parsers/content-lines.ts'

const part = (...lines: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//hand//written//EN', 'BEGIN:VEVENT', ...lines, 'END:VEVENT', 'END:VCALENDAR', ''].join('\r\n')

// 2025-03-09 02:30 does not exist in New York (clocks go 02:00 EST -> 03:00 EDT): taken with EST, it is 07:30Z.
// 2025-11-02 01:30 happens twice there (EDT, then EST): the first is 05:30Z.
const HAND_WRITTEN = part(
  String.raw`UID:standup\,weekly\;team@proton.test`,
  'DTSTAMP:20250301T100000Z',
  'DTSTART;TZID="America/New_York";X-NOTE="a:b;c":2025030',
  ' 9T023000',
  'DTEND;TZID=America/New_York:20251102T013000',
  'RRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=MO',
  'EXDATE;TZID=Europe/Zurich:20250324T090000,',
  '\t20250331T090000',
  'EXDATE:20250407T070000Z',
  'RECURRENCE-ID;VALUE=DATE:20250320',
  'BEGIN:VALARM',
  'ACTION:DISPLAY',
  'TRIGGER:-PT15M',
  'END:VALARM',
)
const seconds = (iso: string) => Date.parse(iso) / 1000
const EXPECTED = {
  end: seconds('2025-11-02T05:30:00Z'),
  exdates: [seconds('2025-03-24T08:00:00Z'), seconds('2025-03-31T07:00:00Z'), seconds('2025-04-07T07:00:00Z')],
  recurrenceId: seconds('2025-03-20T00:00:00Z'),
  start: seconds('2025-03-09T07:30:00Z'),
  uid: 'standup,weekly;team@proton.test',
}

const instant = (when: When) => instantIn(when.wall, when.allDay ? 'UTC' : (when.zone ?? 'UTC')) / 1000

describe('sandbox/calendar/event-fields: UID, times, EXDATEs and RRULE of a signed part', () => {
  it('reads hand-written RFC 5545 text: folded lines, escapes, quoted TZIDs, EXDATE lists, a gap and an overlap of summer time', () => {
    const fields = eventFields(HAND_WRITTEN)
    expect({
      end: instant(fields.end!),
      exdates: fields.exdates.map(instant),
      recurrenceId: instant(fields.recurrenceId!),
      start: instant(fields.start!),
      uid: fields.uid,
    }).to.deep.equal(EXPECTED)
    expect([fields.start!.zone, fields.recurrenceId!.allDay, fields.exdates[2].zone, fields.rrule]).to.deep.equal(['America/New_York', true, 'UTC', 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO'])
  })

  it('the client reads the same part the same way (a disagreement between the two parsers fails here)', () => {
    const event = parseCard(HAND_WRITTEN)
    const client = (when: ReturnType<typeof whenProperty>) => instantOf(when!.wall, when!.allDay ? 'UTC' : (when!.zone ?? 'UTC')) / 1000
    expect({
      end: client(whenProperty(event, 'dtend')),
      exdates: exdates(event).map(client),
      recurrenceId: client(whenProperty(event, 'recurrence-id')),
      start: client(whenProperty(event, 'dtstart')),
      uid: text(event, 'uid'),
    }).to.deep.equal(EXPECTED)
  })

  it('a bare VEVENT, a floating time and a date without VALUE=DATE; no DTSTART: undefined', () => {
    const bare = eventFields('BEGIN:VEVENT\nUID:u\nDTSTART:20250301T090000\nDTEND:20250302\nEND:VEVENT\n')
    expect([bare.start, bare.end?.allDay, eventFields(part('UID:u')).start]).to.deep.equal([{allDay: false, wall: {day: 1, hour: 9, minute: 0, month: 3, second: 0, year: 2025}}, true, undefined])
  })

  it('refuses what is not one VEVENT with well-formed times in known zones', () => {
    for (const [text, message] of [
      [part('UID:u', 'DTSTART;TZID=Mars/Olympus:20250301T090000'), /unknown TZID/],
      [part('UID:u', 'DTSTART:20250230T090000'), /not a valid time/],
      [part('UID:u', 'DTSTART:20250301T250000'), /not a valid time/],
      [part('UID:u', 'DTSTART:tomorrow'), /not a DATE or DATE-TIME/],
      [part('UID:u', 'DTSTART;VALUE=DATE:20250301T090000'), /not a DATE/],
      [part('UID:u', 'DTSTART;TZID=Europe/Zurich:20250301T090000Z'), /UTC time with a TZID/],
      [part('UID:u', 'EXDATE:20250301T090000Z,'), /not a DATE or DATE-TIME/],
      ['BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n', /no VEVENT/],
      ['BEGIN:VCARD\r\nEND:VCARD\r\n', /no VEVENT/],
      [part(String.raw`UID:a\b`), /escapes nothing/],
    ] as const)
      expect(() => eventFields(text), JSON.stringify(text)).to.throw(ContentError, message)
  })
})

describe('sandbox/calendar/wall-clock: wall times to instants', () => {
  it('offsets read from the zone, half-hour and negative ones too; UTC names; unknown zones are not zones', () => {
    const wall = {day: 1, hour: 12, minute: 0, month: 7, second: 0, year: 2025}
    expect(instantIn(wall, 'Asia/Kolkata')).to.equal(Date.parse('2025-07-01T06:30:00Z'))
    expect(instantIn(wall, 'America/St_Johns')).to.equal(Date.parse('2025-07-01T14:30:00Z'))
    expect(instantIn(wall, 'Etc/UTC')).to.equal(Date.parse('2025-07-01T12:00:00Z'))
    expect(instantIn({...wall, month: 1}, 'Europe/Zurich')).to.equal(Date.parse('2025-01-01T11:00:00Z'))
    expect([isZone('Europe/Zurich'), isZone('UTC'), isZone('Mars/Olympus'), isZone('')]).to.deep.equal([true, true, false, false])
  })

  it('a skipped time takes the offset from before the change; a repeated one is its first occurrence (Europe/Zurich)', () => {
    expect(instantIn({day: 30, hour: 2, minute: 30, month: 3, second: 0, year: 2025}, 'Europe/Zurich')).to.equal(Date.parse('2025-03-30T01:30:00Z'))
    expect(instantIn({day: 26, hour: 2, minute: 30, month: 10, second: 0, year: 2025}, 'Europe/Zurich')).to.equal(Date.parse('2025-10-26T00:30:00Z'))
  })
})
