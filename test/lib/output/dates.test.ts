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

describe('localIsoDateTime in the process’s own zone: Date’s fields, as Intl would print them', () => {
  const saved = process.env.TZ
  after(() => {
    if (saved === undefined) delete process.env.TZ
    else process.env.TZ = saved
  })

  // Some 90 days apart (and a few seconds, so every time of day comes round) from 1900 to 2286, in zones with odd offsets.
  for (const zone of ['UTC', 'Asia/Kolkata', 'America/St_Johns', 'Australia/Lord_Howe', 'Pacific/Chatham', 'Europe/Dublin', 'America/Sao_Paulo', 'Asia/Kathmandu']) {
    it(`${zone}`, () => {
      process.env.TZ = zone
      const intl = new Intl.DateTimeFormat('en-US', {
        day: '2-digit',
        hour: '2-digit',
        hourCycle: 'h23',
        minute: '2-digit',
        month: '2-digit',
        second: '2-digit',
        timeZone: zone,
        timeZoneName: 'longOffset',
        year: 'numeric',
      })
      for (let seconds = -2_208_988_800; seconds < 10_000_000_000; seconds += 7_776_013) {
        const parts = Object.fromEntries(intl.formatToParts(new Date(seconds * 1000)).map((part) => [part.type, part.value]))
        const expected = `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${parts.timeZoneName.replace('GMT', '') || '+00:00'}`
        expect(localIsoDateTime(seconds), String(seconds)).to.equal(expected)
      }
    })
  }
})
