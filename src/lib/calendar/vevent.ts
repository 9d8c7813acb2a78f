/**
 * An event's iCalendar text, read and written with ical.js (Mozilla's
 * iCalendar library, maintained, used by Thunderbird; it parses and
 * serialises RFC 5545 and iterates RRULEs, with no zone data of its own:
 * an unknown TZID stays a wall time, which zones.ts turns into instants).
 *
 * The web client splits one VEVENT into parts by field (WebClients
 * packages/shared/lib/calendar/veventHelper.ts getVeventParts, constants.ts
 * SHARED_SIGNED_FIELDS, CALENDAR_SIGNED_FIELDS: EXDATE in both …), each wrapped in a VCALENDAR (helper.ts wrap);
 * reading merges them back into one VEVENT (calendar/deserialize.ts
 * readCalendarEvent, getSelfAddressData: the shared, calendar, personal and
 * attendees parts' properties together, the alarms from the personal one).
 */
import ICAL from 'ical.js'
import {withoutBareCr} from '../core/escape.ts'

import type {Wall} from './zones.ts'

export type Component = InstanceType<typeof ICAL.Component>
export type IcalTime = InstanceType<typeof ICAL.Time>

/** The PRODID of what this tool writes (helper.ts wrap names the client). */
export const PRODID = '-//proton-cli//calendar events//EN'

/** calendar/constants.ts: which fields go in which part. */
export const SHARED_SIGNED_FIELDS = ['uid', 'dtstamp', 'dtstart', 'dtend', 'recurrence-id', 'rrule', 'exdate', 'organizer', 'sequence'] as const
export const SHARED_ENCRYPTED_FIELDS = ['uid', 'dtstamp', 'created', 'description', 'summary', 'location'] as const
export const CALENDAR_SIGNED_FIELDS = ['uid', 'dtstamp', 'exdate', 'status', 'transp'] as const
export const CALENDAR_ENCRYPTED_FIELDS = ['uid', 'dtstamp', 'comment'] as const
const TAKEN = new Set<string>([...SHARED_SIGNED_FIELDS, ...SHARED_ENCRYPTED_FIELDS, ...CALENDAR_SIGNED_FIELDS, ...CALENDAR_ENCRYPTED_FIELDS, 'attendee'])

/** The VEVENT of a part's text (a VCALENDAR around it, or a bare VEVENT). */
export function parseCard(text: string): Component {
  const root = new ICAL.Component(ICAL.parse(text) as unknown as unknown[])
  const event = root.name === 'vevent' ? root : root.getFirstSubcomponent('vevent')
  if (!event) throw new Error('the part holds no VEVENT')
  return event
}

/**
 * One VEVENT of every part's properties and sub-components (alarms). As deserialize.ts readCalendarEvent merges
 * the parts (`{...acc, ...part}`), a later part's properties of a name replace an earlier part's: the web client
 * writes each EXDATE in the shared and the calendar signed parts, and it is one EXDATE. Attendees stay all (the
 * web client reads them apart); uid and dtstamp are kept from the first part. The cards' properties and alarms are
 * moved, not copied: a card is read for this merge alone. Linear in the parts' properties: a property is kept when
 * no later part names it (nothing is removed from the merged event by name), and each card is emptied at once
 * from its end (ical.js, moving one property, takes it from the front of its card's lists: quadratic in a hostile part).
 */
export function mergeCards(cards: readonly Component[]): Component {
  const properties = cards.map((card) => [...card.getAllProperties()])
  const lastPart = new Map<string, number>()
  for (const [index, list] of properties.entries()) for (const {name} of list) lastPart.set(name, index)
  const merged = new ICAL.Component('vevent')
  const once = new Set<string>()
  for (const [index, card] of cards.entries()) {
    const children = [...card.getAllSubcomponents()]
    card.removeAllProperties()
    card.removeAllSubcomponents()
    for (const property of properties[index]) {
      const {name} = property
      if (name === 'uid' || name === 'dtstamp') {
        if (once.has(name)) continue
        once.add(name)
      } else if (name !== 'attendee' && lastPart.get(name) !== index) continue
      merged.addProperty(property)
    }

    for (const child of children) merged.addSubcomponent(child)
  }

  return merged
}

/** A date or date-time property: its wall time, its zone (TZID, "UTC" for …Z, none when floating) and whether it is a whole day. */
export interface When {
  wall: Wall
  zone?: string
  allDay: boolean
}

function whenOf(time: IcalTime, tzid: unknown): When {
  const wall = {day: time.day, hour: time.hour, minute: time.minute, month: time.month, second: time.second, year: time.year}
  if (time.isDate) return {allDay: true, wall}
  const zone = typeof tzid === 'string' && tzid !== '' ? tzid : time.zone?.tzid === 'UTC' ? 'UTC' : undefined
  return {allDay: false, wall, zone}
}

export function whenProperty(event: Component, name: string): When | undefined {
  const property = event.getFirstProperty(name)
  const value = property?.getFirstValue()
  return value instanceof ICAL.Time ? whenOf(value, property?.getParameter('tzid')) : undefined
}

/** Every EXDATE value (a property may list several). */
export function exdates(event: Component): When[] {
  return event.getAllProperties('exdate').flatMap((property) =>
    property
      .getValues()
      .filter((value): value is IcalTime => value instanceof ICAL.Time)
      .map((value) => whenOf(value, property.getParameter('tzid'))),
  )
}

export function text(event: Component, name: string): string | undefined {
  const value = event.getFirstPropertyValue(name)
  return value === null || value === undefined ? undefined : String(value)
}

/** The properties a part holds, copied from the event (uid and dtstamp first). */
export function pick(event: Component, names: readonly string[]): Component {
  const part = new ICAL.Component('vevent')
  for (const name of names) for (const property of event.getAllProperties(name)) part.addProperty(ICAL.Property.fromString(property.toICALString()))
  return part
}

/** The properties no part names: the web client keeps them in the shared encrypted part. */
export function rest(event: Component): Component {
  const part = new ICAL.Component('vevent')
  for (const property of event.getAllProperties()) if (!TAKEN.has(property.name)) part.addProperty(ICAL.Property.fromString(property.toICALString()))
  return part
}

/** The text of a part as the web client writes it (helper.ts wrap): a VCALENDAR, CRLF line ends. */
export function cardText(part: Component): string {
  const calendar = new ICAL.Component('vcalendar')
  calendar.addPropertyWithValue('version', '2.0')
  calendar.addPropertyWithValue('prodid', PRODID)
  calendar.addSubcomponent(part)
  return withoutBareCr(calendar.toString())
}

/** Whether a part holds more than uid and dtstamp (veventHelper.ts toResultOptimized). */
export function worthSending(part: Component): boolean {
  return part.getAllSubcomponents().length > 0 || part.getAllProperties().some((property) => property.name !== 'uid' && property.name !== 'dtstamp')
}

/** A new VEVENT property (time values take their TZID or VALUE=DATE here). */
export function setWhen(event: Component, name: string, when: When): void {
  event.removeAllProperties(name)
  const time = ICAL.Time.fromData({...when.wall, isDate: when.allDay}, when.zone === 'UTC' ? ICAL.Timezone.utcTimezone : undefined)
  const property = new ICAL.Property(name, event)
  property.setValue(time)
  if (when.zone && when.zone !== 'UTC' && !when.allDay) property.setParameter('tzid', when.zone)
  event.addProperty(property)
}

export function setText(event: Component, name: string, value: string | undefined): void {
  event.removeAllProperties(name)
  if (value !== undefined && value !== '') event.addPropertyWithValue(name, value)
}

export {ICAL}
