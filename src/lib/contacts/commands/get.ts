/**
 * proton contacts get ID|EMAIL…: each contact (GET /contacts/v4/contacts/ID; an address is looked up first with
 * GET /contacts/v4/contacts/emails?Email=, and every contact that holds it is shown), every card decrypted with the
 * user keys and its signature checked against them (contacts/contact-cards.ts), the cards merged
 * (contacts/contact-view.ts). Text: name, e-mails, phones, addresses, birthday, organisation, notes, groups and the
 * cards, a blank line between contacts; --output json|yaml: the same as data (one contact an object, several an
 * array); --output vcf: the merged contacts as vCard 4.0. A card whose signature fails is shown, its fields marked
 * "signature FAILED", and said on stderr; a card that cannot be decrypted is said on stderr, and the exit status is 1.
 */
import {contactText, contactVcard, contactView} from '../contact-view.ts'
import {cardWarnings, groupNames, mergedContact, namedContacts} from '../service.ts'
import {sessionWithKeys} from '../../account/keys.ts'
import {cardOpener} from '../card-opener.ts'
import {writeFileText} from '../../output/output.ts'
import {printData} from '../../run/printer.ts'
import {readIds} from '../../run/given-ids.ts'
import {EXIT} from '../../core/exit-status.ts'
import {plainCommand} from '../../run/plain-command.ts'

export interface ContactsGetOptions {
  contacts: readonly string[]
}

export const contactsGet = plainCommand<ContactsGetOptions>({
  options: (line) => ({contacts: line.line.argv}),
  async run(invocation, {contacts: given}) {
    // "-": IDs or addresses from standard input, one a line (namedContacts makes a cut ID whole).
    const contacts = await readIds(invocation, given, {anyText: true, noun: 'contact'})
    await sessionWithKeys(invocation)
    const opener = cardOpener(invocation)
    const records = await namedContacts(invocation, contacts)
    const shown = await Promise.all(
      records.map(async (record) => {
        const [merged, groups] = await Promise.all([mergedContact(record, opener), groupNames(invocation, record)])
        return {merged, view: contactView(String(record.ID), merged, groups)}
      }),
    )
    const views = shown.map(({view}) => view)
    if (invocation.flags.output === 'vcf') writeFileText(invocation.io.stdout, shown.map(({merged}) => contactVcard(merged)).join(''))
    else await printData(invocation, views.length === 1 ? views[0] : views, () => views.map((view) => contactText(view)).join('\n\n'))
    let unreadable = false
    for (const view of views) {
      const warnings = cardWarnings(view)
      // Said even with --quiet: what is shown cannot be trusted, or is not all there is.
      for (const line of warnings.lines) invocation.io.stderr.write(`${line}\n`)
      unreadable ||= warnings.unreadable
    }

    if (unreadable) invocation.exit(EXIT.USAGE)
  },
})
