/**
 * calendar/vevent mergeCards: the parts of one event (as the web client splits it) back into one VEVENT, as its
 * deserialize.ts readCalendarEvent merges them.
 */
import {expect} from 'chai'
import ICAL from 'ical.js'

import {mergeCards, parseCard} from '../../../src/lib/calendar/vevent.ts'

const wrap = (lines: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', 'BEGIN:VEVENT', ...lines, 'END:VEVENT', 'END:VCALENDAR', ''].join('\r\n')

/**
 * The list work of `work` inside ical.js: the elements each splice shifts (from its start to the list's end) and those
 * each removal by name runs through. A merge that moves a card's properties one by one from its front, or removes
 * them from the merged event by name, does work quadratic in a hostile part's properties.
 */
function listWork(work: () => void): number {
  const prototype = ICAL.Component.prototype as unknown as {_removeAllObjects(this: {jCal: unknown[][]}, at: number, ...rest: unknown[]): unknown}
  const {splice} = Array.prototype
  const removeAll = prototype._removeAllObjects
  let count = 0
  Array.prototype.splice = function (this: unknown[], start: number, ...rest: unknown[]) {
    count += Math.max(0, this.length - start)
    return splice.call(this, start, ...(rest as [number]))
  } as typeof splice
  prototype._removeAllObjects = function (at, ...rest) {
    count += this.jCal[at].length
    return removeAll.call(this, at, ...rest)
  }
  try {
    work()
  } finally {
    Array.prototype.splice = splice
    prototype._removeAllObjects = removeAll
  }

  return count
}

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

  it('a hostile part (20,000 properties of one name; two parts of 20,000 names each): work linear in the properties, not quadratic (list work counted)', () => {
    const many = (make: (index: number) => string) => Array.from({length: 20_000}, (_, index) => make(index))
    const oneName = [parseCard(wrap(['UID:one@test', ...many(() => 'ATTENDEE:mailto:a@test')]))]
    const distinct = [parseCard(wrap(['UID:one@test', ...many((index) => `X-A${index}:1`)])), parseCard(wrap(['UID:one@test', ...many((index) => `X-B${index}:1`)]))]
    for (const cards of [oneName, distinct]) {
      const properties = cards.reduce((sum, card) => sum + card.getAllProperties().length, 0)
      let merged = new ICAL.Component('vevent')
      expect(listWork(() => (merged = mergeCards(cards)))).to.be.below(4 * properties)
      expect(merged.getAllProperties()).to.have.length(properties - cards.length + 1)
    }
  })
})
