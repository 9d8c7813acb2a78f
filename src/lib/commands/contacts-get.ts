/**
 * proton contacts get ID|EMAIL: one contact (GET /contacts/v4/contacts/ID; an address is looked up first with
 * GET /contacts/v4/contacts/emails?Email=), every card decrypted with the user keys and its signature checked
 * against them (keys/contact-cards.ts), the cards merged (contacts/contact-view.ts). Text: name, e-mails, phones,
 * addresses, birthday, organisation, notes, groups and the cards; --output json|yaml: the same as data; --vcf: the
 * merged contact as one vCard 4.0. A card whose signature fails is shown, its fields marked "signature FAILED",
 * and said on stderr; a card that cannot be decrypted is said on stderr, and the exit status is 1.
 */
import {contactText, contactVcard, contactView} from '../contacts/contact-view.ts'
import {cardWarnings, groupNames, mergedContact, namedContact} from '../contacts/service.ts'
import {sessionUserKeys, sessionWithKeys} from '../keys/user-keys.ts'
import {escapeText} from '../output/escape.ts'
import {printData} from '../runtime/dedicated.ts'
import {EXIT} from '../runtime/exit-status.ts'
import {plainCommand} from '../runtime/plain-command.ts'

export interface ContactsGetOptions {
  contact: string
  vcf: boolean
}

export const contactsGet = plainCommand<ContactsGetOptions>({
  options: (line) => ({contact: line.arg('contact'), vcf: line.boolean('vcf')}),
  async run(invocation, {contact, vcf}) {
    await sessionWithKeys(invocation)
    const [record, {keys}] = await Promise.all([namedContact(invocation, contact), sessionUserKeys(invocation)])
    const [merged, groups] = await Promise.all([mergedContact(record, keys), groupNames(invocation, record)])
    const view = contactView(String(record.ID), merged, groups)
    // vCard values hold no control characters (RFC 6350 VALUE-CHAR): any the service sent are shown escaped.
    if (vcf) invocation.io.stdout.write(escapeText(contactVcard(merged)))
    else await printData(invocation, view, () => contactText(view))
    const {lines, unreadable} = cardWarnings(view)
    // Said even with --quiet: what is shown cannot be trusted, or is not all there is.
    for (const line of lines) invocation.io.stderr.write(`${line}\n`)
    if (unreadable) invocation.exit(EXIT.USAGE)
  },
})
