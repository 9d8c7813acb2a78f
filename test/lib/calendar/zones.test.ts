import {expect} from 'chai'

import {instantOf, offsetAt, wallAt} from '../../../src/lib/calendar/zones.ts'
import {listWindow, parseGiven} from '../../../src/lib/calendar/window.ts'

const wall = (year: number, month: number, day: number, hour: number, minute = 0) => ({day, hour, minute, month, second: 0, year})

describe('calendar zones and windows (Intl)', () => {
  it('a wall time in Europe/Zurich names the instant of its offset, summer or winter', () => {
    expect(new Date(instantOf(wall(2025, 3, 29, 9), 'Europe/Zurich')).toISOString()).to.equal('2025-03-29T08:00:00.000Z')
    expect(new Date(instantOf(wall(2025, 3, 31, 9), 'Europe/Zurich')).toISOString()).to.equal('2025-03-31T07:00:00.000Z')
    expect(offsetAt(Date.parse('2025-07-01T00:00:00Z'), 'Europe/Zurich')).to.equal(7_200_000)
  })

  it('a time the clocks skip lands an hour later; a time that occurs twice is its first occurrence', () => {
    expect(new Date(instantOf(wall(2025, 3, 30, 2, 30), 'Europe/Zurich')).toISOString()).to.equal('2025-03-30T01:30:00.000Z')
    expect(new Date(instantOf(wall(2025, 10, 26, 2, 30), 'Europe/Zurich')).toISOString()).to.equal('2025-10-26T00:30:00.000Z')
  })

  it('wallAt is the inverse on ordinary times', () => {
    expect(wallAt(Date.parse('2025-03-31T07:00:00Z'), 'Europe/Zurich')).to.deep.equal(wall(2025, 3, 31, 9))
  })

  it('--start/--end: a date is midnight in the zone, an ISO time needs its zone, the default is today to 30 days ahead', () => {
    expect(parseGiven('2025-03-01T10:00+01:30', '--start')).to.deep.equal({kind: 'instant', ms: Date.parse('2025-03-01T08:30:00Z')})
    expect(parseGiven('2025-03-01T10:00', '--start').kind).to.equal('local')
    const window = listWindow('2025-03-01', undefined, 'Europe/Zurich', 0)
    expect([new Date(window.start).toISOString(), new Date(window.end).toISOString()]).to.deep.equal(['2025-02-28T23:00:00.000Z', '2025-03-30T22:00:00.000Z'])
    const today = listWindow(undefined, undefined, 'UTC', Date.parse('2025-06-15T13:14:15Z'))
    expect([new Date(today.start).toISOString(), new Date(today.end).toISOString()]).to.deep.equal(['2025-06-15T00:00:00.000Z', '2025-07-15T00:00:00.000Z'])
    expect(() => listWindow('2025-03-02', '2025-03-01', 'UTC', 0)).to.throw('--end must be after --start')
  })
})
