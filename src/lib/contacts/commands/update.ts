/**
 * proton contacts update CONTACT [--name N] [--email E …] [--phone P …] [--note T]: one contact (its ID, or an
 * address exactly one contact holds) read and opened with the user keys, the named fields replaced and every other
 * property kept (its UID, groups, key settings, addresses, birthday …), then its cards made afresh as the web client
 * saves an edited contact (WebClients packages/shared/lib/contacts/surgery.ts prepareForSaving: empty values dropped,
 * PREF renumbered in the order of the PREF they had, a group for each new EMAIL; encrypt.ts prepareCardsFromVCard) and
 * sent with PUT /contacts/v4/contacts/{ID} {Cards} (api/contacts.ts updateContact). A card that cannot be opened,
 * or whose signature fails, is not rewritten: signing it afresh would vouch for what nobody checked. --dry-run
 * prints the PUT, each card's vCard in clear, and sends nothing.
 */
import {cardsOf, previewCard} from '../add.ts'
import {CONTACTS, namedContacts} from '../service.ts'
import {parseOneVcard, type Property, valueText} from '../vcard.ts'
import {type Card, CARD_TYPE, makeCard, openCards} from '../contact-cards.ts'
import {accountKeys, sessionWithKeys} from '../../account/keys.ts'
import {escapeLine} from '../../core/escape.ts'
import {idSegment} from '../../http/path-segment.ts'
import {call} from '../../run/api.ts'
import {showDryRun} from '../../run/printer.ts'
import {usageError} from '../../core/errors.ts'
import {plainCommand} from '../../run/plain-command.ts'
import {contactProperties} from './create.ts'

export interface ContactsUpdateOptions {
  contact: string
  name?: string
  emails?: string[]
  phones?: string[]
  note?: string
  dryRun: boolean
}

/** The key settings an address keeps beside it, in its group (VCARD_KEY_FIELDS). */
const KEY_FIELDS = new Set(['key', 'x-pm-mimetype', 'x-pm-encrypt', 'x-pm-encrypt-untrusted', 'x-pm-sign', 'x-pm-scheme', 'x-pm-tls'])

/**
 * The contact's properties with the named fields replaced. New e-mails replace the old ones: an address kept keeps
 * its group and its key settings, a removed one's settings go with it. An empty --note removes the note.
 */
export function updatedProperties(current: readonly Property[], {emails, name, note, phones}: Omit<ContactsUpdateOptions, 'contact' | 'dryRun'>): Property[] {
  // The checks of create: a name not empty, addresses of the form of one, phones not empty.
  const given = contactProperties({dryRun: false, emails: emails ?? [], name: name ?? 'kept', note, phones: phones ?? []})
  const replaced = new Set([...(name === undefined ? [] : ['fn']), ...(emails === undefined ? [] : ['email']), ...(phones === undefined ? [] : ['tel']), ...(note === undefined ? [] : ['note'])])
  const groupOf = new Map(current.filter(([field]) => field === 'email').map((property) => [valueText(property).toLowerCase(), property[1].group]))
  const keptGroups = new Set((emails ?? []).map((email) => groupOf.get(email.toLowerCase())).filter((group) => group !== undefined))
  const kept = current.filter(([field, params]) => {
    if (replaced.has(field)) return false
    // A removed address's key settings go with it.
    return !(emails !== undefined && KEY_FIELDS.has(field) && typeof params.group === 'string' && !keptGroups.has(params.group))
  })
  const added = given
    .filter(([field]) => replaced.has(field) && !(field === 'note' && note === ''))
    .map((property): Property => {
      const group = property[0] === 'email' ? groupOf.get(valueText(property).toLowerCase()) : undefined
      return group === undefined ? property : [property[0], {...property[1], group}, property[2], ...property.slice(3)]
    })
  return [...kept, ...added]
}

export const contactsUpdate = plainCommand<ContactsUpdateOptions>({
  options: (line) => ({
    contact: line.arg('contact'),
    dryRun: line.boolean('dry-run'),
    emails: line.strings('email'),
    name: line.optionalString('name'),
    note: line.optionalString('note'),
    phones: line.strings('phone'),
  }),
  async run(invocation, options) {
    if ([options.name, options.emails, options.phones, options.note].every((value) => value === undefined)) throw usageError('nothing to change: give --name, --email, --phone or --note')
    updatedProperties([], options)
    await sessionWithKeys(invocation)
    const [records, account] = await Promise.all([namedContacts(invocation, [options.contact]), accountKeys(invocation)])
    const keys = account.userKeys
    if (records.length > 1) throw usageError(`${options.contact} is an address of ${records.length} contacts: give the ID of the one to update (${records.map(({ID}) => String(ID)).join(', ')})`)
    const [record] = records
    const id = String(record.ID)
    const opened = await openCards(Array.isArray(record.Cards) ? (record.Cards as unknown as Card[]) : [], keys)
    const current: Property[] = []
    for (const card of opened) {
      if (card.data === undefined || card.signature === 'failed')
        throw usageError(`contact ${id}: its card of Type ${card.type} ${card.data === undefined ? 'cannot be read' : 'does not verify'} (${card.problem ?? ''}): not rewritten`)
      // VERSION and PRODID are written afresh; a UID counts only in the signed card, as the cards are merged.
      current.push(...parseOneVcard(card.data).filter(([field]) => field !== 'version' && field !== 'prodid' && (field !== 'uid' || card.type === CARD_TYPE.SIGNED)))
    }

    const properties = updatedProperties(current, options)
    const request = async (make: Parameters<typeof cardsOf>[1]) => ({body: {Cards: await cardsOf(properties, make)}, method: 'PUT', path: `${CONTACTS}/${idSegment(id)}`}) as const
    if (options.dryRun) return showDryRun(invocation, [await request(previewCard)])
    const primary = await account.primaryUserKey()
    await call(invocation, await request((type, text) => makeCard(type, text, primary)))
    invocation.io.stdout.write(`${id}\n`)
    const name = properties.find(([field]) => field === 'fn')
    invocation.note(escapeLine(`Updated contact ${JSON.stringify(name ? valueText(name) : id)} (${id}).`))
  },
})
