/**
 * The sandbox's address book, in the service's shapes (go-proton-api contact_types.go Contact, ContactMetadata,
 * ContactEmail, CreateContactsReq/Res, DeleteContactsReq; WebClients packages/shared/lib/api/contacts.ts and
 * interfaces/contacts/Contact.ts): a contact is its Cards and the metadata the service reads from its signed card
 * (Type 2, in clear): Name (FN), UID and one ContactEmail per EMAIL. Nothing is decrypted or verified here: the
 * cards are kept as they were sent.
 */
import {CODE} from '../../lib/contract/contract.ts'
import {SandboxError} from './api-error.ts'
import {newId} from './ids.ts'
import type {Row} from './state.ts'
import {type CardFields, cardFields} from '../parsers/card-fields.ts'

export interface SandboxCard {
  Type: number
  Data: string
  Signature: string | null
}

/** At most this many contacts a POST, and IDs a delete (the sandbox's bound; the web client sends 10). */
export const CONTACTS_PER_REQUEST = 100
const ARMORED_MESSAGE = /^-----BEGIN PGP MESSAGE-----\r?\n[\s\S]*-----END PGP MESSAGE-----\s*$/
const ARMORED_SIGNATURE = /^-----BEGIN PGP SIGNATURE-----\r?\n[\s\S]*-----END PGP SIGNATURE-----\s*$/

function invalid(message: string): SandboxError {
  return new SandboxError(422, CODE.INVALID_REQUIREMENT_ERROR, message)
}

/** One card as sent, checked for its shape: Type 0 to 3, armored Data when encrypted, an armored Signature when signed. */
function cardOf(value: unknown, where: string): SandboxCard {
  if (typeof value !== 'object' || value === null) throw invalid(`${where} is not an object`)
  const {Data, Signature, Type} = value as Record<string, unknown>
  if (typeof Type !== 'number' || !Number.isInteger(Type) || Type < 0 || Type > 3) throw invalid(`${where}.Type must be 0, 1, 2 or 3`)
  if (typeof Data !== 'string' || Data === '') throw invalid(`${where}.Data must be a string`)
  if ((Type & 1) !== 0 && !ARMORED_MESSAGE.test(Data)) throw invalid(`${where}.Data must be an armored PGP message`)
  if ((Type & 2) !== 0 && (typeof Signature !== 'string' || !ARMORED_SIGNATURE.test(Signature))) throw invalid(`${where}.Signature must be an armored PGP signature`)
  return {Data, Signature: (Type & 2) !== 0 ? (Signature as string) : null, Type}
}

export class ContactStore {
  private readonly contacts: Row[] = []
  private readonly now: () => number

  constructor(now: () => number) {
    this.now = now
  }

  /** PUT /contacts/v4/contacts/ID: the contact's cards replaced, its metadata read again; its UID must stay. */
  update(id: string, value: unknown): Row {
    const existing = this.get(id)
    const contact = this.made(value, 'Contact', existing)
    if (contact.UID !== existing.UID) throw invalid("The signed card must keep the contact's UID")
    this.contacts.splice(this.contacts.indexOf(existing), 1, contact)
    return contact
  }

  /** A contact from its cards; its metadata from the signed card. Throws SandboxError for cards the service would refuse. */
  add(value: unknown, where = 'Contact', overwrite = false): Row {
    const contact = this.made(value, where)
    const existing = this.contacts.find((candidate) => candidate.UID === contact.UID)
    if (existing && !overwrite) throw new SandboxError(409, CODE.ALREADY_EXISTS_ERROR, `A contact with the UID ${String(contact.UID)} already exists`)
    if (!existing) {
      this.contacts.push(contact)
      return contact
    }

    const replaced = this.made(value, where, existing)
    this.contacts.splice(this.contacts.indexOf(existing), 1, replaced)
    return replaced
  }

  /** The contact the cards make, with `existing`'s ID and creation time when it replaces one. */
  private made(value: unknown, where: string, existing?: Row): Row {
    const cards = (typeof value === 'object' && value !== null ? (value as Record<string, unknown>).Cards : undefined) as unknown
    if (!Array.isArray(cards) || cards.length === 0 || cards.length > 10) throw invalid(`${where}.Cards must hold 1 to 10 cards`)
    const Cards = cards.map((card, index) => cardOf(card, `${where}.Cards[${index}]`))
    const signed = Cards.filter((card) => card.Type === 2)
    if (signed.length !== 1) throw invalid(`${where} must have exactly one signed card (Type 2)`)
    let fields: CardFields
    try {
      fields = cardFields(signed[0].Data)
    } catch (error) {
      throw invalid(`${where}: its signed card is not a vCard (${error instanceof Error ? error.message : String(error)})`)
    }

    const {fn: Name, uid: UID} = fields
    if (Name === undefined || UID === undefined) throw invalid(`${where}: its signed card must hold FN and UID`)
    const ID = existing ? String(existing.ID) : newId()
    const time = Math.floor(this.now() / 1000)
    // Defaults 0: the address has settings of its own in the card (KEY, X-PM-…, in its group), as the service says it.
    const ContactEmails = fields.emails.map(({email, group, types}, Order) => ({
      Defaults: group !== undefined && fields.groupsWithSettings.has(group) ? 0 : 1,
      Email: email,
      ID: newId(),
      LabelIDs: [],
      LastUsedTime: 0,
      Name,
      Order,
      Type: types,
      ContactID: ID,
    }))
    return {Cards, ContactEmails, CreateTime: existing?.CreateTime ?? time, ID, LabelIDs: [], ModifyTime: time, Name, Size: Cards.reduce((size, card) => size + card.Data.length, 0), UID}
  }

  get(id: string): Row {
    const contact = this.contacts.find((candidate) => candidate.ID === id)
    if (!contact) throw new SandboxError(404, CODE.NOT_FOUND_ERROR, 'Contact does not exist')
    return contact
  }

  /** A contact as lists show it: everything but its cards. */
  static metadata({Cards: _, ...metadata}: Row): Row {
    return metadata
  }

  /** One page of the contacts, sorted by name as the service lists them. */
  page(page: number, pageSize: number): {items: Row[]; total: number} {
    const sorted = [...this.contacts].sort((a, b) => String(a.Name).localeCompare(String(b.Name)))
    return {items: sorted.slice(page * pageSize, (page + 1) * pageSize), total: sorted.length}
  }

  /** The ContactEmails, of every contact or those with this address (any case). */
  emails(email: string | null, page: number, pageSize: number): {items: Row[]; total: number} {
    const all = this.contacts.flatMap((contact) => contact.ContactEmails as Row[]).filter((entry) => email === null || String(entry.Email).toLowerCase() === email.toLowerCase())
    return {items: all.slice(page * pageSize, (page + 1) * pageSize), total: all.length}
  }

  delete(id: string): boolean {
    const index = this.contacts.findIndex((contact) => contact.ID === id)
    if (index === -1) return false
    this.contacts.splice(index, 1)
    return true
  }
}
