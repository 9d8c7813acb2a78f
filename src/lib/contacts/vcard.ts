/**
 * vCard text in and out, with ical.js (Mozilla's iCalendar and vCard parser, the one WebClients
 * packages/shared/lib/contacts/vcard.ts uses): RFC 6350 line folding and unfolding, escaping of `,` `;` `\` and line
 * breaks, parameters (TYPE, PREF, the group prefix `item1.` as the `group` parameter), vCard 3.0 read and 4.0
 * written. A vCard is handled as jCard (RFC 7095): plain arrays, `[name, params, type, ...values]` per property.
 */
import ICAL from 'ical.js'
import {withoutBareCr} from '../core/escape.ts'

export type Params = Record<string, string | string[]>
/** One property in jCard form: name (lower case), parameters, value type, then its value(s). */
export type Property = [string, Params, string, ...unknown[]]

/** A vCard that cannot be read: the message says where. */
export class VcardError extends Error {}

/** The most vCards one text may hold (WebClients contacts/constants.ts MAX_IMPORT_CONTACTS). */
export const MAX_VCARDS = 10_000

const isProperty = (value: unknown): value is Property => Array.isArray(value) && typeof value[0] === 'string' && typeof value[1] === 'object' && value[1] !== null && typeof value[2] === 'string'

function problem(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 200)
}

/**
 * The vCards of a text (a .vcf file, a card's Data), each as its properties. Anything that is not a sequence of
 * BEGIN:VCARD … END:VCARD blocks (text around them, another component, a block nested in one) is refused.
 */
export function parseVcards(text: string): Property[][] {
  if (text.trim() === '') throw new VcardError('no vCard in it (empty)')
  let parsed: unknown
  try {
    parsed = ICAL.parse(text)
  } catch (error) {
    throw new VcardError(`not a valid vCard: ${problem(error)}`)
  }

  // One component parses to itself, several to a list of them.
  const components = (Array.isArray(parsed) && typeof parsed[0] === 'string' ? [parsed] : parsed) as unknown[]
  if (!Array.isArray(components) || components.length === 0) throw new VcardError('no vCard in it')
  if (components.length > MAX_VCARDS) throw new VcardError(`it holds more than ${MAX_VCARDS} vCards`)
  return components.map((component, index) => {
    if (!Array.isArray(component) || component[0] !== 'vcard') throw new VcardError(`component ${index + 1} is not a vCard (BEGIN:VCARD)`)
    const [, properties, children] = component as [string, unknown[], unknown[]]
    if (Array.isArray(children) && children.length > 0) throw new VcardError(`vCard ${index + 1} holds another component inside it`)
    if (!Array.isArray(properties) || !properties.every(isProperty)) throw new VcardError(`vCard ${index + 1} has a property that cannot be read`)
    return properties
  })
}

/** The vCards of a card's Data; a Data holding anything else than one vCard is an error. */
export function parseOneVcard(text: string): Property[] {
  const cards = parseVcards(text)
  if (cards.length !== 1) throw new VcardError(`${cards.length} vCards where one was expected`)
  return cards[0]
}

/** A vCard 4.0 of these properties (any VERSION among them is replaced: VERSION:4.0 comes first, as RFC 6350 asks), CRLF line ends, folded at 75 octets. */
export function printVcard(properties: readonly Property[]): string {
  const version: Property = ['version', {}, 'text', '4.0']
  const body = properties.filter(([name]) => name !== 'version')
  return `${withoutBareCr(new ICAL.Component(['vcard', [version, ...body], []]).toString())}\r\n`
}

/** A property's values as text (a structured value's components joined with `;`, a list's items with `,`). */
export function valueText(property: Property): string {
  const values = property.slice(3)
  return values.map((value) => (Array.isArray(value) ? value.map(String).join(';') : String(value))).join(',')
}

/** A parameter as a list (TYPE=work,voice and TYPE=work;TYPE=voice alike). */
export function paramList(params: Params, name: string): string[] {
  const value = params[name]
  if (value === undefined) return []
  return (Array.isArray(value) ? value : [value]).flatMap((item) => String(item).split(',')).filter((item) => item !== '')
}

/**
 * A property of one value, as the tool makes them: of its name's default value type in vCard 4.0 (TEL's is uri,
 * most others text), so that no VALUE parameter is written, as the web client writes them.
 */
export function textProperty(name: string, value: string, params: Params = {}): Property {
  const design = ICAL.design.vcard.property[name] as {defaultType?: string} | undefined
  return [name, params, design?.defaultType ?? 'text', value]
}

/** One @ with something on each side, no spaces or control characters: enough to refuse a slip, not a full RFC 5322 check. */
export const CONTACT_ADDRESS = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+$/u

/**
 * What contacts create and contacts import both refuse in a contact's fields (one rule for both; issue 40): a name
 * (FN) with a control character, an EMAIL that is not an address, any other value with a control character but a tab
 * or a line break (a NOTE may span lines). The first problem, in words; undefined when there is none.
 */
export function fieldProblem(properties: readonly Property[]): string | undefined {
  for (const property of properties) {
    const [name] = property
    const text = valueText(property)
    if (name === 'fn' && /\p{Cc}/u.test(text)) return 'FN holds control characters'
    if (name === 'email' && !CONTACT_ADDRESS.test(text.trim())) return `EMAIL ${JSON.stringify(text)} is not an e-mail address`
    if (/[^\P{Cc}\t\n\r]/u.test(text)) return `${name.toUpperCase()} holds control characters`
  }

  return undefined
}
