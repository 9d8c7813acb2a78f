import {expect} from 'chai'
import {Worker} from 'node:worker_threads'

import {canonicalList, expectInstants, instantOf, knownZone, offsetAt, systemZone, type Wall, wallAt} from '../../../src/lib/calendar/zones.ts'
import {BUILT_WITH, CANONICAL_ZONES} from '../../../src/lib/generated/canonical-zones.ts'
import {listWindow, parseGiven} from '../../../src/lib/calendar/window.ts'

const wall = (year: number, month: number, day: number, hour: number, minute = 0) => ({day, hour, minute, month, second: 0, year})

describe('calendar zones and windows (Intl)', () => {
  const before = process.env.TZ
  it('a wall time in Europe/Zurich names the instant of its offset, summer or winter', () => {
    expect(new Date(instantOf(wall(2025, 3, 29, 9), 'Europe/Zurich')).toISOString()).to.equal('2025-03-29T08:00:00.000Z')
    expect(new Date(instantOf(wall(2025, 3, 31, 9), 'Europe/Zurich')).toISOString()).to.equal('2025-03-31T07:00:00.000Z')
    expect(offsetAt(Date.parse('2025-07-01T00:00:00Z'), 'Europe/Zurich')).to.equal(7_200_000)
  })

  it('a time the clocks skip lands an hour later; a time that occurs twice is its first occurrence', () => {
    expect(new Date(instantOf(wall(2025, 3, 30, 2, 30), 'Europe/Zurich')).toISOString()).to.equal('2025-03-30T01:30:00.000Z')
    expect(new Date(instantOf(wall(2025, 10, 26, 2, 30), 'Europe/Zurich')).toISOString()).to.equal('2025-10-26T00:30:00.000Z')
  })

  it('in a worker thread, whose process.env is its own copy: offsets still agree with Intl (TZ steers nothing there), and the process’s own TZ is left as it was', async () => {
    const zones = new URL('../../../dist/lib/calendar/zones.js', import.meta.url).href
    const code = `
      const {parentPort} = require('node:worker_threads')
      import(${JSON.stringify(zones)}).then(({offsetAt}) => {
        const at = [Date.parse('2025-07-01T00:00:00Z'), Date.parse('2025-01-15T12:00:00Z')]
        parentPort.postMessage(['Europe/Zurich', 'America/New_York', 'Asia/Kolkata'].flatMap((zone) => at.map((ms) => offsetAt(ms, zone))))
      })`
    const worker = new Worker(code, {eval: true})
    const offsets = await new Promise((resolve, reject) => worker.once('message', resolve).once('error', reject))
    await worker.terminate()
    expect(offsets).to.deep.equal([7_200_000, 3_600_000, -14_400_000, -18_000_000, 19_800_000, 19_800_000])
    expect(process.env.TZ).to.equal(before)
  })

  it('the canonical zones: the build’s list for its ICU, tz and V8, which is Intl’s on the Node that built (npm test builds first); Intl’s for any other', () => {
    expect(BUILT_WITH).to.deep.equal({icu: process.versions.icu, tz: process.versions.tz, v8: process.versions.v8})
    expect(canonicalList()).to.equal(CANONICAL_ZONES)
    expect(CANONICAL_ZONES).to.deep.equal(Intl.supportedValuesOf('timeZone'))
    for (const other of [{tz: '1999z'}, {icu: '1.0'}, {v8: '1.0'}]) {
      const list = canonicalList({...BUILT_WITH, ...other})
      expect(list).to.not.equal(CANONICAL_ZONES)
      expect(list).to.deep.equal(Intl.supportedValuesOf('timeZone'))
    }
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

/** The reference: Intl.DateTimeFormat of the zone, as zones.ts read every zone before. */
const references = new Map<string, Intl.DateTimeFormat>()
function intlWall(ms: number, zone: string): Wall {
  let format = references.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {day: 'numeric', hour: 'numeric', hourCycle: 'h23', minute: 'numeric', month: 'numeric', second: 'numeric', timeZone: zone, year: 'numeric'})
    references.set(zone, format)
  }

  const parts: Record<string, number> = {}
  for (const {type, value} of format.formatToParts(ms)) if (type !== 'literal') parts[type] = Number(value)
  return {day: parts.day, hour: parts.hour, minute: parts.minute, month: parts.month, second: parts.second, year: parts.year}
}

const utcOf = (wall: Wall) => Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second)
const intlOffset = (ms: number, zone: string) => utcOf(intlWall(ms, zone)) - Math.floor(ms / 1000) * 1000
const HOUR = 3_600_000
const DAY = 24 * HOUR

/** The instants Intl puts a change of the zone's offset in [from, to): found day by day, then to the second. */
function changes(zone: string, from: number, to: number): number[] {
  const found: number[] = []
  for (let day = from; day < to; day += DAY) {
    if (intlOffset(day, zone) === intlOffset(day + DAY, zone)) continue
    let [low, high] = [day / 1000, (day + DAY) / 1000]
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2)
      if (intlOffset(middle * 1000, zone) === intlOffset(day, zone)) low = middle
      else high = middle
    }

    found.push(high * 1000)
  }

  return found
}

/**
 * The instant of a wall time by Intl alone: its first occurrence; in a gap, the wall time at the offset from before
 * the change (RFC 5545 3.3.5). Searched among the offsets within a day either side, each checked.
 */
function intlInstant(wall: Wall, zone: string): number {
  const local = utcOf(wall)
  const offsets = [...new Set([-DAY, -HOUR, 0, HOUR, DAY].map((shift) => intlOffset(local + shift, zone)))]
  const occurrences = offsets.map((offset) => local - offset).filter((ms) => utcOf(intlWall(ms, zone)) === local)
  return occurrences.length > 0 ? Math.min(...occurrences) : local - intlOffset(local - DAY, zone)
}

const ZONES = ['Europe/Zurich', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'America/Sao_Paulo', 'Pacific/Apia', 'Africa/Casablanca']

describe('calendar zones read through Date (process.env.TZ) agree with Intl.DateTimeFormat', () => {
  let ownTz: string | undefined
  beforeEach(() => {
    ownTz = process.env.TZ
  })
  afterEach(() => {
    if (ownTz === undefined) delete process.env.TZ
    else process.env.TZ = ownTz
  })

  for (const zone of ZONES) {
    it(`${zone}: wallAt and offsetAt at each change of offset 1970-2040 (every 5 minutes either side), and at instants 1800-2100`, () => {
      const instants: number[] = []
      for (const change of changes(zone, Date.UTC(1970, 0, 1), Date.UTC(2040, 0, 1)))
        for (let shift = -3 * HOUR; shift <= 3 * HOUR; shift += 300_000) instants.push(change + shift, change + shift - 1, change + shift + 999)
      for (let ms = Date.UTC(1800, 0, 1); ms < Date.UTC(2100, 0, 1); ms += 7.3 * DAY + 12_345_678) instants.push(Math.round(ms))
      expect(instants.length).to.be.greaterThan(14_000)
      const differ = instants.filter((ms) => offsetAt(ms, zone) !== intlOffset(ms, zone) || JSON.stringify(wallAt(ms, zone)) !== JSON.stringify(intlWall(ms, zone)))
      expect(differ.map((ms) => new Date(ms).toISOString())).to.deep.equal([])
    })

    it(`${zone}: instantOf every 15 minutes of the local days around each change 1980-2030 (gaps, overlaps), as Intl finds it`, () => {
      const walls: Wall[] = []
      for (const change of changes(zone, Date.UTC(1980, 0, 1), Date.UTC(2030, 0, 1))) {
        const day = intlWall(change - DAY / 2, zone)
        for (let minutes = 0; minutes < 2 * 24 * 60; minutes += 15) walls.push(intlWall(utcOf({...day, hour: 0, minute: minutes, second: 0}), 'UTC'))
      }

      expect(walls.length).to.be.greaterThan(150)
      const differ = walls.filter((wall) => instantOf(wall, zone) !== intlInstant(wall, zone))
      expect(differ).to.deep.equal([])
    })
  }

  it('changes less than 19 days apart, where V8 guesses from its date cache (Gaza 2040, Simferopol 1944, Recife 2000, Tucumán 2004), as Intl reads them', () => {
    const spans = [
      ['Asia/Gaza', Date.UTC(2040, 8, 1)],
      ['Europe/Simferopol', Date.UTC(1944, 2, 20)],
      ['America/Recife', Date.UTC(2000, 8, 20)],
      ['America/Argentina/Tucuman', Date.UTC(2004, 4, 20)],
    ] as const
    const differ: string[] = []
    for (const [zone, from] of spans) {
      for (let ms = from; ms < from + 60 * DAY; ms += 1_800_000) if (JSON.stringify(wallAt(ms, zone)) !== JSON.stringify(intlWall(ms, zone))) differ.push(`${zone} ${new Date(ms).toISOString()}`)
      expect(changes(zone, from, from + 60 * DAY).length, zone).to.be.greaterThan(1)
    }

    expect(differ).to.deep.equal([])
  })

  it('the changes themselves: Lord Howe moves by 30 minutes, Apia skips 30 December 2011, Kathmandu is +05:45', () => {
    // 2025-04-06 02:00 +11 goes back to 01:30 +10:30: 01:45 occurs twice, the first is taken.
    expect(new Date(instantOf(wall(2025, 4, 6, 1, 45), 'Australia/Lord_Howe')).toISOString()).to.equal('2025-04-05T14:45:00.000Z')
    // 2025-10-05 02:00 +10:30 jumps to 02:30 +11: 02:15 is skipped, taken at the offset before.
    expect(new Date(instantOf(wall(2025, 10, 5, 2, 15), 'Australia/Lord_Howe')).toISOString()).to.equal('2025-10-04T15:45:00.000Z')
    expect(wallAt(Date.parse('2011-12-30T09:59:59Z'), 'Pacific/Apia')).to.deep.equal({...wall(2011, 12, 29, 23, 59), second: 59})
    expect(wallAt(Date.parse('2011-12-30T10:00:00Z'), 'Pacific/Apia')).to.deep.equal(wall(2011, 12, 31, 0))
    expect(new Date(instantOf(wall(2011, 12, 30, 12), 'Pacific/Apia')).toISOString()).to.equal('2011-12-30T22:00:00.000Z')
    expect(offsetAt(Date.parse('2025-01-01T00:00:00Z'), 'Asia/Kathmandu')).to.equal((5 * 60 + 45) * 60_000)
  })

  it('a daily recurrence over forty years (its table started again past 1024 weeks): instantOf as Intl finds it, on the gap days too', () => {
    const differ: string[] = []
    for (let day = Date.UTC(1990, 0, 1); day < Date.UTC(2030, 0, 1); day += DAY) {
      const date = new Date(day)
      // 02:30 in Zurich and 00:30 in São Paulo (until 2019) are skipped once a year.
      for (const [zone, hour] of [
        ['Europe/Zurich', 2],
        ['America/Sao_Paulo', 0],
      ] as const) {
        const at = wall(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), hour, 30)
        if (instantOf(at, zone) !== intlInstant(at, zone)) differ.push(`${zone} ${date.toISOString()}`)
      }
    }

    expect(differ).to.deep.equal([])
  })

  it('a window said ahead (expectInstants, as a listing says its own): each zone’s weeks in it are read at its second miss, as Intl reads them, every 10 minutes and across its changes', () => {
    // Zones and weeks no other test here reads (tables start afresh): Dublin's winter offset is its "summer time".
    for (const [zone, from, to] of [
      ['Europe/Dublin', Date.UTC(2031, 2, 1), Date.UTC(2031, 3, 12)],
      ['America/Santiago', Date.UTC(2031, 3, 1), Date.UTC(2031, 4, 1)],
      ['Asia/Gaza', Date.UTC(2031, 9, 1), Date.UTC(2031, 10, 20)],
    ] as const) {
      expectInstants(from, to)
      const inside = changes(zone, from, to)
      expect(inside, zone).to.have.length.greaterThan(0)
      const differ: string[] = []
      for (let ms = from - DAY; ms < to + DAY; ms += 10 * 60_000) if (offsetAt(ms, zone) !== intlOffset(ms, zone)) differ.push(`${zone} ${new Date(ms).toISOString()}`)
      for (const change of inside) for (const ms of [change - 1000, change]) if (offsetAt(ms, zone) !== intlOffset(ms, zone)) differ.push(`${zone} ${new Date(ms).toISOString()}`)
      expect(differ).to.deep.equal([])
    }
  })

  it('every canonical zone Intl lists reads the same through Date', () => {
    const instants = [Date.UTC(1890, 6, 1, 12), Date.UTC(1950, 0, 15, 3, 7, 11), Date.UTC(2000, 2, 26, 1, 30), Date.UTC(2025, 6, 1, 23, 59, 59), Date.UTC(2040, 10, 3, 6)]
    const zones = Intl.supportedValuesOf('timeZone')
    expect(zones.length).to.be.greaterThan(400)
    const differ = zones.filter((zone) => instants.some((ms) => JSON.stringify(wallAt(ms, zone)) !== JSON.stringify(intlWall(ms, zone))))
    expect(differ).to.deep.equal([])
  })

  it('years before 1 and instants Date cannot hold are read as Intl reads them', () => {
    for (const ms of [Date.UTC(0, 11, 31, 23) - 1_000 * 365 * DAY, Date.UTC(1, 0, 1, 0, 10)]) expect(wallAt(ms, 'Europe/Zurich')).to.deep.equal(intlWall(ms, 'Europe/Zurich'))
    expect(wallAt(8.64e15, 'Europe/Zurich')).to.deep.equal(intlWall(8.64e15, 'Europe/Zurich'))
    expect(() => wallAt(Number.NaN, 'Europe/Zurich')).to.throw(RangeError)
  })

  it('process.env.TZ is as it was after the calls, set or unset, and Date still follows it', () => {
    const summer = Date.parse('2025-07-01T12:00:00Z')
    // Years no other test reads, so that the zones' offsets are not known yet and TZ is switched.
    const read = (year: number) => {
      wallAt(Date.UTC(year, 1, 3, 4, 5, 6), 'Asia/Kathmandu')
      instantOf(wall(year, 3, 28, 2, 30), 'America/Sao_Paulo')
      offsetAt(Date.UTC(year, 4, 6, 7, 8, 9), 'Pacific/Apia')
    }

    process.env.TZ = 'America/New_York'
    read(2131)
    expect(process.env.TZ).to.equal('America/New_York')
    expect([new Date(summer).getHours(), new Date(summer).getTimezoneOffset()]).to.deep.equal([8, 240])

    delete process.env.TZ
    const unset = [new Date(summer).getHours(), new Date(summer).getTimezoneOffset(), new Date(Date.parse('2025-01-01T12:00:00Z')).getTimezoneOffset()]
    read(2132)
    expect('TZ' in process.env).to.equal(false)
    expect([new Date(summer).getHours(), new Date(summer).getTimezoneOffset(), new Date(Date.parse('2025-01-01T12:00:00Z')).getTimezoneOffset()]).to.deep.equal(unset)

    // The user's own zone is the event's: nothing is switched, and it stays.
    process.env.TZ = 'Asia/Kathmandu'
    expect(wallAt(summer, 'Asia/Kathmandu')).to.deep.equal(wall(2025, 7, 1, 17, 45))
    expect(process.env.TZ).to.equal('Asia/Kathmandu')
  })

  it('an alias is known and read through Intl; a name that is no zone is refused, never taken for UTC', () => {
    for (const zone of ['Europe/Zurich', 'UTC', 'Etc/UTC', 'US/Eastern', 'Asia/Calcutta']) expect(knownZone(zone), zone).to.equal(true)
    for (const zone of ['Mars/Olympus_Mons', 'garbage', 'Europe/Zurich ', '']) expect(knownZone(zone), zone).to.equal(false)
    expect(wallAt(Date.parse('2025-07-01T12:00:00Z'), 'US/Eastern')).to.deep.equal(wall(2025, 7, 1, 8))
    expect(wallAt(Date.parse('2025-07-01T12:00:00Z'), 'Asia/Calcutta')).to.deep.equal(wall(2025, 7, 1, 17, 30))
    expect(() => wallAt(0, 'Mars/Olympus_Mons')).to.throw(RangeError)
    expect(() => instantOf(wall(2025, 7, 1, 8), 'garbage')).to.throw(RangeError)
  })

  it("systemZone: TZ when it names a zone, else UTC; without TZ what Intl resolves (here from /etc/localtime's link)", () => {
    expect(systemZone({TZ: 'Europe/Zurich'})).to.equal('Europe/Zurich')
    expect(systemZone({TZ: ':Asia/Kathmandu'})).to.equal('Asia/Kathmandu')
    expect(systemZone({TZ: 'garbage'})).to.equal('UTC')
    delete process.env.TZ
    expect(systemZone({})).to.equal(Intl.DateTimeFormat().resolvedOptions().timeZone)
  })
})
