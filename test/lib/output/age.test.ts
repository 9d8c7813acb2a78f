/** How old an ISO date-time is, for people ("3 minutes ago"). */
import {expect} from 'chai'

import {age} from '../../../src/lib/output/age.ts'

describe('age', () => {
  const now = Date.parse('2026-01-02T03:04:05.000Z')

  it('names the largest whole unit, singular for one', () => {
    expect(age('2025-12-30T03:04:05.000Z', now)).to.equal('3 days ago')
    expect(age('2026-01-01T03:04:05.000Z', now)).to.equal('1 day ago')
    expect(age('2026-01-02T01:04:05.000Z', now)).to.equal('2 hours ago')
    expect(age('2026-01-02T03:03:05.000Z', now)).to.equal('1 minute ago')
    expect(age('2026-01-02T03:03:55.000Z', now)).to.equal('10 seconds ago')
  })

  it('under a second, or in the future (a clock ahead): just now', () => {
    expect(age('2026-01-02T03:04:04.500Z', now)).to.equal('just now')
    expect(age('2026-01-02T04:00:00.000Z', now)).to.equal('just now')
  })

  it('no date, or one that is not a date: undefined', () => {
    expect(age(undefined, now)).to.equal(undefined)
    expect(age('', now)).to.equal(undefined)
    expect(age('yesterday', now)).to.equal(undefined)
  })
})
