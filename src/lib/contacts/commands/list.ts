/**
 * proton contacts list: every page of GET /contacts/v4/contacts (WebClients api/contacts.ts queryContacts, 1000 a
 * page; go-proton-api contact.go GetAllContacts), names and addresses as the service lists them (the signed
 * card's FN and EMAIL, read by the service; nothing to decrypt). --output json|yaml: {Code, Contacts, Total}, every
 * page's contacts in one list.
 */
import {CODE} from '../../contract/contract.ts'
import {allPages, CONTACTS, LIST_PAGE_SIZE} from '../service.ts'
import {isRecord, type JsonRecord} from '../../core/records.ts'
import {type Listing, wholeCell} from '../../output/table-style.ts'
import {printData, writeListing} from '../../run/printer.ts'
import {plainCommand} from '../../run/plain-command.ts'

const emailsOf = (contact: JsonRecord) =>
  (Array.isArray(contact.ContactEmails) ? contact.ContactEmails : [])
    .filter(isRecord)
    .map((email) => String(email.Email))
    .join(', ')

/** The contacts as a list (table-style.ts); an ID cut to fit a terminal is made whole again by the next command (last-listing.ts). */
export function contactsListing(contacts: readonly JsonRecord[]): Listing {
  return {
    header: ['ID', 'NAME', 'E-MAIL ADDRESSES'],
    giveFirst: [0],
    kind: 'contact',
    ids: contacts.map((contact) => String(contact.ID)),
    rows: contacts.map((contact) => [wholeCell(String(contact.ID)), wholeCell(String(contact.Name ?? '')), wholeCell(emailsOf(contact))]),
  }
}

export const contactsList = plainCommand({
  options: () => ({}),
  async run(invocation) {
    const {items, total} = await allPages(invocation, CONTACTS, 'Contacts', LIST_PAGE_SIZE)
    if (invocation.flags.output !== 'text') return printData(invocation, {Code: CODE.SINGLE_SUCCESS, Contacts: items, Total: total}, () => '')
    if (items.length === 0) invocation.note('No contacts.')
    else writeListing(invocation, contactsListing(items))
  },
})
