/** Unix seconds shown as ISO 8601 date-times in the zone TZ names. */
import {expect} from 'chai'

import {localIsoDateTime} from '../../../src/lib/output/dates.ts'

describe('localIsoDateTime (the zone TZ names)', () => {
  const saved = process.env.TZ
  afterEach(() => {
    if (saved === undefined) delete process.env.TZ
    else process.env.TZ = saved
  })

  it('an explicit zone wins; a zone Intl does not know falls back to the system’s', () => {
    expect(localIsoDateTime(1_735_689_600, 'Asia/Tokyo')).to.equal('2025-01-01T09:00:00+09:00')
    expect(localIsoDateTime(1_735_689_600, 'EST5EDT,M3.2.0,M11.1.0')).to.match(/^20\d\d-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/)
  })

  for (const [zone, text] of [
    ['UTC', '2025-01-01T00:00:00+00:00'],
    ['Asia/Kolkata', '2025-01-01T05:30:00+05:30'],
    ['America/St_Johns', '2024-12-31T20:30:00-03:30'],
  ]) {
    it(`${zone}: ${text}`, () => {
      process.env.TZ = zone
      expect(localIsoDateTime(1_735_689_600)).to.equal(text)
    })
  }
})
