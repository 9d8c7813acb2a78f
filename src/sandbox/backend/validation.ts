/**
 * The service's checks on create requests: required fields, types,
 * #RRGGBB colours, the enumerations, and AddressID belonging to the account.
 * The first failing rule answers 422 with Code 2000 (or 2061 for an id).
 */
import {CALENDAR_DISPLAY, CODE, LABEL_TYPE, nameOf} from '../../lib/contract/contract.ts'
import {SandboxError} from './api-error.ts'

export type JsonObject = Record<string, unknown>

export const NAME_MAX = 100
const COLOR = /^#[0-9A-Fa-f]{6}$/

function invalid(message: string): SandboxError {
  return new SandboxError(422, CODE.INVALID_REQUIREMENT_ERROR, message)
}

function requiredName(body: JsonObject): string {
  const name = body.Name
  if (name === undefined || name === null) throw invalid('Name is required')
  if (typeof name !== 'string') throw invalid('Name must be a string')
  if (name.trim() === '') throw invalid('Name must not be empty')
  if (name.length > NAME_MAX) throw invalid(`Name must be at most ${NAME_MAX} characters`)
  return name
}

function requiredColor(body: JsonObject): string {
  const color = body.Color
  if (color === undefined || color === null) throw invalid('Color is required')
  if (typeof color !== 'string' || !COLOR.test(color)) throw invalid('Color must be a colour of the form #RRGGBB')
  return color
}

function enumerated(body: JsonObject, field: string, table: Readonly<Record<number, string>>, fallback?: number): number {
  const value = body[field] ?? fallback
  const allowed = Object.keys(table).join(', ')
  if (value === undefined) throw invalid(`${field} is required (${allowed})`)
  if (typeof value !== 'number' || !Number.isInteger(value) || nameOf(table, value) === undefined) {
    throw invalid(`${field} must be one of ${allowed}`)
  }

  return value
}

/** The 0/1 settings a label create or update may carry (WebClients api/labels.ts). */
interface LabelSettings {
  Notify?: number
  Expanded?: number
  Sticky?: number
  Display?: number
}

export interface LabelInput extends LabelSettings {
  Name: string
  Color: string
  Type: number
  ParentID?: string
}

/** What PUT /core/v4/labels/{id} changes; ParentID null moves a folder to the top, absent leaves it. */
export interface LabelChange extends LabelSettings {
  Name: string
  Color: string
  ParentID?: string | null
}

function flag(body: JsonObject, field: string): number | undefined {
  const value = body[field]
  if (value === undefined || value === null) return undefined
  if (value !== 0 && value !== 1) throw invalid(`${field} must be 0 or 1`)
  return value
}

function labelSettings(body: JsonObject): LabelSettings {
  const settings: LabelSettings = {}
  for (const field of ['Notify', 'Expanded', 'Sticky', 'Display'] as const) {
    const value = flag(body, field)
    if (value !== undefined) settings[field] = value
  }

  return settings
}

/** ParentID: an ID, or none as the web client sends it (0, '' or null); undefined when absent. */
function parentId(body: JsonObject): string | null | undefined {
  const value = body.ParentID
  if (value === undefined) return undefined
  if (value === null || value === 0 || value === '') return null
  if (typeof value !== 'string') throw invalid('ParentID must be a label ID (a string)')
  return value
}

export function labelInput(body: JsonObject): LabelInput {
  const input: LabelInput = {Color: requiredColor(body), Name: requiredName(body), Type: enumerated(body, 'Type', LABEL_TYPE), ...labelSettings(body)}
  const parent = parentId(body)
  if (typeof parent === 'string') input.ParentID = parent
  return input
}

export function labelChange(body: JsonObject): LabelChange {
  const change: LabelChange = {Color: requiredColor(body), Name: requiredName(body), ...labelSettings(body)}
  const parent = parentId(body)
  if (parent !== undefined) change.ParentID = parent
  return change
}

export interface CalendarInput {
  Name: string
  Color: string
  Display: number
  AddressID: string
  Description: string
}

export function calendarInput(body: JsonObject, addressIds: ReadonlySet<string>): CalendarInput {
  const Name = requiredName(body)
  const Color = requiredColor(body)
  const Display = enumerated(body, 'Display', CALENDAR_DISPLAY, 1)
  const description = body.Description ?? ''
  if (typeof description !== 'string') throw invalid('Description must be a string')
  const address = body.AddressID
  if (address === undefined || address === null || address === '') throw invalid('AddressID is required')
  if (typeof address !== 'string' || !addressIds.has(address)) {
    throw new SandboxError(422, CODE.INVALID_ID_ERROR, 'AddressID is not one of the account’s addresses')
  }

  return {AddressID: address, Color, Description: description, Display, Name}
}

/** The body of POST /calendar/v1/{id}/keys (WebClients interfaces/calendar/Api.ts CalendarSetupData). */
export interface CalendarKeySetup {
  AddressID: string
  Signature: string
  PrivateKey: string
  Passphrase: {DataPacket: string; KeyPacket: string}
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/

function armored(body: JsonObject, field: string, kind: string): string {
  const value = body[field]
  if (value === undefined || value === null || value === '') throw invalid(`${field} is required`)
  if (typeof value !== 'string' || !value.trimStart().startsWith(`-----BEGIN PGP ${kind}-----`)) {
    throw invalid(`${field} must be an armored PGP ${kind.toLowerCase()}`)
  }

  return value
}

function packet(passphrase: JsonObject, field: string): string {
  const value = passphrase[field]
  if (typeof value !== 'string' || value.length % 4 !== 0 || !BASE64.test(value)) throw invalid(`Passphrase.${field} must be base64`)
  return value
}

export function calendarKeySetup(body: JsonObject): CalendarKeySetup {
  const address = body.AddressID
  if (typeof address !== 'string' || address === '') throw invalid('AddressID is required')
  const passphrase = body.Passphrase
  if (typeof passphrase !== 'object' || passphrase === null || Array.isArray(passphrase)) throw invalid('Passphrase is required ({DataPacket, KeyPacket})')
  const packets = passphrase as JsonObject
  return {
    AddressID: address,
    Passphrase: {DataPacket: packet(packets, 'DataPacket'), KeyPacket: packet(packets, 'KeyPacket')},
    PrivateKey: armored(body, 'PrivateKey', 'PRIVATE KEY BLOCK'),
    Signature: armored(body, 'Signature', 'SIGNATURE'),
  }
}
