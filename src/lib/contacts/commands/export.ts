/**
 * proton contacts export: every contact as one vCard 4.0 file, each contact's cards decrypted, checked and merged
 * (as contacts get --output vcf), from every page of GET /contacts/v4/contacts/export (WebClients api/contacts.ts
 * queryContactExport, contacts/constants.ts QUERY_EXPORT_MAX_PAGESIZE: 50 a page; each item {ID, Cards}). Complete
 * or nothing: a card that cannot be decrypted stops it before anything is written (exit 1, naming the contact);
 * a signature that fails is said on stderr, the contact exported. --output-file PATH: written whole or not at all
 * (files/atomic-file.ts), 0600 as all decrypted content, else standard output: the exact bytes, escaped only on a terminal. --output json|yaml:
 * the merged contacts as data (as contacts get prints them), an array.
 */
import {type ContactView, contactVcard, contactView} from '../contact-view.ts'
import {allPages, cardWarnings, CONTACTS, EXPORT_PAGE_SIZE, mergedContact} from '../service.ts'
import {replaceFile} from '../../files/atomic-file.ts'
import {sessionWithKeys} from '../../account/keys.ts'
import {cardOpener} from '../card-opener.ts'
import {PRIVATE_FILE_MODE} from '../../output/output-file.ts'
import {structuredText, writeFileText} from '../../output/output.ts'
import {printData} from '../../run/printer.ts'
import {fileFailure, usageError} from '../../core/errors.ts'
import {plainCommand} from '../../run/plain-command.ts'

export interface ContactsExportOptions {
  outputFile?: string
}

export const contactsExport = plainCommand<ContactsExportOptions>({
  options: (line) => ({outputFile: line.optionalString('output-file')}),
  async run(invocation, {outputFile}) {
    if (outputFile === '') throw usageError('--output-file must not be empty')
    await sessionWithKeys(invocation)
    const opener = cardOpener(invocation)
    const {items} = await allPages(invocation, `${CONTACTS}/export`, 'Contacts', EXPORT_PAGE_SIZE)
    const vcards: string[] = []
    const views: ContactView[] = []
    const warnings: string[] = []
    const unreadable: string[] = []
    for (const record of items) {
      const merged = await mergedContact(record, opener)
      const view = contactView(String(record.ID), merged)
      views.push(view)
      const {lines, unreadable: failed} = cardWarnings(view)
      warnings.push(...lines)
      if (failed) unreadable.push(String(record.ID))
      vcards.push(contactVcard(merged))
    }

    for (const line of warnings) invocation.io.stderr.write(`${line}\n`)
    if (unreadable.length > 0) throw usageError(`${unreadable.length} of ${items.length} contacts cannot be read whole (${unreadable.join(', ')}): nothing exported`)
    const {output} = invocation.flags
    const asData = output === 'json' || output === 'yaml'
    const text = vcards.join('')
    if (outputFile !== undefined)
      await replaceFile(outputFile, asData ? await structuredText(views, output) : text, {failure: (error) => fileFailure('write', outputFile, error), mode: PRIVATE_FILE_MODE})
    else if (asData) await printData(invocation, views, () => '')
    else writeFileText(invocation.io.stdout, text)
    invocation.note(`Exported ${items.length} contact${items.length === 1 ? '' : 's'}${outputFile === undefined ? '' : ` to ${outputFile}`}.`)
  },
})
