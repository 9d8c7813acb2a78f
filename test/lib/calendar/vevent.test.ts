/**
 * calendar/vevent mergeCards: the parts of one event (as the web client splits it) back into one VEVENT, as its
 * deserialize.ts readCalendarEvent merges them.
 */
import {expect} from 'chai'

import {mergeCards, parseCard} from '../../../src/lib/calendar/vevent.ts'

const wrap = (lines: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', 'BEGIN:VEVENT', ...lines, 'END:VEVENT', 'END:VCALENDAR', ''].join('\r\n')

describe('calendar/vevent mergeCards', () => {
  it('a later part’s property of a name replaces an earlier one’s; attendees and alarms stay all; uid and dtstamp are the first part’s; the parts’ values and parameters as written', () => {
    const shared = parseCard(
      wrap([
        'UID:one@test',
        'DTSTAMP:20250301T080000Z',
        'DTSTART;TZID=Europe/Zurich:20250303T090000',
        'RRULE:FREQ=WEEKLY;BYDAY=MO',
        'EXDATE;TZID=Europe/Zurich:20250310T090000',
        'ATTENDEE;CN=Ann:mailto:ann@test',
      ]),
    )
    const encrypted = parseCard(wrap(['UID:two@test', 'DTSTAMP:20250302T080000Z', 'SUMMARY:Stand-up\\, daily', 'LOCATION:Room 4']))
    const calendar = parseCard(
      wrap([
        'UID:one@test',
        'EXDATE;TZID=Europe/Zurich:20250310T090000,20250317T090000',
        'STATUS:CONFIRMED',
        'ATTENDEE;CN=Bob:mailto:bob@test',
        'BEGIN:VALARM',
        'ACTION:DISPLAY',
        'TRIGGER:-PT15M',
        'END:VALARM',
      ]),
    )
    const merged = mergeCards([shared, encrypted, calendar])
    expect(merged.toString().split('\r\n')).to.deep.equal([
      'BEGIN:VEVENT',
      'UID:one@test',
      'DTSTAMP:20250301T080000Z',
      'DTSTART;TZID=Europe/Zurich:20250303T090000',
      'RRULE:FREQ=WEEKLY;BYDAY=MO',
      'ATTENDEE;CN=Ann:mailto:ann@test',
      'SUMMARY:Stand-up\\, daily',
      'LOCATION:Room 4',
      'EXDATE;TZID=Europe/Zurich:20250310T090000,20250317T090000',
      'STATUS:CONFIRMED',
      'ATTENDEE;CN=Bob:mailto:bob@test',
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      'TRIGGER:-PT15M',
      'END:VALARM',
      'END:VEVENT',
    ])
    expect(merged.getFirstPropertyValue('summary')).to.equal('Stand-up, daily')
    expect(merged.getAllProperties('exdate').flatMap((property) => property.getValues().map(String))).to.deep.equal(['2025-03-10T09:00:00', '2025-03-17T09:00:00'])
  })
})
