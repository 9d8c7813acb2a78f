import {expect} from 'chai'

import {MAX_STEPS, occurrences, parseRrule} from '../../../src/lib/calendar/recurrence.ts'
import {parseCard} from '../../../src/lib/calendar/vevent.ts'
import {timingOf} from '../../../src/lib/calendar/event-view.ts'

const iso = (ms: number) => new Date(ms).toISOString()
const at = (text: string) => Date.parse(text)
const event = (...lines: string[]) => timingOf(parseCard(['BEGIN:VEVENT', 'UID:u', ...lines, 'END:VEVENT'].join('\r\n')))

describe('calendar recurrence (ical.js RRULE iteration, wall times placed in the event zone)', () => {
  it('a weekly 09:00 Europe/Zurich stays 09:00 across the change to summer time; its EXDATE on the Monday after the change is left out', () => {
    const timing = event('DTSTART;TZID=Europe/Zurich:20250317T090000', 'DTEND;TZID=Europe/Zurich:20250317T093000', 'RRULE:FREQ=WEEKLY;BYDAY=MO', 'EXDATE;TZID=Europe/Zurich:20250331T090000')
    const found = occurrences(timing, at('2025-03-01T00:00:00Z'), at('2025-04-15T00:00:00Z'), 'UTC')
    expect(found.map(({start}) => iso(start))).to.deep.equal(['2025-03-17T08:00:00.000Z', '2025-03-24T08:00:00.000Z', '2025-04-07T07:00:00.000Z', '2025-04-14T07:00:00.000Z'])
    expect(found.map(({end, start}) => end - start)).to.deep.equal([1_800_000, 1_800_000, 1_800_000, 1_800_000])
  })

  it('an EXDATE written in UTC excludes the same instant; the occurrences a single edit replaces are left out', () => {
    const timing = event('DTSTART;TZID=Europe/Zurich:20250317T090000', 'RRULE:FREQ=WEEKLY;COUNT=4', 'EXDATE:20250324T080000Z')
    const found = occurrences(timing, 0, at('2026-01-01T00:00:00Z'), 'UTC', new Set([at('2025-04-07T07:00:00Z')]))
    expect(found.map(({start}) => iso(start))).to.deep.equal(['2025-03-17T08:00:00.000Z', '2025-03-31T07:00:00.000Z'])
  })

  it('UNTIL in UTC is compared as the instant it names, in the event zone', () => {
    const timing = event('DTSTART;TZID=America/New_York:20250301T230000', 'RRULE:FREQ=DAILY;UNTIL=20250303T040000Z')
    const found = occurrences(timing, 0, at('2026-01-01T00:00:00Z'), 'UTC')
    // 23:00 New York is 04:00 UTC the next day: 1 and 2 March qualify, 3 March (04:00 UTC on the 4th) does not.
    expect(found.map(({start}) => iso(start))).to.deep.equal(['2025-03-02T04:00:00.000Z', '2025-03-03T04:00:00.000Z'])
  })

  it('an all-day event occurs on its dates in the zone the window is read in, and lasts its days', () => {
    const timing = event('DTSTART;VALUE=DATE:20250320', 'DTEND;VALUE=DATE:20250322', 'RRULE:FREQ=YEARLY')
    const found = occurrences(timing, at('2026-01-01T00:00:00Z'), at('2027-01-01T00:00:00Z'), 'Asia/Tokyo')
    expect(found.map(({end, start}) => [iso(start), iso(end)])).to.deep.equal([['2026-03-19T15:00:00.000Z', '2026-03-21T15:00:00.000Z']])
  })

  it('a hostile rule (every second since 1970) stops after its bound of steps, short of the window, rather than iterating for hours', () => {
    const timing = event('DTSTART:19700101T000000Z', 'RRULE:FREQ=SECONDLY')
    expect(occurrences(timing, at('2030-01-01T00:00:00Z'), at('2031-01-01T00:00:00Z'), 'UTC', new Set(), 1000)).to.deep.equal([])
    // Within the bound, the same rule is followed: its first 1000 seconds.
    expect(occurrences(timing, 0, at('1970-01-01T00:16:40Z'), 'UTC', new Set(), 1000)).to.have.length(1000)
    expect(MAX_STEPS).to.equal(100_000)
  })

  it('parseRrule refuses a rule without FREQ or with an unknown one', () => {
    expect(() => parseRrule('BYDAY=MO')).to.throw(/no FREQ/)
    expect(() => parseRrule('FREQ=FORTNIGHTLY')).to.throw(/invalid frequency/)
    expect(parseRrule('RRULE:FREQ=WEEKLY;BYDAY=MO').toString()).to.equal('FREQ=WEEKLY;BYDAY=MO')
  })
})
