/**
 * proton contacts list: every page of GET /contacts/v4/contacts (WebClients api/contacts.ts queryContacts, 1000 a
 * page; go-proton-api contact.go GetAllContacts), names and addresses as the service lists them (the signed
 * card's FN and EMAIL, read by the service; nothing to decrypt). --output json|yaml: {Code, Contacts, Total}, every
 * page's contacts in one list.
 */
import {CODE} from '../contract/contract.ts'
import {allPages, CONTACTS, LIST_PAGE_SIZE} from '../contacts/service.ts'
import {printable} from '../output/escape.ts'
import {isRecord, type JsonRecord} from '../output/records.ts'
import {renderTable} from '../output/table.ts'
import {printData} from '../runtime/dedicated.ts'
import {plainCommand} from '../runtime/plain-command.ts'

const emailsOf = (contact: JsonRecord) =>
  (Array.isArray(contact.ContactEmails) ? contact.ContactEmails : [])
    .filter(isRecord)
    .map((email) => String(email.Email))
    .join(', ')

export function contactsTable(contacts: readonly JsonRecord[]): string {
  if (contacts.length === 0) return ''
  return renderTable(
    ['ID', 'NAME', 'E-MAIL ADDRESSES'],
    contacts.map((contact) => [String(contact.ID), String(contact.Name ?? ''), emailsOf(contact)].map(printable)),
  )
}

export const contactsList = plainCommand({
  options: () => ({}),
  async run(invocation) {
    const {items, total} = await allPages(invocation, CONTACTS, 'Contacts', LIST_PAGE_SIZE)
    if (items.length === 0 && invocation.flags.output === 'text') invocation.note('No contacts.')
    await printData(invocation, {Code: CODE.SINGLE_SUCCESS, Contacts: items, Total: total}, () => contactsTable(items))
  },
})
