/**
 * `calendar list` as a list (table-style.ts): Display and Type by name,
 * Flags as every set bit, Permissions summed up as the strongest role they
 * give on a terminal (every set bit when piped). A calendar's own settings
 * may sit on the calendar or on its first member (the service's v1 shape);
 * either is read.
 */
import {CALENDAR_DISPLAY, CALENDAR_FLAGS, CALENDAR_PERMISSIONS, CALENDAR_TYPE} from '../../contract/contract.ts'
import {bitSetText, enumText} from '../../output/decode.ts'
import type {JsonValue} from '../../core/json-value.ts'
import {isRecord, type JsonRecord, listOf} from '../../core/records.ts'
import {type Listing, type TableStyle, wholeCell} from '../../output/table-style.ts'

/** A calendar's own setting: on the calendar, or on its first member. */
export function calendarField(calendar: JsonRecord, name: string): JsonValue | undefined {
  if (calendar[name] !== undefined) return calendar[name]
  const members = calendar.Members
  return Array.isArray(members) && isRecord(members[0]) ? members[0][name] : undefined
}

/** The permission bits that make each role, strongest first (CALENDAR_PERMISSIONS; WebClients packages/shared/lib/calendar/permissions.ts). */
const ROLES: ReadonlyArray<[string, number]> = [
  ['owner', 2],
  ['admin', 4],
  ['write', 16],
  ['read', 32],
  ['free/busy', 64],
]

/** The strongest role the bits give ("owner", "write" …); anything not a number as it is. */
export function permissionsSummary(value: JsonValue | undefined): string {
  const bits = typeof value === 'bigint' ? Number(value) : value
  if (typeof bits !== 'number' || !Number.isInteger(bits) || bits < 0) return wholeCell(value)
  if (bits & 1) return 'owner'
  return ROLES.find(([, bit]) => (bits & bit) !== 0)?.[0] ?? (bits === 0 ? 'none' : String(bits))
}

export function calendarsListing(data: JsonValue | undefined, style: TableStyle): Listing {
  const calendars = listOf(data, 'Calendars')
  return {
    giveFirst: [0],
    header: ['ID', 'NAME', 'COLOR', 'DISPLAY', 'TYPE', 'FLAGS', 'PERMISSIONS', 'EMAIL'],
    kind: 'calendar',
    ids: calendars.map((calendar) => calendar.ID).filter((id) => typeof id === 'string'),
    rows: calendars.map((calendar) => [
      wholeCell(calendar.ID),
      wholeCell(calendarField(calendar, 'Name')),
      wholeCell(calendarField(calendar, 'Color')),
      enumText(CALENDAR_DISPLAY, calendarField(calendar, 'Display')),
      enumText(CALENDAR_TYPE, calendar.Type),
      bitSetText(CALENDAR_FLAGS, calendarField(calendar, 'Flags')),
      style.piped ? bitSetText(CALENDAR_PERMISSIONS, calendarField(calendar, 'Permissions')) : permissionsSummary(calendarField(calendar, 'Permissions')),
      wholeCell(calendarField(calendar, 'Email')),
    ]),
  }
}
