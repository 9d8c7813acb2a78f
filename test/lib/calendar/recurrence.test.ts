import {expect} from 'chai'

import {MAX_INTERVAL, MAX_STEPS, MAX_WORK, MAX_WORK_UNVERIFIED, occurrences, parseRrule, ruleProblem, UnexpandedRule} from '../../../src/lib/calendar/recurrence.ts'
import {parseCard} from '../../../src/lib/calendar/vevent.ts'
import {timingOf} from '../../../src/lib/calendar/event-view.ts'

const iso = (ms: number) => new Date(ms).toISOString()
const at = (text: string) => Date.parse(text)
const event = (...lines: string[]) => timingOf(parseCard(['BEGIN:VEVENT', 'UID:u', ...lines, 'END:VEVENT'].join('\r\n')))

describe('calendar recurrence (ical.js RRULE iteration, wall times placed in the event zone)', () => {
  it('a weekly 09:00 Europe/Zurich stays 09:00 across the change to summer time; its EXDATE on the Monday after the change is left out', async () => {
    const timing = event('DTSTART;TZID=Europe/Zurich:20250317T090000', 'DTEND;TZID=Europe/Zurich:20250317T093000', 'RRULE:FREQ=WEEKLY;BYDAY=MO', 'EXDATE;TZID=Europe/Zurich:20250331T090000')
    const found = await occurrences(timing, at('2025-03-01T00:00:00Z'), at('2025-04-15T00:00:00Z'), 'UTC')
    expect(found.map(({start}) => iso(start))).to.deep.equal(['2025-03-17T08:00:00.000Z', '2025-03-24T08:00:00.000Z', '2025-04-07T07:00:00.000Z', '2025-04-14T07:00:00.000Z'])
    expect(found.map(({end, start}) => end - start)).to.deep.equal([1_800_000, 1_800_000, 1_800_000, 1_800_000])
  })

  it('an EXDATE written in UTC excludes the same instant; the occurrences a single edit replaces are left out', async () => {
    const timing = event('DTSTART;TZID=Europe/Zurich:20250317T090000', 'RRULE:FREQ=WEEKLY;COUNT=4', 'EXDATE:20250324T080000Z')
    const found = await occurrences(timing, 0, at('2026-01-01T00:00:00Z'), 'UTC', new Set([at('2025-04-07T07:00:00Z')]))
    expect(found.map(({start}) => iso(start))).to.deep.equal(['2025-03-17T08:00:00.000Z', '2025-03-31T07:00:00.000Z'])
  })

  it('UNTIL in UTC is compared as the instant it names, in the event zone', async () => {
    const timing = event('DTSTART;TZID=America/New_York:20250301T230000', 'RRULE:FREQ=DAILY;UNTIL=20250303T040000Z')
    const found = await occurrences(timing, 0, at('2026-01-01T00:00:00Z'), 'UTC')
    // 23:00 New York is 04:00 UTC the next day: 1 and 2 March qualify, 3 March (04:00 UTC on the 4th) does not.
    expect(found.map(({start}) => iso(start))).to.deep.equal(['2025-03-02T04:00:00.000Z', '2025-03-03T04:00:00.000Z'])
  })

  it('an all-day event occurs on its dates in the zone the window is read in, and lasts its days', async () => {
    const timing = event('DTSTART;VALUE=DATE:20250320', 'DTEND;VALUE=DATE:20250322', 'RRULE:FREQ=YEARLY')
    const found = await occurrences(timing, at('2026-01-01T00:00:00Z'), at('2027-01-01T00:00:00Z'), 'Asia/Tokyo')
    expect(found.map(({end, start}) => [iso(start), iso(end)])).to.deep.equal([['2026-03-19T15:00:00.000Z', '2026-03-21T15:00:00.000Z']])
  })

  it('a hostile rule (every second since 1970) stops after its bound of steps, short of the window, rather than iterating for hours', async () => {
    const timing = event('DTSTART:19700101T000000Z', 'RRULE:FREQ=SECONDLY')
    expect(await occurrences(timing, at('2030-01-01T00:00:00Z'), at('2031-01-01T00:00:00Z'), 'UTC', new Set(), {maxSteps: 1000})).to.deep.equal([])
    // Within the bound, the same rule is followed: its first 1000 seconds.
    expect(await occurrences(timing, 0, at('1970-01-01T00:16:40Z'), 'UTC', new Set(), {maxSteps: 1000})).to.have.length(1000)
    expect(MAX_STEPS).to.equal(100_000)
  })

  it('a rule that matches nothing for years is bounded by its work, not its matches: it stops with an UnexpandedRule, yielding between slices', async () => {
    // ical.js's next() tests candidate after candidate inside one call: every minute since March, none in February's 09:00 hour yet.
    const timing = event('DTSTART:20250301T090000Z', 'RRULE:FREQ=MINUTELY;BYMONTH=2;BYHOUR=9')
    let pauses = 0
    const pause = async () => {
      pauses++
    }

    const failure = await occurrences(timing, at('2026-02-01T00:00:00Z'), at('2026-03-01T00:00:00Z'), 'UTC', new Set(), {maxWork: 20_000, pause}).catch((error: unknown) => error)
    expect(failure).to.be.instanceOf(UnexpandedRule)
    expect((failure as UnexpandedRule).impossible).to.equal(false)
    expect((failure as Error).message).to.equal('its RRULE took more than the 20000 steps an event may take before reaching the end of the window')
    expect(pauses).to.be.within(5, 10)
    // A pause that throws (a signal, the deadline) ends the expansion with its error.
    const stopped = await occurrences(timing, 0, at('2027-01-01T00:00:00Z'), 'UTC', new Set(), {pause: () => Promise.reject(new Error('stop'))}).catch((error: unknown) => error)
    expect((stopped as Error).message).to.equal('stop')
    // Slices resume where they were: the same rule, given the work, finds its first match (1 February 2026, 09:00).
    const found = await occurrences(event('DTSTART:20260131T000000Z', 'RRULE:FREQ=MINUTELY;BYMONTH=2;BYHOUR=9;COUNT=3'), 0, at('2027-01-01T00:00:00Z'), 'UTC', new Set(), {pause})
    expect(found.map(({start}) => iso(start))).to.deep.equal(['2026-01-31T00:00:00.000Z', '2026-02-01T09:00:00.000Z', '2026-02-01T09:01:00.000Z'])
    expect([MAX_WORK, MAX_WORK_UNVERIFIED, MAX_INTERVAL]).to.deep.equal([200_000, 2000, 10_000])
  })

  it('rules that never occur after DTSTART, or whose INTERVAL is over the bound, are not expanded at all', async () => {
    const problem = (rule: string) => ruleProblem(parseRrule(rule))
    expect(problem('FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30')).to.deep.equal({impossible: true, text: 'it never occurs after DTSTART: no month of BYMONTH=2 has a day 30 (BYMONTHDAY)'})
    expect(problem('FREQ=HOURLY;BYMONTH=2,4;BYMONTHDAY=-31')?.impossible).to.equal(true)
    expect(problem('FREQ=YEARLY;BYYEARDAY=0')?.text).to.equal('it never occurs after DTSTART: BYYEARDAY=0 names no day, week or position')
    expect(problem('FREQ=DAILY;INTERVAL=100000000')).to.deep.equal({impossible: false, text: 'its INTERVAL 100000000 is more than the 10000 this tool expands'})
    expect(() => parseRrule('FREQ=YEARLY;BYYEARDAY=367')).to.throw(/BYYEARDAY/)
    // Possible ones pass: 29 February, the 30th of April or February, the last day of February.
    for (const rule of ['FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29', 'FREQ=DAILY;BYMONTH=2,4;BYMONTHDAY=30', 'FREQ=MONTHLY;BYMONTH=2;BYMONTHDAY=-1', 'FREQ=WEEKLY;INTERVAL=4999'])
      expect(problem(rule), rule).to.equal(undefined)
    const failure = await occurrences(event('DTSTART:20250301T090000Z', 'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30'), 0, at('2027-01-01T00:00:00Z'), 'UTC').catch((error: unknown) => error)
    expect((failure as UnexpandedRule).impossible).to.equal(true)
  })

  it('parseRrule refuses a rule without FREQ or with an unknown one', () => {
    expect(() => parseRrule('BYDAY=MO')).to.throw(/no FREQ/)
    expect(() => parseRrule('FREQ=FORTNIGHTLY')).to.throw(/invalid frequency/)
    expect(parseRrule('RRULE:FREQ=WEEKLY;BYDAY=MO').toString()).to.equal('FREQ=WEEKLY;BYDAY=MO')
  })
})
