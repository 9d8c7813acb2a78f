/**
 * `calendar list` as text: Display, Type by name, Flags and Permissions as
 * every set bit. A calendar's own settings may sit on the calendar or on
 * its first member (the service's v1 shape); either is read.
 */
import {cellText, idText} from '../cells.ts'
import {CALENDAR_DISPLAY, CALENDAR_FLAGS, CALENDAR_PERMISSIONS, CALENDAR_TYPE} from '../../contract/contract.ts'
import {bitSetText, enumText} from '../decode.ts'
import type {JsonValue} from '../json-value.ts'
import {isRecord, type JsonRecord, listOf} from '../records.ts'
import {renderTable} from '../table.ts'

function field(calendar: JsonRecord, name: string): JsonValue | undefined {
  if (calendar[name] !== undefined) return calendar[name]
  const members = calendar.Members
  return Array.isArray(members) && isRecord(members[0]) ? members[0][name] : undefined
}

export function calendarsText(data: JsonValue | undefined): string {
  const rows = listOf(data, 'Calendars').map((calendar) => [
    idText(calendar.ID),
    cellText(field(calendar, 'Name')),
    cellText(field(calendar, 'Color')),
    enumText(CALENDAR_DISPLAY, field(calendar, 'Display')),
    enumText(CALENDAR_TYPE, calendar.Type),
    bitSetText(CALENDAR_FLAGS, field(calendar, 'Flags')),
    bitSetText(CALENDAR_PERMISSIONS, field(calendar, 'Permissions')),
    cellText(field(calendar, 'Email')),
  ])
  return renderTable(['ID', 'NAME', 'COLOR', 'DISPLAY', 'TYPE', 'FLAGS', 'PERMISSIONS', 'EMAIL'], rows)
}
