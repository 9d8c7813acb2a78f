/**
 * The sandbox's calendars in the shape the service answers today
 * (WebClients packages/shared/lib/interfaces/calendar/Calendar.ts
 * CalendarWithOwnMembers, CalendarMember.ts): {ID, Type, Owner: {Email},
 * Members: [{ID, CalendarID, AddressID, Email, Flags, Permissions, Name,
 * Description, Color, Display, Priority}]}; the calendar's own settings sit
 * on the member.
 *
 * A calendar made by POST /calendar/v1 has no keys: its member is flagged
 * INCOMPLETE_SETUP (CALENDAR_FLAGS, WebClients calendar/constants.ts) until
 * the client posts them to POST /calendar/v1/{id}/keys with the body the web
 * client's setupCalendarKey sends (CalendarSetupData: AddressID, Signature,
 * PrivateKey, Passphrase {DataPacket, KeyPacket}); the answer carries the
 * new Key and the Passphrase, whose Flags the web client copies onto the
 * member (calendar/crypto/keys/setupCalendarHelper.ts).
 */
import {CALENDAR_FLAGS, CALENDAR_PERMISSIONS, CODE, type Enumeration} from '../../lib/contract/contract.ts'
import {SandboxError} from './api-error.ts'
import {newId} from './ids.ts'
import type {Row} from './state.ts'
import type {CalendarInput, CalendarKeySetup} from './validation.ts'

function bit(enumeration: Enumeration, name: string): number {
  const entry = Object.entries(enumeration).find(([, candidate]) => candidate === name)
  if (!entry) throw new Error(`no bit named ${name}`)
  return Number(entry[0])
}

const ACTIVE = bit(CALENDAR_FLAGS, 'ACTIVE')
const INCOMPLETE_SETUP = bit(CALENDAR_FLAGS, 'INCOMPLETE_SETUP')
/** The owner of a personal calendar holds every permission. */
const OWNER_PERMISSIONS = Object.keys(CALENDAR_PERMISSIONS).reduce((all, bit) => all | Number(bit), 0)
/** CalendarKeyFlags (WebClients interfaces/calendar/CalendarKey.ts): ACTIVE 1, PRIMARY 2. */
const KEY_ACTIVE_PRIMARY = 1 | 2
const PERSONAL = 0

interface CalendarRecord {
  calendar: Row
  member: Row
  keys: Row[]
  passphrase?: Row
}

function notFound(): SandboxError {
  return new SandboxError(404, CODE.NOT_FOUND_ERROR, 'Calendar does not exist')
}

/** The key packet and the data packet as one armored PGP message, as the member's passphrase is kept. */
function armoredMessage(keyPacket: string, dataPacket: string): string {
  const bytes = Buffer.concat([Buffer.from(keyPacket, 'base64'), Buffer.from(dataPacket, 'base64')]).toString('base64')
  const lines = bytes.match(/.{1,64}/g) ?? []
  return ['-----BEGIN PGP MESSAGE-----', '', ...lines, '-----END PGP MESSAGE-----', ''].join('\n')
}

export class CalendarStore {
  private readonly records: CalendarRecord[] = []

  list(): Row[] {
    return this.records.map((record) => record.calendar)
  }

  get(id: string): Row {
    return this.record(id).calendar
  }

  members(id: string): Row[] {
    return [this.record(id).member]
  }

  keys(id: string): Row[] {
    return this.record(id).keys
  }

  /** POST /calendar/v1: a personal calendar of `email`'s address, its keys still to be set up. */
  create(input: CalendarInput, email: string): Row {
    const ID = newId()
    const member: Row = {
      AddressID: input.AddressID,
      CalendarID: ID,
      Color: input.Color,
      Description: input.Description,
      Display: input.Display,
      Email: email,
      Flags: ACTIVE | INCOMPLETE_SETUP,
      ID: newId(),
      Name: input.Name,
      Permissions: OWNER_PERMISSIONS,
      Priority: this.records.length + 1,
    }
    const calendar: Row = {ID, Members: [member], Owner: {Email: email}, Type: PERSONAL}
    this.records.push({calendar, keys: [], member})
    return calendar
  }

  /** POST /calendar/v1/{id}/keys: the calendar's first key; its member loses INCOMPLETE_SETUP. */
  setUpKeys(id: string, setup: CalendarKeySetup): Row {
    const record = this.record(id)
    if (setup.AddressID !== record.member.AddressID) {
      throw new SandboxError(422, CODE.INVALID_ID_ERROR, 'AddressID is not the address of this calendar’s member')
    }

    if (record.keys.length > 0) throw new SandboxError(409, CODE.ALREADY_EXISTS_ERROR, 'The calendar already has keys')
    const passphraseId = newId()
    const key: Row = {CalendarID: id, Flags: KEY_ACTIVE_PRIMARY, ID: newId(), PassphraseID: passphraseId, PrivateKey: setup.PrivateKey}
    record.member.Flags = Number(record.member.Flags) & ~INCOMPLETE_SETUP
    record.keys.push(key)
    record.passphrase = {
      Flags: record.member.Flags,
      ID: passphraseId,
      Invitations: [],
      MemberPassphrases: [{MemberID: record.member.ID, Passphrase: armoredMessage(setup.Passphrase.KeyPacket, setup.Passphrase.DataPacket), Signature: setup.Signature}],
    }
    return {Code: CODE.SINGLE_SUCCESS, Key: key, Passphrase: record.passphrase}
  }

  /** The calendar's own member (the account's), whose ID a sync names. */
  member(id: string): Row {
    return this.record(id).member
  }

  /** GET /calendar/v1/{id}/passphrase: {ID, Flags, MemberPassphrases, Invitations}, once the keys are set up. */
  passphrase(id: string): Row {
    const {passphrase} = this.record(id)
    if (!passphrase) throw new SandboxError(422, CODE.INVALID_REQUIREMENT_ERROR, 'The calendar has no keys yet')
    return passphrase
  }

  /** GET /calendar/v2/{id}/bootstrap, and the older /calendar/v1 one (WebClients api/calendars.ts getFullCalendar): Keys, Passphrase, Members, CalendarSettings. */
  bootstrap(id: string): Row {
    const record = this.record(id)
    // A new calendar's default alarms as the web client sets them up (calendar/constants.ts DEFAULT_PART_DAY_NOTIFICATION,
    // 15 minutes before; DEFAULT_FULL_DAY_NOTIFICATION, the day before at 9:00): device notifications.
    return {
      CalendarSettings: {
        CalendarID: id,
        DefaultEventDuration: 30,
        DefaultFullDayNotifications: [{Trigger: '-PT15H', Type: 1}],
        DefaultPartDayNotifications: [{Trigger: '-PT15M', Type: 1}],
        ID: `${id}-settings`,
      },
      Keys: record.keys,
      Members: [record.member],
      Passphrase: record.passphrase ?? null,
    }
  }

  /** DELETE /calendar/v1/{id} (WebClients api/calendars.ts removeCalendar): the calendar, its member and keys go. */
  delete(id: string): void {
    this.records.splice(this.records.indexOf(this.record(id)), 1)
  }

  private record(id: string): CalendarRecord {
    const record = this.records.find((candidate) => candidate.calendar.ID === id)
    if (!record) throw notFound()
    return record
  }
}
