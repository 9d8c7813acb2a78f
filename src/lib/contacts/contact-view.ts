/**
 * One contact out of its opened cards: the cards' vCards merged in their order as the web client merges them
 * (WebClients packages/shared/lib/contacts/vcard.ts merge and PROPERTIES: a property that may appear once is kept
 * from the first card that has it; decrypt.ts drops a UID found in an encrypted card), each property remembering
 * whether its card's signature held. Shown as text, JSON or one vCard 4.0.
 */
import type {CardSignature, OpenedCard} from './contact-cards.ts'
import {printable} from '../core/escape.ts'
import {alignedRows} from '../output/table.ts'
import {paramList, parseOneVcard, printVcard, type Property, valueText} from './vcard.ts'

/** Properties RFC 6350 allows once (cardinality *1 or 1 in WebClients vcard.ts PROPERTIES). */
const SINGLE = new Set(['anniversary', 'bday', 'gender', 'n', 'prodid', 'rev', 'uid', 'version'])

export interface MergedProperty {
  property: Property
  signature: CardSignature
}

export interface MergedContact {
  properties: MergedProperty[]
  cards: Array<{Type: number; Signature: CardSignature; Problem?: string}>
}

/** The cards' properties merged; a card whose data is not a vCard counts as one that could not be read. */
export function mergeCards(opened: readonly OpenedCard[]): MergedContact {
  const properties: MergedProperty[] = []
  const cards: MergedContact['cards'] = []
  for (const card of opened) {
    let problem = card.problem
    let parsed: Property[] = []
    if (card.data !== undefined) {
      try {
        parsed = parseOneVcard(card.data)
      } catch (error) {
        problem = `its vCard cannot be read: ${error instanceof Error ? error.message : String(error)}`
      }
    }

    cards.push({Signature: card.signature, Type: card.type, ...(problem === undefined ? {} : {Problem: problem})})
    for (const property of parsed) {
      const [name] = property
      if (name === 'version' || (name === 'uid' && (card.type & 1) !== 0)) continue
      if (SINGLE.has(name) && properties.some(({property: [other]}) => other === name)) continue
      properties.push({property, signature: card.signature})
    }
  }

  return {cards, properties}
}

export interface FieldValue {
  Value: string
  Types: string[]
  /** The signature of the card it comes from. */
  Signature: CardSignature
}

export interface ContactView {
  ID: string
  Name: string
  UID: string | null
  Emails: FieldValue[]
  Phones: FieldValue[]
  Addresses: FieldValue[]
  Birthday: FieldValue | null
  Organization: FieldValue[]
  Notes: FieldValue[]
  /** CATEGORIES, and the contact groups (labels) its addresses are in. */
  Groups: string[]
  Cards: MergedContact['cards']
}

/** ADR's seven components (RFC 6350 6.3.1) as one line: the ones given, in order, joined by ", ". */
function addressText(property: Property): string {
  const value = property[3]
  const parts = Array.isArray(value) ? value.flat().map(String) : [String(value ?? '')]
  return parts.filter((part) => part.trim() !== '').join(', ')
}

function field(merged: MergedProperty, text = valueText): FieldValue {
  return {Signature: merged.signature, Types: paramList(merged.property[1], 'type'), Value: text(merged.property)}
}

export function contactView(id: string, merged: MergedContact, groupNames: readonly string[] = []): ContactView {
  const named = (name: string) => merged.properties.filter(({property}) => property[0] === name)
  const fn = named('fn')[0]
  const uid = named('uid')[0]
  const birthday = named('bday')[0]
  const categories = named('categories').flatMap(({property}) => property.slice(3).map(String))
  return {
    Addresses: named('adr').map((entry) => field(entry, addressText)),
    Birthday: birthday ? field(birthday) : null,
    Cards: merged.cards,
    Emails: named('email').map((entry) => field(entry)),
    Groups: [...new Set([...categories, ...groupNames])],
    ID: id,
    Name: fn ? valueText(fn.property) : '',
    Notes: named('note').map((entry) => field(entry)),
    Organization: named('org').map((entry) => field(entry)),
    Phones: named('tel').map((entry) => field(entry)),
    UID: uid ? valueText(uid.property) : null,
  }
}

const CARD_NAMES: Record<number, string> = {0: 'clear', 1: 'encrypted', 2: 'signed', 3: 'encrypted and signed'}

/** The mark on a field whose card's signature does not hold. */
export const FAILED_MARK = '[signature FAILED]'

function valueLine({Signature, Types, Value}: FieldValue): string {
  const types = Types.length > 0 ? ` (${Types.join(', ')})` : ''
  return `${Value}${types}${Signature === 'failed' ? ` ${FAILED_MARK}` : ''}`
}

function cardLine({Problem, Signature, Type}: ContactView['Cards'][number]): string {
  const name = CARD_NAMES[Type] ?? `Type ${Type}`
  if (Problem !== undefined && Signature !== 'failed') return `${name} (UNREADABLE: ${Problem})`
  if (Signature === 'failed') return `${name} (signature FAILED)`
  return Signature === 'verified' ? `${name} (signature verified)` : name
}

/** The text view: one labelled row per value, the service's text made printable. */
export function contactText(view: ContactView): string {
  const rows: string[][] = []
  const add = (label: string, values: readonly string[]) => values.forEach((value, index) => rows.push([index === 0 ? label : '', printable(value)]))
  add('ID:', [view.ID])
  add('Name:', [view.Name])
  add('Emails:', view.Emails.map(valueLine))
  add('Phones:', view.Phones.map(valueLine))
  add('Addresses:', view.Addresses.map(valueLine))
  add('Birthday:', view.Birthday ? [valueLine(view.Birthday)] : [])
  add('Organization:', view.Organization.map(valueLine))
  // A note's line breaks are its own: a row per line (printable would show each break as "?").
  add(
    'Notes:',
    view.Notes.flatMap((note) => valueLine(note).split(/\r\n|\r|\n/)),
  )
  add('Groups:', view.Groups.length > 0 ? [view.Groups.join(', ')] : [])
  add('Cards:', view.Cards.map(cardLine))
  return alignedRows(rows)
}

/** The merged contact as one vCard 4.0. */
/**
 * The mark a vCard the tool writes carries when a card's signature failed (issue 40): its fields may be the server's,
 * not the user's, and contacts import would sign them (KEY and X-PM-* pins included) with the user key. The importer
 * refuses a vCard so marked unless told --force (contacts-import.ts).
 */
export const UNVERIFIED_MARK = 'x-pm-cli-signature'

export function contactVcard(merged: MergedContact): string {
  const failed = merged.cards.filter((card) => card.Signature === 'failed').map((card) => card.Type)
  // Of type "unknown", as vCard readers keep an X- property they do not know: no VALUE parameter written.
  const mark: Property[] = failed.length === 0 ? [] : [[UNVERIFIED_MARK, {}, 'unknown', `FAILED (card${failed.length === 1 ? '' : 's'} of Type ${failed.join(' and ')})`]]
  return printVcard([...merged.properties.map(({property}) => property).filter(([name]) => name !== UNVERIFIED_MARK), ...mark])
}
