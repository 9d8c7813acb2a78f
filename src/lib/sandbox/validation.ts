/**
 * The service's checks on create requests: required fields, types,
 * #RRGGBB colours, the enumerations, and AddressID belonging to the account.
 * The first failing rule answers 422 with Code 2000 (or 2061 for an id).
 */
import {CALENDAR_DISPLAY, CODE, LABEL_TYPE, nameOf} from '../contract/contract.ts'
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

export interface LabelInput {
  Name: string
  Color: string
  Type: number
}

export function labelInput(body: JsonObject): LabelInput {
  return {Color: requiredColor(body), Name: requiredName(body), Type: enumerated(body, 'Type', LABEL_TYPE)}
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

/** A non-negative integer query parameter within bounds, or its default when absent. */
export function integerParameter(query: URLSearchParams, name: string, fallback: number, min: number, max: number): number {
  const text = query.get(name)
  if (text === null) return fallback
  if (!/^\d{1,9}$/.test(text)) throw invalid(`${name} must be an integer from ${min} to ${max}`)
  const value = Number(text)
  if (value < min || value > max) throw invalid(`${name} must be an integer from ${min} to ${max}`)
  return value
}
