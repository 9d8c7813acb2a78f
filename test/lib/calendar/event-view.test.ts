import {expect} from 'chai'

import type {OpenCalendar} from '../../../src/lib/calendar/calendars.ts'
import {eventsListing, failedLine, rowCells, rowsOf} from '../../../src/lib/calendar/event-view.ts'
import type {OpenedEvent} from '../../../src/lib/calendar/open-event.ts'
import {parseCard} from '../../../src/lib/calendar/vevent.ts'

const calendar = {addressId: 'a', email: 'demo@proton.test', id: 'c1', keys: [], memberId: 'm', name: 'Cal\u001b[2J', primary: undefined} as unknown as OpenCalendar

function opened(id: string, lines: string[], verification: OpenedEvent['verification'] = 'verified'): OpenedEvent {
  const vevent = parseCard(['BEGIN:VEVENT', ...lines, 'END:VEVENT'].join('\r\n'))
  return {calendar, direct: false, parts: [{part: 'shared', type: 3, verification}], raw: {ID: id}, verification, vevent}
}

describe('calendar event view: lines of occurrences', () => {
  it('a single edit replaces the occurrence its RECURRENCE-ID names; lines are in time order, the service’s text escaped', async () => {
    const series = opened('e1', ['UID:u', 'DTSTART:20250301T090000Z', 'DTEND:20250301T100000Z', 'RRULE:FREQ=DAILY;COUNT=3', 'SUMMARY:Daily\u001b[31m'])
    const edit = opened('e2', ['UID:u', 'DTSTART:20250302T120000Z', 'DTEND:20250302T130000Z', 'RECURRENCE-ID:20250302T090000Z', 'SUMMARY:Moved', 'LOCATION:Room'])
    const {rows} = await rowsOf([edit, series], Date.parse('2025-03-01T00:00:00Z'), Date.parse('2025-03-05T00:00:00Z'), 'UTC')
    expect(rows.map((row) => rowCells(row, 'UTC'))).to.deep.equal([
      ['2025-03-01', '09:00–10:00', 'Daily\\x1b[31m', '-', 'Cal\\x1b[2J', 'e1'],
      ['2025-03-02', '12:00–13:00', 'Moved', 'Room', 'Cal\\x1b[2J', 'e2'],
      ['2025-03-03', '09:00–10:00', 'Daily\\x1b[31m', '-', 'Cal\\x1b[2J', 'e1'],
    ])
    expect(eventsListing(rows, 'UTC').header).to.deep.equal(['DATE', 'TIME', 'SUMMARY', 'LOCATION', 'CALENDAR', 'ID'])
    // Each event ID once, kept after a terminal's listing so that a cut one is made whole: repeated, every stem of it would begin two.
    expect(eventsListing(rows, 'UTC')).to.deep.include({giveFirst: [5], ids: ['e1', 'e2'], keep: [0, 1], kind: 'event'})
  })

  it('an event whose signature failed is flagged before its summary, and the stderr line names the part', async () => {
    const event = opened('e3', ['UID:v', 'DTSTART;VALUE=DATE:20250310', 'SUMMARY:Forged'], 'failed')
    const {
      rows: [row],
    } = await rowsOf([event], Date.parse('2025-03-10T00:00:00Z'), Date.parse('2025-03-11T00:00:00Z'), 'UTC')
    expect(rowCells(row, 'UTC')).to.deep.equal(['2025-03-10', 'all day', '[signature FAILED] Forged', '-', 'Cal\\x1b[2J', 'e3'])
    expect(failedLine(event)).to.equal('Warning: event e3 ("Forged"): signature FAILED on its shared part: shown, but not to be trusted')
  })

  it('an event whose rule never occurs shows at its DTSTART with a warning; one over its work is named and left out; the others are listed; a failed signature gets the smaller budget', async () => {
    const never = opened('n1', ['UID:n', 'DTSTART:20250301T090000Z', 'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30', 'SUMMARY:Never'])
    const costly = opened('c1', ['UID:c', 'DTSTART:20250301T090000Z', 'RRULE:FREQ=SECONDLY;BYMONTH=2', 'SUMMARY:Costly'])
    // 3000 days of a daily rule: within MAX_WORK, over the budget of an event whose signature failed.
    const forged = opened('f1', ['UID:f', 'DTSTART:20170101T090000Z', 'RRULE:FREQ=DAILY', 'SUMMARY:Forged'], 'failed')
    const fine = opened('d1', ['UID:d', 'DTSTART:20170101T090000Z', 'RRULE:FREQ=DAILY', 'SUMMARY:Daily'])
    const lines: string[] = []
    let pauses = 0
    const pause = async () => {
      pauses++
    }

    const {rows, unexpanded} = await rowsOf([never, costly, forged, fine], Date.parse('2025-03-01T00:00:00Z'), Date.parse('2025-03-03T00:00:00Z'), 'UTC', {pause, report: (line) => lines.push(line)})
    // Before each event, and between the slices of the costly ones (200,000 steps: some 100 slices).
    expect(pauses).to.be.above(100)
    expect(rows.map((row) => rowCells(row, 'UTC')[2])).to.deep.equal(['Never', 'Daily', 'Daily'])
    expect(unexpanded).to.equal(2)
    expect(lines).to.deep.equal([
      'Warning: event n1 ("Never"): its RRULE is not expanded: it never occurs after DTSTART: no month of BYMONTH=2 has a day 30 (BYMONTHDAY): listed at its DTSTART only',
      'Error: event c1 ("Costly"): its RRULE took more than the 200000 steps an event may take before reaching the end of the window: its occurrences are not listed',
      'Error: event f1 ("Forged"): its RRULE took more than the 2000 steps an event may take before reaching the end of the window: its occurrences are not listed',
    ])
  })

  it('many cheap events, each under one slice: the expansion still yields between them (a signal is heard)', async () => {
    const many = Array.from({length: 50}, (_, index) => opened(`m${index}`, [`UID:m${index}`, 'DTSTART:20250101T090000Z', 'RRULE:FREQ=DAILY', 'SUMMARY:Cheap']))
    let pauses = 0
    const {rows} = await rowsOf(many, Date.parse('2025-03-01T00:00:00Z'), Date.parse('2025-03-02T00:00:00Z'), 'UTC', {
      async pause() {
        pauses++
      },
    })
    expect([rows.length, pauses]).to.deep.equal([50, 50])
  })
})
