/**
 * Wall-clock times in an IANA time zone and the instants they name: an
 * event's DTSTART;TZID=… is a wall time, and a recurrence repeats it in that
 * zone (RFC 5545 3.3.10), so 09:00 stays 09:00 across a change to or from
 * summer time.
 *
 * The zone data is ICU's, which Node ships, read two ways. Intl.DateTimeFormat
 * with a timeZone costs some 13 ms of ICU set-up on its first use, a sixth of
 * a `calendar events list`; V8's local-time Date reads the same ICU zone in
 * about 0.1 ms once the process's TZ names it. So a zone Intl lists as
 * canonical is read through Date with process.env.TZ set to it for a moment
 * (withZone), its offsets kept per hour; anything else (an alias, a name
 * that is no zone) still goes through Intl.DateTimeFormat, which refuses what
 * it does not know: with a TZ it cannot read, V8 would quietly use UTC.
 */
import {realpathSync, readlinkSync} from 'node:fs'

import {BUILT_WITH, CANONICAL_ZONES} from '../generated/canonical-zones.ts'

/** A wall-clock time (month 1-12), as ical.js's Time holds one. */
export interface Wall {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter(zone: string): Intl.DateTimeFormat {
  let format = formatters.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {day: 'numeric', hour: 'numeric', hourCycle: 'h23', minute: 'numeric', month: 'numeric', second: 'numeric', timeZone: zone, year: 'numeric'})
    formatters.set(zone, format)
  }

  return format
}

const isUtc = (zone: string) => zone === 'UTC' || zone === 'Etc/UTC' || zone === 'Z'

let canonical: Set<string> | undefined

/**
 * The canonical IANA names (no aliases, not UTC): as the build's Node listed them when `versions` name the same ICU
 * and tz data and the same V8, else Intl's (some 2 ms, once, against a formatter's 13).
 */
export function canonicalList(versions: Partial<Record<'icu' | 'tz' | 'v8', string>> = process.versions): readonly string[] {
  return versions.icu === BUILT_WITH.icu && versions.tz === BUILT_WITH.tz && versions.v8 === BUILT_WITH.v8 ? CANONICAL_ZONES : Intl.supportedValuesOf('timeZone')
}

const canonicalZones = () => (canonical ??= new Set(canonicalList()))

/**
 * Whether V8's local time stands in for Intl in the zone: a canonical name that ICU takes from TZ as it is (ICU
 * putil.cpp uprv_tzname: isValidOlsonID refuses a TZ with a digit or a comma; TimeZone::detectHostTimeZone drops a
 * 3-4 letter one whose offset the C library disagrees with), where assigning TZ steers local time (tzSteers), and not
 * on Windows, where ICU finds the host's zone its own way (not checked there).
 */
const dateServes = (zone: string) => process.platform !== 'win32' && zone.length > 4 && !/[\d,]/.test(zone) && canonicalZones().has(zone) && tzSteers()

let steers: boolean | undefined

/**
 * Whether assigning process.env.TZ steers V8's local time here: not in a worker, whose process.env is its own copy,
 * which neither the C library nor ICU reads. Tried once, with two zones no TZ of the process's own can pass for both
 * (some 0.1 ms, against 0.6 to load node:worker_threads for isMainThread).
 */
function tzSteers(): boolean {
  steers ??= withZone('Etc/GMT-14', () => new Date(0).getTimezoneOffset() === -840) && withZone('Etc/GMT+12', () => new Date(0).getTimezoneOffset() === 720)
  return steers
}

/**
 * Runs `work` with V8's local time in `zone`, then gives the process its own TZ back (assigned again, or deleted
 * when it had none), before anything else can run: Node resets V8's date cache and ICU's default zone on each
 * assignment and deletion of process.env.TZ (node_env_var.cc EnvSetter/EnvDeleter; checked on Node 20 and 24), some
 * 15-50 µs a switch and back.
 */
function withZone<T>(zone: string, work: () => T): T {
  const own = process.env.TZ
  process.env.TZ = zone
  try {
    return work()
  } finally {
    if (own === undefined) delete process.env.TZ
    else process.env.TZ = own
  }
}

const HOUR = 3_600_000
/** Hours whose offsets are read together (a week: a listing's month takes 3 or 4 switches of TZ, a year some 9). */
const BLOCK = 168
/** The most blocks filled with one switch. */
const RUN = 8
/** Blocks kept per zone before its table starts again (memory stays flat over a long recurrence). */
const MAX_BLOCKS = 1024
/** Instants further out than this go through Intl: a block must stay inside Date's range (±8.64e15 ms). */
const LIMIT = 8.64e15 - (RUN + 2) * BLOCK * HOUR

/**
 * A zone's offsets (ms): at each whole hour of the blocks filled, and, in an hour whose two ends differ, the first
 * instant of the new offset. Between two hours with the same offset there is no change: two changes of a zone's
 * offset are never less than 7 days apart in ICU's data (America/Recife 2000: every canonical zone, read day by day
 * 1850-2040 as localOffset reads), so an hour holds at most one.
 */
interface Offsets {
  blocks: Set<number>
  hours: Map<number, number>
  changes: Map<number, number>
}

const tables = new Map<string, Offsets>()

const probe = new Date(0)
/**
 * From 1973 on, every zone's offset is a whole number of minutes in ICU's data (Africa/Monrovia's -0:44:30 was the
 * last other, until January 1972): getTimezoneOffset then gives it exactly, in one read of the date cache rather
 * than seven.
 */
const WHOLE_MINUTES = Date.UTC(1973, 0, 1)

/** 400 Gregorian years, a whole cycle of leap years. */
const CYCLE = 146_097 * 86_400_000

/**
 * The offset of local time at the instant, to the millisecond (getTimezoneOffset rounds a local mean time to the
 * minute). V8 asks ICU only when its date cache has no segment starting at or before the instant (DateCache::
 * LocalOffsetInMs); past one, it extends the segment up to 19 days when the offset 19 days on is the same, taking a
 * zone's offset to change at most once in 19 days, which ICU's data does not (Asia/Gaza in 2040, Europe/Simferopol
 * in 1944). So the reads go downward from a fresh cache (a switch of TZ): each one is then ICU's own answer.
 */
function localOffset(ms: number): number {
  probe.setTime(ms)
  if (ms >= WHOLE_MINUTES) return -probe.getTimezoneOffset() * 60_000
  const year = probe.getFullYear()
  // Date.UTC reads a year 0-99 as 1900-1999: counted 400 years on, then back.
  const shift = year >= 0 && year < 100 ? 1 : 0
  const local = Date.UTC(year + 400 * shift, probe.getMonth(), probe.getDate(), probe.getHours(), probe.getMinutes(), probe.getSeconds(), probe.getMilliseconds())
  return local - shift * CYCLE - ms
}

/** Fills `count` blocks from `block` on, with one switch of TZ. */
function fill(table: Offsets, zone: string, block: number, count: number): void {
  withZone(zone, () => {
    const first = block * BLOCK
    const last = (block + count) * BLOCK
    for (let hour = last; hour >= first; hour--) if (!table.hours.has(hour)) table.hours.set(hour, localOffset(hour * HOUR))
    for (let hour = first; hour < last; hour++) {
      const before = table.hours.get(hour) as number
      if (before !== table.hours.get(hour + 1) && !table.changes.has(hour)) table.changes.set(hour, changeIn(hour, before, zone))
    }
  })
  for (let filled = block; filled < block + count; filled++) table.blocks.add(filled)
}

/** The first second of the new offset in an hour whose ends differ (the tz database's resolution is the second). */
function changeIn(hour: number, before: number, zone: string): number {
  // Each scan downward in a date cache made afresh (assigning TZ again), so that every read asks ICU (see localOffset).
  process.env.TZ = zone
  let minute = hour * 60 + 59
  while (minute > hour * 60 && localOffset(minute * 60_000) !== before) minute--
  process.env.TZ = zone
  let second = minute * 60 + 59
  while (second > minute * 60 && localOffset(second * 1000) !== before) second--
  return (second + 1) * 1000
}

/** The blocks a listing is about to read (expectInstants): a zone's second miss among them fills them all. */
let expected: {first: number; last: number} | undefined

/**
 * Says which instants are about to be placed (a listing's window): each zone's offsets over them are then read with
 * two switches of TZ (its first week, then the rest), not one for each week a listing reaches in turn. With a day
 * before (instantOf reads a day either side) and a week and a day after (a weekly series is expanded to its first
 * occurrence past the window). Up to RUN blocks; a longer window is filled as it is read.
 */
export function expectInstants(from: number, to: number): void {
  const first = Math.floor((from - 86_400_000) / HOUR / BLOCK)
  const last = Math.floor((to + 8 * 86_400_000) / HOUR / BLOCK)
  expected = Math.abs(from) < LIMIT && Math.abs(to) < LIMIT && last >= first && last - first < RUN ? {first, last} : undefined
}

/** The zone's offset at the instant (an integer ms within LIMIT), from its table. */
function tableOffset(ms: number, zone: string): number {
  let table = tables.get(zone)
  if (!table || table.blocks.size >= MAX_BLOCKS) {
    table = {blocks: new Set(), changes: new Map(), hours: new Map()}
    tables.set(zone, table)
  }

  const hour = Math.floor(ms / HOUR)
  const block = Math.floor(hour / BLOCK)
  if (!table.blocks.has(block)) {
    // A zone's first read fills its own week (a zone of one event needs no more); a second, inside the window said
    // ahead, the rest of the window at once.
    if (expected && table.blocks.size > 0 && block >= expected.first && block <= expected.last) fill(table, zone, expected.first, expected.last - expected.first + 1)
    else {
      // A recurrence asks week after week: after n filled weeks, the next n (at most RUN) are filled with one switch.
      let run = 0
      while (run < RUN && table.blocks.has(block - run - 1)) run++
      fill(table, zone, block, Math.max(1, run))
    }
  }
  const before = table.hours.get(hour) as number
  const after = table.hours.get(hour + 1) as number
  return before === after || ms < (table.changes.get(hour) as number) ? before : after
}

/** Whether the zone is one this system knows (an unknown TZID is refused, never guessed). */
export function knownZone(zone: string): boolean {
  if (isUtc(zone) || canonicalZones().has(zone)) return true
  try {
    formatter(zone)
    return true
  } catch {
    return false
  }
}

function utcWall(ms: number): Wall {
  const date = new Date(ms)
  return {day: date.getUTCDate(), hour: date.getUTCHours(), minute: date.getUTCMinutes(), month: date.getUTCMonth() + 1, second: date.getUTCSeconds(), year: date.getUTCFullYear()}
}

/** The wall time in `zone` at the instant (ms since the epoch). */
export function wallAt(ms: number, zone: string): Wall {
  if (isUtc(zone)) return utcWall(ms)
  const instant = new Date(ms).getTime()
  if (Math.abs(instant) < LIMIT && dateServes(zone)) {
    const wall = utcWall(instant + tableOffset(instant, zone))
    // Intl names a year before 1 by its era (1 BC is 1): left to it.
    if (wall.year >= 1) return wall
  }

  const parts: Record<string, number> = {}
  for (const {type, value} of formatter(zone).formatToParts(ms)) if (type !== 'literal') parts[type] = Number(value)
  return {day: parts.day, hour: parts.hour, minute: parts.minute, month: parts.month, second: parts.second, year: parts.year}
}

const wallMs = (wall: Wall) => Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second)

/** The zone's offset from UTC at the instant, in ms. */
export function offsetAt(ms: number, zone: string): number {
  return isUtc(zone) ? 0 : wallMs(wallAt(ms, zone)) - Math.floor(ms / 1000) * 1000
}

/**
 * The instant of a wall time in the zone. A time the clocks skip (02:30 on the night they go forward) is taken
 * with the offset from before the change, so it lands an hour later (RFC 5545 3.3.5); a time that occurs twice is
 * its first occurrence.
 */
export function instantOf(wall: Wall, zone: string): number {
  const local = wallMs(wall)
  if (isUtc(zone)) return local
  const before = offsetAt(local - 86_400_000, zone)
  const after = offsetAt(local + 86_400_000, zone)
  for (const offset of before >= after ? [before, after] : [after, before]) {
    const candidate = local - offset
    if (offsetAt(candidate, zone) === offset) return candidate
  }

  return local - before
}

/** The name after /zoneinfo/ in a path, as ICU reads it (undefined without one). */
function zoneinfoName(path: string): string | undefined {
  const at = path.indexOf('/zoneinfo/')
  return at < 0 ? undefined : path.slice(at + '/zoneinfo/'.length)
}

/** What Intl resolves a zone ICU is given to, when that is sure: a canonical name is itself, Etc/UTC is UTC. */
const resolvedName = (name: string | undefined) => (name === 'Etc/UTC' || name === 'UTC' ? 'UTC' : name !== undefined && canonicalZones().has(name) ? name : undefined)

/**
 * The zone Intl resolves with TZ unset, without an Intl.DateTimeFormat (13 ms): ICU names it after the link
 * /etc/localtime (putil.cpp uprv_tzname: the path after /zoneinfo/ of its realpath since ICU 78, of its readlink
 * before, or when the realpath has none or is posixrules). Undefined unless both readings give one canonical name.
 */
function linkedZone(): string | undefined {
  if (process.env.TZ !== undefined || !tzSteers()) return undefined
  try {
    const linked = zoneinfoName(readlinkSync('/etc/localtime'))
    const real = zoneinfoName(realpathSync('/etc/localtime'))
    const zone = resolvedName(linked)
    return zone !== undefined && zone === resolvedName(real === undefined || real === 'posixrules' ? linked : real) ? zone : undefined
  } catch {
    return undefined
  }
}

/** The zone of this system (TZ, else what Intl resolves). */
export function systemZone(env: NodeJS.ProcessEnv): string {
  const zone = env.TZ && env.TZ !== '' ? env.TZ.replace(/^:/, '') : (linkedZone() ?? Intl.DateTimeFormat().resolvedOptions().timeZone)
  return zone && knownZone(zone) ? zone : 'UTC'
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0')

/** YYYY-MM-DD of a wall time. */
export function dateText(wall: Wall): string {
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`
}

/** HH:MM of a wall time. */
export function timeText(wall: Wall): string {
  return `${pad(wall.hour)}:${pad(wall.minute)}`
}
