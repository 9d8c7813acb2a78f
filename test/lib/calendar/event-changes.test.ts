import {expect} from 'chai'

import {applyChanges, checkChanges, type EventsUpdateOptions, personalPart, planTimes} from '../../../src/lib/calendar/event-changes.ts'
import {parseCard, text} from '../../../src/lib/calendar/vevent.ts'

const EVENT = ['BEGIN:VEVENT', 'UID:u1', 'DTSTAMP:20260101T000000Z', 'DTSTART:20260310T090000Z', 'DTEND:20260310T100000Z', 'SEQUENCE:2', 'SUMMARY:Standup', 'END:VEVENT', ''].join('\r\n')
const ENV = {TZ: 'UTC'}
const options = (given: Partial<EventsUpdateOptions>): EventsUpdateOptions => ({alarms: [], allDay: false, dryRun: false, id: 'e1', noAlarm: false, ...given})

describe('calendar events update: the changes', () => {
  it('checks the options before anything is asked: nothing to change, --all-day without both ends', () => {
    expect(() => checkChanges(options({}), ENV)).to.throw(/nothing to change: give one of --summary/)
    expect(() => checkChanges(options({allDay: true, start: '2026-03-10'}), ENV)).to.throw('--all-day needs both --start and --end (dates)')
    expect(checkChanges(options({summary: 'x'}), ENV)).to.deep.equal({newEnd: undefined, newStart: undefined, rrule: undefined})
  })

  it('a new start alone keeps the duration; SEQUENCE is raised as the times move, DTSTAMP renewed', () => {
    const vevent = parseCard(EVENT)
    const changes = checkChanges(options({start: '2026-03-11T14:00'}), ENV)
    const planned = planTimes(vevent, false, changes, () => {})
    expect(planned.moved).to.equal(true)
    expect(planned.end.wall).to.include({day: 11, hour: 15, minute: 0})
    applyChanges(vevent, planned, changes, options({start: '2026-03-11T14:00'}), Date.UTC(2026, 2, 1, 12))
    expect(text(vevent, 'sequence')).to.equal('3')
    expect(text(vevent, 'dtstamp')).to.equal('2026-03-01T12:00:00Z')
    expect(text(vevent, 'dtend')).to.equal('2026-03-11T15:00:00Z')
  })

  it('texts alone: the times kept, SEQUENCE kept; an end before the start refused', () => {
    const vevent = parseCard(EVENT)
    const changes = checkChanges(options({summary: 'Retro'}), ENV)
    const planned = planTimes(vevent, false, changes, () => {})
    expect(planned.moved).to.equal(false)
    applyChanges(vevent, planned, changes, options({summary: 'Retro'}), 0)
    expect([text(vevent, 'summary'), text(vevent, 'sequence')]).to.deep.equal(['Retro', '2'])
    expect(() => planTimes(parseCard(EVENT), false, checkChanges(options({end: '2026-03-09T08:00'}), ENV), () => {})).to.throw()
  })

  it('the personal part: the color and notifications given, else the event’s own', () => {
    const vevent = parseCard(EVENT)
    expect(personalPart({Color: '#FF0000', Notifications: null}, vevent, options({}))).to.deep.equal({color: '#FF0000', notifications: null})
    expect(personalPart({Color: ''}, vevent, options({color: '#00FF00', noAlarm: true}))).to.deep.equal({color: '#00FF00', notifications: []})
  })
})
