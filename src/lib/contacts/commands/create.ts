/**
 * proton contacts create --name N --email E … [--phone P …] [--note T]: one contact, its cards made as the web
 * client makes them (contacts/add.ts): FN, UID and the EMAILs signed, TEL and NOTE encrypted and signed, with the
 * primary user key; POST /contacts/v4/contacts. Checked before anything is sent (exit 1): a name, and addresses
 * that look like addresses.
 */
import {addContacts, OVERWRITE, showAddDryRun} from '../add.ts'
import {CONTACT_ADDRESS, fieldProblem, type Property, textProperty} from '../vcard.ts'
import {usageError} from '../../core/errors.ts'
import {plainCommand} from '../../run/plain-command.ts'

export interface ContactsCreateOptions {
  dryRun: boolean
  name: string
  emails: string[]
  phones: string[]
  note?: string
}

export function contactProperties({emails, name, note, phones}: ContactsCreateOptions): Property[] {
  if (name.trim() === '') throw usageError('--name must not be empty')
  if (/\p{Cc}/u.test(name)) throw usageError('--name must not hold control characters')
  for (const email of emails) if (!CONTACT_ADDRESS.test(email)) throw usageError(`--email ${JSON.stringify(email)} is not an e-mail address`)
  for (const phone of phones) if (phone.trim() === '') throw usageError('--phone must not be empty')
  const properties = [
    textProperty('fn', name),
    ...emails.map((email) => textProperty('email', email)),
    ...phones.map((phone) => textProperty('tel', phone)),
    ...(note === undefined || note === '' ? [] : [textProperty('note', note)]),
  ]
  // The rule contacts import applies too (a phone or a note with an escape sequence).
  const problem = fieldProblem(properties)
  if (problem !== undefined) throw usageError(`the contact's ${problem}`)
  return properties
}

export const contactsCreate = plainCommand<ContactsCreateOptions>({
  options: (line) => ({dryRun: line.boolean('dry-run'), emails: line.strings('email') ?? [], name: line.string('name'), note: line.optionalString('note'), phones: line.strings('phone') ?? []}),
  async run(invocation, options) {
    const properties = contactProperties(options)
    if (options.dryRun) return showAddDryRun(invocation, [properties], OVERWRITE.CREATE)
    await addContacts(invocation, [properties], [options.name], OVERWRITE.CREATE)
  },
})
