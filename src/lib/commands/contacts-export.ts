/**
 * proton contacts export: every contact as one vCard 4.0 file, each contact's cards decrypted, checked and merged
 * (as contacts get --vcf), from every page of GET /contacts/v4/contacts/export (WebClients api/contacts.ts
 * queryContactExport, contacts/constants.ts QUERY_EXPORT_MAX_PAGESIZE: 50 a page; each item {ID, Cards}). Complete
 * or nothing: a card that cannot be decrypted stops it before anything is written (exit 1, naming the contact);
 * a signature that fails is said on stderr, the contact exported. --output-file PATH: written whole or not at all
 * (files/atomic-file.ts), else standard output.
 */
import {contactVcard, contactView} from '../contacts/contact-view.ts'
import {allPages, cardWarnings, CONTACTS, EXPORT_PAGE_SIZE, mergedContact} from '../contacts/service.ts'
import {replaceFile} from '../files/atomic-file.ts'
import {sessionUserKeys, sessionWithKeys} from '../keys/user-keys.ts'
import {escapeText} from '../output/escape.ts'
import {fileFailure, usageError} from '../runtime/errors.ts'
import {plainCommand} from '../runtime/plain-command.ts'

export interface ContactsExportOptions {
  outputFile?: string
}

export const contactsExport = plainCommand<ContactsExportOptions>({
  options: (line) => ({outputFile: line.optionalString('output-file')}),
  async run(invocation, {outputFile}) {
    if (outputFile === '') throw usageError('--output-file must not be empty')
    await sessionWithKeys(invocation)
    const [{items}, {keys}] = await Promise.all([allPages(invocation, `${CONTACTS}/export`, 'Contacts', EXPORT_PAGE_SIZE), sessionUserKeys(invocation)])
    const vcards: string[] = []
    const warnings: string[] = []
    const unreadable: string[] = []
    for (const record of items) {
      const merged = await mergedContact(record, keys)
      const {lines, unreadable: failed} = cardWarnings(contactView(String(record.ID), merged))
      warnings.push(...lines)
      if (failed) unreadable.push(String(record.ID))
      vcards.push(contactVcard(merged))
    }

    for (const line of warnings) invocation.io.stderr.write(`${line}\n`)
    if (unreadable.length > 0) throw usageError(`${unreadable.length} of ${items.length} contacts cannot be read whole (${unreadable.join(', ')}): nothing exported`)
    // vCard values hold no control characters (RFC 6350 VALUE-CHAR): any the service sent are written escaped.
    const text = escapeText(vcards.join(''))
    if (outputFile === undefined) invocation.io.stdout.write(text)
    else await replaceFile(outputFile, text, {failure: (error) => fileFailure('write', outputFile, error)})
    invocation.note(`Exported ${items.length} contact${items.length === 1 ? '' : 's'}${outputFile === undefined ? '' : ` to ${outputFile}`}.`)
  },
})
